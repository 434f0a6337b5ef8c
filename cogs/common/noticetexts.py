"""What a notice asking a player to move says: until when, in the language spoken now."""

from __future__ import annotations

from collections.abc import Callable

from cogs.common.i18n import N_, _
from cogs.common.presenter import moment
from data import clocks

Say = Callable[[str], str]
"""A notice's text in the language spoken now, given its match's name in that language."""


def your_move(told: str, deadline: clocks.Deadline | None) -> Say:
    """A decision opened: ``told`` (a time-out just now) first, then until when."""
    return until(
        N_("⏰ Your move in {match}."), N_("⏰ Your move in {match}. You have until {when}."),
        deadline, told,
    )


def first_move(deadline: clocks.Deadline | None) -> Say:
    """The match started and awaits the player: until when, if it is timed."""
    return until(
        N_("🎲 {match} has started: your move."),
        N_("🎲 {match} has started: your move. You have until {when}."),
        deadline,
    )


def until(untimed: str, timed: str, deadline: clocks.Deadline | None, told: str = "") -> Say:
    """``told``, then ``untimed``, or ``timed`` with the deadline when there is one."""

    def say(named: str) -> str:
        if deadline is None:
            return told + _(untimed, match=named)
        return told + _(timed, match=named, when=moment(deadline.due_at))

    return say
