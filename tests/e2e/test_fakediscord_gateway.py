"""The simulated Discord's logging in, gateway, REST call log and settling, driving the
demo bot."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from localdiscord import FakeDiscord
from localdiscord.gateway import TaskTracker
from tests.e2e.demo_bot import DemoBot


async def test_bad_token_raises_login_failure() -> None:
    async with FakeDiscord(token="right") as backend:
        bot = DemoBot()
        with pytest.raises(discord.LoginFailure):
            await backend.connect(bot, token="wrong")
        assert backend.bot is None
        assert backend.calls[-1].status == 401
        assert backend.violations == []
        assert bot.is_closed()


async def test_connect_syncs_commands_and_readies(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    assert w.bot.is_ready()
    assert w.bot.user.id == backend.bot_user.id
    assert [g.name for g in w.bot.guilds] == ["Test Guild"]
    assert w.bot.get_channel(w.channel.id).name == "general"
    synced = backend.calls_matching("PUT", "/applications/{application_id}/commands")
    assert len(synced) == 1 and synced[0].ok
    assert backend.world.global_commands["demo"]["id"]


async def test_gateway_sends_and_ready(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    assert w.bot.ready_count == 1
    assert backend.gateway_sends[-1]["op"] == 3
    assert backend.gateway_sends[-1]["d"]["activities"][0]["name"] == "board games"


async def test_live_guild_join_and_prefix_command(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    second = backend.add_guild("Second")
    lounge = backend.add_text_channel(second, "lounge")
    await backend.settle()
    assert w.bot.joined == ["Second"]
    assert w.bot.get_channel(lounge.id).name == "lounge"

    # no message content intent: Discord blanks the content, so the prefix command is missed
    await backend.post(w.alice, w.channel, "!hello")
    assert [m.content for m in backend.channel_messages(w.channel)] == ["!hello"]
    await backend.post(w.alice, backend.dm_channel(w.alice), "!hello")
    assert [m.content for m in backend.dm_messages(w.alice)] == ["!hello", "hello alice"]


async def test_members_intent_bot(fake_discord: FakeDiscord) -> None:
    backend = fake_discord
    guild = backend.add_guild("Members")
    backend.add_text_channel(guild, "general")
    alice = backend.add_user("alice", guild=guild)
    intents = discord.Intents.default()
    intents.members = True
    intents.message_content = True
    bot = DemoBot(intents)
    await backend.connect(bot)
    cached = bot.get_guild(guild.id)
    assert cached.chunked and cached.get_member(alice.id).name == "alice"
    bob = backend.add_user("bob", guild=guild)
    await backend.settle()
    assert cached.get_member(bob.id) is not None
    await backend.post(bob, guild.channels[0], "!hello")
    assert backend.channel_messages(guild.channels[0])[-1].content == "hello bob"


async def test_every_rest_call_is_recorded(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    before = len(backend.calls)
    await backend.slash(w.alice, w.channel, "demo defer")
    routes = [(c.method, c.route) for c in backend.calls[before:]]
    assert routes == [
        ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"),
        ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
        ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    ]
    login = [(c.method, c.route) for c in backend.calls[:3]]
    assert login == [
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
        ("PUT", "/applications/{application_id}/commands"),
    ]
    assert [c.seq for c in backend.calls] == list(range(1, len(backend.calls) + 1))


async def test_call_log_without_bodies_keeps_what_is_counted() -> None:
    async with FakeDiscord(call_bodies=False) as backend:
        guild = backend.add_guild("Bench")
        channel = backend.add_text_channel(guild, "general")
        alice = backend.add_user("alice", guild=guild)
        await backend.connect(DemoBot())
        before = len(backend.calls)
        result = await backend.slash(alice, channel, "demo echo", text="hi")
        assert result.content == "hi"
        (call,) = backend.calls[before:]
        assert call.route == "/interactions/{webhook_id}/{webhook_token}/callback"
        assert call.ok and call.interaction_id == result.interaction_id
        assert call.json is None and call.response is None
        assert backend.violations == []


async def test_timers_and_loops_do_not_block_settle(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    assert w.bot.heartbeat.is_running()
    result = await backend.slash(w.alice, w.channel, "demo temp")  # delete_after=60 timer
    assert result.content == "short-lived" and not result.message.deleted
    assert backend.tracker.parked


async def test_settle_waits_for_short_waits_but_not_for_parked_tasks() -> None:
    tracker = TaskTracker(park_threshold=1.0)
    tracker.begin()
    loop = asyncio.get_running_loop()
    short = [asyncio.create_task(asyncio.sleep(0.05)),
             asyncio.create_task(asyncio.wait_for(loop.create_future(), 0.05))]
    parked = [asyncio.create_task(asyncio.sleep(30)),
              asyncio.create_task(asyncio.wait_for(loop.create_future(), 30))]
    await tracker.settle(5.0)  # it raises if it waited for the parked ones
    assert all(task.done() for task in short) and not any(task.done() for task in parked)
    assert set(parked) <= set(tracker.parked)
    for task in parked:
        task.cancel()


async def test_settle_reports_a_task_that_failed_before_it_first_looked() -> None:
    tracker = TaskTracker()
    tracker.begin()

    async def fails_at_once() -> None:
        raise RuntimeError("lost at once")

    quick = asyncio.create_task(fails_at_once())
    await asyncio.sleep(0)  # it has failed before settle looks, as on a busy machine
    assert quick.done()
    await tracker.settle(5.0)
    [(name, error)] = tracker.failures
    assert "fails_at_once" in name and str(error) == "lost at once"
