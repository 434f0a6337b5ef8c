"""At most one update in flight per key; requests during it fold into one more run.

A burst of clicks on one match leads to at most two edits of its board: the one
already in flight and one more that shows the latest state.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)

log = logging.getLogger(__name__)


class Coalescer(Generic[Key]):
    def __init__(self, update: Callable[[Key], Awaitable[None]]) -> None:
        self._update = update
        self._dirty: set[Key] = set()
        self._running: dict[Key, asyncio.Task[None]] = {}

    def request(self, key: Key) -> asyncio.Task[None]:
        """Ask for an update of ``key``; returns the task that will carry it out."""
        self._dirty.add(key)
        task = self._running.get(key)
        if task is None:
            task = asyncio.create_task(self._drain(key), name=f"coalesced-update-{key}")
            self._running[key] = task
        return task

    async def _drain(self, key: Key) -> None:
        try:
            while key in self._dirty:
                self._dirty.discard(key)
                try:
                    await self._update(key)
                except Exception:
                    log.exception("update of %s failed", key)
        finally:
            del self._running[key]

    async def wait_idle(self) -> None:
        """Wait for every update in flight (used at shutdown)."""
        while self._running:
            await asyncio.gather(*self._running.values(), return_exceptions=True)
