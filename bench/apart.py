"""The bot's process when ``bench.table`` runs the bot apart from the simulated Discord.

In production Discord and its players are elsewhere; in one process the simulated Discord
would take a share of the bot's CPU. A :class:`~tests.fakediscord.RemoteBot` runs the bot
in a child process, and these functions run there (``RemoteBot.call``): measuring the bot
while players click, and reading what only the bot's process holds.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import Any

import discord

from bench.cpu import ProcessCpu
from bench.figures import Timing, profiled
from bot import TableBot
from cogs.numbers import render as numbers_render

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
    timing: Timing | None = _measured.pop("timing", None)
    return {
        "cpu": dict(cpu.seconds),
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

    def per(self, clicks: int, moves: int) -> str:
        clicks, moves = max(1, clicks), max(1, moves)
        total = sum(self.bot.values())
        return (
            f"bot's process CPU {1000 * total / clicks:.1f} ms per click (event loop "
            f"{1000 * self.bot['event loop'] / clicks:.1f}, store threads "
            f"{1000 * self.bot['other threads'] / clicks:.1f}), {1000 * total / moves:.1f} ms "
            f"per move; the simulated Discord's process {1000 * self.simulated / clicks:.1f} "
            "ms per click"
        )
