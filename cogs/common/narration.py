"""One move of the move log in the live board's words: what the replay and the log tell.

Each game's presenter says its events (``Presenter.narrate``); here a move the table made
for an absent or timed-out player says so, as the board's clock does.
"""

from __future__ import annotations

from cogs.common.i18n import N_, _
from cogs.common.presenter import Presenter
from cogs.common.seatnames import name_of
from data.move_rows import LoggedMove
from matches.match import Match

PLAYED_FOR = {
    "timeout": N_("⌛ {name} ran out of time: the table played for them."),
    "autopilot": N_("💤 {name} is away: their seat played on autopilot."),
    "resigned": N_("🏳️ {name} resigned: their seat played on autopilot."),
}
"""What the board, the replay and the log say of a move the table chose for a player, by
how it was chosen (a computer's own move is not among them: it plays for itself)."""
AUTOPILOT = {
    "absent": N_("{name} (absent)"),
    "resigned": N_("{name} (resigned)"),
}
"""A seat on autopilot in the board's clock, by why."""


def move_lines(presenter: Presenter, match: Match, move: LoggedMove) -> list[str]:
    """The public lines of one logged move (none when nothing public happened)."""
    lines = presenter.narrate(match, move.events)
    how = PLAYED_FOR.get(move.how)
    if how is not None and move.seat is not None and lines:
        lines.insert(0, _(how, name=name_of(match, move.seat)))
    return lines
