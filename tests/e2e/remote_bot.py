"""A small bot that tests run in a process of its own, as a ``RemoteBot``."""

from __future__ import annotations

import asyncio
import logging
import os
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

_log = logging.getLogger("discord.remote_bot")


class Tally(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tally:(?P<n>\d+)"):
    """A button that counts its clicks in the message it is on."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="+1", custom_id=f"tally:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any],
        match: re.Match[str], /,
    ) -> Tally:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(**tally(self.n + 1))


def tally(n: int) -> dict[str, Any]:
    view = discord.ui.View(timeout=None)
    view.add_item(Tally(n))
    return {"content": f"tally {n}", "view": view}


@app_commands.command(name="tally", description="A message that counts clicks")
async def start_tally(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message(**tally(0))


@app_commands.command(name="fail", description="Answer, then fail in the background")
async def fail(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("failing", ephemeral=True)
    _log.error("something broke in %s", "the bot")
    interaction.client.failing = asyncio.create_task(_lost())  # type: ignore[attr-defined]


async def _lost() -> None:
    await asyncio.sleep(0)  # after the answer, before anything waits for it
    raise RuntimeError("lost in the background")


class RemoteDemo(commands.Bot):
    def __init__(self, greeting: str) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.greeting = greeting

    async def setup_hook(self) -> None:
        self.tree.add_command(start_tally)
        self.tree.add_command(fail)
        self.add_dynamic_items(Tally)
        await self.tree.sync()


def seen(bot: RemoteDemo) -> dict[str, Any]:
    """What the bot in its process knows: its process, its greeting, its channels."""
    return {
        "pid": os.getpid(),
        "greeting": bot.greeting,
        "channels": sorted(c.name for c in bot.get_all_channels()),
    }


def channels_by_id(bot: RemoteDemo) -> dict[int, str]:
    """The bot's channels by id: keys that are not strings."""
    return {c.id: c.name for c in bot.get_all_channels()}


def vanish(bot: RemoteDemo) -> None:
    """The bot's process ends at once, as a crash would end it."""
    os._exit(3)


async def list_messages(bot: RemoteDemo, channel_id: int, limit: int) -> int:
    """Ask for a channel's last ``limit`` messages: the status Discord answered."""
    try:
        await bot.http.logs_from(channel_id, limit=limit)
    except discord.HTTPException as refused:
        return refused.status
    return 200


class ShardedDemo(commands.AutoShardedBot):
    """A bot that runs some of its shards, counting the interactions it receives."""

    def __init__(self, shard_count: int | None = None, shard_ids: list[int] | None = None) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents(guilds=True),
                         shard_count=shard_count, shard_ids=shard_ids)
        self.received: list[str] = []
        self.shards_ready: list[int] = []

    async def setup_hook(self) -> None:
        self.tree.add_command(start_tally)
        self.add_dynamic_items(Tally)
        await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        self.received.append(interaction.guild.name if interaction.guild else "DM")

    async def on_shard_ready(self, shard_id: int) -> None:
        self.shards_ready.append(shard_id)


def sharding(bot: ShardedDemo) -> dict[str, Any]:
    """What a sharded bot knows of its shards: those it runs and readied, its servers and
    the interactions it received (by server, "DM" for a DM)."""
    return {
        "shards": sorted(bot.shards),
        "ready": sorted(bot.shards_ready),
        "count": bot.shard_count,
        "servers": sorted(guild.name for guild in bot.guilds),
        "received": bot.received,
    }
