"""Slash commands, components, modals and the messages they leave, through the simulated
Discord and the demo bot."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from localdiscord import FakeDiscord, InteractionResult
from localdiscord.messages import EPHEMERAL
from localdiscord.posting import MENTION_EVERYONE
from tests.e2e.demo_bot import DemoBot


async def test_slash_echo_round_trip(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    result = await backend.slash(w.alice, w.channel, "demo echo", text="hello there")
    assert result.response_type == 4
    assert result.content == "hello there"
    assert not result.ephemeral
    assert backend.channel_messages(w.channel)[-1].content == "hello there"
    msg = result.message
    assert msg is not None and msg.author is backend.bot_user
    callback = result.calls[0]
    assert callback.route == "/interactions/{webhook_id}/{webhook_token}/callback"
    assert callback.query == {"with_response": "1"}
    assert callback.user_id == w.alice.id and callback.interaction_id == result.interaction_id
    assert backend.violations == []


async def test_defer_then_followups(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    result = await backend.slash(w.alice, w.channel, "demo defer")
    assert result.response_type == 5
    assert result.content == "thought about it"  # the first followup replaces "thinking"
    assert not result.message.loading
    assert [m.content for m in result.followups] == ["and one more"]
    assert [m.content for m in backend.channel_messages(w.channel)] == [
        "thought about it",
        "and one more",
    ]
    assert backend.violations == []


async def test_result_helpers(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    result = await backend.slash(w.alice, w.channel, "demo echo", text="hi")
    assert isinstance(result, InteractionResult)
    assert result.text == "hi" and result.messages == [result.message]
    with pytest.raises(AssertionError, match="required"):
        await backend.slash(w.alice, w.channel, "demo echo")
    with pytest.raises(AssertionError, match="no subcommand"):
        await backend.slash(w.alice, w.channel, "demo nope")
    outsider = backend.add_user("carol")
    with pytest.raises(AssertionError, match="not a member"):
        await backend.slash(outsider, w.channel, "demo echo", text="x")


async def test_autocomplete_returns_choices(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    choices = await backend.autocomplete(
        w.alice, w.channel, "demo rules", focused="topic", topic="-1"
    )
    assert [c["value"] for c in choices] == [f"topic-1{i}" for i in range(10)]
    everything = await backend.autocomplete(w.alice, w.channel, "demo rules", focused="topic")
    assert len(everything) == 25

    result = await backend.slash(w.alice, w.channel, "demo rules", topic="topic-03", detail=True)
    assert result.embeds[0]["title"] == "topic-03"
    assert "detailed" in result.text
    assert backend.violations == []


async def test_ephemeral_response_is_private(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    result = await backend.slash(w.alice, w.channel, "demo secret")
    assert result.ephemeral and result.message.flags & EPHEMERAL
    assert backend.ephemeral_messages(w.alice) == [result.message]
    assert backend.ephemeral_messages(w.bob) == []
    assert backend.channel_messages(w.channel) == []

    with pytest.raises(AssertionError, match="ephemeral"):
        await backend.click(w.bob, result.message, label="Count 0")
    clicked = await backend.click(w.alice, result.message, label="Count 0")
    assert clicked.ephemeral and result.message.content == "count=1"
    assert backend.violations == []


async def test_dynamic_item_click_edits_message(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    posted = await backend.slash(w.alice, w.channel, "demo buttons", start=5)
    msg = posted.message
    assert msg is not None and [b.label for b in msg.buttons] == ["Count 5", "Off", "Docs"]

    clicked = await backend.click(w.alice, msg, label="Count 5")
    assert clicked.response_type == 7
    assert w.bot.clicks == [(w.alice.id, 5)]
    assert msg.content == "count=6" and msg.edited_timestamp is not None
    assert msg.find_button(custom_id="demo:count:6") is not None
    assert clicked.message is msg

    with pytest.raises(AssertionError, match="disabled"):
        await backend.click(w.alice, msg, label="Off")
    with pytest.raises(AssertionError, match="link"):
        await backend.click(w.alice, msg, label="Docs")
    with pytest.raises(AssertionError, match="no button"):
        await backend.click(w.alice, msg, custom_id="demo:count:5")
    assert backend.violations == []


async def test_forged_custom_id_is_sent_as_is(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    posted = await backend.slash(w.alice, w.channel, "demo buttons")
    result = await backend.click_forged(w.alice, posted, "demo:count:0")
    assert w.bot.clicks == [(w.alice.id, 0)] and result.content == "count=1"

    # discord.py only builds a DynamicItem when the custom_id is really on the message, so a
    # forged counter value is dropped and the user sees "interaction failed".
    forged = await backend.click_forged(w.alice, posted, "demo:count:41")
    assert w.bot.clicks == [(w.alice.id, 0)] and not forged.responded
    (violation,) = backend.take_violations()
    assert violation.kind == "no_response"
    assert forged.record.type == 3


async def test_click_after_restart_reaches_new_bot(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    posted = await backend.slash(w.alice, w.channel, "demo buttons", start=1)
    old_bot = w.bot
    await backend.disconnect()
    assert old_bot.is_closed() and backend.bot is None

    new_bot = DemoBot()
    await backend.connect(new_bot)
    clicked = await backend.click(w.alice, posted.message, label="Count 1")
    assert clicked.response_type == 7
    assert new_bot.clicks == [(w.alice.id, 1)] and old_bot.clicks == []
    assert posted.message.content == "count=2"
    assert backend.violations == []


async def test_select_menu(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    posted = await backend.slash(w.alice, w.channel, "demo pick")
    (select,) = posted.message.selects
    assert select.values == ["red", "green", "blue"] and select.max_values == 2
    with pytest.raises(AssertionError, match="not options"):
        await backend.select(w.alice, posted, ["purple"])
    with pytest.raises(AssertionError, match=r"takes 1\.\.2 values"):
        await backend.select(w.alice, posted, ["red", "green", "blue"])
    result = await backend.select(w.alice, posted, ["red", "blue"])
    assert result.response_type == 7 and posted.message.content == "picked red,blue"
    assert posted.message.components == []


async def test_modal_round_trip(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    opened = await backend.slash(w.alice, w.channel, "demo form")
    assert opened.response_type == 9 and opened.modal["title"] == "Question"
    with pytest.raises(AssertionError, match="required"):
        await backend.submit_modal(w.alice, opened, {})
    submitted = await backend.submit_modal(w.alice, opened, {"answer": "forty-two"})
    assert submitted.ephemeral and submitted.content == "got: forty-two"


async def test_slash_in_dm(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    dm = backend.dm_channel(w.alice)
    result = await backend.slash(w.alice, dm, "demo buttons", start=2)
    assert result.message.channel is dm and backend.dm_messages(w.alice) == [result.message]
    clicked = await backend.click(w.alice, result, label="Count 2")
    assert clicked.content == "count=3" and w.bot.clicks == [(w.alice.id, 2)]
    with pytest.raises(AssertionError, match="cannot see"):
        await backend.click(w.bob, result, label="Count 3")


async def test_dm_to_closed_user_is_forbidden_but_not_a_violation(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    result = await backend.slash(w.bob, w.channel, "demo dm")
    assert result.content == "DMs closed" and result.ephemeral
    assert w.bot.dm_errors == [50007]
    (refused,) = backend.calls_matching("POST", "/channels/{channel_id}/messages", status=403)
    assert refused.error_code == 50007 and not refused.violation and refused.user_id == w.bob.id
    assert backend.dm_messages(w.bob) == []
    assert backend.violations == []

    opened = await backend.slash(w.alice, w.channel, "demo dm")
    assert opened.content == "sent you a DM"
    assert [m.content for m in backend.dm_messages(w.alice)] == ["hello in private"]
    assert backend.violations == []


async def test_channel_message_edit_and_delete(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    channel = w.bot.get_channel(w.channel.id)
    sent = await channel.send("v1", embed=discord.Embed(title="T", description="D"))
    (stored,) = backend.channel_messages(w.channel)
    assert stored.text == "v1\nT\nD"
    await sent.edit(content="v2")
    assert stored.content == "v2" and stored.embeds[0]["title"] == "T"
    fetched = await channel.fetch_message(sent.id)
    assert fetched.content == "v2"
    await sent.delete()
    assert backend.channel_messages(w.channel) == [] and stored.deleted
    assert backend.violations == []


async def test_everyone_in_content_notifies_the_channel_only_when_allowed_and_permitted(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    channel = w.bot.get_channel(w.channel.id)
    await channel.send("@everyone look")
    assert backend.pings(w.alice) == [], "the bot may not mention everyone"
    trusted = backend.add_role(w.guild, "trusted", permissions=MENTION_EVERYONE)
    w.guild.members[backend.world.bot_user.id].role_ids.append(trusted.id)
    await channel.send("@everyone look", allowed_mentions=discord.AllowedMentions.none())
    await channel.send("@here look", embed=discord.Embed(title="@everyone"))
    assert [m.content for m in backend.pings(w.alice)] == ["@here look"]
    assert [m.content for m in backend.pings(w.bob)] == ["@here look"]
