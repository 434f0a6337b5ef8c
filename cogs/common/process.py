"""The bot's process: its command line, run until Ctrl-C or SIGTERM closes it cleanly, its heap
settled once it is ready, and a start that fails said in one line."""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import shlex
import signal
import socket
import sys
from typing import NamedTuple

import aiohttp
import discord

from data.errors import StoreError

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


class StartFailure(NamedTuple):
    """What a host reads when the bot cannot start, and the process's exit code."""

    words: str
    exit_code: int


GATEWAY_CLOSED = {
    4010: "Discord refused the bot's shards (invalid shard): give every process the same "
          "SHARD_COUNT and each its own SHARD_IDS.",
    4011: "Discord requires more shards for the bot's servers (2,500 a shard at most): "
          "raise SHARD_COUNT, or leave it and SHARD_IDS empty for Discord's recommended count.",
}
"""What to do when Discord closes the gateway for a reason a host can fix, by close code."""


DATABASE_ADVICE = {
    "DATABASE_PATH": "Fix DATABASE_PATH in .env.",
    "DATABASE_URL": "Check DATABASE_URL in .env and that the PostgreSQL server is running.",
}
"""What to do about a database the bot cannot use, by the setting that names it."""


def start_failure(error: Exception, database: str = "DATABASE_PATH") -> StartFailure | None:
    """What to tell the host about ``error``, which ended the start; None for a fault of
    the bot's own, which is raised as it is. ``database``: the setting that names the
    database (``DATABASE_ADVICE``)."""
    if isinstance(error, discord.LoginFailure):
        return StartFailure(
            "Discord refused DISCORD_TOKEN: copy a fresh token from the Developer Portal into"
            " .env.", 2,
        )
    if isinstance(error, StoreError):
        said = str(error)
        return StartFailure(f"{said[:1].upper()}{said[1:]}. {DATABASE_ADVICE[database]}", 2)
    if isinstance(error, aiohttp.ClientConnectionError | OSError):
        return StartFailure(
            f"Cannot reach Discord ({_reason(error)}): check the network and try again.", 1
        )
    if isinstance(error, discord.HTTPException):
        return StartFailure(f"Discord refused the bot's start: {' '.join(str(error).split())}", 1)
    if isinstance(error, discord.ConnectionClosed):
        code = error.code
        return StartFailure(
            GATEWAY_CLOSED.get(code, f"Discord closed the gateway (code {code})."), 1
        )
    return None


def _reason(error: OSError | aiohttp.ClientConnectionError) -> str:
    """Why Discord could not be reached, in the system's words ("Connection refused")."""
    cause = getattr(error, "os_error", error)
    if isinstance(cause, socket.gaierror) and cause.strerror:
        return cause.strerror
    if isinstance(cause, OSError) and cause.errno:
        return os.strerror(cause.errno)
    return str(error) or type(error).__name__


def command_line() -> argparse.ArgumentParser:
    """The bot's command line: its settings are in ``.env``, so it takes only ``--local``
    (``localdiscord.table`` reads the local table's own options)."""
    parser = argparse.ArgumentParser(
        prog="bot.py", description="The board-game table on Discord; its settings are in .env."
    )
    parser.add_argument(
        "--local", action="store_true",
        help="run it at a local table in the browser, without Discord (bot.py --local --help: "
        "its options)",
    )
    return parser


def this_command(script: str) -> str:
    """The command that started ``script``, as the host can type it again where they are:
    the same Python (the project's venv, not whichever ``python`` is on the PATH)."""
    return " ".join(shlex.quote(_from_here(path)) for path in (sys.executable, script))


def _from_here(path: str) -> str:
    """``path`` relative to the working folder when it lies inside it, else absolute."""
    relative = os.path.relpath(os.path.abspath(path))
    return path if relative.startswith(os.pardir) else relative
