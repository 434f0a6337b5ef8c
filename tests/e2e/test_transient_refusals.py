"""Discord refusing a board's or a hand's edit for a passing reason (rate limited, a server
error): the edit is tried again until the message shows the newest state, with no further
move; what arrives meanwhile folds into the next try, and a lasting refusal is not retried."""

from __future__ import annotations

import pytest

from cogs.common.followups import BOARD
from localdiscord import pseudo
from tests.e2e.play import MOVE, first_button, open_and_start

EDIT = "/channels/{channel_id}/messages/{message_id}"
BURSTS = [
    pytest.param(dict(status=429, message="You are being rate limited.", retry_after=0.01,
                      times=12), id="429s"),  # discord.py itself tries each edit five times
    pytest.param(dict(status=503, message="Service Unavailable", times=4), id="503s"),
    # (discord.py itself tries a 500, 502 or 504 again, after seconds: not waited for here)
]
AT_ONCE = (0.0,) * 8
"""Retry delays that let a test's clicks settle with every try made (a 429's wait holds)."""
HELD = (1.5,)
"""A retry delay the simulator does not wait for when it settles: the retry is held."""


async def _play_a_card(table, user):
    hand = table.hand(user)
    targets = await table.backend.click(user, hand, custom_id=first_button(hand, "ch:"))
    return await table.backend.click(
        user, targets.message, custom_id=first_button(targets.message, MOVE)
    )


def _read(embed: dict) -> tuple:
    return embed.get("title"), embed.get("description"), [
        (field["name"], field["value"]) for field in embed.get("fields", [])
    ]


def _seen(message) -> tuple:
    """What a player reads on a board or hand message."""
    return message.content or None, [_read(embed) for embed in message.embeds]


async def _newest(table, match_id: int, purpose: str) -> tuple:
    """What the message should show for the match as stored now."""
    match = await table.bot.table.service.get(match_id)
    controls = await table.bot.table.followups.render(match, purpose)
    embeds = [controls.embed.to_dict()] if controls.embed else []
    controls.let_go()
    # As a player reads it: the pseudo-language run's brackets taken out.
    return pseudo.unwrap((controls.content or None, [_read(embed) for embed in embeds]))


def _edits_of(table, message) -> list:
    return [c for c in table.backend.calls_matching("PATCH", EDIT)
            if c.path.endswith(f"/messages/{message.id}")]


@pytest.mark.parametrize("burst", BURSTS)
async def test_the_board_ends_on_the_newest_state_after_a_burst_of_refusals(table, burst):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    table.bot.table.kept.retry_delays = AT_ONCE
    fault = table.backend.inject(method="PATCH", route=EDIT, channel=table.channel, **burst)
    await _play_a_card(table, anne)
    assert fault.hits == burst["times"]
    assert _edits_of(table, table.board())[-1].ok
    assert _seen(table.board()) == await _newest(table, match_id, BOARD)
    assert f"<@{anne.id}>" not in table.board().text.split("Waiting for")[1]


@pytest.mark.parametrize("burst", BURSTS)
async def test_a_hand_ends_on_the_newest_state_after_a_burst_of_refusals(table, burst):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    table.bot.table.kept.retry_delays = AT_ONCE
    await _play_a_card(table, anne)
    before = _seen(table.hand(anne))
    dm = table.backend.dm_channel(anne)
    fault = table.backend.inject(method="PATCH", route=EDIT, channel=dm, **burst)
    await _play_a_card(table, ben)  # the round is played: anne's hand shows the next
    assert fault.hits == burst["times"]
    assert _edits_of(table, table.hand(anne))[-1].ok
    assert _seen(table.hand(anne)) == await _newest(table, match_id, f"hand:{anne.id}") != before


async def test_a_move_during_the_back_off_folds_into_the_next_try(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    table.bot.table.kept.retry_delays = HELD
    board = table.board()
    before = _seen(board)
    table.backend.inject(method="PATCH", route=EDIT, channel=table.channel, status=503,
                         message="Service Unavailable")
    await _play_a_card(table, anne)
    refused = len(_edits_of(table, board))
    assert _seen(table.board()) == before, "held until the back-off passes"
    await _play_a_card(table, ben)
    assert len(_edits_of(table, board)) == refused, "the newer state waits for the same try"
    assert (await table.backend.activity_in(table.channel)) is not None
    await table.backend.settle()
    (landed,) = _edits_of(table, board)[refused:]
    assert landed.ok and _seen(table.board()) == await _newest(table, match_id, BOARD)


async def test_a_lasting_refusal_is_not_retried(table):
    anne, ben, chris = table.player("anne"), table.player("ben"), table.player("chris")
    await open_and_start(table, anne, ben, chris)
    table.bot.table.kept.retry_delays = AT_ONCE
    table.backend.inject(method="PATCH", route=EDIT, channel=table.channel, status=403,
                         code=50013, message="Missing Permissions", times=None)
    await _play_a_card(table, anne)
    assert len(_edits_of(table, table.board())) == 1
    notices = [m for m in table.backend.channel_messages(table.channel) if "permissions" in m.text]
    assert len(notices) == 1
