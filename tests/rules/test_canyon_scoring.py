"""Great Canyon Race: how a round moves the cars: action cards, send rounds, double-value cards."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.canyon import ENGINE
from rules.canyon.cards import ACTION_KINDS
from tests.rules.canyon_positions import ANNE, BEN, CHRIS, DANA, action_id, play, rigged
from tests.rules.events import kinds, only

# -- scoring -----------------------------------------------------------------------------


def test_multiply_by_2_example_a_4_and_a_7_move_8_and_14():
    state = rigged(2, action="multiply_by_2", hands={ANNE: [4], BEN: [7]})
    events = play(state, {ANNE: 4, BEN: 7})
    assert state.scores == [8, 14]
    moves = only(events, "round_scored").data["moves"]
    assert [(m["value"], m["effect"], m["from"], m["to"]) for m in moves] == [
        (4, 8, 0, 8),
        (7, 14, 0, 14),
    ]


def test_a_negative_result_from_zero_stays_on_zero():
    state = rigged(2, action="multiply_by_2", hands={ANNE: [-2], BEN: [3]})
    play(state, {ANNE: -2, BEN: 3})
    assert state.scores == [0, 6]


def test_a_negative_result_stops_on_zero_from_a_higher_score():
    state = rigged(
        2, action="change_sign_multiply_by_2", hands={ANNE: [4], BEN: [-1]}, scores=[3, 0]
    )
    play(state, {ANNE: 4, BEN: -1})
    assert state.scores == [0, 2]


def test_divide_by_2_truncates_toward_zero():
    halve = ACTION_KINDS["divide_by_2"]
    assert [halve.apply(v) for v in (7, -7, 1, -1, 8, -3)] == [3, -3, 0, 0, 4, -1]
    state = rigged(2, action="divide_by_2", hands={ANNE: [7], BEN: [-3]}, scores=[0, 10])
    play(state, {ANNE: 7, BEN: -3})
    assert state.scores == [3, 9]


def test_every_action_kind_changes_the_value_as_printed():
    effects = {kind: effect.apply(-3) for kind, effect in ACTION_KINDS.items()}
    assert effects == {
        "divide_by_2": -1,
        "multiply_by_2": -6,
        "multiply_by_3": -9,
        "keep_value": -3,
        "change_sign": 3,
        "change_sign_multiply_by_2": 6,
        "cancel": 0,
        "send_left": -3,
        "send_right": -3,
    }


def test_a_score_stops_on_50_the_last_space_of_the_track():
    state = rigged(2, action="multiply_by_3", hands={ANNE: [8], BEN: [1]}, scores=[40, 0])
    play(state, {ANNE: 8, BEN: 1})
    assert state.scores == [50, 3]


def test_cards_are_revealed_only_when_the_last_racer_commits():
    state = rigged(3, hands={ANNE: [2], BEN: [3], CHRIS: [4]})
    point = ENGINE.decision_point(state)
    events = play(state, {ANNE: 2, BEN: 3}, calls=(BEN,))
    assert kinds(events) == ["committed", "committed"]
    assert all(set(e.data) == {"seat", "round"} for e in events)
    assert ENGINE.view(state, None)["committed"] == [ANNE, BEN]
    assert ENGINE.decision_point(state) == point
    events = play(state, {CHRIS: 4})
    assert kinds(events)[:2] == ["committed", "revealed"]
    assert only(events, "revealed").data["callers"] == [BEN]
    assert ENGINE.decision_point(state) == point + 1


# -- send rounds -------------------------------------------------------------------------


def test_send_left_each_card_is_scored_by_the_next_seat():
    state = rigged(3, action="send_left", hands={ANNE: [1], BEN: [2], CHRIS: [3]})
    events = play(state, {ANNE: 1, BEN: 2, CHRIS: 3})
    assert state.scores == [3, 1, 2]
    record = only(events, "round_scored").data
    assert record["send"] == "left"
    assert [m["played_by"] for m in record["moves"]] == [CHRIS, ANNE, BEN]


def test_send_right_each_card_is_scored_by_the_previous_seat():
    state = rigged(3, action="send_right", hands={ANNE: [1], BEN: [2], CHRIS: [3]})
    play(state, {ANNE: 1, BEN: 2, CHRIS: 3})
    assert state.scores == [2, 3, 1]


def test_a_send_round_passes_between_the_players_still_racing():
    state = rigged(4, round_no=2, action="send_left", hands={ANNE: [1], CHRIS: [3], DANA: [4]})
    state.eliminated_in[BEN] = 1
    play(state, {ANNE: 1, CHRIS: 3, DANA: 4})
    assert state.scores == [4, 0, 1, 3]


def test_a_send_card_drawn_after_a_collision_may_be_chosen_and_scores_as_a_send_round():
    state = rigged(3, hands={ANNE: [5], BEN: [1], CHRIS: [2]}, deck=["send_right", "cancel"])
    play(state, {ANNE: 5, BEN: 1, CHRIS: 2}, calls=(BEN,))
    events = ENGINE.apply(state, ANNE, f"a{action_id(state, 'send_right')}")
    assert state.scores == [1, 2, 5]
    assert only(events, "round_scored").data["send"] == "right"


# -- double-value cards ------------------------------------------------------------------


def test_a_double_value_card_takes_the_sign_its_scorer_chooses_after_the_reveal():
    state = rigged(2, action="multiply_by_2", hands={ANNE: ["±5"], BEN: [3]}, scores=[20, 0])
    point = ENGINE.decision_point(state)
    events = play(state, {ANNE: "±5", BEN: 3})
    assert kinds(events)[-1] == "signs_awaited"
    assert ENGINE.to_move(state) == {ANNE} and ENGINE.decision_point(state) == point + 1
    assert ENGINE.legal_moves(state, ANNE) == ["s+", "s-"]
    assert ENGINE.view(state, None)["current"]["applied"]["kind"] == "multiply_by_2"
    events = ENGINE.apply(state, ANNE, "s-")
    assert state.scores == [10, 6]
    move = only(events, "round_scored").data["moves"][ANNE]
    assert (move["sign"], move["value"], move["effect"]) == (-1, -5, -10)


def test_signs_are_chosen_after_the_victim_picks_the_action_card():
    state = rigged(2, hands={ANNE: ["±7"], BEN: [3]}, deck=["change_sign", "cancel"])
    play(state, {ANNE: "±7", BEN: 3}, calls=(BEN,))
    assert state.phase == "choose"
    ENGINE.apply(state, ANNE, f"a{action_id(state, 'change_sign')}")
    assert state.phase == "sign"
    ENGINE.apply(state, ANNE, "s-")
    assert state.scores == [7, 0]


def test_no_sign_is_asked_when_both_signs_give_the_same_result():
    state = rigged(2, action="cancel", hands={ANNE: ["±4"], BEN: [3]})
    events = play(state, {ANNE: "±4", BEN: 3})
    assert "round_scored" in kinds(events) and state.scores == [0, 0]


def test_in_a_send_round_the_receiver_chooses_the_sign():
    state = rigged(2, action="send_left", hands={ANNE: ["±3"], BEN: [2]}, scores=[0, 10])
    play(state, {ANNE: "±3", BEN: 2})
    assert ENGINE.to_move(state) == {BEN}
    with pytest.raises(IllegalMove, match="Nobody is waiting for a sign"):
        ENGINE.apply(state, ANNE, "s+")
    ENGINE.apply(state, BEN, "s-")
    assert state.scores == [2, 7]
