"""Great Canyon Race through the simulated Discord: a race opened, cards committed from the DMs.

With the test seed the action row reads: 1 Divide by 2, 2 Send left, 3 Cancel, 4 Multiply by 3,
5 Multiply by 2, 6 Change sign and multiply by 2, 7 Cancel, 8 Send left, 9 Send right,
10 Multiply by 2. Four players are dealt anne +2 +2 +5 -1 -4, ben +1 +2 +4 +4 -3,
chris +3 +5 +5 +7 ±4, dora +2 +3 -3 -4 ±3 (two players: anne's and ben's).
"""

from __future__ import annotations

from rules.canyon import ENGINE
from tests.e2e.play import CHOICE, MOVE, first_button, open_and_start, playable

NAMES = ("anne", "ben", "chris", "dora", "emil", "fatima-with-a-long-name")


async def start_race(table, count):
    """``count`` drivers named from NAMES open and start a race: the drivers and its match id."""
    players = [table.player(name) for name in NAMES[:count]]
    match_id = await open_and_start(table, *players, game="canyon")
    return players, match_id


async def view_of(table, match_id, seat=None):
    """What ``seat`` (None: everyone) sees of the stored match."""
    record = await table.match_row(match_id)
    return ENGINE.view(ENGINE.load(record.state), seat)


def buttons_of(message, prefix):
    """The message's buttons whose custom id starts with ``prefix``."""
    return [b for b in message.buttons if b.custom_id.startswith(prefix)]


async def commit_card(table, user, *, card=0, call=False):
    """Pick the ``card``-th card of the DM hand, then play it (calling a collision or not)."""
    hand = table.hand(user)
    choice = buttons_of(hand, CHOICE)[card]
    picked = await table.backend.click(user, hand, custom_id=choice.custom_id)
    plays = buttons_of(picked.message, MOVE)
    chosen = [b for b in plays if ("collision" in b.label) == call]
    assert len(chosen) == 1, [b.label for b in plays]
    result = await table.backend.click(user, picked.message, custom_id=chosen[0].custom_id)
    assert not result.ephemeral, result.text
    return result.message


async def decide(table, user, *, pick=0):
    """One decision from the DM: commit the first card, or the ``pick``-th button offered."""
    hand = table.hand(user)
    if first_button(hand, MOVE) is None:
        return await commit_card(table, user)
    result = await table.backend.click(user, hand, custom_id=buttons_of(hand, MOVE)[pick].custom_id)
    assert not result.ephemeral, result.text
    return result.message


async def play_while(table, players, going):
    """Every driver awaited decides from their DM while ``going()`` holds."""
    for _ in range(200):
        if not going():
            return
        waiting = [p for p in players if playable(table.hand(p))]
        assert waiting, "nobody has anything to click, but the round goes on"
        for player in waiting:
            await decide(table, player)
    raise AssertionError("the match did not get there")


def hand_field(message) -> str:
    """The cards a DM hand lists under “Your hand”."""
    return message.text.split("Your hand\n")[1].split("\n")[0]
