"""Every word printed in the Hare and Tortoise board picture, in the language spoken now."""

from __future__ import annotations

from cogs.common.i18n import N_, _

PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"))
"""The finishing places a race of at most six runners prints (the picture stays free of the
table's messages, so it spells its own few)."""


def start() -> str:
    """The Start area's name, printed in capitals."""
    return _("START")


def finish() -> str:
    """The Finish area's name, printed in capitals."""
    return _("FINISH")


def finishing_place(place: int) -> str:
    """Beside a marker home: ``1st``."""
    return _(PLACES[place - 1])


def to_move() -> str:
    """A player's status while their move is awaited."""
    return _("to move")


def finished(places: list[tuple[int, str]], two_markers: bool) -> str:
    """``finished 2nd``; with two markers, each one's place: ``finished O2 1st, O1 3rd``."""
    if two_markers:
        each = ", ".join(f"{label} {finishing_place(place)}" for place, label in places)
        return _("finished {places}", places=each)
    return _("finished {place}", place=finishing_place(places[0][0]))
