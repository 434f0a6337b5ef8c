"""The real bot, on a real database (``tests.databases``), driven through the simulated Discord."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot import Settings, TableBot
from cogs.common.coalescer import Rate
from data import matches as rows
from localdiscord import Channel, FakeDiscord, Guild, Message, User, pseudo
from localdiscord.fixtures import fake_discord  # noqa: F401 - the simulator's own tests' fixtures
from matches.computers import Thinking
from rules.base import Budget
from tests import databases
from tests.e2e.demo_bot import world  # noqa: F401

SEED = 20261122
"""Every match in these tests is dealt and rolled from this seed, so runs repeat exactly."""
COMPUTER_PLAYOUTS = 24
"""Simulations per computer decision in these tests: few, and repeatable."""
GLOBAL_RATE = 1000
"""Discord's global rate limit in these tests, kept by the bot and checked by the backend:
twenty times Discord's own, so whole matches play fast (``test_global_rate`` keeps 50)."""


class Clock:
    """The bot's wall clock in these tests: it stands still until a test moves it."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, *, days: float = 0, hours: float = 0, minutes: float = 0) -> None:
        self.now += days * 86400 + hours * 3600 + minutes * 60


class Table:
    """One server with a game channel and players, and the bot connected to it."""

    def __init__(self, backend: FakeDiscord, database: Path) -> None:
        self.backend = backend
        self.database = database
        # The pseudo-language run (``TABLE_LANGUAGE=pseudo``): everyone speaks it, and any
        # word the bot sends outside a catalog is a violation.
        backend.world.pseudo = pseudo.active()
        self.guild: Guild = backend.add_guild("Board game club")
        self.channel: Channel = backend.add_text_channel(self.guild, "games")
        self.bot: TableBot | None = None
        self.clock = Clock()
        self.thinking = Thinking(budget=Budget(playouts=COMPUTER_PLAYOUTS), pause=0.0)
        """Computers think briefly here and move at once; a test may change it."""
        self.message_rate: Rate | None = None
        """No pacing of edits (tests click faster than any player); a test may set one."""
        self.global_rate = GLOBAL_RATE
        """The global rate the bot keeps; a test may set Discord's (with the backend's)."""
        self.waiting_hand = 0.0
        """Every hand shows each move at once (tests look at them); a test may set a wait."""
        self.busy_timeout: float | None = None
        """Seconds a write waits for another process's lock: the store's own unless a
        test sets it (for the bot it starts next)."""

    def player(self, name: str, *, dms_open: bool = True, locale: str | None = None) -> User:
        """``locale``: the player's Discord locale (default: the run's)."""
        return self.backend.add_user(name, guild=self.guild, dms_open=dms_open, locale=locale)

    async def start_bot(self) -> TableBot:
        settings = Settings(
            token=self.backend.token,
            database_path=self.database,
            database_url=databases.url_for(self.database),
            dev_guild_id=None,
            log_level="INFO",
            global_rate=self.global_rate,
        )
        store = None
        if self.busy_timeout is not None:
            store = await databases.open_store(self.database, busy_timeout=self.busy_timeout)
        self.bot = TableBot(
            settings, new_seed=lambda: SEED, now=self.clock, thinking=self.thinking,
            message_rate=self.message_rate, waiting_hand=self.waiting_hand, store=store,
        )
        await self.backend.connect(self.bot)
        return self.bot

    async def restart(self) -> TableBot:
        """A new bot process: new client objects, the same database file."""
        await self.backend.disconnect()
        return await self.start_bot()

    async def tick(self) -> None:
        """One turn of the scheduler's loop, and everything it sets off."""
        assert self.bot is not None
        self.backend.tracker.begin()  # what the tick sets off is waited for too
        await self.bot.table.clock.run_clock()
        await self.backend.settle()

    def board(self) -> Message:
        """The match's public board: the first message the bot posted in the channel."""
        return self.backend.channel_messages(self.channel)[0]

    def hand(self, user: User) -> Message:
        """The player's hand message: the first DM of the match (notices come after it)."""
        return self.backend.dm_messages(user)[0]

    def notices(self, user: User) -> list[Message]:
        """The notices in the player's DMs (at most one per match is kept)."""
        return self.backend.dm_messages(user)[1:]

    async def match_row(self, match_id: int) -> rows.MatchRecord:
        assert self.bot is not None and self.bot.store is not None
        async with self.bot.store.read() as db:
            record = await rows.fetch_match(db, match_id)
        assert record is not None
        return record


@pytest_asyncio.fixture
async def table(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[Table]:
    caplog.set_level(logging.WARNING)
    async with FakeDiscord(global_rate=GLOBAL_RATE) as backend:
        table = Table(backend, tmp_path / "bot.db")
        await table.start_bot()
        yield table
        await backend.disconnect()
        problems = "\n".join(f"  - {v}" for v in backend.violations)
        assert not backend.violations, f"Discord would have rejected:\n{problems}"
        assert not backend.task_errors, f"the bot's tasks failed: {backend.task_errors}"
    # Every phase: at teardown ``caplog.records`` holds only the teardown's own records.
    logged = [r for phase in ("setup", "call", "teardown") for r in caplog.get_records(phase)]
    errors = [r for r in logged if r.levelno >= logging.ERROR]
    assert not errors, "the bot logged errors:\n" + "\n".join(r.getMessage() for r in errors)


@pytest_asyncio.fixture
async def english_server(table: Table) -> None:
    """The server in English, whichever the run's language; its players choose theirs."""
    table.guild.locale = "en-US"
    await table.restart()  # the bot learns the server's locale when it connects
