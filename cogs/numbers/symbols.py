"""The names of Sequence Numbers' sides, in words and on the picture: their colours."""

from __future__ import annotations

from cogs.common.i18n import N_, _
from cogs.common.pictures import seat_colour

COLOURS = {"blue": N_("Blue"), "orange": N_("Orange"), "green": N_("Green")}
"""The name of each side's colour (Sequence Numbers seats at most three sides)."""


def colour_name(side: int) -> str:
    """The colour of ``side`` in the language spoken (``Blue``)."""
    return _(COLOURS[seat_colour(side).name])
