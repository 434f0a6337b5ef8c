"""How often, and how long, the garbage collector held the bot's process while measured.

A collection runs while nothing else does: its longest one is the longest a click can wait
for it, and all of them together are part of what each click costs.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass
from typing import Any


@dataclass
class Collections:
    """A context manager counting the collections made while it is open."""

    count: int = 0
    seconds: float = 0.0
    longest: float = 0.0
    _began: float = 0.0

    def __enter__(self) -> Collections:
        gc.callbacks.append(self._seen)
        return self

    def __exit__(self, *exc_info: object) -> None:
        gc.callbacks.remove(self._seen)

    def _seen(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
            return
        took = time.perf_counter() - self._began
        self.count += 1
        self.seconds += took
        self.longest = max(self.longest, took)

    def figures(self) -> dict[str, float]:
        return {"count": self.count, "seconds": self.seconds, "longest": self.longest}


def described(figures: dict[str, float], clicks: int) -> str:
    """``figures`` (from :meth:`Collections.figures`) as the bench prints them."""
    return (
        f"garbage collections {figures['count']:.0f} "
        f"({1000 * figures['seconds'] / max(1, clicks):.2f} ms a click, "
        f"the longest {1000 * figures['longest']:.0f} ms)"
    )
