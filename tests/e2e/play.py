"""Playing through Discord as a person would: reading messages and clicking their buttons."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from bot import TableBot
from data import matches as rows
from data import ratings, seat_rows, versions
from localdiscord import Message, User
from matches.match import Player
from tests import databases
from tests.e2e.conftest import SEED, Table
from tests.matches.helpers import play_match

MOVE, CHOICE = "mv:", "ch:"
TURN = "⏰ Your move"
"""How a notice that a player's move is awaited begins."""
MANAGE_SERVER = 1 << 5


def moderator(table: Table, name: str, *, locale: str | None = None) -> User:
    """A player the server gives *Manage Server*, by a role (``locale``: as ``player``)."""
    user = table.player(name, locale=locale)
    mods = table.backend.add_role(table.guild, "mods", permissions=MANAGE_SERVER)
    table.guild.members[user.id].role_ids.append(mods.id)
    return user


def match_id_of(message: Message) -> int:
    found = re.search(r"Match #(\d+)", message.text)
    assert found, f"no match number on {message.text!r}"
    return int(found.group(1))


async def rig(table: Table, match_id: int, engine: Any, change: Callable[[Any], None]) -> None:
    """Put a constructed position in the match row (``change`` edits the stored state), as
    another process could, then restart the bot."""
    state = engine.load((await table.match_row(match_id)).state)
    change(state)
    await databases.run_outside(
        table.database, "UPDATE matches SET state = ?, version = version + 1 WHERE id = ?",
        json.dumps(engine.dump(state)), match_id,
    )
    await table.restart()


def turn_notices(table: Table, user: User) -> list[Message]:
    """The notices ``user`` has that their move is awaited."""
    return [m for m in table.notices(user) if TURN in m.content or "your move" in m.content]


def playable(message: Message) -> bool:
    return any(b.custom_id and b.custom_id.startswith((MOVE, CHOICE)) for b in message.buttons)


def first_button(message: Message, prefix: str) -> str | None:
    return next(
        (b.custom_id for b in message.buttons if b.custom_id and b.custom_id.startswith(prefix)),
        None,
    )


async def act(table: Table, user: User, message: Message, *, pick: int = 0) -> Message:
    """Make one decision on a controls message: a card first if needed, then a move button."""
    backend = table.backend
    if first_button(message, MOVE) is None:
        choices = [b for b in message.buttons if b.custom_id.startswith(CHOICE)]
        result = await backend.click(
            user, message, custom_id=choices[pick % len(choices)].custom_id
        )
        message = result.message
    moves = [b for b in message.buttons if b.custom_id.startswith(MOVE)]
    result = await backend.click(user, message, custom_id=moves[pick % len(moves)].custom_id)
    assert not result.ephemeral or result.response_type == 7, result.text
    return result.message


def field_value(message: Message, name: str) -> str:
    """The value of the first embed field of that name on a message."""
    for embed in message.embeds:
        for field in embed.get("fields", []):
            if field["name"] == name:
                return str(field["value"])
    raise AssertionError(f"no field {name!r} on {message.text!r}")


async def one_card_round(table: Table, first: User, second: User) -> None:
    """Why First?: both players play a card from their DM hands; the board reveals it."""
    await act(table, first, table.hand(first))
    await act(table, second, table.hand(second), pick=1)


async def open_and_start(
    table: Table, host: User, *others: User, game: str = "whyfirst", **options: object
) -> int:
    backend = table.backend
    await backend.slash(host, table.channel, f"{game} new", **options)
    for player in others:
        await backend.click(player, table.board(), label="Join")
    await backend.click(host, table.board(), label="Start")
    return match_id_of(table.board())


async def play_to_the_end(table: Table, players: list[User], *, limit: int = 400) -> None:
    """Every awaited player acts from their DM hand until the board shows the final state."""
    for _ in range(limit):
        if "final board" in table.board().text:
            return
        waiting = [p for p in players if playable(table.hand(p))]
        assert waiting, "nobody has anything to click, but the match is not over"
        for player in waiting:
            hand = table.hand(player)
            if playable(hand):
                await act(table, player, hand, pick=players.index(player))
    raise AssertionError("the match did not end")


async def finished_whyfirst(table: Table) -> tuple[User, User, int]:
    """Anne and ben play a match of Why First? to its end from their hands: them and its id."""
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    await play_to_the_end(table, [anne, ben])
    return anne, ben, match_id


async def matches_played(
    table: Table, game: str, players: list[Player], count: int, *, guild_id: int | None = None
) -> None:
    """``count`` matches of ``game`` played to their end by the table's service (seeds 0 on),
    in the table's channel, on its server unless ``guild_id`` names another."""
    for seed in range(count):
        await play_match(
            table.bot.table.service, game, players, guild_id=guild_id or table.guild.id,
            channel_id=table.channel.id, seed=seed,
        )


async def finished_races(table: Table, players: list[User], count: int) -> None:
    """``count`` finished races between ``players``, stored as played, the first winning
    each, a day apart: more than a page of /history."""
    async with table.bot.store.transaction() as db:
        for number in range(count):
            match_id = await rows.insert_match(
                db, game="hare", guild_id=table.guild.id, channel_id=table.channel.id,
                host_id=players[0].id, options={},
            )
            await versions.set_status(db, match_id, expected_version=0, status="finished")
            for seat, user in enumerate(players):
                await seat_rows.add_seat(db, match_id, user.id, user.name)
                await ratings.record_result(
                    db,
                    ratings.SeatResult(
                        match_id, seat, table.guild.id, "hare", user.id, 2, seat + 1,
                        1 - seat, seat == 0, False, f"2026-01-{number + 1:02d}T10:00:00+00:00",
                    ),
                )


async def second_bot(table: Table) -> TableBot:
    """A second bot process beside the table's own, on the same database; the
    interactions still go to the table's own."""
    settings = databases.settings(
        table.backend.token, table.database, global_rate=table.global_rate
    )
    bot = TableBot(
        settings, new_seed=lambda: SEED, now=table.clock, thinking=table.thinking,
        message_rate=table.message_rate, waiting_hand=table.waiting_hand,
    )
    await table.backend.connect(bot)
    table.backend.serve(table.bot)
    return bot
