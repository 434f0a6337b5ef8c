"""Entry point: settings from .env, logging, and the bot that runs the table.

Run with ``python bot.py``; ``python bot.py --local`` runs it at a local table in the browser,
without Discord (``localdiscord.table``). A start that fails (no token or a refused one,
Discord out of reach, a setting or database it cannot use) ends in one line saying what to do
and a non-zero exit; Ctrl-C or SIGTERM closes the database cleanly.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord.ext import commands
from dotenv import load_dotenv

from cogs.common import pictures
from cogs.common.buckets import BucketSweep
from cogs.common.coalescer import Rate
from cogs.common.commanderrors import answer_command_error
from cogs.common.components import DYNAMIC_ITEMS, is_answered_by
from cogs.common.i18n import N_, _, speaking
from cogs.common.i18n_commands import CommandTranslator
from cogs.common.inflight import InFlight
from cogs.common.kept import MESSAGE_RATE, WAITING_HAND
from cogs.common.languages import Languages, of_interaction
from cogs.common.pacing import GlobalPace, pace_requests
from cogs.common.pages import NOT_ON_MESSAGE, not_on_message
from cogs.common.process import (
    command_line,
    run_until_stopped,
    settle_heap,
    start_failure,
    this_command,
)
from cogs.common.slashnames import CommandIds
from cogs.common.table import Table
from cogs.common.threads import reopen_threads
from cogs.common.uploads import send_forms_whole
from cogs.games import PRESENTERS
from data import meta
from data.database import Database, open_database
from matches.computers import Thinking
from matches.pool import Workers
from matches.service import MatchService
from matches.workers import worker_pool
from rules.catalog import ENGINES
from settings import Settings, SettingsError

log = logging.getLogger("bot")

EXTENSIONS = (
    "cogs.whyfirst",
    "cogs.hare",
    "cogs.canyon",
    "cogs.numbers",
    "cogs.career.stats",
    "cogs.career.history",
    "cogs.career.replay",
    "cogs.rulebook",
    "cogs.players",
    "cogs.clock",
    "cogs.settings",
    "cogs.help",
)
STALE_BUTTON = N_("That button no longer does anything. Use the latest board or hand message.")


class TableBot(commands.AutoShardedBot):
    """The board-game table: opens the store, loads the cogs, restores open matches. It runs
    the shards its settings name (discord.py's: Discord's recommended count when none)."""

    def __init__(
        self,
        settings: Settings,
        *,
        new_seed: Callable[[], int] | None = None,
        store: Database | None = None,
        now: Callable[[], float] = time.time,
        thinking: Thinking | None = None,
        message_rate: Rate | None = MESSAGE_RATE,
        waiting_hand: float = WAITING_HAND,
        settle_heap: bool = False,
    ) -> None:
        """``new_seed`` draws each match's seed (tests pass a fixed one; default: secrets).

        ``store``: the database, already open; else it is opened at start-up.
        ``now``: the clock of deadlines, seconds since the epoch (tests control it).
        ``thinking``: how computer seats think; default: a second each, in worker processes.
        ``message_rate``: background edits of one board or hand message per window of seconds.
        ``waiting_hand``: seconds a waiting player's hand may take to show another's move.
        ``settle_heap``: once ready, leave what start-up built out of later garbage
        collections (:func:`settle_heap`); the bot's own process does, tests need not.
        """
        # The table never joins voice channels: no warnings about voice libraries.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            # Servers and their channels (for permissions) only: no messages, reactions, typing.
            intents=discord.Intents(guilds=True),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.shard_count,
            shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None,
        )
        self.tree.error(answer_command_error)
        # discord.py looks up this method on the client it made: it is replaced there.
        self.http._try_clear_expired_ratelimits = BucketSweep(self.http)  # type: ignore[method-assign]
        send_forms_whole(self.http)
        self.pace = None if settings.global_rate is None else GlobalPace(settings.global_rate)
        """This process's share of Discord's global rate (``TableClock.heartbeat``)."""
        if self.pace is not None:
            pace_requests(self.http, self.pace)
        reopen_threads(self.http)
        self.settings = settings
        dev_guild = discord.Object(settings.dev_guild_id) if settings.dev_guild_id else None
        self.command_ids = CommandIds(dev_guild)
        """The synced commands' ids, for mentions (``/help``)."""
        self._new_seed = new_seed
        self._now = now
        self._thinking = thinking
        self._message_rate = message_rate
        self._waiting_hand = waiting_hand
        self._settle_heap = settle_heap
        self._workers: Workers | None = None
        self._painters: Workers | None = None
        self.store: Database | None = store
        self._table: Table | None = None
        self.upkeep: asyncio.Task[None] | None = None
        """The database's background work (``MatchService.upkeep``), started in setup:
        the bot answers meanwhile."""
        self._closing: asyncio.Future[None] | None = None
        self._resumed = False
        self._dynamic_items: list[type[discord.ui.DynamicItem[Any]]] = []
        self.in_flight = InFlight()
        self.languages: Languages | None = None
        """Who reads which language: set once the table is made (``setup_hook``)."""
        parsers = self._connection.parsers
        parsers["INTERACTION_CREATE"] = self._interaction_parser(parsers["INTERACTION_CREATE"])

    @property
    def table(self) -> Table:
        """The table: made once the bot is logged in (``setup_hook``)."""
        assert self._table is not None, "the table is made once the bot is logged in"
        return self._table

    async def setup_hook(self) -> None:
        if self.store is None:
            self.store = await open_database(self.settings.database)
        service = (
            MatchService(self.store, ENGINES, self._new_seed, now=self._now)
            if self._new_seed
            else MatchService(self.store, ENGINES, now=self._now)
        )
        # Ratings backfill and packing run behind the table, a few matches per
        # transaction: however long the history, the bot is up at once.
        self.upkeep = asyncio.create_task(service.upkeep(), name="bot:upkeep")
        thinking = self._thinking
        if thinking is None:
            # Computers think, and boards are drawn, in other processes: neither a table of
            # computers nor a busy picture ever holds up the clicks. They end with the bot.
            # A worker that dies or hangs is replaced (``matches.pool``).
            size = max(1, (os.cpu_count() or 2) - 1)
            self._workers = Workers(size, functools.partial(worker_pool, size))
            self._painters = Workers(1, functools.partial(worker_pool, 1, nice=PAINTER_NICE))
            pictures.draw_in(self._painters)
            thinking = Thinking(workers=self._workers)
        self._table = Table(
            self, service, PRESENTERS, thinking, self._message_rate, self._waiting_hand
        )
        self.languages = self.table.languages
        await self.languages.load()
        # Before anything can fall due: the time the bot was away is given back.
        downtime = await self.table.timekeeper.give_back_downtime()
        if downtime:
            log.info("away %.0f s: every deadline moves that much later", downtime)
        self.register_items(*DYNAMIC_ITEMS)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.tree.set_translator(CommandTranslator())
        await self._sync_commands()

    def register_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Make these buttons and menus work on every message, old ones included."""
        self.add_dynamic_items(*items)
        self._dynamic_items.extend(items)

    async def _sync_commands(self) -> None:
        """Sync slash commands only when they changed since this application's last sync
        (one database may serve several applications, a test bot and the real one)."""
        guild = self.command_ids.guild
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"commands:{self.application_id}:{guild.id if guild else 'global'}"
        assert self.store is not None
        async with self.store.read() as db:
            synced = await meta.get_meta(db, key)
        if synced == digest:
            return
        self.command_ids.learn(await self.tree.sync(guild=guild))
        async with self.store.transaction() as db:
            await meta.set_meta(db, key, digest)
        log.info("slash commands synced (%s)", key)

    async def on_ready(self) -> None:
        if not self._resumed:
            self._resumed = True
            count = await self.table.resume(self.serves)
            if self._settle_heap:
                settle_heap()
            log.info("ready as %s; %d kept messages to bring up to date", self.user, count)

    def serves(self, guild_id: int) -> bool:
        """Whether this process runs the server's shard: its matches are this process's to
        bring up to date after a restart and to play for the computers, DM hands included.

        A DM click reaches the process that runs shard 0 whichever server its match is on;
        that process reads the match from the database and answers it."""
        count = self.shard_count or 1
        return (guild_id >> 22) % count in (self.shard_ids or range(count))

    def _interaction_parser(self, parse: Callable[[Any], None]) -> Callable[[Any], None]:
        """discord.py's parser of interactions, turning them away once the bot closes."""

        def parse_unless_closing(data: Any) -> None:
            if self.in_flight.closing:
                self.in_flight.turn_away(discord.Interaction(data=data, state=self._connection))
            else:
                parse(data)

        return parse_unless_closing

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        if event_name == "interaction":  # handed to its handlers: in hand until answered
            self.in_flight.received(args[0])
            if self.languages is not None:
                self.languages.heard(args[0])
        super().dispatch(event_name, *args, **kwargs)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Answer component clicks that no handler will take, so none goes unanswered.

        discord.py dispatches a DynamicItem only when its custom_id matches a template
        and is on the message clicked; anything else (a forged id, a button already
        edited away) gets a private answer here.
        """
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        on_message = interaction.message is not None and _shows(
            interaction.message.components, custom_id
        )
        if on_message and is_answered_by(custom_id, tuple(self._dynamic_items)):
            return
        page = not_on_message(custom_id, self._dynamic_items)
        with speaking(of_interaction(interaction)):
            text = _(NOT_ON_MESSAGE if page else STALE_BUTTON)
        await interaction.response.send_message(text, ephemeral=True)

    async def close(self) -> None:
        """Turn new interactions away, stop the clock and the computers, answer the
        interactions in hand, let the edits land, let go of Discord, then
        of the workers and the database. Also after a start-up that failed part-way: only
        what was opened is closed. Every caller waits for the one closing."""
        self.in_flight.closing = True
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        table = self._table
        try:
            clock = self.get_cog("Clock")
            if clock is not None:
                await clock.stop()  # type: ignore[attr-defined]
            if table is not None:
                await table.computers.close()
            await self.in_flight.answered(CLOSING_GRACE)
            if table is not None:
                await self._finish_edits(table)
            await self.in_flight.answered(CLOSING_GRACE)  # those turned away meanwhile
            if isinstance(self.loop, asyncio.AbstractEventLoop):  # logged in, shards and all
                await super().close()
        finally:
            if self.upkeep is not None:  # what it did is committed; the next start goes on
                self.upkeep.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self.upkeep
            for pool in (self._workers, self._painters):
                if pool is not None:
                    pool.shutdown()
            if self._painters is not None:
                pictures.draw_in(None)
            try:
                if table is not None:
                    await table.wait_idle()
                    await table.service.close()
            finally:
                if self.store is not None:
                    store, self.store = self.store, None
                    await store.close()

    async def _finish_edits(self, table: Table) -> None:
        """Let the edits still waiting for a message's rate land while Discord can still be
        reached; those not done within ``CLOSING_GRACE`` are dropped, and the next start
        brings their messages up to date."""
        try:
            await asyncio.wait_for(table.wait_idle(), CLOSING_GRACE)
        except TimeoutError:
            log.info("closing before every message is up to date; the next start finishes")


PAINTER_NICE = 10
"""How much the painter's process yields the CPU to the bot's: on a busy machine a click is
answered first and a board picture drawn after, and a board that waits shows the latest
state when it is drawn (its edits fold into one)."""

CLOSING_GRACE = 6.0
"""Seconds a closing bot waits for edits held back by a message's rate: one window (5 s)."""


def _shows(components: Sequence[Any], custom_id: str) -> bool:
    """Whether ``custom_id`` is on one of ``components`` or of their children; asked of
    every click, so it stops at the first it finds."""
    return any(
        getattr(component, "custom_id", None) == custom_id
        or _shows(getattr(component, "children", ()), custom_id)
        for component in components
    )


async def run(settings: Settings) -> None:
    # The database first: a file that cannot be used is said in one line, before Discord.
    bot = TableBot(settings, store=await open_database(settings.database), settle_heap=True)
    await run_until_stopped(bot, settings.token or "")


def main(argv: Sequence[str] = ()) -> int:
    if "--local" in argv:
        from localdiscord.table import main as local_table

        return local_table(list(argv))
    command_line().parse_args(argv)  # ``--help`` and a mistyped option end here, the bot unstarted
    load_dotenv()
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"{error} Fix it in .env.")
        return 2
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if settings.token is None:
        print("DISCORD_TOKEN is not set: copy .env.example to .env and put your bot's token in "
              f"it, or try the bot without Discord: {this_command(__file__)} --local")
        return 2
    try:
        asyncio.run(run(settings))
    except KeyboardInterrupt:
        pass
    except Exception as error:
        said = start_failure(error, "DATABASE_URL" if settings.database_url else "DATABASE_PATH")
        if said is None:
            raise
        print(said.words)
        return said.exit_code
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
