"""Hare and Tortoise through the simulated Discord: a race opened, moves made as a player would."""

from __future__ import annotations

import json
import random

from rules.hare import ENGINE, parse_move, purposeful_move
from tests.e2e.play import open_and_start

NARRATION_MARKS = "🎲🥬🥕➡💰🏁"


async def open_race(table, host, *others):
    """Open a race, the others join, the host starts it: its match id."""
    return await open_and_start(table, host, *others, game="hare")


async def state_of(table, match_id):
    """The match's state as stored now."""
    return ENGINE.load((await table.match_row(match_id)).state)


def listed(message) -> list[str]:
    """The move codes a hand message offers: menu values and move buttons."""
    values = [value for menu in message.selects for value in menu.values]
    buttons = [b.custom_id.rsplit(":", 1)[1] for b in message.buttons if b.custom_id[:3] == "mv:"]
    return values + buttons


def marker_buttons(message) -> list:
    """The buttons of a hand that list another marker's moves."""
    return [b for b in message.buttons if b.custom_id.startswith("ch:")]


async def show_marker(table, user, message, number):
    """Press the marker button that lists marker ``number``'s moves."""
    (button,) = [b for b in marker_buttons(message) if b.custom_id.endswith(f":m{number}")]
    result = await table.backend.click(user, message, custom_id=button.custom_id)
    assert not result.ephemeral, result.text
    return result.message


async def make_move(table, user, code):
    """Play ``code`` from the player's DM the way a person would: the marker's button first
    when its moves are not the ones listed, then the menu or the button. Returns the result
    and whether the marker was switched."""
    hand = table.hand(user)
    switched = code not in listed(hand)
    if switched:
        hand = await show_marker(table, user, hand, parse_move(code).number)
    menu = next((menu for menu in hand.selects if code in menu.values), None)
    if menu is not None:
        result = await table.backend.select(user, hand, [code], custom_id=menu.custom_id)
    else:
        button = next(b for b in hand.buttons if b.custom_id.endswith(f":{code}"))
        result = await table.backend.click(user, hand, custom_id=button.custom_id)
    return result, switched


async def play_moves(table, match_id, players, moves, rng):
    """Play ``moves`` purposeful moves through the UI, each answered in the open."""
    for _ in range(moves):
        state = await state_of(table, match_id)
        (seat,) = ENGINE.to_move(state)
        result, _ = await make_move(table, players[seat], purposeful_move(state, seat, rng))
        assert not result.ephemeral, result.text


async def play_race(table, match_id, players, *, seed=3, limit=3000):
    """Play purposeful moves through the UI; the board lines seen and the marker switches."""
    rng = random.Random(seed)
    narrated, switches = set(), 0
    for _ in range(limit):
        state = await state_of(table, match_id)
        if not ENGINE.to_move(state):
            return narrated, switches
        (seat,) = ENGINE.to_move(state)
        result, switched = await make_move(
            table, players[seat], purposeful_move(state, seat, rng)
        )
        assert not result.ephemeral, result.text
        switches += switched
        lines = table.board().text.splitlines()
        narrated.update(line for line in lines if line[:1] in NARRATION_MARKS)
    raise AssertionError("the race did not end")


async def set_state(table, match_id, change):
    """Change the stored state of a match (a test shortcut), then restart the bot."""
    async with table.bot.table.service.changing(match_id) as db:
        row = await (
            await db.execute("SELECT state FROM matches WHERE id = ?", (match_id,))
        ).fetchone()
        state = json.loads(row[0])
        change(state)
        await db.execute(
            "UPDATE matches SET state = ?, version = version + 1 WHERE id = ?",
            (json.dumps(state), match_id),
        )
    await table.restart()
