"""Whose CPU time it was: the bot's process or the simulated Discord's, and within a
process, its event loop's thread or its other threads (the store's).

Each process reads its own clocks when measuring begins and ends, nothing in between: a
clock read around every step of the event loop cost the bot a twentieth of its time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass
class ProcessCpu:
    """A context manager: CPU seconds of this process while it is open, of the thread that
    opened it (the event loop's) and of all the others."""

    seconds: dict[str, float] = field(default_factory=dict)
    _started: tuple[float, float] = (0.0, 0.0)

    def __enter__(self) -> ProcessCpu:
        self._started = (time.process_time(), time.thread_time())
        return self

    def __exit__(self, *exc_info: object) -> None:
        process = time.process_time() - self._started[0]
        loop = time.thread_time() - self._started[1]
        # The two clocks tick apart: with no other thread at work, their difference can dip
        # just below zero.
        self.seconds = {"event loop": loop, "other threads": max(0.0, process - loop)}

    @property
    def total(self) -> float:
        return sum(self.seconds.values())
