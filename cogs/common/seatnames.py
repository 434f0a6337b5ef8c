"""A seat's name as its reader reads it: a computer seat's level in their language."""

from __future__ import annotations

import re

from cogs.common.i18n import N_, _
from matches.match import Match
from matches.service import COMPUTER_SEAT

STORED_COMPUTER = re.compile(r"(?P<name>.+) \((?P<level>easy|strong) bot\)")
"""A computer seat's name as the table stores it with the seat: ``Ada (easy bot)``."""
COMPUTER_NAMES = {"easy": N_("{name} (easy bot)"), "strong": N_("{name} (strong bot)")}


def seat_name(stored: str, level: str | None) -> str:
    """A seat's stored name as the reader reads it: a computer's (``level``: how well it
    plays) ``Ada (easy bot)`` as ``Ada (máquina fácil)`` to a Spanish reader; a player's
    (no level) as it is stored."""
    if level is None:
        return stored
    first = stored.removesuffix(COMPUTER_SEAT.format(name="", level=level))
    return _(COMPUTER_NAMES[level], name=first)


def shown_name(stored: str) -> str:
    """A seat's name as the reader reads it where only its stored name is at hand: a
    computer's level is read back from the name."""
    found = STORED_COMPUTER.fullmatch(stored)
    return seat_name(stored, found["level"] if found else None)


def name_of(match: Match, seat: int) -> str:
    """The name of ``match``'s ``seat`` as the reader reads it."""
    sitting = match.seats[seat]
    return seat_name(sitting.display_name, sitting.level)


def seat_names(match: Match) -> list[str]:
    """Every seat's name as the reader reads it, in seat order."""
    return [seat_name(seat.display_name, seat.level) for seat in match.seats]
