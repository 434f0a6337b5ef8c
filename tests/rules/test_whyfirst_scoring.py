"""Why First?: scoring a stage: second place scores, and the next stage's deal."""

from __future__ import annotations

from tests.rules.events import kinds, only
from tests.rules.whyfirst_positions import ANNE, BEN, CHRIS, DANA, play, rigged


def finish_stage(positions: list[int], values: list[int], players: int = 4) -> list:
    """Play the fifth card round from ``positions``, each seat playing ``values[seat]``."""
    state = rigged(
        players, card_round=5, positions=positions, hands={s: [v] for s, v in enumerate(values)}
    )
    return play(state, {s: (v, s) for s, v in enumerate(values)})


def test_scoring_example_a_second_place_on_6_anne_scores_6():
    events = finish_stage([5, 9, 0, -3], [1, 1, 1, 1])
    scored = only(events, "stage_scored").data
    assert scored["second_place_space"] == 6
    assert scored["scorers"] == [ANNE]
    assert scored["scores"] == [6, 0, 0, 0]


def test_scoring_example_b_second_place_on_1_ben_scores_1():
    events = finish_stage([10, -1, -5, -2], [2, 2, -1, -3])
    scored = only(events, "stage_scored").data
    assert (scored["second_place_space"], scored["scorers"], scored["points"]) == (1, [BEN], 1)


def test_scoring_example_c_second_place_on_minus_2_ben_chris_and_dana_score_minus_2_each():
    events = finish_stage([3, -1, -3, 0], [1, -1, 1, -2])
    scored = only(events, "stage_scored").data
    assert scored["second_place_space"] == -2
    assert scored["scorers"] == [BEN, CHRIS, DANA]
    assert scored["scores"] == [0, -2, -2, -2]


def test_second_place_is_the_second_highest_occupied_space_even_when_first_is_shared():
    events = finish_stage([4, 4, 1, 0], [1, 1, 1, 1])
    assert only(events, "stage_scored").data["scorers"] == [CHRIS]


def test_nobody_scores_when_all_figures_share_one_space():
    events = finish_stage([1, 2, 3], [3, 2, 1], players=3)
    scored = only(events, "stage_scored").data
    assert scored["second_place_space"] is None
    assert scored["scorers"] == []
    assert scored["scores"] == [0, 0, 0]


def test_after_scoring_the_next_stage_starts_from_the_start_space_with_a_new_deal():
    state = rigged(3, card_round=5, positions=[3, 2, 1], hands={0: [1], 1: [1], 2: [1]})
    events = play(state, {0: (1, 0), 1: (1, 1), 2: (1, 2)})
    assert kinds(events)[-3:] == ["revealed", "stage_scored", "stage_started"]
    assert (state.stage, state.card_round, state.positions) == (2, 1, [0, 0, 0])
    assert [len(h) for h in state.hands] == [5, 5, 5]
