"""A seat's name as its reader reads it: a computer seat's level in their language."""

from __future__ import annotations

import re

from cogs.common.i18n import N_, _
from matches.match import Match

STORED_COMPUTER = re.compile(r"(?P<name>.+) \((?P<level>easy|strong) bot\)")
"""A computer seat's name as the table stores it with the seat: ``Ada (easy bot)``."""
COMPUTER_NAMES = {"easy": N_("{name} (easy bot)"), "strong": N_("{name} (strong bot)")}


def shown_name(stored: str) -> str:
    """``Ada (easy bot)`` as ``Ada (máquina fácil)`` to a Spanish reader; any other name as
    it is stored."""
    found = STORED_COMPUTER.fullmatch(stored)
    if found is None:
        return stored
    return _(COMPUTER_NAMES[found["level"]], name=found["name"])


def name_of(match: Match, seat: int) -> str:
    """The name of ``match``'s ``seat`` as the reader reads it."""
    return shown_name(match.name_of(seat))


def seat_names(match: Match) -> list[str]:
    """Every seat's name as the reader reads it, in seat order."""
    return [shown_name(seat.display_name) for seat in match.seats]
