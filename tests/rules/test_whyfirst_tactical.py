"""Why First?: the tactical variant: figures moved in white number order."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.whyfirst import ENGINE
from tests.rules.events import kinds, only
from tests.rules.whyfirst_positions import ANNE, BEN, CHRIS, LEO, card_in_hand, commit, rigged


def test_tactical_figures_move_in_descending_white_number_order():
    state = rigged(3, "tactical", hands={ANNE: [1], BEN: [-4], CHRIS: [2]})
    assert ENGINE.legal_moves(state, ANNE) == [f"p{c}" for c in state.hands[ANNE]]
    events = commit(state, {ANNE: 1, BEN: -4, CHRIS: 2})
    assert only(events, "revealed").data["order"] == [BEN, CHRIS, ANNE]
    assert ENGINE.to_move(state) == {BEN}
    with pytest.raises(IllegalMove, match="not your turn to move a figure"):
        ENGINE.apply(state, ANNE, "f0")
    point = ENGINE.decision_point(state)
    ENGINE.apply(state, BEN, f"f{CHRIS}")
    assert ENGINE.to_move(state) == {CHRIS}
    assert ENGINE.decision_point(state) == point + 1
    ENGINE.apply(state, CHRIS, f"f{CHRIS}")
    events = ENGINE.apply(state, ANNE, f"f{BEN}")
    assert state.positions == [0, 1, -2]
    moved = only(events, "figure_moved").data
    assert moved == {
        "seat": ANNE,
        **ENGINE.card(state.played[0]).to_json(),
        "figure": BEN,
        "from": 0,
        "to": 1,
        "automatic": False,
    }
    assert state.card_round == 2


def test_tactical_any_figure_may_be_moved_and_the_same_one_several_times():
    state = rigged(3, "tactical", hands={ANNE: [2], BEN: [3], CHRIS: [1]})
    commit(state, {ANNE: 2, BEN: 3, CHRIS: 1})
    assert ENGINE.legal_moves(state, BEN) == ["f0", "f1", "f2"]
    for seat in (BEN, ANNE, CHRIS):
        ENGINE.apply(state, seat, f"f{ANNE}")
    assert state.positions == [6, 0, 0]


def test_tactical_each_move_stops_at_the_ends_on_its_own():
    # On 15, +4 stops on 16, then -3 leaves 13 (the standard sum would give 16).
    state = rigged(3, "tactical", positions=[0, 15, 0], hands={ANNE: [4], BEN: [-3], CHRIS: [1]})
    commit(state, {ANNE: 4, BEN: -3, CHRIS: 1})
    ENGINE.apply(state, ANNE, f"f{BEN}")
    assert state.positions[BEN] == 16
    ENGINE.apply(state, BEN, f"f{BEN}")
    assert state.positions[BEN] == 13


def test_tactical_leos_card_moves_leo_at_its_white_number_turn():
    state = rigged(2, "tactical", hands={0: [-1], 1: [4]}, leo=[2])
    events = commit(state, {0: -1, 1: 4})
    assert only(events, "revealed").data["order"] == [1, LEO, 0]
    assert ENGINE.to_move(state) == {1}
    events = ENGINE.apply(state, 1, "f0")
    assert kinds(events) == ["figure_moved", "figure_moved"]
    moved = events[1].data
    assert (moved["seat"], moved["figure"], moved["to"], moved["automatic"]) == (LEO, LEO, 2, True)
    assert ENGINE.to_move(state) == {0}
    assert state.positions == [4, 0, 2]


def test_tactical_fifth_card_round_works_the_same():
    state = rigged(3, "tactical", card_round=5, hands={ANNE: [2], BEN: [1], CHRIS: [-1]})
    commit(state, {ANNE: 2, BEN: 1, CHRIS: -1})
    ENGINE.apply(state, ANNE, f"f{BEN}")
    ENGINE.apply(state, BEN, f"f{BEN}")
    events = ENGINE.apply(state, CHRIS, f"f{CHRIS}")
    assert only(events, "stage_scored").data["positions"] == [0, 3, -1]
    assert only(events, "stage_scored").data["scorers"] == [ANNE]


def test_tactical_play_codes_have_no_target():
    state = rigged(3, "tactical", hands={ANNE: [2]})
    with pytest.raises(IllegalMove, match="in front of yourself"):
        ENGINE.apply(state, ANNE, f"p{card_in_hand(state, ANNE, 2)}:1")
