"""Hare and Tortoise: moving forward for carrots, back to a tortoise, and the forced restart."""

from __future__ import annotations

from rules.hare import ENGINE
from rules.hare.board import forward_cost
from rules.hare.moves import move_cost
from tests.rules.events import kinds
from tests.rules.hare_positions import assert_illegal, first, race

# -- moving forward ------------------------------------------------------------------------


def test_cost_of_five_spaces_is_fifteen() -> None:
    assert [forward_cost(n) for n in range(1, 7)] == [1, 3, 6, 10, 15, 21]
    state = race()
    assert move_cost(state, 0, "f5") == 15
    events = ENGINE.apply(state, 0, "f5")
    assert first(events, "moved") == {
        "seat": 0, "marker": 0, "from": 0, "to": 5, "cost": 15, "earned": 0, "by": "forward",
    }
    assert state.players[0].carrots == 50


def test_forward_move_needs_enough_carrots() -> None:
    state = race(spaces=[0], carrots=[5])
    assert "f2" in ENGINE.legal_moves(state, 0)  # 3 carrots
    assert "f5" not in ENGINE.legal_moves(state, 0)
    assert_illegal(state, 0, "f5", "costs 15 carrots")


def test_cannot_land_on_a_tortoise_space_going_forward() -> None:
    state = race(spaces=[9])
    assert "f11" not in ENGINE.legal_moves(state, 0)
    assert_illegal(state, 0, "f11", "tortoise")


def test_cannot_land_on_an_occupied_action_space() -> None:
    state = race(spaces=[0, 5])
    assert "f5" not in ENGINE.legal_moves(state, 0)
    assert_illegal(state, 0, "f5", "occupied")


def test_start_holds_any_number_of_markers() -> None:
    state = race(players=6)
    assert all(m.space == 0 for m in state.markers)
    assert ENGINE.legal_moves(state, 0)


def test_lettuce_space_only_with_a_lettuce() -> None:
    state = race(spaces=[5], lettuces=[0])
    assert "f10" not in ENGINE.legal_moves(state, 0)
    assert_illegal(state, 0, "f10", "lettuce")
    state.players[0].lettuces = 1
    assert "f10" in ENGINE.legal_moves(state, 0)


def test_forward_counts_occupied_spaces_too() -> None:
    state = race(spaces=[2, 3, 4])
    assert move_cost(state, 0, "f5") == forward_cost(3)


# -- moving back ---------------------------------------------------------------------------


def test_backward_only_to_the_nearest_tortoise_earning_ten_per_space() -> None:
    state = race(spaces=[14], carrots=[0])
    assert [m for m in ENGINE.legal_moves(state, 0) if m.startswith("b")] == ["b11"]
    assert move_cost(state, 0, "b11") == -30
    events = ENGINE.apply(state, 0, "b11")
    assert first(events, "moved")["earned"] == 30
    assert state.players[0].carrots == 30
    assert state.markers[0].space == 11


def test_backward_to_a_farther_tortoise_is_refused() -> None:
    state = race(spaces=[20])
    assert_illegal(state, 0, "b15", "nearest tortoise space behind you (19)")


def test_backward_is_blocked_when_the_nearest_tortoise_is_occupied() -> None:
    state = race(spaces=[20, 19])
    assert not [m for m in ENGINE.legal_moves(state, 0) if m.startswith("b")]
    assert_illegal(state, 0, "b19", "occupied")
    assert_illegal(state, 0, "b15", "nearest")


def test_backward_from_one_tortoise_to_the_next() -> None:
    state = race(spaces=[19])
    assert "b15" in ENGINE.legal_moves(state, 0)


def test_no_backward_move_before_the_first_tortoise() -> None:
    state = race(spaces=[8])
    assert not [m for m in ENGINE.legal_moves(state, 0) if m.startswith("b")]


# -- forced restart ------------------------------------------------------------------------


def test_forced_restart_when_no_move_forward_or_back() -> None:
    state = race(spaces=[62, 56, 20], carrots=[0], lettuces=[1], turn=2)
    events = ENGINE.apply(state, 2, "f21")
    assert first(events, "restart") == {"seat": 0, "marker": 0, "from": 62, "carrots": 65}
    assert state.markers[0].space == 0
    assert state.players[0].carrots == 65
    assert state.players[0].lettuces == 1  # eaten lettuces stay eaten
    assert ENGINE.to_move(state) == {1}


def test_no_restart_while_a_carrot_space_allows_staying() -> None:
    state = race(spaces=[63, 56, 20], carrots=[0], lettuces=[1], turn=2)
    events = ENGINE.apply(state, 2, "f21")
    assert "restart" not in kinds(events)
    assert ENGINE.legal_moves(state, 0) == ["take"]


def test_restart_keeps_more_carrots_than_the_start() -> None:
    state = race(players=4, spaces=[62, 56, 63, 20], carrots=[200], lettuces=[1], turn=3)
    events = ENGINE.apply(state, 3, "f21")
    assert first(events, "restart")["carrots"] == 200
    assert state.players[0].carrots == 200
