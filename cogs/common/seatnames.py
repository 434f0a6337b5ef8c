"""A seat's name as its reader reads it: a computer seat's level in their language, and
a player's own name exactly as they wrote it."""

from __future__ import annotations

import re

from discord.utils import escape_markdown

from cogs.common.i18n import N_, _
from matches.match import Match

STORED_COMPUTER = re.compile(r"(?P<name>.+) \((?P<level>easy|strong) bot\)")
"""A computer seat's name as the table stores it with the seat: ``Ada (easy bot)``."""
COMPUTER_NAMES = {"easy": N_("{name} (easy bot)"), "strong": N_("{name} (strong bot)")}


def as_written(name: str) -> str:
    """A name in message text or an embed, where Discord renders markdown: every markdown
    character escaped, so ``*star*`` or ``a_b_c`` reads as written wherever it stands in
    the text (not only where the name alone would be formatted)."""
    return escape_markdown(name)


def written_name(stored: str) -> str:
    """``Ada (easy bot)`` as ``Ada (máquina fácil)`` to a Spanish reader; any other name as
    it is stored. Unescaped: for button and option labels and pictures, which render no
    markdown."""
    found = STORED_COMPUTER.fullmatch(stored)
    if found is None:
        return stored
    return _(COMPUTER_NAMES[found["level"]], name=found["name"])


def shown_name(stored: str, limit: int | None = None) -> str:
    """:func:`written_name` for message text and embeds (markdown escaped); cut to ``limit``
    characters (``…`` included) before escaping, so an escape is never cut in half."""
    name = written_name(stored)
    if limit is not None and len(name) > limit:
        name = name[: limit - 1] + "…"
    return as_written(name)


def name_of(match: Match, seat: int) -> str:
    """The name of ``match``'s ``seat`` as the reader reads it, for message text."""
    return shown_name(match.name_of(seat))


def seat_names(match: Match) -> list[str]:
    """Every seat's name as the reader reads it, in seat order, for message text."""
    return [shown_name(seat.display_name) for seat in match.seats]


def written_names(match: Match) -> list[str]:
    """Every seat's name as written, in seat order, for labels and pictures."""
    return [written_name(seat.display_name) for seat in match.seats]
