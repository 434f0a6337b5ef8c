"""Why First?: the deck, its white numbers, the options and the deal of each stage."""

from __future__ import annotations

import pytest

from rules.base import InvalidOptions
from rules.whyfirst import DECK, ENGINE

DECK_COUNTS = {-4: 1, -3: 3, -2: 4, -1: 5, 1: 6, 2: 5, 3: 4, 4: 3, 5: 1}
"""The 32 cards of the ruling in GAMES.md (not the Italian table's 34)."""


def test_deck_has_the_32_cards_of_the_ruling():
    assert len(DECK) == 32
    assert {v: sum(c.value == v for c in DECK) for v in DECK_COUNTS} == DECK_COUNTS
    assert sorted(c.white for c in DECK) == list(range(1, 33))


def test_white_numbers_grow_with_absolute_value_and_alternate_negative_first():
    by_white = sorted(DECK, key=lambda c: c.white)
    assert [c.value for c in by_white[:11]] == [-1, 1, -1, 1, -1, 1, -1, 1, -1, 1, 1]
    assert [c.value for c in by_white[28 - 1 :]] == [-4, 4, 4, 4, 5]
    assert ENGINE.card(0).label == "-4"
    assert ENGINE.card(31).label == "+5"


def test_options_default_to_standard_and_reject_the_unknown():
    assert ENGINE.options({}, 3) == {"variant": "standard"}
    assert ENGINE.options({"variant": "tactical"}, 3) == {"variant": "tactical"}
    with pytest.raises(InvalidOptions):
        ENGINE.options({"variant": "chaos"}, 3)
    with pytest.raises(InvalidOptions):
        ENGINE.options({"turbo": True}, 3)


def test_each_stage_starts_on_the_start_space_with_five_cards_each():
    state = ENGINE.setup(5, {}, seed=1)
    assert state.positions == [0] * 5
    assert [len(h) for h in state.hands] == [5] * 5
    assert len(state.undealt) == 32 - 25
    assert ENGINE.figures(state) == 5
    assert ENGINE.phantoms(state) == {}


def test_the_deck_data_is_the_only_place_of_its_contents():
    """A corrected deck.json loads: the engine checks its shape, not the counts or numbers."""
    from rules.whyfirst import cards

    corrected = [cards.Card(i, -c.value, 33 - c.white) for i, c in enumerate(DECK)]
    cards._validate_deck(corrected)
    with pytest.raises(ValueError, match="white numbers"):
        cards._validate_deck([*corrected[:-1], cards.Card(31, 2, corrected[0].white)])
