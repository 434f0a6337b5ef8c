"""What the simulated Discord refuses, as Discord would: limits, late or double answers
and too many calls."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from localdiscord import FakeDiscord, limits


def _rejected(backend: FakeDiscord, code: int) -> list[Any]:
    return [v for v in backend.violations if v.kind == "rejected" and v.code == code]


async def test_too_long_content_is_rejected(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    result = await backend.slash(w.alice, w.channel, "demo long")
    assert not result.responded
    (violation,) = _rejected(backend, 50035)
    assert violation.errors == {
        "data": {
            "content": {
                "_errors": [
                    {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}
                ]
            }
        }
    }
    assert [v.kind for v in backend.take_violations()] == ["rejected", "no_response"]
    assert any("Ignoring exception" in r.getMessage() for r in backend.bot_errors)


@pytest.mark.parametrize(
    ("command", "fragment"),
    [
        ("demo rows", "data.components"),
        ("demo options", "data.components.0.components.0.options"),
        ("demo longid", "data.components.0.components.0.custom_id"),
    ],
)
async def test_component_limits_are_rejected(
    world: tuple[FakeDiscord, Any],
    command: str,
    fragment: str,
) -> None:
    backend, w = world
    result = await backend.slash(w.alice, w.channel, command)
    assert not result.responded
    (violation,) = _rejected(backend, 50035)
    assert fragment in str(violation)
    backend.take_violations()


async def test_second_initial_response_is_rejected(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    result = await backend.slash(w.alice, w.channel, "demo tworesponses")
    assert result.content == "first"
    assert [m.content for m in result.followups] == ["second failed: 40060"]
    (violation,) = backend.take_violations()
    assert (violation.status, violation.code) == (400, 40060)
    assert violation.message == "Interaction has already been acknowledged."


async def test_late_response_is_rejected(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    w.bot.before_slow_reply = lambda: backend.advance_clock(3.5)
    result = await backend.slash(w.alice, w.channel, "demo slow")
    assert not result.responded
    kinds = [(v.kind, v.code) for v in backend.take_violations()]
    assert kinds == [("rejected", 10062), ("no_response", None)]


async def test_unanswered_interaction_is_a_violation(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    await backend.slash(w.alice, w.channel, "demo silent")
    (violation,) = backend.take_violations()
    assert violation.kind == "no_response"
    assert "/demo silent by alice" in str(violation)


async def test_followup_before_response_is_unknown_webhook(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    result = await backend.slash(w.alice, w.channel, "demo early")
    assert result.content == "followup refused: 10015"
    (violation,) = backend.take_violations()
    assert (violation.status, violation.code, violation.message) == (404, 10015, "Unknown Webhook")
    assert violation.route == "/webhooks/{webhook_id}/{webhook_token}"


async def test_deferred_edit_after_token_expiry(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    w.bot.before_slow_reply = lambda: backend.advance_clock(10)
    result = await backend.slash(w.alice, w.channel, "demo later")
    assert result.content == "finally"  # a deferred interaction may take 15 minutes
    w.bot.before_slow_reply = lambda: backend.advance_clock(16 * 60)
    expired = await backend.slash(w.alice, w.channel, "demo later")
    assert expired.message.loading
    rejected, stuck = backend.take_violations()
    assert (rejected.status, rejected.code) == (401, 50027)
    assert stuck.kind == "stuck_thinking"


async def test_a_bot_over_the_global_rate_is_refused_and_waits_as_discord_asks(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    backend.server.global_rate = 3
    backend.server.bot_restarted()  # the calls of logging in are not counted here
    channel = w.bot.get_channel(w.channel.id)
    sent = await asyncio.gather(*(channel.send(f"note {n}") for n in range(4)))
    assert [m.content for m in sent] == [f"note {n}" for n in range(4)], "the fourth waited"
    (refused,) = backend.calls_matching("POST", "/channels/{channel_id}/messages", status=429)
    assert refused.violation, "a bot should never make Discord refuse it"
    assert [v.message for v in backend.take_violations()] == ["You are being rate limited."]
    answered = await backend.slash(w.alice, w.channel, "demo echo", text="still here")
    assert answered.content == "still here", "answers to interactions are not counted"


async def test_a_channel_that_denies_the_bot_refuses_its_messages_as_discord_does(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    channel = w.bot.get_channel(w.channel.id)
    kept = await channel.send("before")
    denied = discord.Permissions(send_messages=True, attach_files=True)
    backend.deny(w.channel, backend.bot_user, denied.value)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("no")
    assert refused.value.code == 50013
    await kept.edit(content="its own message may still be edited")
    with pytest.raises(discord.Forbidden) as refused:
        await kept.edit(attachments=[discord.File(__file__)])
    assert refused.value.code == 50013, "a file needs Attach Files"
    backend.deny(w.channel, backend.bot_user, discord.Permissions(view_channel=True).value)
    with pytest.raises(discord.Forbidden) as refused:
        await kept.delete()
    assert refused.value.code == 50001, "a channel it cannot see is Missing Access"
    backend.deny(w.channel, backend.bot_user, 0)
    await channel.send("after")
    assert [m.content for m in backend.channel_messages(w.channel)] == [
        "its own message may still be edited", "after",
    ]
    assert not backend.violations, "refusals the bot cannot foresee are outcomes"


async def test_overwrites_apply_as_discord_orders_them_everyone_then_roles_then_member(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    channel = w.bot.get_channel(w.channel.id)
    seeing = discord.Permissions(view_channel=True).value
    backend.deny(w.channel, w.guild.everyone, seeing)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("hidden from everyone, the bot too")
    assert refused.value.code == 50001
    bots = backend.add_role(w.guild, "bots")
    w.guild.members[backend.bot_user.id].role_ids.append(bots.id)
    backend.overwrite(w.channel, bots, allow=seeing)
    await channel.send("a role's allow lifts @everyone's deny")
    backend.overwrite(w.channel, backend.bot_user, deny=seeing)
    with pytest.raises(discord.Forbidden):
        await channel.send("the member's own overwrite comes last")
    assert [m.content for m in backend.channel_messages(w.channel)] == [
        "a role's allow lifts @everyone's deny",
    ]
    assert not backend.violations


async def test_an_archived_thread_takes_new_messages_but_no_edits_until_unarchived(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    thread = backend.add_thread(w.channel, "game night", owner=w.alice)
    channel = w.bot.get_partial_messageable(thread.id)
    kept = await channel.send("board")
    backend.archive_thread(thread)
    with pytest.raises(discord.HTTPException) as refused:
        await kept.edit(content="board, later")
    assert (refused.value.status, refused.value.code) == (400, 50083)
    answer = await w.bot.http.edit_channel(thread.id, archived=False)
    assert answer["thread_metadata"]["archived"] is False
    await kept.edit(content="board, later")

    backend.archive_thread(thread)
    notice = await channel.send("a new message unarchives it")
    assert not thread.thread.archived
    backend.archive_thread(thread)
    await notice.delete()  # deleting is the one thing an archived thread allows

    backend.archive_thread(thread, locked=True)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("locked")
    assert refused.value.code == 50083, "a locked thread takes no message"
    with pytest.raises(discord.Forbidden) as refused:
        await w.bot.http.edit_channel(thread.id, archived=False)
    assert refused.value.code == 50013, "nor can the bot unarchive it without Manage Threads"
    assert [m.content for m in backend.channel_messages(thread)] == ["board, later"]
    assert not backend.violations


def test_limits_pure_functions() -> None:
    errors = limits.FormErrors()
    fields = [{"name": "", "value": "v" * 1000}, {"name": "m", "value": "v" * 1000}]
    limits.check_message(
        {"embeds": [{"title": "t" * 256, "description": "d" * 4000, "fields": fields}]}, errors
    )
    assert errors.flat() == [
        "embeds.0.fields.0.name: This field is required",
        "embeds: Embed size exceeds maximum size of 6000",
    ]

    errors = limits.FormErrors()
    row = {
        "type": 1,
        "components": [
            {"type": 2, "style": 1, "label": "a", "custom_id": "same"},
            {"type": 2, "style": 1, "label": "b", "custom_id": "same"},
            {"type": 3, "custom_id": "s", "options": [{"label": "x", "value": "x"}]},
        ],
    }
    limits.check_message({"components": [row]}, errors)
    codes = {e["code"] for line in [errors.tree] for e in _all_errors(line)}
    assert {"COMPONENT_CUSTOM_ID_DUPLICATED", "COMPONENT_LAYOUT_WIDTH_EXCEEDED"} <= codes

    errors = limits.FormErrors()
    limits.check_autocomplete({"choices": [{"name": "n", "value": "v" * 101}] * 3}, errors)
    assert len(errors.flat()) == 3
    assert not limits.check_interaction_response({"type": 8, "data": {"choices": []}}, 4)
    assert limits.check_interaction_response({"type": 7, "data": {}}, 2)


def _all_errors(node: dict[str, Any]) -> list[dict[str, str]]:
    found = list(node.get("_errors", []))
    for key, value in node.items():
        if key != "_errors":
            found.extend(_all_errors(value))
    return found
