"""Why First?: Leo, the phantom of the 2-player game."""

from __future__ import annotations

from rules.whyfirst import ENGINE
from tests.rules.events import only
from tests.rules.whyfirst_positions import LEO, finished, play, rigged


def test_leo_gets_four_face_down_cards_every_stage():
    state = ENGINE.setup(2, {}, seed=11)
    assert ENGINE.figures(state) == 3
    assert ENGINE.phantoms(state) == {LEO: "Leo"}
    assert len(state.leo_stack) == 4
    assert len(state.undealt) == 32 - 10 - 4
    for _ in range(5):
        for seat in (0, 1):
            ENGINE.apply(state, seat, f"p{state.hands[seat][0]}:{seat}")
    assert state.stage == 2
    assert len(state.leo_stack) == 4


def test_leo_reveals_his_top_card_on_himself_in_rounds_one_to_four():
    state = rigged(2, hands={0: [1], 1: [2]}, leo=[3])
    events = play(state, {0: (1, 1), 1: (2, 0)})
    reveal = only(events, "revealed").data
    assert reveal["leo"]["value"] == 3
    assert state.positions == [2, 1, 3]
    assert len(state.leo_stack) == 3


def test_players_may_play_on_leo():
    state = rigged(2, hands={0: [2], 1: [-1]}, leo=[1])
    assert any(m.endswith(":2") for m in ENGINE.legal_moves(state, 0))
    play(state, {0: (2, LEO), 1: (-1, LEO)})
    assert state.positions[LEO] == 2


def test_leo_plays_nothing_in_the_fifth_card_round():
    state = rigged(2, card_round=5, positions=[0, 0, 5], hands={0: [1], 1: [2]})
    assert state.leo_stack == []
    events = play(state, {0: (1, 0), 1: (2, 1)})
    assert only(events, "revealed").data["leo"] is None
    assert only(events, "stage_scored").data["positions"] == [1, 2, 5]


def test_leo_scores():
    state = rigged(2, card_round=5, positions=[5, 0, 3], hands={0: [1], 1: [1]})
    events = play(state, {0: (1, 0), 1: (1, 1)})
    assert only(events, "stage_scored").data["scorers"] == [LEO]


def test_leo_can_win():
    state = finished([[5, 0, 0], [0, 0, 3], [0, 1, 0], [0, 0, 0], [0, 0, 0]], players=2)
    outcome = ENGINE.outcome(state)
    assert outcome.scores == (5, 1, 3)
    assert outcome.winners == {LEO}
    assert outcome.phantoms == {LEO: "Leo"}
    assert outcome.places == (2, 3, 1)
