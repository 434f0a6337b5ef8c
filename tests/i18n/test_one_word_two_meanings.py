"""One English word, two meanings, said apart in Italian: the lobby's *Start* and *Cancel*
buttons (the rulebooks' *Inizia* and *Annulla*) beside Hare and Tortoise's Start space and
Great Canyon Race's Cancel card."""

from __future__ import annotations

from cogs.common.components import lobby_label
from cogs.common.i18n import _, speaking
from cogs.hare.words import space_name, spot
from rules.canyon.cards import ACTION_KINDS


def test_the_lobby_buttons_and_the_games_words_are_said_apart_in_italian():
    with speaking("it"):
        assert (lobby_label("start"), lobby_label("cancel")) == ("Inizia", "Annulla")
        assert spot(0) == space_name(0) == "Partenza"
        assert _(ACTION_KINDS["cancel"].label) == "Annulla"


def test_they_are_the_same_words_in_english():
    assert (lobby_label("start"), lobby_label("cancel")) == ("Start", "Cancel")
    assert spot(0) == space_name(0) == "Start"
