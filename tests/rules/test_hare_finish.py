"""Hare and Tortoise: finishing: the carrot limits, the exact count and the end of the race."""

from __future__ import annotations

from rules.hare import ENGINE
from rules.hare.board import FINISH
from tests.rules.events import kinds
from tests.rules.hare_positions import assert_illegal, finished, first, race


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
