"""At most one update in flight per key; requests during it fold into one more run.

A burst of clicks on one match leads to at most two edits of its board: the one
already in flight and one more that shows the latest state. A key may also be held to a
number of updates per window of seconds (a channel's message rate): requests meanwhile
fold into the update that runs when the window allows, so the last state always lands.
A request may also allow some seconds before its update (a hand whose player waits):
the requests of those seconds fold into one update, and a request that cannot wait
brings it forward. An update that failed for a passing reason may be run again after some
seconds (:meth:`Coalescer.retry`): the requests of those seconds fold into it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

from cogs.common.pacing import LATER
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
        self._due: dict[Key, float] = {}
        """When each requested update is due, on the event loop's clock."""
        self._may_wait: set[Key] = set()
        """Keys whose every request since their last update allowed some seconds."""
        self._running: dict[Key, asyncio.Task[None]] = {}
        self._sleeping: dict[Key, tuple[float, asyncio.Future[None]]] = {}
        """Keys whose task sleeps until its update is due: until when, and what wakes it."""
        self._held: dict[Key, float] = {}
        """Keys whose next update waits until then, whatever is requested (a retry)."""
        self._closing = False
        self._recent: Fading[Key, deque[float]] = Fading(KEYS_KEPT)
        """When each key's last updates ran; a key quiet for its window is forgotten."""

    def request(self, key: Key, *, within: float = 0.0) -> asyncio.Task[None]:
        """Ask for an update of ``key`` within ``within`` seconds (0: as soon as its rate
        allows); returns the task that will carry it out."""
        if within > 0 and key not in self._dirty:
            self._may_wait.add(key)
        elif within <= 0:
            self._may_wait.discard(key)
        self._dirty.add(key)
        due = asyncio.get_running_loop().time() + within
        self._due[key] = min(due, self._due.get(key, math.inf))
        task = self._running.get(key)
        sleeping = self._sleeping.get(key)
        if task is None or (sleeping is not None and sleeping[0] > self._when(key)):
            task = self._take_over(key)
        return task

    def retry(self, key: Key, after: float) -> None:
        """Run the key's update again, not before ``after`` seconds (its last one failed for
        a passing reason); what is requested meanwhile folds into it."""
        self._held[key] = asyncio.get_running_loop().time() + after
        self.request(key)

    def _when(self, key: Key) -> float:
        """When the key's update may run, on the event loop's clock."""
        return max(self._due[key], self._held.get(key, -math.inf))

    def _take_over(self, key: Key) -> asyncio.Task[None]:
        """A new task for the key's updates; one sleeping in :meth:`_until_due` is woken
        and gives up, having nothing left to do."""
        sleeping = self._sleeping.pop(key, None)
        if sleeping is not None and not sleeping[1].done():
            sleeping[1].set_result(None)
        task = asyncio.create_task(self._drain(key), name=f"coalesced-update-{key}")
        self._running[key] = task
        return task

    async def _drain(self, key: Key) -> None:
        me = asyncio.current_task()
        try:
            while key in self._dirty:
                if not await self._until_due(key, me):
                    return
                await self._wait_for_room(key)
                self._dirty.discard(key)
                del self._due[key]
                self._held.pop(key, None)
                # An update every request let wait also lets the others' calls go first.
                later = LATER.set(key in self._may_wait)
                self._may_wait.discard(key)
                try:
                    await self._update(key)
                except Exception:
                    log.exception("update of %s failed", key)
                finally:
                    LATER.reset(later)
                    self._count(key)
        finally:
            if self._running.get(key) is me:
                del self._running[key]

    async def _until_due(self, key: Key, me: asyncio.Task[None] | None) -> bool:
        """Sleep until the key's update is due; False if another task took the update over
        meanwhile (a request that could not wait so long)."""
        loop = asyncio.get_running_loop()
        while not self._closing and (left := self._when(key) - loop.time()) > 0:
            wake = loop.create_future()
            self._sleeping[key] = (self._when(key), wake)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake, left)
            if self._running.get(key) is not me:
                return False
            self._sleeping.pop(key, None)
        return True

    @property
    def closing(self) -> bool:
        """Whether :meth:`hurry` was called: every update is made as soon as it may."""
        return self._closing

    def hurry(self) -> None:
        """From now on every update is made as soon as its rate allows (the bot is closing)."""
        self._closing = True
        for key in list(self._sleeping):
            self._take_over(key)

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
        """Carry out every update asked for, those allowed to wait too (used at shutdown)."""
        self.hurry()
        while self._running:
            await asyncio.gather(*self._running.values(), return_exceptions=True)
