"""Great Canyon Race: the decks, their checks on load, the options and the deal."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.base import InvalidOptions
from rules.canyon import ACCELERATION, ACTIONS, ENGINE
from rules.canyon.cards import Acceleration, Action, validate_acceleration, validate_actions


def test_the_decks_are_the_rulebooks_data_default():
    values = Counter(c.label for c in ACCELERATION)
    assert len(ACCELERATION) == 63
    assert values["+1"] == 6 and values["+8"] == 3 and values["-4"] == 2
    assert sorted(c.label for c in ACCELERATION if c.double) == [f"±{n}" for n in range(2, 8)]
    assert len(ACTIONS) == 21
    assert Counter(a.kind for a in ACTIONS) == {
        "divide_by_2": 3,
        "multiply_by_2": 3,
        "multiply_by_3": 1,
        "keep_value": 3,
        "change_sign": 2,
        "change_sign_multiply_by_2": 2,
        "cancel": 3,
        "send_left": 2,
        "send_right": 2,
    }


def test_broken_card_data_is_refused_on_load():
    with pytest.raises(ValueError, match="ids"):
        validate_acceleration((Acceleration(1, 3),))
    with pytest.raises(ValueError, match="at least"):
        validate_acceleration(tuple(Acceleration(i, 1) for i in range(10)))
    with pytest.raises(ValueError, match="non-zero"):
        validate_acceleration((Acceleration(0, 0), *ACCELERATION[1:]))
    with pytest.raises(ValueError, match="unknown action kind"):
        validate_actions((Action(0, "teleport"), *ACTIONS[1:]))
    with pytest.raises(ValueError, match="row needs"):
        validate_actions(ACTIONS[:5])


def test_options_are_none():
    assert ENGINE.options({}, 4) == {}
    with pytest.raises(InvalidOptions):
        ENGINE.options({"turbo": True}, 4)


def test_setup_deals_five_cards_and_shows_the_action_cards_of_rounds_1_and_4():
    state = ENGINE.setup(6, {}, seed=5)
    assert [len(h) for h in state.hands] == [5] * 6
    assert len(state.stock) == 63 - 30
    assert len(state.row) == 10 and len(state.action_deck) == 11
    view = ENGINE.view(state, None)
    assert [cell["round"] for cell in view["row"] if cell["face_up"]] == [1, 4]
    assert all("action" not in cell for cell in view["row"] if not cell["face_up"])
    assert view["scores"] == [0] * 6 and view["awaiting"] == list(range(6))
