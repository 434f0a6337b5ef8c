"""The table's clocks: paces, deadlines, reminders, absent players and forfeits.

Pure policy: no I/O, and time is passed in as seconds since the epoch, so it is tested
with any clock. ``matches.play`` stores what this decides; the scheduler loop in the
Discord layer asks it what is due.

Rulings (stated in the README and in each rulebook's Discord section):
- A player whose time runs out has the simplest legal move played for them, narrated
  as a time-out. After ``ABSENT_AFTER_TIMEOUTS`` time-outs in a row the seat is marked
  absent and plays on autopilot until its player comes back.
- A player who resigns, or whose seat is still on autopilot when the match ends,
  forfeits: they are placed after every player who stayed (among themselves in the
  game's own order), cannot win, and their career counts the match as played and lost
  with 0 points. If the game named only forfeiting players as winners, the best placed
  players who stayed win instead.
- When every player is on autopilot the match ends as abandoned, without a result.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules.base import N_, Outcome

MINUTE, HOUR, DAY = 60.0, 3600.0, 86400.0


@dataclass(frozen=True)
class Pace:
    """How long each decision may take, chosen when the lobby opens."""

    key: str
    title: str
    per_decision: float | None
    """Seconds a player has for a decision; None: untimed."""
    notify_when_open: bool
    """Notify as soon as a decision opens (not in a live match: only once a player is slow)."""


PACES: dict[str, Pace] = {
    pace.key: pace
    for pace in (
        Pace("live", N_("Live: 3 minutes a decision"), 3 * MINUTE, notify_when_open=False),
        Pace("daily", N_("Daily: a day a decision"), DAY, notify_when_open=True),
        Pace("relaxed", N_("Relaxed: three days a decision"), 3 * DAY, notify_when_open=True),
        Pace("untimed", N_("Untimed: no clock"), None, notify_when_open=True),
    )
}
DEFAULT_PACE = "daily"
"""A day a decision suits a community server that plays over days."""

REMINDERS: tuple[tuple[str, float], ...] = (("half-time", 0.5), ("last-call", 0.9))
"""Reminders before a deadline: at half time and with a tenth of the time left."""
ABSENT_AFTER_TIMEOUTS = 3
LOBBY_LIFETIME = 2 * DAY
"""A lobby never started expires."""
IDLE_LIFETIME = 14 * DAY
"""A match without a move for this long ends as abandoned (only untimed ones get there)."""
ACTIVE_WINDOW = 2 * MINUTE
"""A player who acted this recently is not notified: they are at the table."""
TICK = 30.0
"""How often the scheduler looks for what is due."""


def pace_of(key: str | None) -> Pace:
    """The pace of ``key``; the default one for None or a pace no longer offered."""
    return PACES.get(key or DEFAULT_PACE, PACES[DEFAULT_PACE])


def reminders_due(opened_at: float, due_at: float, now: float) -> list[str]:
    """The reminders of a decision whose time has come (before the deadline itself)."""
    if now >= due_at:
        return []
    span = due_at - opened_at
    return [name for name, fraction in REMINDERS if now >= opened_at + span * fraction]


def forfeit(outcome: Outcome, forfeited: Iterable[int]) -> Outcome:
    """The result once forfeits are applied (see the module's rulings)."""
    out = frozenset(forfeited)
    if not out:
        return outcome
    places = outcome.places
    order = sorted(range(len(places)), key=lambda i: (i in out, places[i]))
    new_places = [0] * len(places)
    for rank, i in enumerate(order):
        previous = order[rank - 1] if rank else None
        tied = previous is not None and (previous in out) == (i in out) and (
            places[previous] == places[i]
        )
        new_places[i] = new_places[previous] if tied and previous is not None else rank + 1
    stayed = [i for i in range(len(places)) if i not in out]
    winners = outcome.winners - out
    if outcome.winners and not winners and stayed:
        best = min(places[i] for i in stayed)
        winners = frozenset(i for i in stayed if places[i] == best)
    return replace(outcome, winners=frozenset(winners), places=tuple(new_places))
