"""A bot in a process of its own (``RemoteBot``), driven by the simulated Discord here."""

from __future__ import annotations

import os

import pytest

from localdiscord import FakeDiscord, RemoteBot, RemoteError

BOT = "tests.e2e.remote_bot:RemoteDemo"


async def test_a_remote_bot_plays_like_a_bot_in_this_process() -> None:
    async with FakeDiscord() as backend:
        guild = backend.add_guild("Far")
        backend.add_text_channel(guild, "general")
        alice = backend.add_user("alice", guild=guild)
        bot = RemoteBot(BOT, greeting="hi")
        await backend.connect(bot)
        later = backend.add_text_channel(guild, "later")  # fed to the bot's process

        seen = await bot.call("tests.e2e.remote_bot:seen")
        assert seen["pid"] != os.getpid()
        assert seen["greeting"] == "hi"
        assert seen["channels"] == ["general", "later"]
        # What comes back is what JSON can say: integer keys come as strings.
        by_id = await bot.call("tests.e2e.remote_bot:channels_by_id")
        assert sorted(by_id.values()) == ["general", "later"] and by_id[str(later.id)] == "later"

        started = await backend.slash(alice, later, "tally")
        assert started.content == "tally 0"
        clicked = await backend.click(alice, started.message, label="+1")
        assert clicked.response_type == 7  # UPDATE_MESSAGE
        assert backend.channel_messages(later)[0].content == "tally 1"
        assert backend.violations == []
        assert backend.task_errors == [] and backend.bot_errors == []

        await backend.disconnect()
        assert backend.bot is None
        with pytest.raises(AssertionError, match="process is gone"):
            bot.feed("CHANNEL_CREATE", {})


async def test_a_remote_bots_failures_and_error_logs_come_back() -> None:
    async with FakeDiscord() as backend:
        guild = backend.add_guild("Far")
        channel = backend.add_text_channel(guild, "general")
        alice = backend.add_user("alice", guild=guild)
        bot = RemoteBot(BOT, greeting="hi")
        await backend.connect(bot)

        answered = await backend.slash(alice, channel, "fail")
        assert answered.ephemeral and answered.content == "failing"
        [(task, error)] = backend.task_errors
        assert "_lost" in task
        assert isinstance(error, RemoteError) and "lost in the background" in str(error)
        [log] = backend.bot_errors
        assert log.getMessage() == "something broke in the bot"

        with pytest.raises(RemoteError, match="no_such_function"):
            await bot.call("tests.e2e.remote_bot:no_such_function")
        await backend.disconnect()


async def test_a_bot_process_that_ends_fails_what_waits_for_it() -> None:
    async with FakeDiscord() as backend:
        backend.add_guild("Far")
        bot = RemoteBot(BOT, greeting="hi")
        await backend.connect(bot)
        with pytest.raises(RemoteError, match="process ended"):
            await bot.call("tests.e2e.remote_bot:vanish")
        with pytest.raises(RemoteError, match="process ended"):
            await backend.settle()
        backend.bot = None  # nothing left to disconnect
        await bot.close()
