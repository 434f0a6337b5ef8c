"""A tiny real discord.py bot and its guild, for the simulated Discord's own tests."""

from __future__ import annotations

import io
import re
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest_asyncio
from discord import app_commands
from discord.ext import commands, tasks
from discord.http import Route
from PIL import Image

from localdiscord import FakeDiscord

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


@demo.command(name="say", description="Say a text, privately unless posted")
async def say(interaction: discord.Interaction, text: str, public: bool = False) -> None:
    await interaction.response.send_message(text, ephemeral=not public)


@demo.command(name="picture", description="Post a picture with an alt text")
async def picture(interaction: discord.Interaction, alt: str) -> None:
    png = io.BytesIO()
    Image.new("RGB", (4, 4)).save(png, "PNG")
    png.seek(0)
    await interaction.response.send_message(
        file=discord.File(png, filename="picture.png", description=alt)
    )


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
async def world(fake_discord: FakeDiscord) -> AsyncIterator[tuple[FakeDiscord, Any]]:
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
