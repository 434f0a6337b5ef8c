"""Hare and Tortoise: the two-marker game for two players."""

from __future__ import annotations

from rules.hare import ENGINE
from tests.rules.hare_positions import assert_illegal, finished, first, race


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
