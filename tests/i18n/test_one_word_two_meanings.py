"""One English word, two meanings: the lobby's *Start* button and Hare and Tortoise's Start
space share a word in English, and a language that says them apart does."""

from __future__ import annotations

from cogs.common import i18n
from cogs.common.components import lobby_label
from cogs.common.i18n import PSEUDO, speaking
from cogs.hare.words import space_name, spot


def test_the_start_space_and_the_start_button_are_said_apart_in_italian():
    with speaking("it"):
        assert lobby_label("start") == "Inizia"
        assert spot(0) == space_name(0) == "Partenza"


def test_both_are_start_in_english_and_marked_in_the_pseudo_language():
    assert spot(0) == space_name(0) == lobby_label("start") == "Start"
    with speaking(PSEUDO):
        assert spot(0) == f"{i18n.PSEUDO_OPEN}Start{i18n.PSEUDO_CLOSE}"
