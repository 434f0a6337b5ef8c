"""How a participant's outcome is told: one wording for the result notice, /history and /stats."""

from __future__ import annotations

from cogs.common.i18n import N_, _
from cogs.common.presenter import ordinal

NOBODY_WON = {"canyon": N_("nobody won")}
"""A match that ended with nobody winning, by game, as its result says it (else a draw)."""
DRAW = N_("a draw")


NOBODY_WON_COUNT = {"canyon": N_("nobody won {count}")}
"""How many matches nobody won, by game, beside /stats' wins (else draws)."""
DRAWS = N_("draws {count}")


def no_winner_count(game: str, count: str) -> str:
    """``draws 2``, or ``nobody won 2`` in a game that does not call it a draw."""
    return _(NOBODY_WON_COUNT.get(game, DRAWS), count=count)


def no_winner(game: str) -> str:
    """``a draw``, or how the game calls a match nobody won."""
    return _(NOBODY_WON.get(game, DRAW))


def told(
    game: str, *, won: bool, decided: bool, forfeited: bool, place: int, players: int
) -> str:
    """A participant's outcome in a few words: ``won``, ``a draw``, ``2nd of 3`` or
    ``forfeited (4th of 4)``. Nobody is called 1st of a match they did not win."""
    if forfeited:
        return _("forfeited ({place} of {players})", place=ordinal(place), players=players)
    if won:
        return _("won")
    if not decided:
        return no_winner(game)
    return _("{place} of {players}", place=ordinal(place), players=players)


def told_to_them(
    game: str, *, won: bool, decided: bool, forfeited: bool, place: int, players: int
) -> str:
    """The same outcome told to the participant: ``you won! 🏆``, ``a draw.``,
    ``you placed 2nd of 3.``, ``you forfeited (4th of 4).``"""
    if forfeited:
        return _("you forfeited ({place} of {players}).", place=ordinal(place), players=players)
    if won:
        return _("you won! 🏆")
    if not decided:
        return _("{outcome}.", outcome=no_winner(game))
    return _("you placed {place} of {players}.", place=ordinal(place), players=players)
