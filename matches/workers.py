"""Worker processes that end with the bot that started them.

The computers think, and the boards are drawn, in pools of processes started by a fork
server. A bot that is killed (SIGKILL, out of memory) cannot shut its pools down, and the
workers' parent is the fork server, not the bot: left alone they wait for work forever,
holding the bot's pipes, and a supervisor that restarts the bot piles them up.

So every worker holds the reading end of one pipe whose writing end only the bot's process
holds. Nothing is ever written: the read ends when the bot's process is gone, however it
ended, and the worker then ends too. The fork server follows once its last worker has gone.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from multiprocessing.connection import Connection


def worker_pool(workers: int, *, nice: int = 0) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes that end with this process; ``nice``: how much more
    they yield the CPU than it."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("forkserver"),
        initializer=_start_worker,
        initargs=(_lifeline(), nice),
    )


@cache
def _lifeline() -> Connection:
    """The pipe's reading end, passed to every worker. Its writing end is kept here, never
    written and never closed: only this process's end closes it."""
    reading, writing = multiprocessing.Pipe(duplex=False)
    _kept.append(writing)
    return reading


_kept: list[Connection] = []
"""The lifeline's writing end, held for as long as this process lives."""


def _start_worker(lifeline: Connection, nice: int) -> None:
    os.nice(nice)
    threading.Thread(target=_end_with_bot, args=(lifeline,), name="end-with-bot",
                     daemon=True).start()


def _end_with_bot(lifeline: Connection) -> None:
    """Wait for the bot's process to be gone, then end this worker at once."""
    with contextlib.suppress(EOFError):
        lifeline.recv_bytes()
    os._exit(0)
