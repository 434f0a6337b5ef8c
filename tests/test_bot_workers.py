"""The bot's worker processes (computers thinking, boards drawn) end with their bot."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import bot
from cogs.common import pictures
from localdiscord import FakeDiscord, RemoteBot

HANG_GUARD = 120.0
"""Seconds after which a process still alive has outlived its bot (a guard, not a figure)."""


def table_bot(path: str) -> bot.TableBot:
    """The bot as ``python bot.py`` makes it, computers and painter in worker processes."""
    return bot.TableBot(bot.Settings("unused", Path(path), None, "INFO"))


def _pid() -> bytes:
    """A picture function that draws the process it runs in."""
    return str(os.getpid()).encode()


async def start_workers(table: bot.TableBot) -> int:
    """Set a computer thinking and a board drawn, as a match would; the bot's process."""
    workers = table.table.computers.thinking.workers
    assert workers is not None, "computers think in worker processes"
    thinker = await workers.run(os.getpid)
    painter = int(await pictures.render(_pid))
    assert len({thinker, painter, os.getpid()}) == 3
    return os.getpid()


def _children() -> dict[int, list[int]]:
    """Every living process's children, by the parent's process id (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (state := _state(int(entry.name))) is not None:
            children.setdefault(state[1], []).append(int(entry.name))
    return children


def _state(pid: int) -> tuple[str, int] | None:
    """The process's state letter and parent; None once it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    state, parent = stat[stat.rindex(")") + 2:].split()[:2]
    return (state, int(parent)) if state not in ("Z", "X") else None  # a zombie has ended


def _descendants(pid: int) -> set[int]:
    children = _children()
    found: set[int] = set()
    waiting = [pid]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.add(child)
            waiting.append(child)
    return found


async def test_a_killed_bots_workers_and_fork_server_end_with_it(tmp_path):
    async with FakeDiscord() as backend:
        remote = RemoteBot("tests.test_bot_workers:table_bot", path=str(tmp_path / "bot.db"))
        await backend.connect(remote)
        bot_pid = await remote.call("tests.test_bot_workers:start_workers")
        started = _descendants(bot_pid)
        assert len(started) >= 3, "a fork server, a thinker and a painter"
        os.kill(bot_pid, signal.SIGKILL)
        await backend.disconnect()
    try:
        async with asyncio.timeout(HANG_GUARD):
            while [pid for pid in started if _state(pid) is not None]:
                await asyncio.sleep(0.1)
    finally:
        for pid in started:  # a failed test leaves nothing behind
            if _state(pid) is not None:
                os.kill(pid, signal.SIGKILL)
