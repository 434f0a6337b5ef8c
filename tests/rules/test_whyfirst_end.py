"""Why First?: the end of the match: the second-highest total wins."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.whyfirst import ENGINE, StageScore
from tests.rules.events import kinds, only
from tests.rules.whyfirst_positions import ANNE, BEN, CHRIS, DANA, finished, play, rigged


def test_the_second_highest_total_wins():
    state = finished([[5, 0, 0, 0], [0, 3, 0, 0], [0, 0, 2, 0], [0, 0, 0, 1], [0, 0, 0, 0]])
    outcome = ENGINE.outcome(state)
    assert outcome.scores == (5, 3, 2, 1)
    assert outcome.winners == {BEN}
    assert outcome.places == (2, 1, 3, 4)
    assert ENGINE.to_move(state) == frozenset()


def test_players_tied_for_the_highest_total_do_not_block_the_next_one():
    state = finished([[6, 6, 0, 0], [0, 0, 4, 0], [0, 0, 0, 4], [0, 0, 0, 0], [0, 0, 0, 0]])
    outcome = ENGINE.outcome(state)
    assert outcome.winners == {CHRIS, DANA}
    assert outcome.places == (3, 3, 1, 1)


def test_when_everybody_has_the_same_total_all_share_the_victory():
    state = finished([[2, 2, 2, 2], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    outcome = ENGINE.outcome(state)
    assert outcome.winners == {ANNE, BEN, CHRIS, DANA}
    assert outcome.places == (1, 1, 1, 1)


def test_negative_totals_count_like_any_other():
    state = finished([[0, -2, -2, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    outcome = ENGINE.outcome(state)
    assert outcome.scores == (1, -2, -2, 0)
    assert outcome.winners == {DANA}
    assert outcome.places == (2, 3, 3, 1)


def test_the_last_card_round_ends_the_match():
    state = rigged(3, card_round=5, stage=5, hands={0: [1], 1: [2], 2: [3]})
    state.scoring = [StageScore(s, 1, (ANNE,)) for s in range(1, 5)]
    events = play(state, {0: (1, 0), 1: (2, 1), 2: (3, 2)})
    assert kinds(events)[-2:] == ["stage_scored", "match_over"]
    assert only(events, "match_over").data["scores"] == [4, 2, 0]
    assert only(events, "match_over").data["winners"] == [BEN]
    assert ENGINE.to_move(state) == frozenset()
    assert ENGINE.legal_moves(state, ANNE) == []
    with pytest.raises(IllegalMove, match="over"):
        ENGINE.apply(state, ANNE, "p1:0")
