"""At most one update in flight per key; requests during it fold into one more run.

A burst of clicks on one match leads to at most two edits of its board: the one
already in flight and one more that shows the latest state. A key may also be held to a
number of updates per window of seconds (a channel's message rate): requests meanwhile
fold into the update that runs when the window allows, so the last state always lands.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

from matches.keyed import Fading

Key = TypeVar("Key", bound=Hashable)

log = logging.getLogger(__name__)


KEYS_KEPT = 4096
"""Keys whose recent updates are remembered before quiet ones are looked for."""

Rate = tuple[int, float]
"""At most this many updates of one key in any window of this many seconds."""


class Coalescer(Generic[Key]):
    def __init__(
        self,
        update: Callable[[Key], Awaitable[None]],
        rate: Callable[[Key], Rate | None] = lambda key: None,
    ) -> None:
        self._update = update
        self._rate = rate
        self._dirty: set[Key] = set()
        self._running: dict[Key, asyncio.Task[None]] = {}
        self._recent: Fading[Key, deque[float]] = Fading(KEYS_KEPT)
        """When each key's last updates ran; a key quiet for its window is forgotten."""

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
                await self._wait_for_room(key)
                self._dirty.discard(key)
                try:
                    await self._update(key)
                except Exception:
                    log.exception("update of %s failed", key)
                finally:
                    self._count(key)
        finally:
            del self._running[key]

    async def _wait_for_room(self, key: Key) -> None:
        """Sleep until the key's rate allows one more update."""
        rate = self._rate(key)
        if rate is None:
            return
        most, window = rate
        loop = asyncio.get_running_loop()
        recent = self._recent.get(key) or deque()
        while recent and recent[0] <= loop.time() - window:
            recent.popleft()
        if len(recent) >= most:
            await asyncio.sleep(recent[0] + window - loop.time())
            recent.popleft()

    def _count(self, key: Key) -> None:
        """Count an update once it is over. Its call reached Discord by then, however long
        a busy event loop took to send it, so updates that start a window after the ones
        counted also reach Discord a window after them."""
        rate = self._rate(key)
        if rate is None:
            return
        now = asyncio.get_running_loop().time()
        recent = self._recent.get(key) or deque()
        recent.append(now)
        self._recent.set(key, recent, until=now + rate[1], now=now)

    async def wait_idle(self) -> None:
        """Wait for every update in flight (used at shutdown)."""
        while self._running:
            await asyncio.gather(*self._running.values(), return_exceptions=True)
