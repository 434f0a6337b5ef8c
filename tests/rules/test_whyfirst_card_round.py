"""Why First?: a card round: targets, sums, the ends of the track, and the reveal."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.whyfirst import ENGINE
from tests.rules.events import kinds, only
from tests.rules.whyfirst_positions import ANNE, BEN, CHRIS, DANA, play, rigged


def test_anne_gets_plus_two_and_moves_two_ben_gets_nothing_chris_gets_minus_one_and_minus_three():
    state = rigged(4, hands={ANNE: [2], BEN: [1], CHRIS: [-1], DANA: [-3]})
    events = play(state, {ANNE: (2, ANNE), BEN: (1, DANA), CHRIS: (-1, CHRIS), DANA: (-3, CHRIS)})
    assert state.positions == [2, 0, -4, 1]
    moves = {m["figure"]: m for m in only(events, "revealed").data["moves"]}
    assert moves[ANNE] == {"figure": ANNE, "cards": [2], "from": 0, "to": 2}
    assert BEN not in moves
    assert sorted(moves[CHRIS]["cards"]) == [-3, -1]
    assert moves[CHRIS]["to"] == -4


def test_cards_are_summed_before_stopping_at_sixteen_ben_on_15_with_plus_3_and_minus_4_ends_on_14():
    state = rigged(3, positions=[0, 15, 0], hands={ANNE: [3], BEN: [-4], CHRIS: [1]})
    play(state, {ANNE: (3, BEN), BEN: (-4, BEN), CHRIS: (1, CHRIS)})
    assert state.positions[BEN] == 14


def test_a_figure_stops_on_16_and_on_minus_12():
    state = rigged(3, positions=[14, -10, 0], hands={ANNE: [4], BEN: [-3], CHRIS: [-4]})
    play(state, {ANNE: (4, ANNE), BEN: (-3, BEN), CHRIS: (-4, BEN)})
    assert state.positions[:2] == [16, -12]


def test_anyone_may_be_the_target_including_yourself():
    state = ENGINE.setup(3, {}, seed=3)
    card = state.hands[ANNE][0]
    assert {f"p{card}:{t}" for t in range(3)} <= set(ENGINE.legal_moves(state, ANNE))


def test_fifth_card_round_must_be_played_on_yourself():
    state = rigged(3, card_round=5, hands={ANNE: [2], BEN: [1], CHRIS: [1]})
    card = state.hands[ANNE][0]
    assert ENGINE.legal_moves(state, ANNE) == [f"p{card}:{ANNE}"]
    with pytest.raises(IllegalMove, match="fifth card round you must play on yourself"):
        ENGINE.apply(state, ANNE, f"p{card}:{BEN}")


def test_the_round_is_revealed_only_when_the_last_seat_commits():
    state = rigged(3, hands={ANNE: [2], BEN: [1], CHRIS: [1]})
    point = ENGINE.decision_point(state)
    events = play(state, {ANNE: (2, BEN), BEN: (1, ANNE)})
    assert kinds(events) == ["committed", "committed"]
    assert all(set(e.data) == {"seat", "stage", "card_round"} for e in events)
    assert ENGINE.to_move(state) == {CHRIS}
    assert ENGINE.decision_point(state) == point
    assert state.positions == [0, 0, 0]
    events = play(state, {CHRIS: (1, CHRIS)})
    assert kinds(events) == ["committed", "revealed"]
    assert ENGINE.decision_point(state) == point + 1
    assert state.card_round == 2
    assert ENGINE.to_move(state) == {ANNE, BEN, CHRIS}
