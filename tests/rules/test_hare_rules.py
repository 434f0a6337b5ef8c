"""Hare and Tortoise rules, each checked on a small constructed position."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from rules.base import Event, IllegalMove, InvalidOptions
from rules.hare import ENGINE, HareEngine
from rules.hare.board import FINISH, SPACES, Kind, forward_cost
from rules.hare.moves import move_cost
from rules.hare.state import HareState
from tests.rules.protocol import check_padded_codes_refused


def race(
    players: int = 3,
    spaces: Sequence[int] = (),
    carrots: Sequence[int] = (),
    lettuces: Sequence[int] = (),
    turn: int = 0,
    two_markers: bool | None = None,
) -> HareState:
    """A match with markers on ``spaces`` (in marker order) and the given supplies."""
    options = {} if two_markers is None else {"two_markers": two_markers}
    state = ENGINE.setup(players, options, seed=7)
    for marker, where in zip(state.markers, spaces, strict=False):
        marker.space = where
    for player, amount in zip(state.players, carrots, strict=False):
        player.carrots = amount
    for player, amount in zip(state.players, lettuces, strict=False):
        player.lettuces = amount
    state.turn = turn
    return state


def finished(state: HareState, marker_id: int) -> None:
    """Put a marker home as the next finisher (and its player, when all theirs are home)."""
    marker = state.markers[marker_id]
    marker.space = FINISH
    state.finish_order.append(marker_id)
    marker.finish_place = len(state.finish_order)
    if all(state.markers[m].finished for m in state.markers_of(marker.seat)):
        state.standings.append(marker.seat)


def loaded(*rolls: int) -> HareEngine:
    """An engine whose die rolls ``rolls`` in turn."""
    faces = iter(rolls)
    return HareEngine(die=lambda seed, draw: next(faces))


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def first(events: Iterable[Event], kind: str) -> dict[str, Any]:
    return next(dict(e.data) for e in events if e.kind == kind)


def assert_illegal(state: HareState, seat: int, move: str, reason_part: str = "") -> None:
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(state, seat, move)
    assert reason_part.lower() in str(caught.value).lower()
    assert ENGINE.dump(state) == before


# -- set-up and data -----------------------------------------------------------------------


def test_board_has_63_action_spaces_between_start_and_finish() -> None:
    assert len(SPACES) == 65
    assert SPACES[0].kind is Kind.START and SPACES[FINISH].kind is Kind.FINISH
    assert [SPACES[i].code for i in (1, 7, 10, 11, 63)] == [
        "hare", "pos156", "lettuce", "tortoise", "carrot",
    ]
    assert SPACES[7].places == (1, 5, 6)


def test_start_supplies_depend_on_player_count() -> None:
    assert [(p.carrots, p.lettuces) for p in ENGINE.setup(3, {}, 1).players] == [(65, 3)] * 3
    assert {p.carrots for p in ENGINE.setup(4, {}, 1).players} == {95}
    two = ENGINE.setup(2, {}, 1)
    assert two.two_markers and len(two.markers) == 4
    assert [(p.carrots, p.lettuces) for p in two.players] == [(95, 5)] * 2


def test_options_reject_two_markers_beyond_two_players_and_unknown_keys() -> None:
    assert ENGINE.options({}, 2) == {"two_markers": True}
    assert ENGINE.options({"two_markers": False}, 2) == {"two_markers": False}
    with pytest.raises(InvalidOptions):
        ENGINE.options({"two_markers": True}, 3)
    with pytest.raises(InvalidOptions):
        ENGINE.options({"speed": 2}, 3)


def test_first_seat_starts_on_start() -> None:
    state = ENGINE.setup(5, {}, 3)
    assert ENGINE.to_move(state) == {0}
    assert all(m.space == 0 for m in state.markers)
    assert ENGINE.legal_moves(state, 1) == []


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


# -- the Finish ----------------------------------------------------------------------------


def test_finishing_with_too_many_carrots_is_refused() -> None:
    state = race(spaces=[63], carrots=[12], lettuces=[0])
    assert "f64" not in ENGINE.legal_moves(state, 0)
    assert_illegal(state, 0, "f64", "at most 10 carrots; you would keep 11")


def test_finishing_first_with_ten_carrots_left() -> None:
    state = race(spaces=[63], carrots=[11], lettuces=[0])
    events = ENGINE.apply(state, 0, "f64")
    assert first(events, "finished") == {"seat": 0, "marker": 0, "place": 1}
    assert state.markers[0].finish_place == 1
    assert ENGINE.to_move(state) == {1}


def test_second_finisher_may_keep_twenty_carrots() -> None:
    state = race(spaces=[0, 62], carrots=[0, 23], lettuces=[0, 0], turn=1)
    finished(state, 0)
    assert "f64" in ENGINE.legal_moves(state, 1)  # pays 3, keeps 20


def test_finish_needs_the_exact_count() -> None:
    state = race(spaces=[63], carrots=[11], lettuces=[0])
    assert_illegal(state, 0, "f65", "nothing beyond the Finish")


def test_finish_holds_any_number_of_markers() -> None:
    state = race(spaces=[0, 63], carrots=[0, 21], lettuces=[0, 0], turn=1)
    finished(state, 0)
    ENGINE.apply(state, 1, "f64")
    assert [m.space for m in state.markers[:2]] == [FINISH, FINISH]


def test_finished_players_are_skipped() -> None:
    state = race(players=4, spaces=[0, 2, 5, 13])
    finished(state, 0)
    state.turn = 3
    ENGINE.apply(state, 3, "take")
    assert ENGINE.to_move(state) == {1}


def test_match_ends_when_all_but_one_have_finished() -> None:
    state = race(spaces=[0, 63, 30], carrots=[0, 15, 50], lettuces=[0, 0, 2], turn=1)
    finished(state, 0)
    events = ENGINE.apply(state, 1, "f64")
    assert kinds(events)[-2:] == ["finished", "match_over"]
    assert first(events, "match_over") == {"standings": [0, 1, 2], "winners": [0]}
    assert ENGINE.to_move(state) == frozenset()
    assert ENGINE.legal_moves(state, 2) == []
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.places == (1, 2, 3)
    assert outcome.winners == {0}
    assert outcome.scores == (2, 1, 0)
    assert_illegal(state, 2, "f31", "over")


def test_two_players_with_one_marker_each_end_when_one_finishes() -> None:
    state = race(players=2, two_markers=False, spaces=[63, 5], carrots=[5], lettuces=[0])
    ENGINE.apply(state, 0, "f64")
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.places == (1, 2) and outcome.winners == {0}


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


# -- the two-marker game -------------------------------------------------------------------


def test_two_marker_codes_name_the_marker() -> None:
    state = race(players=2)
    moves = ENGINE.legal_moves(state, 0)
    assert "f2@0" in moves and "f2@1" in moves
    assert_illegal(state, 0, "f2", "@0 or @1")


def test_two_marker_player_moves_one_marker_per_turn_from_a_shared_supply() -> None:
    state = race(players=2)
    ENGINE.apply(state, 0, "f2@1")
    assert ENGINE.to_move(state) == {1}
    assert [m.space for m in state.markers] == [0, 2, 0, 0]
    assert state.players[0].carrots == 92
    ENGINE.apply(state, 1, "f3@0")
    assert "f2@0" not in ENGINE.legal_moves(state, 0)  # own marker blocks too
    assert "f4@0" in ENGINE.legal_moves(state, 0)


def test_two_marker_first_marker_finishes_ignoring_the_carrot_limit() -> None:
    state = race(players=2, spaces=[63, 30, 20, 21], carrots=[80, 95], lettuces=[0, 5])
    events = ENGINE.apply(state, 0, "f64@0")
    assert first(events, "finished") == {"seat": 0, "marker": 0, "place": 1}
    assert ENGINE.outcome(state) is None


def test_two_marker_first_marker_needs_no_lettuce_left() -> None:
    state = race(players=2, spaces=[63, 30, 20, 21], carrots=[5, 95], lettuces=[1, 5])
    assert_illegal(state, 0, "f64@0", "lettuce")


def test_two_marker_second_marker_meets_the_limit_for_its_place() -> None:
    state = race(players=2, spaces=[0, 63, 20, 21], carrots=[32, 95], lettuces=[0, 5])
    finished(state, 0)
    finished(state, 2)  # the other player's first marker: ours would finish 3rd
    assert_illegal(state, 0, "f64@1", "to finish 3rd you may keep at most 30 carrots")
    state.players[0].carrots = 31  # keeps 30
    events = ENGINE.apply(state, 0, "f64@1")
    assert first(events, "finished")["place"] == 3


def test_two_marker_first_to_bring_both_markers_home_wins() -> None:
    state = race(players=2, spaces=[0, 63, 0, 21], carrots=[11, 95], lettuces=[0, 5])
    finished(state, 2)
    finished(state, 0)
    events = ENGINE.apply(state, 0, "f64@1")
    assert first(events, "match_over") == {"standings": [0, 1], "winners": [0]}
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.places == (1, 2) and outcome.winners == {0} and outcome.scores == (1, 0)


def test_two_marker_lettuce_eaten_next_turn_then_that_marker_must_move() -> None:
    state = race(players=2, spaces=[5, 2, 30, 33])
    ENGINE.apply(state, 0, "f10@0")
    events = ENGINE.apply(state, 1, "f31@0")
    assert first(events, "lettuce_eaten")["marker"] == 0
    assert state.players[0].lettuces == 4
    assert ENGINE.to_move(state) == {1}  # seat 0's turn was spent eating
    ENGINE.apply(state, 1, "take@1")
    moves = ENGINE.legal_moves(state, 0)
    assert moves and all(m.endswith("@0") for m in moves)
    assert_illegal(state, 0, "take@1", "must move")
    ENGINE.apply(state, 0, "f12@0")
    ENGINE.apply(state, 1, "take@1")
    assert "take@1" in ENGINE.legal_moves(state, 0)


def test_two_marker_restart_sends_the_rearmost_marker_to_start() -> None:
    state = race(players=2, spaces=[62, 60, 56, 20], carrots=[0, 95], lettuces=[1, 5], turn=1)
    events = ENGINE.apply(state, 1, "f21@1")
    assert first(events, "restart") == {"seat": 0, "marker": 1, "from": 60, "carrots": 95}
    assert [m.space for m in state.markers[:2]] == [62, 0]


# -- illegal moves, descriptions, views, dump ----------------------------------------------


@pytest.mark.parametrize(
    ("seat", "move", "reason"),
    [
        (1, "f2", "not your turn"),
        (0, "jump", "unknown move"),
        (0, "f2@1", "single marker"),
        (0, "f0", "beyond 0"),
        (0, "f40", "costs"),
        (0, "b11", "no tortoise space behind"),
        (0, "give", "carrot space"),
    ],
)
def test_an_illegal_move_leaves_the_state_untouched(seat: int, move: str, reason: str) -> None:
    state = race()
    assert_illegal(state, seat, move, reason)


def test_a_move_costs_what_the_rules_say() -> None:
    state = race(spaces=[5, 14])
    assert move_cost(state, 0, "f10") == 15
    state.turn = 1
    assert move_cost(state, 1, "b11") == -30
    state = race(spaces=[59], carrots=[15], lettuces=[0])
    assert move_cost(state, 0, "f64") == 15
    assert move_cost(state, 0, "take") == -10
    assert move_cost(state, 0, "give") == 10
    assert all(len(m) <= 40 for m in ENGINE.legal_moves(state, 0))


def test_view_is_public_and_json_ready() -> None:
    state = race(spaces=[10, 5, 0])
    state.markers[0].must_eat = True
    view = ENGINE.view(state, None)
    assert view == json.loads(json.dumps(view))
    assert view["board"][10] == "lettuce" and view["board"][0] == "start"
    assert view["markers"][0]["must_eat"] and view["markers"][0]["place"] == 1
    assert view["markers"][2]["place"] == 3
    assert view["players"][1] == {
        "seat": 1, "carrots": 65, "lettuces": 3, "lose_turn": False, "finished": False,
    }
    assert view["to_move"] == [0] and view["pending"] is None
    assert "seed" not in json.dumps(view)
    assert {k: v for k, v in ENGINE.view(state, 2).items() if k != "seat"} == {
        k: v for k, v in view.items() if k != "seat"
    }


def test_markers_on_start_share_the_last_places() -> None:
    state = race(players=4, spaces=[12, 0, 0, 0])
    assert [m["place"] for m in ENGINE.view(state, None)["markers"]] == [1, 2, 2, 2]


def test_dump_and_load_round_trip() -> None:
    state = race(spaces=[10, 5, 0])
    ENGINE.apply(state, 0, "f13")
    data = ENGINE.dump(state)
    assert json.loads(json.dumps(data)) == data
    assert ENGINE.load(data) == state
    assert ENGINE.dump(ENGINE.load(data)) == data


@pytest.mark.parametrize(("seat", "move"), [(5, "f1"), (-1, "f1"), (0, 12), (0, None)])
def test_input_from_outside_the_rules_is_refused_as_an_illegal_move(seat, move) -> None:
    state = ENGINE.setup(2, {}, seed=3)
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, seat, move)
    assert ENGINE.dump(state) == before


def test_a_move_code_with_a_newline_after_it_is_refused() -> None:
    state = race(spaces=[2, 30, 0], carrots=[40])  # on a carrot space: take and give too
    assert {"take", "give"} <= set(ENGINE.legal_moves(state, 0))
    check_padded_codes_refused(ENGINE, state, 0)
