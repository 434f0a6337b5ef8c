"""A pool of workers that heals: a dead worker or a stuck one costs one task, never the pool.

A worker that dies (killed, out of memory) breaks its whole process pool: every task in it
fails, and so would every later one. A worker that hangs (stopped, looping) holds its task
for ever. :class:`Workers` replaces a broken pool with a new one and asks its tasks again,
once; a task that outlives its time limit has its pool's workers killed and the pool
replaced, and the caller answers it another way (the other tasks of that pool are asked
again in the new one). The pool is given no more tasks than it has workers, so a task's time
limit counts its own work only, never a wait in the pool's queue.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from typing import TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


class WorkerLost(Exception):
    """A task's worker died, and died again when the task was asked once more."""


class Workers:
    """``size`` workers made by ``make`` (a process pool in production), replaced when they
    die or hang."""

    def __init__(self, size: int, make: Callable[[], Executor]) -> None:
        self.size = size
        self._make = make
        self._executor = make()
        self._free = asyncio.Semaphore(size)
        self.busy = 0
        """Tasks being worked on now."""
        self.replaced = 0
        """How many times a broken or stuck pool was replaced."""

    async def run(self, task: Callable[[], T], limit: float | None = None) -> T:
        """``task()`` in a worker, once a worker is free. Raises ``TimeoutError`` after
        ``limit`` seconds of work (the worker is killed and replaced), ``WorkerLost`` when it
        died twice; any other error is the task's own."""
        async with self._free:
            self.busy += 1
            try:
                try:
                    return await self._once(task, limit)
                except BrokenExecutor:
                    log.warning("a worker died: its task is asked again in a new pool")
                try:
                    return await self._once(task, limit)
                except BrokenExecutor:
                    raise WorkerLost("the worker died twice") from None
            finally:
                self.busy -= 1

    async def _once(self, task: Callable[[], T], limit: float | None) -> T:
        executor = self._executor
        try:
            future = executor.submit(task)
            return await asyncio.wait_for(asyncio.wrap_future(future), limit)
        except BrokenExecutor:
            self._replace(executor)
            raise
        except TimeoutError:
            log.warning("a worker is stuck after %s s: its pool is killed and replaced", limit)
            self._replace(executor)
            raise

    def _replace(self, executor: Executor) -> None:
        """A new pool for ``executor``, unless another task has replaced it already."""
        if executor is not self._executor:
            return
        _kill(executor)
        executor.shutdown(wait=False, cancel_futures=True)
        self._executor = self._make()
        self.replaced += 1

    def shutdown(self) -> None:
        """Stop the workers once their tasks are done; tasks not started are dropped."""
        self._executor.shutdown(cancel_futures=True)


def _kill(executor: Executor) -> None:
    """End a process pool's workers at once, a stopped or looping one too (a thread cannot
    be ended: it is left to finish)."""
    if isinstance(executor, ProcessPoolExecutor):
        # The pool lists its processes only in this attribute (Python 3.14 adds kill_workers).
        for process in list((executor._processes or {}).values()):
            process.kill()
