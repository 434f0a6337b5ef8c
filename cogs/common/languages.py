"""Which language a message speaks: its reader's, or its server's.

A player reads their own choice (``/language``), else the locale Discord sent with their
latest interaction, remembered for the DMs that follow no interaction. A server's channel
reads the server's setting (``/settings language``), else the server's Discord locale. Both
are held in memory, loaded once and written through to the store; what other processes of
the bot wrote is read at each heartbeat (:meth:`Languages.refresh`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import discord

from cogs.common.i18n import DEFAULT, language_of
from data import languages as rows
from data.database import Database
from data.errors import StoreUnavailable

log = logging.getLogger(__name__)

OVERLAP = 60.0
"""Seconds before the last read that the next one reads again: a change another process
was committing meanwhile, or stamped by a clock a little behind, is not missed."""


class Languages:
    def __init__(self, bot: discord.Client, store: Database) -> None:
        self._bot = bot
        self._store = store
        self._chosen: dict[int, str] = {}
        self._locales: dict[int, str] = {}
        self._servers: dict[int, str] = {}
        self._elsewhere: dict[int, str] = {}
        """The Discord locales of servers on other processes' shards, asked of Discord."""
        self._writing: set[asyncio.Task[None]] = set()
        self._read_at: float | None = None
        """When the store was last read (seconds since the epoch)."""

    async def load(self) -> None:
        await self.refresh()

    async def refresh(self) -> None:
        """Read what changed since the last read (at first, everything): other processes
        may have heard a player or changed a setting."""
        now = time.time()
        since = None if self._read_at is None else self._read_at - OVERLAP
        async with self._store.read() as db:
            players = await rows.player_languages(db, since)
            servers = await rows.server_languages(db, since)
        self._read_at = now
        for player in players:
            if player.chosen:
                self._chosen[player.user_id] = player.chosen
            else:
                self._chosen.pop(player.user_id, None)
            if player.discord_locale:
                self._locales[player.user_id] = player.discord_locale
        for guild_id, lang in servers.items():
            if lang is None:
                self._servers.pop(guild_id, None)
            else:
                self._servers[guild_id] = lang

    # -- reading -----------------------------------------------------------------------

    def of_player(self, user_id: int | None) -> str:
        """What a player alone reads (their hand, notices): their choice, else the locale
        of their latest interaction, else English."""
        if user_id is None:
            return DEFAULT
        chosen = self._chosen.get(user_id)
        if chosen is not None:
            return chosen
        return language_of(self._locales.get(user_id, DEFAULT))

    def chosen(self, user_id: int) -> str | None:
        """The player's own choice; None: they follow their Discord."""
        return self._chosen.get(user_id)

    def of_interaction(self, interaction: discord.Interaction[Any]) -> str:
        """What the user of an interaction reads in the answer: their choice, else the
        locale Discord sent with it."""
        chosen = self._chosen.get(interaction.user.id)
        return chosen if chosen is not None else language_of(interaction.locale)

    def of_server(self, guild_id: int | None) -> str:
        """What a server's channels read: its setting, else its Discord locale."""
        if guild_id is None:
            return DEFAULT
        setting = self._servers.get(guild_id)
        if setting is not None:
            return setting
        guild = self._bot.get_guild(guild_id)
        if guild is not None:
            return language_of(guild.preferred_locale)
        return language_of(self._elsewhere.get(guild_id, DEFAULT))

    async def know_server(self, guild_id: int) -> None:
        """Ask Discord, once, the locale of a server whose shard another process runs: a
        click on a hand reaches the process of shard 0 whatever the match's server, and
        the board it edits speaks the server's language all the same."""
        if (
            guild_id in self._servers or guild_id in self._elsewhere
            or self._bot.get_guild(guild_id) is not None
        ):
            return
        try:
            guild = await self._bot.fetch_guild(guild_id)
        except discord.HTTPException as error:
            log.warning("could not learn the language of server %s: %s", guild_id, error)
            return
        self._elsewhere[guild_id] = str(guild.preferred_locale)

    def server_setting(self, guild_id: int) -> str | None:
        return self._servers.get(guild_id)

    # -- writing -----------------------------------------------------------------------

    def heard(self, interaction: discord.Interaction[Any]) -> None:
        """Remember the locale of a user's latest interaction (written in the background,
        only when it changed)."""
        locale = str(getattr(interaction.locale, "value", interaction.locale))
        user_id = interaction.user.id
        if self._locales.get(user_id) == locale:
            return
        self._locales[user_id] = locale
        task = asyncio.ensure_future(self._remember(user_id, locale))
        self._writing.add(task)
        task.add_done_callback(self._writing.discard)

    async def _remember(self, user_id: int, locale: str) -> None:
        try:
            async with self._store.transaction() as db:
                await rows.remember_locale(db, user_id, locale, now=time.time())
        except StoreUnavailable as error:
            log.warning("could not remember the locale of %s: %s", user_id, error)

    async def choose(self, user_id: int, lang: str | None) -> None:
        """A player's choice (None: follow their Discord)."""
        async with self._store.transaction() as db:
            await rows.choose_language(db, user_id, lang, now=time.time())
        if lang is None:
            self._chosen.pop(user_id, None)
        else:
            self._chosen[user_id] = lang

    async def set_server(self, guild_id: int, lang: str | None) -> None:
        """A server's setting (None: follow its Discord locale)."""
        async with self._store.transaction() as db:
            await rows.set_server_language(db, guild_id, lang, now=time.time())
        if lang is None:
            self._servers.pop(guild_id, None)
        else:
            self._servers[guild_id] = lang

    async def wait_idle(self) -> None:
        """Until every remembered locale is written."""
        while self._writing:
            await asyncio.gather(*self._writing, return_exceptions=True)


def of_interaction(interaction: discord.Interaction[Any]) -> str:
    """The language of an answer to ``interaction``, whether or not the table is ready."""
    languages = getattr(interaction.client, "languages", None)
    if isinstance(languages, Languages):
        return languages.of_interaction(interaction)
    return language_of(interaction.locale)


def of_channel(interaction: discord.Interaction[Any]) -> str:
    """The language of a message ``interaction`` posts for its whole channel: its server's
    (the user's own in a DM, or while the table is not ready)."""
    languages = getattr(interaction.client, "languages", None)
    if interaction.guild_id is None or not isinstance(languages, Languages):
        return of_interaction(interaction)
    return languages.of_server(interaction.guild_id)
