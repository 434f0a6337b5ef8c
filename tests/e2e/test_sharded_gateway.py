"""The simulated Discord's sharded gateway, through discord.py's own sharded client: each
shard receives its servers' events, shard 0 the DMs, and several bot processes share one
Discord, each with its own shards."""

from __future__ import annotations

import discord
import pytest

from localdiscord import FakeDiscord, RemoteBot
from localdiscord.sharding import INVALID_SHARD, SHARDING_REQUIRED
from tests.e2e.remote_bot import ShardedDemo

SHARDED = "tests.e2e.remote_bot:ShardedDemo"
GATEWAY_BOT = "/gateway/bot"


def _identified(backend: FakeDiscord) -> list[list[int] | None]:
    """The ``shard`` of every IDENTIFY the bots sent, in order."""
    return [sent["d"].get("shard") for sent in backend.gateway_sends if sent["op"] == 2]


async def test_one_process_runs_two_shards_each_receiving_its_servers() -> None:
    async with FakeDiscord() as backend:
        first = backend.add_guild("First", shard=(0, 2))
        second = backend.add_guild("Second", shard=(1, 2))
        games = backend.add_text_channel(second, "games")
        alice = backend.add_user("alice", guild=second)
        backend.add_member(first, alice)
        bot = ShardedDemo(shard_count=2)
        await backend.connect(bot)

        assert _identified(backend) == [[0, 2], [1, 2]]
        assert [session.shard for session in backend.sessions] == [(0, 2), (1, 2)]
        zero, one = backend.sessions
        assert zero.events == ["READY", "GUILD_CREATE"] and one.events == ["READY", "GUILD_CREATE"]
        assert {g.name: g.shard_id for g in bot.guilds} == {"First": 0, "Second": 1}
        assert sorted(bot.shards_ready) == [0, 1] and bot.is_ready()
        assert bot.latency == 0.0, "the average of its shards' latencies"

        later = backend.add_text_channel(second, "later")
        tallied = await backend.slash(alice, games, "tally")
        in_dm = await backend.slash(alice, backend.dm_channel(alice), "tally")
        assert tallied.content == "tally 0" and in_dm.content == "tally 0"
        assert tallied.received_by == [one] and in_dm.received_by == [zero]
        assert zero.events[2:] == ["INTERACTION_CREATE"]
        assert one.events[2:] == ["CHANNEL_CREATE", "INTERACTION_CREATE"]
        assert bot.get_channel(later.id) is not None
        assert bot.received == ["Second", "DM"]

        await bot.change_presence(activity=discord.Game("board games"))
        presences = [sent for sent in backend.gateway_sends if sent["op"] == 3]
        assert len(presences) == 2, "one on each shard's session"
        await backend.disconnect()
        assert bot.is_closed() and backend.sessions == []
        assert backend.violations == [] and backend.task_errors == []


async def test_without_a_count_the_bot_runs_the_shards_discord_recommends() -> None:
    async with FakeDiscord() as backend:
        for number in range(1001):  # Discord recommends a shard per thousand servers
            backend.world.add_guild(f"Server {number}")
        bot = ShardedDemo()
        await backend.connect(bot)
        assert len(backend.calls_matching("GET", GATEWAY_BOT)) == 1
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        assert _identified(backend) == [[0, 2], [1, 2]]
        assert len(bot.guilds) == 1001
        received = [session.events.count("GUILD_CREATE") for session in backend.sessions]
        assert received == [
            sum(1 for g in backend.world.guilds if (g >> 22) % 2 == shard) for shard in (0, 1)
        ]
        limits = await bot.fetch_session_start_limits()
        assert (limits.total, limits.remaining, limits.max_concurrency) == (1000, 998, 1)
        await backend.disconnect()


async def test_discord_refuses_a_shard_that_does_not_exist() -> None:
    async with FakeDiscord() as backend:
        backend.add_guild("Only")
        bot = ShardedDemo(shard_count=2, shard_ids=[2])
        with pytest.raises(discord.ConnectionClosed) as refused:
            await backend.connect(bot)
        assert refused.value.code == INVALID_SHARD
        assert bot.is_closed() and backend.bot is None and backend.sessions == []


async def test_discord_requires_shards_from_2500_servers() -> None:
    async with FakeDiscord() as backend:
        for number in range(2500):
            backend.world.add_guild(f"Server {number}")
        bot = ShardedDemo(shard_count=1)
        with pytest.raises(discord.ConnectionClosed) as refused:
            await backend.connect(bot)
        assert refused.value.code == SHARDING_REQUIRED
        assert bot.is_closed() and backend.sessions == []
        assert _identified(backend) == [[0, 1]]

        recommended = ShardedDemo()  # Discord's count: a thousand servers a shard at most
        await backend.connect(recommended)
        assert recommended.shard_count == 3 and len(recommended.guilds) == 2500
        assert _identified(backend)[1:] == [[0, 3], [1, 3], [2, 3]]
        await backend.disconnect()


async def test_two_processes_each_receive_only_their_own_shards() -> None:
    async with FakeDiscord() as backend:
        first = backend.add_guild("First", shard=(0, 2))
        second = backend.add_guild("Second", shard=(1, 2))
        lobby = backend.add_text_channel(first, "lobby")
        games = backend.add_text_channel(second, "games")
        alice = backend.add_user("alice", guild=first)
        backend.add_member(second, alice)
        far = RemoteBot(SHARDED, shard_count=2, shard_ids=[1])
        await backend.connect(far)
        here = ShardedDemo(shard_count=2, shard_ids=[0])
        await backend.connect(here)
        assert [(session.bot, session.shard) for session in backend.sessions] == [
            (far, (1, 2)), (here, (0, 2)),
        ]

        assert (await backend.slash(alice, games, "tally")).content == "tally 0"
        assert (await backend.slash(alice, lobby, "tally")).content == "tally 0"
        assert (await backend.slash(alice, backend.dm_channel(alice), "tally")).responded
        assert here.received == ["First", "DM"]
        seen = await far.call("tests.e2e.remote_bot:sharding")
        assert seen == {"shards": [1], "ready": [1], "count": 2, "servers": ["Second"],
                        "received": ["Second"]}
        assert sorted(g.name for g in here.guilds) == ["First"]

        await backend.disconnect(here)  # nobody runs shard 0 now
        lost = await backend.slash(alice, backend.dm_channel(alice), "tally")
        other = await backend.slash(alice, lobby, "tally")
        assert lost.received_by == [] and other.received_by == []
        assert not lost.responded and not other.responded
        assert (await far.call("tests.e2e.remote_bot:sharding"))["received"] == ["Second"]
        assert backend.violations == [] and backend.task_errors == []
