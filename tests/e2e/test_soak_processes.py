"""Three bot processes on one database (this run's: SQLite or PostgreSQL), sharded as a host
runs them, clicks from DMs and channels going to whichever process Discord sends them to,
one killed mid-move and started again: no acknowledged move lost or played twice, every
deadline carried out once, each match played out recorded once, every board and hand on the
newest state at the end.

Its size: ``SOAK_MATCHES`` matches (default 12; the figure in ``bench/README.md`` is of
200), run with ``pytest -m slow tests/e2e/test_soak_processes.py``."""

from __future__ import annotations

import asyncio
import os
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot import Settings, TableBot
from data import move_rows
from localdiscord import Channel, FakeDiscord, Message, User
from localdiscord.remote import RemoteBot
from matches.computers import Thinking
from rules.base import Budget
from tests import databases
from tests.e2e.play import CHOICE, MOVE, first_button, match_id_of, playable

pytestmark = pytest.mark.slow

HERE = "tests.e2e.test_soak_processes"
MATCHES = int(os.environ.get("SOAK_MATCHES", "12"))
"""Why First? matches for two, spread over the servers."""
SERVERS = 6
LIVE_EVERY = 4
"""Of each server's matches, the first and every fourth after it is live (the others daily):
its second player lets the last deadline lapse."""
ENDS = 1
"""Each server's second match is played to its end, its result recorded."""
ROUNDS = 4
LEASE = 1.0
"""Seconds a claim lasts in these bots: the killed one's work is taken over soon."""
OFFSET = [0.0]
"""In each bot's process: seconds its clock is ahead of the wall clock."""
UPDATED = 7
"""The interaction's answer that shows the move made on the hand clicked."""


@dataclass(frozen=True)
class Layout:
    """How the host runs the bot: its shard count, each process's shards, the one killed."""

    shard_count: int
    processes: tuple[tuple[int, ...], ...]
    killed: int


LAYOUTS = {
    # One process a shard; the one killed runs shard 0, where every DM click arrives.
    "a-shard-each": Layout(3, ((0,), (1,), (2,)), killed=0),
    # Two processes share shard 0 (Discord sends each click to one of them); one killed.
    "two-on-shard-0": Layout(2, ((0,), (0,), (1,)), killed=1),
}


def soak_bot(
    token: str, path: str, url: str | None, shard_count: int, shard_ids: list[int]
) -> TableBot:
    """The real bot, in a process of its own, on the SQLite file ``path`` or PostgreSQL's
    ``url``, running these shards; computers think in a thread."""
    settings = Settings(
        token, Path(path), None, "WARNING", global_rate=None, shard_count=shard_count,
        shard_ids=tuple(shard_ids), database_url=url,
    )
    return TableBot(
        settings, now=lambda: time.time() + OFFSET[0],
        thinking=Thinking(budget=Budget(playouts=8), pause=0.0), message_rate=None,
        waiting_hand=0.0,
    )


async def short_lease(bot: TableBot) -> None:
    bot.table.service.lease = LEASE


async def advance(bot: TableBot, seconds: float) -> None:
    OFFSET[0] += seconds


async def run_clock(bot: TableBot) -> None:
    await bot.table.clock.run_clock()


async def refresh(bot: TableBot, match_ids: list[int], purposes: dict[str, list[str]]) -> None:
    """Bring every kept message up to date from the database as it is now."""
    for match_id in match_ids:
        bot.table.service.forget(match_id)
    await asyncio.gather(*(
        bot.table.kept.request(match_id, purpose)
        for match_id in match_ids for purpose in purposes[str(match_id)]
    ))


class Soak:
    def __init__(self, backend: FakeDiscord, path: Path, layout: Layout) -> None:
        self.backend = backend
        self.path = path
        self.layout = layout
        self.bots: list[RemoteBot] = []
        self.rng = random.Random(28)
        self.acknowledged: dict[int, int] = {}
        """Moves each match's players were answered for."""

    async def start(self, n: int) -> RemoteBot:
        """Process ``n`` of the layout, started (again)."""
        bot = RemoteBot(f"{HERE}:soak_bot", token=self.backend.token, path=str(self.path),
                        url=databases.url_for(self.path),
                        shard_count=self.layout.shard_count,
                        shard_ids=list(self.layout.processes[n]))
        await self.backend.connect(bot)
        await bot.call(f"{HERE}:short_lease")
        if n < len(self.bots):
            self.bots[n] = bot
        else:
            self.bots.append(bot)
        return bot

    def any_bot(self) -> None:
        """The next interaction goes to any process that runs its shard."""
        self.backend.serve(self.rng.choice(self.bots))

    def answered(self, hand: Message, played: Any) -> None:
        """Count the move if its player saw it made."""
        if played.response_type == UPDATED and not played.ephemeral:
            match_id = match_id_of(hand)
            self.acknowledged[match_id] = self.acknowledged.get(match_id, 0) + 1

    async def move(self, user: User, hand: Message) -> None:
        """A card picked, then played, each click to any process; counted if acknowledged."""
        backend = self.backend
        choice = first_button(hand, CHOICE)
        if choice is not None:
            self.any_bot()
            picked = await backend.click(user, hand, custom_id=choice)
            if picked.response_type != UPDATED or picked.ephemeral:
                return  # stale controls: refused as stale, nothing played
            hand = picked.message
        self.any_bot()
        self.answered(hand, await backend.click(user, hand, custom_id=first_button(hand, MOVE)))

    async def play_out(self, players: list[User]) -> None:
        """The match played to its end: each player moves while their hand has a move."""
        for _ in range(500):
            hands = [(p, self.backend.dm_messages(p)[0]) for p in players]
            waiting = [(p, hand) for p, hand in hands if playable(hand)]
            if not waiting:
                return
            for player, hand in waiting:
                await self.move(player, hand)
        raise AssertionError("the match never ended")

    async def kill_mid_move(self, user: User) -> None:
        """A move answered by the process to be killed, its edits on their way: killed,
        then started again."""
        n = self.layout.killed
        self.backend.serve(self.bots[n])
        hand = self.backend.dm_messages(user)[0]
        picked = await self.backend.click(user, hand, custom_id=first_button(hand, CHOICE))
        async with self.backend.simultaneously(settle=False):
            played = await self.backend.click(
                user, picked.message, custom_id=first_button(picked.message, MOVE)
            )
        await self.backend.answered(played)
        self.bots[n].kill()
        self.answered(hand, played)
        await self.backend.disconnect(self.bots[n])
        await self.start(n)


async def _rows(path: Path, sql: str) -> list[tuple[Any, ...]]:
    return await databases.run_outside(path, sql)


async def _moves(path: Path) -> dict[int, list[tuple[int, int, str]]]:
    """Each match's stored log, packed (a finished match's) or not: (seat, point, how)."""
    store = await databases.open_store(path)
    try:
        async with store.read() as db:
            cursor = await db.execute("SELECT id FROM matches")
            return {
                match_id: [
                    (move.seat, move.decision_point, move.how)
                    for move in await move_rows.move_log(db, match_id)
                ]
                for (match_id,) in await cursor.fetchall()
            }
    finally:
        await store.close()


async def _kept(path: Path) -> dict[str, list[tuple[str, int]]]:
    """Each match's boards and hands: their purpose and message."""
    found: dict[str, list[tuple[str, int]]] = {}
    for match_id, purpose, message_id in await _rows(
        path, "SELECT match_id, purpose, message_id FROM match_messages"
    ):
        if purpose == "board" or purpose.startswith("hand:"):
            found.setdefault(str(match_id), []).append((purpose, message_id))
    return found


async def _timed_out(path: Path) -> list[tuple[int, int]]:
    """The time-outs claimed: each deadline's match and decision point."""
    rows = await _rows(path, "SELECT what FROM claims WHERE what LIKE 'time-out:%'")
    return sorted((int(what.split(":")[1]), int(what.split(":")[3])) for (what,) in rows)


def _shown(message: Message | None) -> tuple[Any, ...]:
    """What a player sees of a message."""
    assert message is not None, "a kept message is on Discord"
    embeds = [  # an image by its file's name: each upload is a new attachment of its own
        {key: value["url"].rsplit("/", 1)[-1] if key == "image" else value
         for key, value in embed.items()}
        for embed in message.embeds
    ]
    return (message.content, embeds, message.components,
            [(a.filename, a.data) for a in message.attachments])


@pytest.mark.parametrize("layout", list(LAYOUTS))
async def test_three_processes_one_killed_lose_nothing_and_end_on_the_newest_state(
    tmp_path, layout
):
    async with FakeDiscord(global_rate=None) as backend:
        soak = Soak(backend, tmp_path / "bot.db", LAYOUTS[layout])
        count = soak.layout.shard_count
        tables: list[tuple[Channel, list[User], bool, bool]] = []
        guilds = [backend.add_guild(f"Club {s}", shard=(s % count, count)) for s in range(SERVERS)]
        for m in range(MATCHES):
            s, k = m % SERVERS, m // SERVERS
            channel = backend.add_text_channel(guilds[s], f"games-{k}")
            players = [backend.add_user(f"s{s}m{k}p{p}", guild=guilds[s]) for p in range(2)]
            tables.append((channel, players, k % LIVE_EVERY == 0, k == ENDS))
        for n in range(len(soak.layout.processes)):
            await soak.start(n)
        for channel, players, live, _ in tables:  # channel clicks, to a process of its shard
            soak.any_bot()
            pace = "live" if live else "daily"
            await backend.slash(players[0], channel, "whyfirst new", pace=pace)
            soak.any_bot()
            await backend.click(players[1], backend.channel_messages(channel)[0], label="Join")
            soak.any_bot()
            await backend.click(players[0], backend.channel_messages(channel)[0], label="Start")
        for rounds in range(ROUNDS):
            if rounds == ROUNDS // 2:
                await soak.kill_mid_move(tables[-1][1][0])
            for _, players, live, _ in tables:  # DM clicks, to shard 0's processes
                last_round = rounds == ROUNDS - 1
                for player in players[:1] if live and last_round else players:
                    hand = backend.dm_messages(player)[0]
                    if playable(hand):
                        await soak.move(player, hand)
        for _, players, _, ends in tables:
            if ends:
                await soak.play_out(players)
        # The live matches' second players let their time run out; every clock runs at once.
        await asyncio.gather(*(bot.call(f"{HERE}:advance", seconds=240) for bot in soak.bots))
        await asyncio.gather(*(bot.call(f"{HERE}:run_clock") for bot in soak.bots))
        await backend.settle()

        moves = await _moves(soak.path)
        assert sum(soak.acknowledged.values()) > MATCHES * ROUNDS, "the players were answered"
        for match_id in moves.keys() | soak.acknowledged.keys():
            found = moves.get(match_id, [])
            played = [m for m in found if m[2] == "player"]
            assert len(played) == soak.acknowledged.get(match_id, 0), (
                f"match {match_id}: every acknowledged move once, no other"
            )
            assert len({m[:2] for m in found}) == len(found), "no seat moved twice at a point"
        live = {match_id_of(backend.channel_messages(c)[0]) for c, _, on, _ in tables if on}
        timeouts = sorted(
            (match_id, point) for match_id, found in moves.items()
            for _, point, how in found if how == "timeout"
        )
        assert {match_id for match_id, _ in timeouts} == live, "each live match's deadline"
        assert timeouts == await _timed_out(soak.path), "each carried out once, as claimed"

        # The matches played out: finished, each result recorded once, each career counted once.
        ended = {
            match_id_of(backend.channel_messages(c)[0]): players
            for c, players, _, ends in tables if ends
        }
        assert {m for m, status in await _rows(soak.path, "SELECT id, status FROM matches")
                if status == "finished"} == set(ended)
        assert sorted(await _rows(
            soak.path, "SELECT match_id, user_id FROM results WHERE user_id IS NOT NULL"
        )) == sorted((m, p.id) for m, players in ended.items() for p in players)
        finishers = {p.id for players in ended.values() for p in players}
        assert dict(await _rows(soak.path, "SELECT user_id, matches FROM career_results")) == (
            dict.fromkeys(finishers, 1)
        )

        # Every board and hand drawn afresh from the database shows what the players see.
        kept = await _kept(soak.path)
        messages = [backend.get_message(m) for found in kept.values() for _, m in found]
        seen = [_shown(message) for message in messages]
        await databases.run_outside(soak.path, "UPDATE match_messages SET fingerprint = ''")
        before = len(backend.calls)
        await soak.bots[0].call(f"{HERE}:refresh", match_ids=[int(m) for m in kept], purposes={
            match_id: [purpose for purpose, _ in found] for match_id, found in kept.items()
        })
        await backend.settle()
        edits = [call for call in backend.calls[before:] if call.method == "PATCH"]
        assert len(edits) == len(messages) == len(backend.calls) - before, "each drawn once"
        assert [_shown(message) for message in messages] == seen, "each on the newest state"
        assert not backend.violations, backend.violations
        assert not backend.task_errors, backend.task_errors
        print(f"\nsoak {layout} on {'postgres' if databases.POSTGRES else 'sqlite'}: "
              f"{MATCHES} matches, {sum(soak.acknowledged.values())} moves acknowledged, "
              f"{len(timeouts)} deadlines carried out, {len(ended)} matches ended, "
              f"1 process killed, "
              f"{len(messages)} boards and hands checked")
