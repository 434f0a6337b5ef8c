"""Discord's global rate limit, kept by the bot before Discord has to enforce it.

Discord lets a bot make 50 requests a second (more once Discord raises its limit), counting
every call made with the bot's token: board and hand edits, notices, fetches. Answers to
interactions are not counted. discord.py only reacts to a global 429, after every call in
flight has been refused, and each refusal counts toward Cloudflare's ban on invalid
requests. So the bot paces its own calls: a busy table shows its boards a little later,
never gets banned, and the answers to clicks are never held back.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

from discord.http import HTTPClient, Route

DISCORD_GLOBAL_RATE = 50
"""Requests a second Discord allows a bot unless it raised the bot's limit."""


class GlobalPace:
    """At most ``most`` calls in any ``window`` of seconds, wherever Discord counts them.

    A call holds its slot from when it is let go until a window after it is over: Discord
    saw it somewhere in between, however late a busy event loop sent it. Callers wait in
    the order they came.
    """

    def __init__(self, most: int, window: float = 1.0) -> None:
        if most < 1:
            raise ValueError("a global rate allows at least one call")
        self.most = most
        self.window = window
        self._in_flight = 0
        self._over: deque[float] = deque()
        """When the calls of the last window ended."""
        self._turn = asyncio.Lock()
        self._ended = asyncio.Event()

    async def acquire(self) -> None:
        """Wait for a slot; pair with :meth:`release` once the call is over."""
        async with self._turn:
            loop = asyncio.get_running_loop()
            while True:
                now = loop.time()
                while self._over and self._over[0] <= now - self.window:
                    self._over.popleft()
                if self._in_flight + len(self._over) < self.most:
                    self._in_flight += 1
                    return
                if self._over:
                    await asyncio.sleep(self._over[0] + self.window - now)
                else:  # every slot is a call still in flight
                    self._ended.clear()
                    await self._ended.wait()

    def release(self) -> None:
        self._in_flight -= 1
        self._over.append(asyncio.get_running_loop().time())
        self._ended.set()


def pace_requests(http: HTTPClient, pace: GlobalPace) -> None:
    """Every call discord.py makes with the bot's token waits for ``pace`` first. Answers
    to interactions go through discord.py's webhook adapter instead and are not paced, as
    Discord does not count them."""
    request = http.request

    async def paced(route: Route, **kwargs: Any) -> Any:
        await pace.acquire()
        try:
            return await request(route, **kwargs)
        finally:
            pace.release()

    http.request = paced  # type: ignore[method-assign]
