"""The floor of a click for ``bench.table``: a bot that answers each click by editing the
clicked message and does nothing else (no store, no rules, no other message), on the same
discord.py, aiohttp and simulated Discord as the table, clicked as fast as it answers. Like
the table in the capacity section, it runs in a process of its own."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
from discord.ext import commands

from bench.apart import Apart, apart_bot, measured
from bench.playing import DEADLINE, simulated_discord
from localdiscord import FakeDiscord, InteractionResult, Message, User

BUTTONS = 5
"""Buttons on each message, about what a hand shows."""
UPDATE_MESSAGE = 7
"""Discord's answer to a click that edits the clicked message."""


class Counter(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"bare:(?P<n>\d+):(?P<k>\d)"
):
    """One of the buttons; a click counts up and shows the message again."""

    def __init__(self, n: int, k: int) -> None:
        super().__init__(discord.ui.Button(label=f"{n}/{k}", custom_id=f"bare:{n}:{k}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any],
        match: re.Match[str], /,
    ) -> Counter:
        return cls(int(match["n"]), int(match["k"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(**shown(self.n + 1))


def shown(n: int) -> dict[str, Any]:
    view = discord.ui.View(timeout=None)
    for k in range(BUTTONS):
        view.add_item(Counter(n, k))
    embed = discord.Embed(title="Bare", description=f"Clicked {n} times.")
    return {"content": None, "embed": embed, "view": view}


class BareBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)


async def post(bot: BareBot, channel_ids: list[int]) -> None:
    """The bot posts a message with its buttons in each channel (run in the bot's process)."""
    for channel_id in channel_ids:
        await bot.get_partial_messageable(channel_id).send(**shown(0))


async def clicks_per_second(players: int, seconds: float) -> tuple[float, int, Apart]:
    """Clicks answered per second, how many, and whose CPU time they took."""
    async with simulated_discord() as backend:
        server = backend.add_guild("Bare")
        users = [backend.add_user(f"p{n}", guild=server) for n in range(players)]
        channels = [backend.add_text_channel(server, f"bare-{n}") for n in range(players)]
        bot = apart_bot("bench.bare:BareBot")
        await backend.connect(bot)
        await bot.call("bench.bare:post", channel_ids=[channel.id for channel in channels])
        await backend.settle()
        clicks = [0]

        async def play() -> float:
            started = backend.clock()
            until = started + seconds
            async with backend.simultaneously(settle=False):
                await asyncio.gather(*(
                    _keep_clicking(
                        backend, user, backend.channel_messages(channel)[0], until, clicks
                    )
                    for user, channel in zip(users, channels, strict=True)
                ))
            return backend.clock() - started

        elapsed, measures = await measured(bot, play(), lambda _: clicks[0])
        await backend.disconnect()
        if backend.violations:  # a floor that broke Discord's rules would compare nothing
            raise RuntimeError(f"the bare bot broke Discord's rules: {backend.violations[0]}")
    return clicks[0] / elapsed, clicks[0], measures.cpu


async def _keep_clicking(
    backend: FakeDiscord, user: User, message: Message, until: float, clicks: list[int]
) -> None:
    """Click until ``until``, at least once however late the clicking starts; each click
    must be answered by editing the clicked message."""
    while True:
        button = message.buttons[clicks[0] % BUTTONS]
        result: InteractionResult = await backend.click(user, message, custom_id=button.custom_id)
        await backend.answered(result, timeout=DEADLINE)
        if result.response_type != UPDATE_MESSAGE:
            raise RuntimeError(f"a click was answered with {result.response_type}, not an edit")
        clicks[0] += 1
        if backend.clock() >= until:
            return
