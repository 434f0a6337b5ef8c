"""Work waiting for a SQLite connection's thread, taken a batch at a time, and each asker
given its outcome."""

from __future__ import annotations

import asyncio
from typing import Any

from data import direct

MAX_BATCH = 64
"""Pieces of work sharing one call to the thread (or one commit) at most: a long queue
still moves regularly."""

Waiting = list[tuple[direct.Work[Any], asyncio.Future[Any]]]
"""Work and the future its asker awaits, in the order asked."""


def take_batch(waiting: Waiting) -> Waiting:
    """The next batch of waiting work, less what its askers gave up on."""
    taken = [(work, asked) for work, asked in waiting[:MAX_BATCH] if not asked.done()]
    del waiting[:MAX_BATCH]
    return taken


def settle(taken: Waiting, outcomes: list[tuple[bool, Any]]) -> None:
    """Give each asker its outcome: what the work returned, or its error."""
    for (_, asked), (kept, outcome) in zip(taken, outcomes, strict=True):
        if asked.done():  # the asker gave up meanwhile
            continue
        if kept:
            asked.set_result(outcome)
        else:
            asked.set_exception(outcome)
