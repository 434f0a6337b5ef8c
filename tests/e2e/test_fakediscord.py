"""Self-tests of the simulated Discord backend, driving a tiny real discord.py bot."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands, tasks
from discord.http import Route

from localdiscord import FakeDiscord, InteractionResult, limits
from localdiscord.fixtures import fake_discord  # noqa: F401 - pytest fixture
from localdiscord.gateway import TaskTracker
from localdiscord.messages import EPHEMERAL

TOPICS = [f"topic-{i:02d}" for i in range(40)]


class CounterButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:count:(?P<n>\d+)"):
    """A persistent button whose custom_id carries a counter."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count {n}", custom_id=f"demo:count:{n}", style=discord.ButtonStyle.primary
            )
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        interaction.client.clicks.append((interaction.user.id, self.n))  # type: ignore[attr-defined]
        await interaction.response.edit_message(
            content=f"count={self.n + 1}", view=_counter_view(self.n + 1)
        )


class SixRows(discord.ui.View):
    """A view that renders six action rows (discord.py itself would refuse to build it)."""

    def to_components(self) -> list[dict[str, Any]]:
        return [
            {
                "type": 1,
                "components": [{"type": 2, "style": 1, "label": f"b{i}", "custom_id": f"row-{i}"}],
            }
            for i in range(6)
        ]


demo = app_commands.Group(name="demo", description="Demo commands")


@demo.command(name="echo", description="Echo text")
async def echo(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.send_message(text)


@demo.command(name="secret", description="Ephemeral reply")
async def secret(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("only you", ephemeral=True, view=_counter_view(0))


@demo.command(name="long", description="Too long")
async def long(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("x" * 2001)


@demo.command(name="rows", description="Too many rows")
async def rows(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("rows", view=SixRows())


@demo.command(name="options", description="Too many select options")
async def options(interaction: discord.Interaction) -> None:
    select = discord.ui.Select(
        custom_id="pick",
        options=[discord.SelectOption(label=f"o{i}", value=str(i)) for i in range(26)],
    )
    view = discord.ui.View()
    view.add_item(select)
    await interaction.response.send_message("pick", view=view)


@demo.command(name="longid", description="custom_id of 101 chars")
async def longid(interaction: discord.Interaction) -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="x", custom_id="c" * 101))
    await interaction.response.send_message("long id", view=view)


@demo.command(name="tworesponses", description="Respond twice")
async def tworesponses(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("first")
    route = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )
    try:
        await interaction.client.http.request(route, json={"type": 4, "data": {"content": "2"}})
    except discord.HTTPException as exc:
        await interaction.followup.send(f"second failed: {exc.code}")


@demo.command(name="slow", description="Responds after the 3 s window")
async def slow(interaction: discord.Interaction) -> None:
    interaction.client.before_slow_reply()  # type: ignore[attr-defined]
    await interaction.response.send_message("too late")


@demo.command(name="defer", description="Think, then follow up")
async def defer(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    await interaction.followup.send("thought about it")
    await interaction.followup.send("and one more")


@demo.command(name="dm", description="DM the caller")
async def dm(interaction: discord.Interaction) -> None:
    try:
        await interaction.user.send("hello in private")
    except discord.Forbidden as exc:
        interaction.client.dm_errors.append(exc.code)  # type: ignore[attr-defined]
        await interaction.response.send_message("DMs closed", ephemeral=True)
    else:
        await interaction.response.send_message("sent you a DM", ephemeral=True)


@demo.command(name="buttons", description="Post a counter")
async def buttons(interaction: discord.Interaction, start: int = 0) -> None:
    await interaction.response.send_message(f"count={start}", view=_counter_view(start))


@demo.command(name="silent", description="Never responds")
async def silent(interaction: discord.Interaction) -> None:
    return None


@demo.command(name="pick", description="A select menu")
async def pick(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pick two", view=PickView())


@demo.command(name="form", description="Open a modal")
async def form(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(AnswerModal())


@demo.command(name="temp", description="Message that deletes itself later")
async def temp(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("short-lived", delete_after=60)


@demo.command(name="later", description="Defer, then edit the original much later")
async def later(interaction: discord.Interaction) -> None:
    await interaction.response.defer()
    interaction.client.before_slow_reply()  # type: ignore[attr-defined]
    await interaction.edit_original_response(content="finally")


@demo.command(name="early", description="Followup before responding")
async def early(interaction: discord.Interaction) -> None:
    try:
        await interaction.followup.send("too early")
    except discord.NotFound as exc:
        await interaction.response.send_message(f"followup refused: {exc.code}")


@demo.command(name="rules", description="Look up a rules topic")
async def rules(interaction: discord.Interaction, topic: str, detail: bool = False) -> None:
    await interaction.response.send_message(
        embed=discord.Embed(title=topic, description="detailed" if detail else "short")
    )


@rules.autocomplete("topic")
async def rules_topic(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=t, value=t) for t in TOPICS if current in t][:25]


class PickView(discord.ui.View):
    @discord.ui.select(
        custom_id="demo:pick",
        min_values=1,
        max_values=2,
        options=[
            discord.SelectOption(label=name, value=name.lower())
            for name in ("Red", "Green", "Blue")
        ],
    )
    async def chosen(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(
            content="picked " + ",".join(select.values), view=None
        )


class AnswerModal(discord.ui.Modal, title="Question"):
    answer = discord.ui.TextInput(label="Your answer", custom_id="answer", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"got: {self.answer.value}", ephemeral=True)


def _counter_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(CounterButton(n))
    view.add_item(discord.ui.Button(label="Off", custom_id="demo:off", disabled=True))
    view.add_item(discord.ui.Button(label="Docs", url="https://example.invalid/docs"))
    return view


class DemoBot(commands.Bot):
    def __init__(self, intents: discord.Intents | None = None) -> None:
        super().__init__(
            command_prefix="!", intents=intents or discord.Intents.default(), help_command=None
        )
        self.clicks: list[tuple[int, int]] = []
        self.dm_errors: list[int | None] = []
        self.joined: list[str] = []
        self.ready_count = 0
        self.before_slow_reply = lambda: None

    async def setup_hook(self) -> None:
        self.tree.add_command(demo)
        self.add_dynamic_items(CounterButton)
        self.add_command(hello)
        self.heartbeat.start()
        await self.tree.sync()

    async def close(self) -> None:
        self.heartbeat.cancel()
        await super().close()

    @tasks.loop(seconds=30)
    async def heartbeat(self) -> None:
        """A background loop: settle() must not wait for it."""

    async def on_ready(self) -> None:
        self.ready_count += 1
        await self.change_presence(activity=discord.Game("board games"))

    async def on_guild_join(self, guild: discord.Guild) -> None:
        self.joined.append(guild.name)


@commands.command(name="hello")
async def hello(ctx: commands.Context[Any]) -> None:
    await ctx.send(f"hello {ctx.author.name}")


@pytest_asyncio.fixture
async def world(fake_discord: FakeDiscord) -> AsyncIterator[tuple[FakeDiscord, Any]]:  # noqa: F811
    """A guild with #general, alice (DMs open) and bob (DMs closed), and a connected bot.

    The ``fake_discord`` fixture fails the test at teardown on any leftover violation.
    """
    backend = fake_discord
    guild = backend.add_guild("Test Guild")
    channel = backend.add_text_channel(guild, "general")
    alice = backend.add_user("alice", guild=guild)
    bob = backend.add_user("bob", guild=guild, dms_open=False)
    bot = DemoBot()
    await backend.connect(bot)
    yield backend, SimpleNamespace(guild=guild, channel=channel, alice=alice, bob=bob, bot=bot)


def _rejected(backend: FakeDiscord, code: int) -> list[Any]:
    return [v for v in backend.violations if v.kind == "rejected" and v.code == code]


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
    world: tuple[FakeDiscord, Any], command: str, fragment: str
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


async def test_gateway_sends_and_ready(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    assert w.bot.ready_count == 1
    assert backend.gateway_sends[-1]["op"] == 3
    assert backend.gateway_sends[-1]["d"]["activities"][0]["name"] == "board games"


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


async def test_members_intent_bot(fake_discord: FakeDiscord) -> None:  # noqa: F811
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


async def test_followup_before_response_is_unknown_webhook(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    result = await backend.slash(w.alice, w.channel, "demo early")
    assert result.content == "followup refused: 10015"
    (violation,) = backend.take_violations()
    assert (violation.status, violation.code, violation.message) == (404, 10015, "Unknown Webhook")
    assert violation.route == "/webhooks/{webhook_id}/{webhook_token}"


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
