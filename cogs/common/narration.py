"""One move of the move log in the live board's words: what the replay and the log tell.

Each game's presenter says its events (``Presenter.narrate``); here a move the table made
for an absent or timed-out player says so, as the board's clock does.
"""

from __future__ import annotations

from cogs.common.presenter import Presenter
from data.matches import LoggedMove
from matches.match import Match

PLAYED_FOR = {
    "timeout": "⌛ {name} ran out of time: the table played for them.",
    "autopilot": "💤 {name} is away: their seat played on autopilot.",
}
"""What the board, the replay and the log say of a move the table chose for a player, by
how it was chosen (a computer's own move is not among them: it plays for itself)."""


def move_lines(presenter: Presenter, match: Match, move: LoggedMove) -> list[str]:
    """The public lines of one logged move (none when nothing public happened)."""
    lines = presenter.narrate(match, move.events)
    how = PLAYED_FOR.get(move.how)
    if how is not None and move.seat is not None and lines:
        lines.insert(0, how.format(name=match.name_of(move.seat)))
    return lines
