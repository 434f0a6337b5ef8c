"""The simulated Discord refuses what Discord's specification refuses, and answers only what
it allows."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import orjson
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from localdiscord import FakeDiscord, RemoteBot, openapi

REMOTE_BOT = "tests.e2e.remote_bot:RemoteDemo"


@app_commands.command(name="show", description="Show a finished match")
async def show_with_huge_ceiling(
    interaction: discord.Interaction[Any], match: app_commands.Range[int, 1, 10**18],
) -> None:
    await interaction.response.send_message(str(match))


class Bare(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.none(), help_command=None)


@pytest_asyncio.fixture
async def world(fake_discord: FakeDiscord) -> AsyncIterator[tuple[FakeDiscord, Any]]:
    backend = fake_discord
    guild = backend.add_guild("Spec Guild")
    channel = backend.add_text_channel(guild, "general")
    bot = Bare()
    await backend.connect(bot)
    yield backend, SimpleNamespace(guild=guild, channel=channel, bot=bot)


def _form_errors(backend: FakeDiscord) -> list[str]:
    """The refused fields of the one violation the test provoked, as ``path: message``."""
    (violation,) = backend.take_violations()
    assert violation.kind == "rejected" and (violation.status, violation.code) == (400, 50035)
    assert violation.errors is not None
    lines: list[str] = []

    def walk(node: dict[str, Any], where: str) -> None:
        for key, value in node.items():
            if key == "_errors":
                lines.extend(f"{where}: {e['code']}" for e in value)
            else:
                walk(value, f"{where}.{key}" if where else key)

    walk(violation.errors, "")
    return lines


async def test_an_integer_option_past_2_53_makes_the_command_sync_refused(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    w.bot.tree.add_command(show_with_huge_ceiling)
    with pytest.raises(discord.HTTPException) as refused:
        await w.bot.tree.sync()
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert _form_errors(backend) == ["0.options.0.max_value: NUMBER_TYPE_MAX"]
    assert backend.world.global_commands == {}


async def test_an_option_within_discords_integers_syncs(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    w.bot.tree.add_command(show_with_huge_ceiling)
    show_with_huge_ceiling._params["match"].max_value = 2**53 - 1
    try:
        synced = await w.bot.tree.sync()
    finally:
        show_with_huge_ceiling._params["match"].max_value = 10**18
    assert [c.name for c in synced] == ["show"]
    assert backend.world.global_commands["show"]["options"][0]["max_value"] == 2**53 - 1


async def test_an_unknown_component_type_in_a_message_is_refused(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=w.channel.id)
    body = {"content": "hi", "components": [{"type": 1, "components": [{"type": 99}]}]}
    with pytest.raises(discord.HTTPException) as refused:
        await w.bot.http.request(route, json=body)
    assert refused.value.code == 50035
    assert _form_errors(backend) == ["components.0.components.0: UNION_TYPE_CHOICES"]
    assert backend.channel_messages(w.channel) == []


async def test_a_field_of_the_wrong_type_in_a_message_is_refused(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=w.channel.id)
    with pytest.raises(discord.HTTPException):
        await w.bot.http.request(route, json={"content": "hi", "tts": "yes"})
    assert _form_errors(backend) == ["tts: BASE_TYPE_CONVERT"]


async def test_a_multipart_payload_is_checked_like_a_json_body(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=w.channel.id)
    picture = discord.File(Path(__file__), filename="notes.txt")
    form = [
        {"name": "payload_json", "value": orjson.dumps({"content": ["not", "text"]}).decode()},
        {"name": "files[0]", "value": picture.fp, "filename": picture.filename,
         "content_type": "text/plain"},
    ]
    try:
        with pytest.raises(discord.HTTPException):
            await w.bot.http.request(route, form=form, files=[picture])
    finally:
        picture.close()
    assert _form_errors(backend) == ["content: BASE_TYPE_CONVERT"]
    assert backend.uploads == []


async def test_a_query_parameter_out_of_range_is_refused(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    with pytest.raises(discord.HTTPException):
        await w.bot.http.logs_from(w.channel.id, limit=101)
    assert _form_errors(backend) == ["limit: NUMBER_TYPE_MAX"]
    assert await w.bot.http.logs_from(w.channel.id, limit=100) == []


async def test_a_path_parameter_that_is_no_snowflake_is_refused(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    with pytest.raises(discord.HTTPException):
        await w.bot.http.request(Route("GET", "/channels/{channel_id}", channel_id="general"))
    assert _form_errors(backend) == ["channel_id: STRING_TYPE_REGEX"]


async def test_a_route_discord_does_not_have_is_refused(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    with pytest.raises(discord.NotFound):
        await w.bot.http.request(Route("GET", "/guilds/{guild_id}/dice", guild_id=w.guild.id))
    (violation,) = backend.take_violations()
    assert violation.kind == "unknown_route" and violation.path.endswith("/dice")


async def test_a_route_discord_has_but_the_simulation_lacks_fails_the_test(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    with pytest.raises(discord.NotFound):
        await w.bot.http.request(Route("GET", "/guilds/{guild_id}/bans", guild_id=w.guild.id))
    (violation,) = backend.take_violations()
    assert violation.kind == "unserved_route" and violation.path.endswith("/bans")


async def test_an_answer_off_the_specification_fails_the_test_that_got_it() -> None:
    with pytest.raises(AssertionError) as failed:
        async with FakeDiscord() as backend:
            guild = backend.add_guild("Spec Guild")
            carol = backend.add_user("carol", guild=guild)
            carol.name = None  # type: ignore[assignment]  # a user without a username
            bot = Bare()
            await backend.connect(bot)
            answered = await bot.http.get_user(carol.id)
            assert answered["username"] is None
            await backend.disconnect()
    assert "GET /users/{user_id} answered 200" in str(failed.value)
    assert "username" in str(failed.value)
    assert "components/schemas/UserResponse/properties/username/type" in str(failed.value)


async def test_a_remote_bots_requests_are_checked_too() -> None:
    async with FakeDiscord() as backend:
        guild = backend.add_guild("Far")
        channel = backend.add_text_channel(guild, "general")
        bot = RemoteBot(REMOTE_BOT, greeting="hi")
        await backend.connect(bot)
        status = await bot.call("tests.e2e.remote_bot:list_messages", channel_id=channel.id,
                                limit=101)
        assert status == 400
        assert _form_errors(backend) == ["limit: NUMBER_TYPE_MAX"]
        await backend.disconnect()


async def test_a_refused_request_fails_the_test_even_when_the_bot_got_over_it() -> None:
    with pytest.raises(AssertionError) as failed:
        async with FakeDiscord() as backend:
            channel = backend.add_text_channel(backend.add_guild("Spec Guild"), "general")
            bot = Bare()
            await backend.connect(bot)
            with pytest.raises(discord.HTTPException):
                await bot.http.logs_from(channel.id, limit=101)
            await backend.disconnect()
    assert "Discord would have rejected" in str(failed.value)
    assert "limit" in str(failed.value)


def test_a_missing_specification_is_named(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.setattr(openapi, "SPEC_FILE", tmp_path / "openapi.json")
    with pytest.raises(openapi.SpecMissing, match=r"shared/discord-api-spec/openapi\.json"):
        openapi.specification.__wrapped__()


def test_answers_are_held_to_the_status_of_their_route() -> None:
    spec = openapi.specification()
    operation, _ = spec.operation("GET", "/channels/1")
    refusal = {"message": "Unknown Channel", "code": 10003}
    assert spec.check_response(operation, 404, refusal) == []
    assert spec.check_response(operation, 503, {"message": "Service Unavailable", "code": 0}) == []
    (never,) = spec.check_response(operation, 204, None)
    assert "never answers 204" in str(never)
    (shapeless,) = spec.check_response(operation, 500, {"message": "oops"})
    assert shapeless.path == ("code",)
    assert shapeless.schema_path == "components/schemas/Error/required"
