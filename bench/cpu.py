"""Whose CPU time it was: the bot's, or the simulated Discord's and its players'.

The bench, the bot and the simulated Discord share one process and one event loop. Every
step the loop runs is a callback: a task's step, or a connection reading its socket. Each is
put on the side it ran for, by the code of the task's coroutine or the connection's protocol:
the simulated Discord's server and driver, the bench's players and aiohttp's server side on
one side, everything else (discord.py, aiohttp's client, the table) on the bot's. A gateway
event the driver feeds is parsed by discord.py inside the driver's step, so that parse counts
on the simulated side: the bot's figure is a little low, never high. The store's threads
count apart, and the loop's own bookkeeping is the main thread's time outside any step.
"""

from __future__ import annotations

import asyncio
import asyncio.events
import time
from collections import Counter
from typing import Any

SIMULATED = ("/tests/fakediscord/", "/bench/", "/aiohttp/web")
"""Code of the simulated side, by where its file is."""
SIMULATED_MODULES = ("tests.fakediscord", "bench", "aiohttp.web")


class CpuSplit:
    """A context manager that splits the process's CPU time while it is open."""

    def __init__(self) -> None:
        self.seconds: Counter[str] = Counter()
        self._started: tuple[float, float] = (0.0, 0.0)
        self._original: Any = None

    def __enter__(self) -> CpuSplit:
        original = self._original = asyncio.events.Handle._run
        seconds = self.seconds

        def run(handle: asyncio.events.Handle) -> None:
            started = time.thread_time()
            try:
                original(handle)
            finally:
                seconds[side(handle._callback)] += time.thread_time() - started  # type: ignore[attr-defined]

        asyncio.events.Handle._run = run  # type: ignore[method-assign]
        self._started = (time.process_time(), time.thread_time())
        return self

    def __exit__(self, *exc_info: object) -> None:
        process, thread = time.process_time(), time.thread_time()
        asyncio.events.Handle._run = self._original  # type: ignore[method-assign]
        main = thread - self._started[1]
        self.seconds["store threads"] = process - self._started[0] - main
        self.seconds["event loop"] = main - self.seconds["bot"] - self.seconds["simulated"]

    @property
    def total(self) -> float:
        return sum(self.seconds.values())

    def per(self, clicks: int, moves: int) -> str:
        """CPU per click in all and by side, and per move in all."""
        clicks, moves = max(1, clicks), max(1, moves)
        parts = ", ".join(
            f"{name} {1000 * self.seconds[name] / clicks:.1f}"
            for name in ("bot", "store threads", "simulated", "event loop")
        )
        return (
            f"CPU {1000 * self.total / clicks:.1f} ms per click ({parts}), "
            f"{1000 * self.total / moves:.1f} ms per move"
        )


def side(callback: Any) -> str:
    """'simulated' or 'bot': whom a step of the event loop ran for."""
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, asyncio.Task):
        coro = owner.get_coro()
        code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
        where = code.co_filename if code is not None else ""
        return "simulated" if any(part in where for part in SIMULATED) else "bot"
    protocol = getattr(owner, "_protocol", None)
    module = type(protocol if protocol is not None else owner).__module__
    return "simulated" if module.startswith(SIMULATED_MODULES) else "bot"
