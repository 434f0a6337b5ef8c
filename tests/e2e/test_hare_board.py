"""Hare and Tortoise: the board within Discord's limits, and a hare roll told in one line."""

from __future__ import annotations

import random

import pytest

from cogs.hare.picture import picture_size
from rules.hare import ENGINE, purposeful_move
from tests.e2e.board_picture import board_picture
from tests.e2e.hare_play import listed, make_move, open_race, state_of
from tests.e2e.play import rig


async def test_six_long_named_players_get_a_board_within_discord_limits(table):
    names = [f"{letter}-has-a-display-name-of-32-ch"[:32] for letter in "abcdef"]
    players = [table.player(name) for name in names]
    match_id = await open_race(table, *players)
    await make_move(table, players[0], "f2")
    await make_move(table, players[1], "f5")
    board = table.board()
    assert board_picture(board).size == picture_size(6)
    for name, letter in zip(names, "BOGRPY", strict=True):
        assert f"**{name}** ({letter}): " in board.text
    assert (await state_of(table, match_id)).turn == 2, "both moves were played"


async def test_a_hare_roll_that_cannot_be_carried_out_is_told_once(table):
    """The roll, its result and why it has no effect are one line, not two that disagree."""
    players = [table.player(n) for n in ("anne", "ben")]
    match_id = await open_race(table, *players)
    rng = random.Random(5)
    for _ in range(200):
        state = await state_of(table, match_id)
        (seat,) = ENGINE.to_move(state)
        moves = ENGINE.legal_moves(state, seat)
        # The die is seeded: a trial on a copy shows which move rolls a result in vain.
        trials = {move: ENGINE.apply(ENGINE.load(ENGINE.dump(state)), seat, move) for move in moves}
        in_vain = [move for move, events in trials.items()
                   if "hare_no_effect" in [event.kind for event in events]]
        await make_move(table, players[seat], (in_vain or [purposeful_move(state, seat, rng)])[0])
        if in_vain:
            break
    else:
        pytest.fail("no hare roll without effect came up")
    rolls = [line for line in table.board().text.splitlines() if "🎲" in line]
    assert rolls and rolls[-1].endswith(": no effect.") and ", but " in rolls[-1], rolls
    assert "has no effect" not in table.board().text
    assert rolls[-1] in table.hand(players[1 - seat]).text


async def test_the_board_writes_a_carrot_count_as_the_hand_does(table):
    """A runner who fell back often holds thousands of carrots: 1,240 on the board and in
    the hand alike, not 1240 beside 1,240."""
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_race(table, anne, ben)

    def rich(state) -> None:
        state.players[1].carrots = 1240

    await rig(table, match_id, ENGINE, rich)
    await make_move(table, anne, listed(table.hand(anne))[0])  # the board and ben's hand
    (line,) = [line for line in table.board().text.splitlines() if "**ben**" in line]
    assert "· 🥕 1,240 · " in line
    assert "🥕 1,240 carrots" in table.hand(ben).text
