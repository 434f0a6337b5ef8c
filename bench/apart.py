"""The bot in a process of its own when ``bench.table`` measures it.

In production Discord and its players are elsewhere; in one process the simulated Discord
would take a share of the bot's CPU. A :class:`~localdiscord.RemoteBot` runs the bot
in a child process, on cores of its own when the machine has two or more (``apart_bot``):
on shared cores the figures would say how the two processes took turns. Some functions
here run there (``RemoteBot.call``): measuring the bot while players click, and reading
what only the bot's process holds. The others run in the bench's process: starting the
bot, measuring both processes while players click, letting the bot go.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import logging
import os
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import discord

from bench.cpu import ProcessCpu
from bench.figures import Timing, profiled
from bench.garbage import Collections
from bot import TableBot
from cogs.common.process import settle_heap
from cogs.numbers import render as numbers_render
from localdiscord import FakeDiscord, RemoteBot

T = TypeVar("T")

_CORES = sorted(os.sched_getaffinity(0))
"""The cores the bench may use, as it started."""

_measuring: contextlib.ExitStack | None = None
_measured: dict[str, Any] = {}


def bot_timing(bot: TableBot) -> Timing:
    """Where the bot's time goes while players click: the store's transactions and reads
    (statement by statement, and in one go), moves played, clicks answered, controls,
    boards and Sequence Numbers board pictures."""
    table = bot.table
    return Timing(
        bot.store, writing=(bot.store, "writing"), reading=(bot.store, "reading"),
        play=(table.service, "play"), answer=(table.kept, "show_in_clicked"),
        controls=(table.renderer, "controls"), board=(table.renderer, "board"),
        picture=(numbers_render, "render"),
    )


def start_measuring(bot: discord.Client, profile: int = 0) -> None:
    """Begin measuring the process's CPU (and, for the table, timing its parts)."""
    global _measuring
    stack = contextlib.ExitStack()
    _measured["cpu"] = stack.enter_context(ProcessCpu())
    _measured["collections"] = stack.enter_context(Collections())
    if isinstance(bot, TableBot):
        _measured["timing"] = stack.enter_context(bot_timing(bot))
    stack.enter_context(profiled(profile))
    _measuring = stack


def stop_measuring(bot: discord.Client, clicks: int) -> dict[str, Any]:
    """End the measuring: CPU seconds by thread, and the table's timings per click."""
    global _measuring
    assert _measuring is not None, "start_measuring first"
    _measuring.close()
    _measuring = None
    cpu: ProcessCpu = _measured.pop("cpu")
    collections: Collections = _measured.pop("collections")
    timing: Timing | None = _measured.pop("timing", None)
    return {
        "cpu": dict(cpu.seconds),
        "collections": collections.figures(),
        "per_click": timing.per(max(1, clicks)) if timing else "",
        "per_commit": (timing.calls["transaction"] + timing.calls["writing"])
        / max(1, timing.commits) if timing else 0.0,
    }


async def median_state(bot: TableBot, game: str) -> dict[str, Any]:
    """The state of median size among the game's stored matches."""
    assert bot.store is not None
    async with bot.store.read() as db:
        cursor = await db.execute(
            "SELECT state FROM matches WHERE game = ? AND state IS NOT NULL ORDER BY length(state)",
            (game,),
        )
        states = [row[0] for row in await cursor.fetchall()]
    return json.loads(states[len(states) // 2])  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Apart:
    """CPU seconds of the two processes while players clicked: the bot's, by thread (its
    event loop's, and the store's threads), and the simulated Discord's."""

    bot: dict[str, float]
    simulated: float
    processes: int = 1
    """The bot processes whose CPU ``bot`` adds up."""

    def per(self, clicks: int, moves: int) -> str:
        clicks, moves = max(1, clicks), max(1, moves)
        total = sum(self.bot.values())
        whose = "bot's process" if self.processes == 1 else f"{self.processes} bot processes'"
        return (
            f"{whose} CPU {1000 * total / clicks:.1f} ms per click (event loop "
            f"{1000 * self.bot['event loop'] / clicks:.1f}, store threads "
            f"{1000 * self.bot['other threads'] / clicks:.1f}), {1000 * total / moves:.1f} ms "
            f"per move; the simulated Discord's process {1000 * self.simulated / clicks:.1f} "
            "ms per click"
        )


@dataclass(frozen=True)
class Measured:
    """What measuring both processes found: their CPU, and the table's timings."""

    cpu: Apart
    per_click: str
    per_commit: float
    collections: dict[str, float]
    """The bot's process's garbage collections (``bench.garbage``)."""


def _halves() -> tuple[list[int], list[int]] | None:
    """The bots' cores and the bench's: the first half of the machine's and the rest (None
    on a machine with one core, which both share)."""
    if len(_CORES) < 2:
        return None
    half = len(_CORES) // 2
    return _CORES[:half], _CORES[half:]


def _share(cores: list[int], process: int, processes: int) -> list[int]:
    """Bot process ``process``'s part of the bots' ``cores``: its own when there are as
    many cores as processes or more, else all of them, shared."""
    if len(cores) < processes:
        return cores
    each = len(cores) // processes
    return cores[process * each:(process + 1) * each]


def apart_cores(processes: int = 1) -> str:
    """Where the bench's bots run, as the bench says it."""
    halves = _halves()
    if halves is None:
        return "the machine's one core, shared with the simulated Discord in this one"
    bots = len(halves[0])
    if processes == 1:
        where = f"{bots} of the machine's {len(_CORES)} cores"
    elif bots < processes:
        where = (f"{bots} of the machine's {len(_CORES)} cores, which its {processes} "
                 "processes share")
    else:
        where = (f"{bots // processes} of the machine's {len(_CORES)} cores for each of its "
                 f"{processes} processes")
    return f"{where}, the simulated Discord in this one on the others"


def apart_bot(factory: str, process: int = 0, processes: int = 1, **kwargs: Any) -> RemoteBot:
    """The bot ``factory`` makes, to run in a process of its own on the first half of the
    machine's cores (its share of them, the ``process``-th of ``processes`` bot processes);
    the bench's process, the simulated Discord and its players, moves to the other half.
    Nothing moves on a machine with one core."""
    halves = _halves()
    if halves is None:
        return RemoteBot(factory, **kwargs)
    bot_cores, bench_cores = halves
    os.sched_setaffinity(0, bench_cores)
    return RemoteBot("bench.apart:pinned", make=factory,
                     cores=_share(bot_cores, process, processes), **kwargs)


def pinned(make: str, cores: list[int], **kwargs: Any) -> discord.Client:
    """In the bot's process, before it starts a thread or a picture worker: keep to
    ``cores``, then make the bot with the factory ``make``."""
    os.sched_setaffinity(0, cores)
    module, name = make.split(":")
    made: discord.Client = getattr(importlib.import_module(module), name)(**kwargs)
    return made


def remote_table_bot(
    backend: FakeDiscord, where: Path | str, global_rate: int | None = None,
    process: int = 0, processes: int = 1,
) -> RemoteBot:
    """The real bot on the database ``where`` (a SQLite file or a PostgreSQL URL), to run
    in a process of its own, the ``process``-th of ``processes`` sharing that database."""
    return apart_bot(
        "bench.playing:table_bot", process, processes, token=backend.token, path=str(where),
        global_rate=global_rate,
    )


async def measured(
    bots: RemoteBot | Sequence[RemoteBot], playing: Awaitable[T], clicks: Callable[[T], int],
    profile: int = 0,
) -> tuple[T, Measured]:
    """What ``playing`` returns, measured in every process while it runs; ``clicks``
    counts the clicks it made from what it returned. With several bot processes their CPU
    and collections are added up, and their timings told one after the other."""
    bots = [bots] if isinstance(bots, RemoteBot) else list(bots)
    settle_heap()  # the simulated Discord's process, like the bot's, spares its garbage
    for bot in bots:
        await bot.call("bench.apart:start_measuring", profile=profile)
    with ProcessCpu() as cpu:
        result = await playing
    count = max(1, clicks(result))
    found = [await bot.call("bench.apart:stop_measuring", clicks=count) for bot in bots]
    seconds: Counter[str] = Counter()
    for one in found:
        seconds.update(one["cpu"])
    collections = {
        "count": sum(one["collections"]["count"] for one in found),
        "seconds": sum(one["collections"]["seconds"] for one in found),
        "longest": max(one["collections"]["longest"] for one in found),
    }
    per_click = found[0]["per_click"] if len(found) == 1 else "; ".join(
        f"process {n + 1}: {one['per_click']}" for n, one in enumerate(found)
    )
    per_commit = sum(one["per_commit"] for one in found) / len(found)
    apart = Apart(dict(seconds), cpu.total, len(bots))
    return result, Measured(apart, per_click, per_commit, collections)


async def let_go(backend: FakeDiscord) -> None:
    """Disconnect the bot; the errors it logged count with this process's own."""
    await backend.disconnect()
    for record in backend.bot_errors:
        logging.getLogger(record.name).handle(record)
