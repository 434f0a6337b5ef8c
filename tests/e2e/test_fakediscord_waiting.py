"""Self-tests of the simulated Discord's ways to act without waiting for the whole bot:
answers awaited one by one, activity in one channel, a connect that does not wait for
quiet, and when each REST call arrived."""

from __future__ import annotations

import asyncio
from typing import Any

from localdiscord import FakeDiscord
from tests.e2e.demo_bot import DemoBot


class WarmingUpBot(DemoBot):
    """Once ready, it keeps working until ``go`` is set before it posts in the first
    channel."""

    def __init__(self) -> None:
        super().__init__()
        self.go = asyncio.Event()
        self.warmed_up = asyncio.Event()

    async def on_ready(self) -> None:
        await super().on_ready()
        await self.go.wait()
        channel = self.guilds[0].text_channels[0]
        await channel.send("warmed up")
        self.warmed_up.set()


async def test_a_click_sent_without_settling_is_awaited_alone(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    posted = await backend.slash(w.alice, w.channel, "demo buttons", start=2)
    async with backend.simultaneously(settle=False):
        clicked = await backend.click(w.alice, posted.message, label="Count 2")
    assert not clicked.responded, "nothing was waited for yet"
    assert await backend.answered(clicked)
    assert clicked.response_type == 7 and posted.message.content == "count=3"
    record = clicked.record
    assert record.responded_at is not None and record.responded_at >= record.created_at


async def test_an_interaction_never_answered_times_out(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    async with backend.simultaneously(settle=False):
        silent = await backend.slash(w.alice, w.channel, "demo silent")
    assert not await backend.answered(silent, timeout=0.05)
    await backend.settle()
    (violation,) = backend.take_violations()
    assert violation.kind == "no_response"


async def test_activity_in_a_channel_is_the_next_call_about_it(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    other = backend.add_text_channel(w.guild, "other")
    await backend.settle()
    elsewhere = asyncio.ensure_future(w.bot.get_channel(other.id).send("not here"))
    here = asyncio.ensure_future(backend.activity_in(w.channel))
    assert await backend.activity_in(other) is not None and not here.done()
    await elsewhere
    async with backend.simultaneously(settle=False):
        await backend.slash(w.alice, w.channel, "demo echo", text="hi")
    call = await here
    assert call is not None and call.route == "/interactions/{webhook_id}/{webhook_token}/callback"
    assert await backend.activity_in(w.channel, timeout=0.05) is None
    await backend.settle()


async def test_activity_in_any_of_several_channels_wakes_one_waiting_for_them_all(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    other, quiet = (backend.add_text_channel(w.guild, name) for name in ("other", "quiet"))
    await backend.settle()
    both = asyncio.ensure_future(backend.activity_in(quiet, other, w.channel))
    await asyncio.sleep(0)  # it waits now
    await w.bot.get_channel(other.id).send("here")
    call = await both
    assert call is not None and call.channel_id == other.id
    await w.bot.get_channel(w.channel.id).send("after")  # wakes nobody, keeps nothing
    assert backend._channel_waiters == {}, "it no longer waits for any of them"
    late = asyncio.ensure_future(backend.activity_in(quiet, other))
    await asyncio.sleep(0)
    late.cancel()
    await asyncio.gather(late, return_exceptions=True)
    assert backend._channel_waiters == {}, "a waiter cancelled waits for none of them"
    await backend.settle()


async def test_connect_without_settling_returns_once_ready(fake_discord: FakeDiscord) -> None:
    backend = fake_discord
    guild = backend.add_guild("Test Guild")
    channel = backend.add_text_channel(guild, "general")
    bot = WarmingUpBot()
    await backend.connect(bot, settle=False)
    assert bot.is_ready() and not bot.warmed_up.is_set()
    bot.go.set()
    await backend.settle()
    assert bot.warmed_up.is_set()
    assert [m.content for m in backend.channel_messages(channel)] == ["warmed up"]


async def test_each_call_knows_when_it_arrived_and_its_channel(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    first = await backend.slash(w.alice, w.channel, "demo buttons")
    backend.advance_clock(10)
    await backend.click(w.alice, first.message, label="Count 0")
    await w.bot.get_channel(w.channel.id).send("posted")
    answer, click, post = backend.calls[-3:]
    assert click.at - answer.at >= 10 and post.at >= click.at
    assert post.channel_id == w.channel.id and post.route == "/channels/{channel_id}/messages"
    assert answer.channel_id is None, "an interaction's answer goes to its webhook"


async def test_a_call_whose_answer_is_held_is_carried_out_before_it_is_answered(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    answer = asyncio.Event()
    held = backend.inject(method="POST", route="/channels/{channel_id}/messages",
                          channel=w.channel, answer_when=answer)
    sending = asyncio.ensure_future(w.bot.get_channel(w.channel.id).send("on its way"))
    await held.holding.wait()
    assert [m.content for m in backend.channel_messages(w.channel)] == ["on its way"]
    assert not sending.done(), "the bot has no answer yet"
    answer.set()
    sent = await sending
    assert sent.id == backend.channel_messages(w.channel)[0].id
    await w.bot.get_channel(w.channel.id).send("answered at once")  # it held one call only
