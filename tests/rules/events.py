"""Reading the events a move gave: their kinds in order, or the one of a kind."""

from __future__ import annotations

from collections.abc import Iterable

from rules.base import Event


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def only(events: Iterable[Event], kind: str) -> Event:
    """The one event of ``kind`` among ``events``."""
    (event,) = [e for e in events if e.kind == kind]
    return event
