"""Hare and Tortoise in words: what each move costs and leaves, named for its marker, and
whom a hand waits for."""

from __future__ import annotations

from cogs.common.i18n import speaking
from cogs.hare.controls import hand_controls
from cogs.hare.words import move_text
from data import matches as rows
from matches.match import Match
from rules.hare import ENGINE as HARE
from tests.rules.hare_positions import race


def test_each_move_says_what_it_costs_and_the_carrots_it_leaves() -> None:
    state = race(spaces=[5, 14])
    assert move_text(state, 0, "f10") == "Forward 5 to 10 (lettuce space): pay 15 carrots, 50 left"
    state.turn = 1
    assert move_text(state, 1, "b11") == "Back 3 to tortoise space 11: earn 30 carrots, 95 left"
    state = race(spaces=[59], carrots=[15], lettuces=[0])
    assert move_text(state, 0, "f64") == "Forward 5 to the Finish: pay 15 carrots, 0 left"
    assert move_text(state, 0, "take") == "Stay on the carrot space and take 10 carrots, 25 left"


def test_in_the_two_marker_game_a_move_names_its_marker() -> None:
    state = race(players=2)
    assert move_text(state, 0, "f2@1") == (
        "Marker 2: Forward 2 to 2 (carrot space): pay 3 carrots, 92 left"
    )


def test_a_hand_waiting_for_a_computer_names_it_in_the_readers_language() -> None:
    seats = (
        rows.SeatRecord(0, "human", 100, "anne", False),
        rows.SeatRecord(1, "computer", None, "Ada (strong bot)", False, level="strong"),
    )
    record = rows.MatchRecord(
        id=7, game="hare", guild_id=1, channel_id=10, host_id=100, status="playing",
        options={}, state=None, version=1, seats=seats,
    )
    match = Match(record, HARE, race(players=2, turn=1))
    with speaking("es"):
        waiting = hand_controls(match, 0).content
    assert waiting is not None and "Ada (máquina fuerte)" in waiting, waiting
