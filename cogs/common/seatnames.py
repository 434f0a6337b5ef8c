"""A seat's name as its reader reads it: a computer seat's level in their language, and
a player's own name exactly as they wrote it."""

from __future__ import annotations

from discord.utils import escape_markdown

from cogs.common.i18n import N_, _
from matches.match import Match, MatchError, Seats
from matches.service import COMPUTER_SEAT

COMPUTER_NAMES = {"easy": N_("{name} (easy bot)"), "strong": N_("{name} (strong bot)")}


def as_written(name: str, limit: int | None = None) -> str:
    """A name in message text or an embed, where Discord renders markdown: every markdown
    character escaped, so ``*star*`` or ``a_b_c`` reads as written wherever it stands in
    the text (not only where the name alone would be formatted); cut to ``limit``
    characters (``…`` included) before escaping, so an escape is never cut in half."""
    if limit is not None and len(name) > limit:
        name = name[: limit - 1] + "…"
    return escape_markdown(name)


def seat_name(stored: str, level: str | None) -> str:
    """A seat's stored name as the reader reads it: a computer's (``level``: how well it
    plays) ``Ada (easy bot)`` as ``Ada (máquina fácil)`` to a Spanish reader; a player's
    (no level) as it is stored. Unescaped: for button and option labels and pictures,
    which render no markdown."""
    if level is None:
        return stored
    first = stored.removesuffix(COMPUTER_SEAT.format(name="", level=level))
    return _(COMPUTER_NAMES[level], name=first)


def name_of(match: Match, seat: int, limit: int | None = None) -> str:
    """The name of ``match``'s ``seat`` as the reader reads it, for message text."""
    sitting = match.seats[seat]
    return as_written(seat_name(sitting.display_name, sitting.level), limit)


def seat_names(match: Match) -> list[str]:
    """Every seat's name as the reader reads it, in seat order, for message text."""
    return [as_written(name) for name in written_names(match)]


def written_names(match: Match) -> list[str]:
    """Every seat's name as written, in seat order, for labels and pictures."""
    return [seat_name(seat.display_name, seat.level) for seat in match.seats]


def match_refusal(error: MatchError) -> str:
    """A refusal in the language spoken now, the seats it names as the reader reads them."""
    values = {
        key: ", ".join(name_of(value.match, seat) for seat in value.seats)
        if isinstance(value, Seats) else value
        for key, value in error.values.items()
    }
    return _(error.reason, **values)
