"""Hare and Tortoise: what the spaces do: position, lettuce, carrot and hare spaces."""

from __future__ import annotations

from rules.hare import ENGINE
from tests.rules.events import kinds
from tests.rules.hare_positions import assert_illegal, first, loaded, race

# -- position spaces -----------------------------------------------------------------------


def test_position_space_pays_at_the_start_of_the_next_turn_if_the_place_still_matches() -> None:
    state = race(spaces=[2, 30, 0])
    events = ENGINE.apply(state, 0, "f8")  # position space 2, in 2nd place
    assert "position_payout" not in kinds(events)
    assert state.players[0].carrots == 65 - 21
    ENGINE.apply(state, 1, "f32")
    events = ENGINE.apply(state, 2, "f2")  # seat 0's turn opens: still 2nd
    assert first(events, "position_payout") == {
        "seat": 0, "marker": 0, "space": 8, "places": [2], "place": 2, "carrots": 20,
    }
    assert state.players[0].carrots == 65 - 21 + 20
    assert ENGINE.to_move(state) == {0}


def test_position_space_pays_nothing_when_the_place_changed() -> None:
    state = race(spaces=[2, 30, 0])
    ENGINE.apply(state, 0, "f8")
    ENGINE.apply(state, 1, "f32")
    events = ENGINE.apply(state, 2, "f9")  # overtakes seat 0, now 3rd
    assert first(events, "position_payout")["carrots"] == 0
    assert state.players[0].carrots == 65 - 21


def test_position_space_pays_only_at_the_next_turn_even_if_the_marker_stays() -> None:
    state = race(players=2, spaces=[2, 0, 30, 33])
    ENGINE.apply(state, 0, "f8@0")  # position space 2; markers ahead at 30 and 33
    events = ENGINE.apply(state, 1, "f31@0")  # seat 0's next turn opens: 3rd, nothing
    assert first(events, "position_payout")["place"] == 3
    ENGINE.apply(state, 0, "f2@1")
    events = ENGINE.apply(state, 1, "f35@1")
    assert "position_payout" not in kinds(events)
    assert not state.markers[0].position_pending


def test_position_space_156_pays_in_first_place() -> None:
    state = race(spaces=[5, 3, 0])
    ENGINE.apply(state, 0, "f7")
    ENGINE.apply(state, 1, "f5")
    events = ENGINE.apply(state, 2, "f2")
    assert first(events, "position_payout")["carrots"] == 10


# -- lettuce spaces ------------------------------------------------------------------------


def test_lettuce_is_eaten_next_turn_for_ten_times_place_and_the_turn_after_must_move() -> None:
    state = race(spaces=[5, 20, 0])
    ENGINE.apply(state, 0, "f10")
    assert state.markers[0].must_eat
    ENGINE.apply(state, 1, "f21")
    events = ENGINE.apply(state, 2, "f2")  # seat 0's eating turn happens at once
    assert first(events, "lettuce_eaten") == {
        "seat": 0, "marker": 0, "place": 2, "carrots": 20, "lettuces": 2,
    }
    assert ENGINE.to_move(state) == {1}
    assert state.players[0].lettuces == 2
    assert state.players[0].carrots == 65 - 15 + 20
    ENGINE.apply(state, 1, "take")
    ENGINE.apply(state, 2, "take")
    assert ENGINE.to_move(state) == {0}  # no second meal: seat 0 moves
    moves = ENGINE.legal_moves(state, 0)
    assert moves and all(m[0] in "fb" for m in moves)
    ENGINE.apply(state, 0, "f12")
    assert state.players[0].lettuces == 2


def test_lettuces_must_all_be_eaten_to_finish() -> None:
    state = race(spaces=[63], carrots=[5], lettuces=[1])
    assert "f64" not in ENGINE.legal_moves(state, 0)
    assert_illegal(state, 0, "f64", "lettuce")


# -- carrot spaces -------------------------------------------------------------------------


def test_carrot_space_stay_and_take_ten() -> None:
    state = race(spaces=[2, 30, 40], carrots=[7])
    assert {"take", "give"} - set(ENGINE.legal_moves(state, 0)) == {"give"}
    events = ENGINE.apply(state, 0, "take")
    assert first(events, "carrots") == {
        "seat": 0, "marker": 0, "amount": 10, "reason": "carrot_space_take", "carrots": 17,
    }
    assert state.markers[0].space == 2


def test_carrot_space_stay_and_give_ten_any_number_of_turns() -> None:
    state = race(spaces=[2, 30, 0], carrots=[40])
    for expected in (30, 20):
        assert ENGINE.to_move(state) == {0}
        ENGINE.apply(state, 0, "give")
        assert state.players[0].carrots == expected
        ENGINE.apply(state, 1, "f32" if state.markers[1].space == 30 else "f33")
        ENGINE.apply(state, 2, "f4" if state.markers[2].space == 0 else "f5")


def test_giving_ten_needs_ten_carrots() -> None:
    state = race(spaces=[2], carrots=[9])
    assert "give" not in ENGINE.legal_moves(state, 0)
    assert_illegal(state, 0, "give", "need 10 carrots")


def test_staying_is_only_for_carrot_spaces() -> None:
    state = race(spaces=[4])
    assert_illegal(state, 0, "take", "carrot space")


# -- hare spaces (see test_hare_dice.py for the whole table) ---------------------------------


def test_rulebook_example_fourth_place_rolls_three_moves_one_place_forward() -> None:
    engine = loaded(3)
    state = race(players=4, spaces=[0, 20, 30, 40])
    events = engine.apply(state, 0, "f1")
    assert first(events, "hare_roll") == {
        "seat": 0, "marker": 0, "space": 1, "roll": 3, "place": 4, "result": "forward_place",
    }
    assert state.markers[0].space == 21  # the first free space ahead of the marker at 20


def test_hare_rolls_use_the_seeded_die_and_count_draws() -> None:
    state = race(players=4, spaces=[0, 20, 30, 40])
    ENGINE.apply(state, 0, "f1")
    assert state.draw == 1
    again = race(players=4, spaces=[0, 20, 30, 40])
    assert first(ENGINE.apply(again, 0, "f1"), "hare_roll") == first(
        ENGINE.apply(race(players=4, spaces=[0, 20, 30, 40]), 0, "f1"), "hare_roll"
    )
