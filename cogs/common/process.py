"""The bot's process: run until Ctrl-C or SIGTERM closes it cleanly, its heap settled once it
is ready."""

from __future__ import annotations

import asyncio
import gc
import signal

import discord

OLDEST_COLLECTED_EVERY = 100
"""Full garbage collections run once per this many collections of the middle generation
(Python's default is 10): each scans all the heap while nothing else runs."""


async def run_until_stopped(client: discord.Client, token: str) -> None:
    """Run ``client`` until it stops: Ctrl-C or SIGTERM closes it, as does a start that
    fails (then raised), so nothing is left open and nothing hangs."""
    loop = asyncio.get_running_loop()
    stopped: list[asyncio.Future[None]] = []  # the closings Ctrl-C or SIGTERM asked for

    def stop() -> None:
        stopped.append(asyncio.ensure_future(client.close()))

    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop)
    try:
        await client.start(token)
    except Exception:
        # A start cut short by Ctrl-C or SIGTERM fails on the connection the stop closed:
        # the stop was asked for, and it is a clean one.
        if not stopped:
            raise
    finally:
        await client.close()  # also when start-up failed: what was opened is closed


def settle_heap() -> None:
    """Collect once, then leave every object alive now (modules, the servers and members
    Discord sent at start-up) out of later collections, and collect the oldest generation
    a tenth as often. A full collection scans all it tracks while no click is answered; on
    a busy table they stalled clicks for a tenth of a second, several times a minute."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, OLDEST_COLLECTED_EVERY)
