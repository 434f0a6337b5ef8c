"""The sharded gateway: a bot's shards, the sessions they open, and which gets what.

Discord splits a bot's servers among its shards: a server's events go to the session of
shard ``(guild_id >> 22) % shard_count``; DMs, and interactions from DMs, to shard 0 only.
A session handling 2,500 servers or more is closed with 4011 (sharding required), one
naming a shard that does not exist with 4010 (invalid shard). Several bot processes may
each open the sessions of their own shards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from .gateway import Feeder, GatewayStub, identify

if TYPE_CHECKING:
    from .remote import RemoteBot

GUILDS_PER_SESSION = 2500
"""Servers from which a session is refused without more shards (close code 4011)."""
GUILDS_PER_RECOMMENDED_SHARD = 1000
"""Servers per shard in the count ``GET /gateway/bot`` recommends."""
INVALID_SHARD, SHARDING_REQUIRED = 4010, 4011
"""Discord's close codes for a session it refuses because of its shard."""

Shard = tuple[int, int]
"""(shard id, shard count); a bot that does not shard is (0, 1)."""


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard that receives a server's events; a DM's go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % count


def recommended_shards(guilds: int) -> int:
    """The shard count Discord recommends for a bot in ``guilds`` servers."""
    return max(1, math.ceil(guilds / GUILDS_PER_RECOMMENDED_SHARD))


@dataclass
class Session:
    """One gateway session: a bot's shard and the events Discord sent on it, in order."""

    bot: discord.Client | RemoteBot
    feeder: Feeder | RemoteBot
    shard: Shard
    session_id: str
    identify: dict[str, Any]
    """The IDENTIFY payload's ``d`` that opened it."""
    events: list[str] = field(default_factory=list)

    def receives(self, guild_id: int | None) -> bool:
        """Whether Discord sends this server's events (a DM's: ``None``) to this session."""
        shard_id, count = self.shard
        return shard_of(guild_id, count) == shard_id

    def feed(self, event: str, data: dict[str, Any]) -> None:
        self.events.append(event)
        self.feeder.feed(event, data)


def refusal(identified: dict[str, Any], guild_ids: list[int]) -> discord.ConnectionClosed | None:
    """How Discord closes a session opened with this IDENTIFY (``d``), for a bot in these
    servers; None when it accepts it."""
    shard_id, count = identified.get("shard") or (0, 1)
    if count < 1 or not 0 <= shard_id < count:
        return _closed(INVALID_SHARD, shard_id)
    mine = sum(1 for guild_id in guild_ids if shard_of(guild_id, count) == shard_id)
    if mine >= GUILDS_PER_SESSION:
        return _closed(SHARDING_REQUIRED, shard_id)
    return None


def _closed(code: int, shard_id: int) -> discord.ConnectionClosed:
    """What discord.py raises from a session Discord closed with ``code``."""

    class Socket:
        close_code = code

    return discord.ConnectionClosed(Socket(), shard_id=shard_id, code=code)  # type: ignore[arg-type]


async def shards_of(bot: discord.Client) -> list[Shard | None]:
    """The shards a logged-in bot opens sessions for, chosen as discord.py's
    ``AutoShardedClient.launch_shards`` chooses them (asking ``GET /gateway/bot`` for the
    recommended count when the bot was given none); ``[None]`` for a bot without shards."""
    if not isinstance(bot, discord.AutoShardedClient):
        return [None] if bot.shard_id is None else [(bot.shard_id, bot.shard_count or 1)]
    if bot.shard_count is None:
        bot.shard_count, _, _ = await bot.http.get_bot_gateway()
    state = bot._connection
    state.shard_count = bot.shard_count
    state.shard_ids = bot.shard_ids or range(bot.shard_count)
    return [(shard_id, bot.shard_count) for shard_id in state.shard_ids]


async def open_shard(
    bot: discord.Client, shard: Shard | None, stub: GatewayStub
) -> dict[str, Any]:
    """Send the shard's IDENTIFY (kept in ``stub.sends``), built by discord.py, and make
    ``stub`` the shard's websocket, where discord.py looks for it; the IDENTIFY's ``d``."""
    stub.shard_id = None if shard is None else shard[0]
    identified = await identify(bot, stub.sends, shard)
    if isinstance(bot, discord.AutoShardedClient):
        assert shard is not None
        shards = bot._AutoShardedClient__shards  # type: ignore[attr-defined]
        queue = bot._AutoShardedClient__queue  # type: ignore[attr-defined]
        bot._reconnect = True  # as ``AutoShardedClient.connect`` sets it
        shards[shard[0]] = discord.shard.Shard(stub, bot, queue.put_nowait)  # type: ignore[arg-type]
    else:
        bot.ws = stub  # type: ignore[assignment]
    return identified
