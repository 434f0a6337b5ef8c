"""Discord's global rate limit, kept by the bot before Discord has to enforce it.

Discord lets a bot make 50 requests a second (more once Discord raises its limit), counting
every call made with the bot's token: board and hand edits, notices, fetches. Answers to
interactions are not counted. discord.py only reacts to a global 429, after every call in
flight has been refused, and each refusal counts toward Cloudflare's ban on invalid
requests. So the bot paces its own calls: a busy table shows its boards a little later,
never gets banned, and the answers to clicks are never held back. When calls have to wait,
the edits of boards and of hands whose players wait anyway go after all the others.

Several processes of the bot share one limit: each takes an equal share of it. Every
process records a heartbeat in the database every :data:`HEARTBEAT` seconds and counts the
processes seen within :data:`PROCESS_LIFETIME` (``data.processes``); its pace allows the
rate divided by that count (:meth:`GlobalPace.share`). Shares, not one bucket in the
database: a shared bucket would cost a database write before every call to Discord (fifty
a second, each synced to disk) and make every call wait for the database, where a share
costs one write per process per heartbeat and keeps the pace in memory. A process that
starts counts itself at once; the others count it within a heartbeat, and one killed is
counted out within :data:`PROCESS_LIFETIME` (one stopped, at once): until then the
processes together may go over by a share, or under.
"""

from __future__ import annotations

import asyncio
from collections import deque
from contextvars import ContextVar
from typing import Any

from discord.http import HTTPClient, Route

DISCORD_GLOBAL_RATE = 50
"""Requests a second Discord allows a bot unless it raised the bot's limit."""
HEARTBEAT = 5.0
"""Seconds between a process's heartbeats, when it counts the processes sharing the rate."""
PROCESS_LIFETIME = 3 * HEARTBEAT
"""Seconds without a heartbeat after which a process counts as gone (killed)."""


LATER: ContextVar[bool] = ContextVar("paced_later", default=False)
"""Set where the calls made may wait for every other call (a board, a hand that waits)."""


class GlobalPace:
    """At most ``most`` calls in any ``window`` of seconds, wherever Discord counts them.

    A call holds its slot from when it is let go until a window after it is over: Discord
    saw it somewhere in between, however late a busy event loop sent it. Callers wait in
    the order they came, in three lanes: ``ahead`` ones (the bot's way back to the
    gateway) first, then the others, those in :data:`LATER` after every other.
    """

    def __init__(self, most: int, window: float = 1.0) -> None:
        if most < 1:
            raise ValueError("a global rate allows at least one call")
        self.total = most
        """The rate of every process together."""
        self.most = most
        """This process's share of it."""
        self.window = window
        self._in_flight = 0
        self._over: deque[float] = deque()
        """When the calls of the last window ended."""
        self._lanes: tuple[deque[asyncio.Future[None]], ...] = (deque(), deque(), deque())
        """Callers waiting: ahead, the others, later."""
        self._timer: asyncio.TimerHandle | None = None

    async def acquire(self, *, ahead: bool = False) -> None:
        """Wait for a slot; pair with :meth:`release` once the call is over."""
        if not any(self._lanes) and self._room():
            self._in_flight += 1
            return
        waiters = self._lanes[0 if ahead else 2 if LATER.get() else 1]
        granted = asyncio.get_running_loop().create_future()
        waiters.append(granted)
        self._let_go()
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self.release()  # let go just as its caller gave up
            elif granted in waiters:
                waiters.remove(granted)
            raise

    def share(self, processes: int) -> None:
        """Take an equal share of the rate with the other processes (``processes`` alive,
        this one included); at least one call a window."""
        self.most = max(1, self.total // max(1, processes))
        self._let_go()

    def release(self) -> None:
        self._in_flight -= 1
        self._over.append(asyncio.get_running_loop().time())
        self._let_go()

    def _room(self) -> bool:
        now = asyncio.get_running_loop().time()
        while self._over and self._over[0] <= now - self.window:
            self._over.popleft()
        return self._in_flight + len(self._over) < self.most

    def _let_go(self) -> None:
        """Give the free slots to the callers waiting, lane by lane; if some are left
        waiting, look again when the oldest slot frees."""
        while (lane := next((lane for lane in self._lanes if lane), None)) and self._room():
            granted = lane.popleft()
            if not granted.done():
                self._in_flight += 1
                granted.set_result(None)
        if any(self._lanes) and self._over and self._timer is None:
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(
                self._over[0] + self.window - loop.time(), self._on_timer
            )

    def _on_timer(self) -> None:
        self._timer = None
        self._let_go()


def pace_requests(http: HTTPClient, pace: GlobalPace) -> None:
    """Every call discord.py makes with the bot's token waits for ``pace`` first; asking
    for the gateway (to connect again) goes ahead of every edit. Answers to interactions
    go through discord.py's webhook adapter instead and are not paced, as Discord does not
    count them."""
    request = http.request

    async def paced(route: Route, **kwargs: Any) -> Any:
        await pace.acquire(ahead=route.path.startswith("/gateway"))
        try:
            return await request(route, **kwargs)
        finally:
            pace.release()

    http.request = paced  # type: ignore[method-assign]
