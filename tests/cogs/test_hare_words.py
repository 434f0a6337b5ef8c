"""Hare and Tortoise moves in words: what each costs and leaves, named for its marker."""

from __future__ import annotations

from cogs.hare.words import move_text
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
