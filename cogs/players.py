"""/notify and /mygames: a player's own settings and open matches, across servers."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.notices import jump_link
from cogs.common.presenter import EMBED_COLOUR
from cogs.common.reply import Reply
from cogs.common.table import BOARD, Table
from data import clocks
from data import matches as rows

NOTIFY_CHOICES = [
    app_commands.Choice(name="by direct message (the default)", value="dm"),
    app_commands.Choice(name="by a mention in the match's channel", value="channel"),
    app_commands.Choice(name="not at all", value="off"),
]
MAX_LISTED = 20


class Players(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def table(self) -> Table:
        return self.bot.table  # type: ignore[attr-defined, no-any-return]

    @app_commands.command(name="notify", description="How the table tells you it is your move")
    @app_commands.describe(how="Direct message, a mention in the channel, or nothing")
    @app_commands.choices(how=NOTIFY_CHOICES)
    async def notify(
        self, interaction: discord.Interaction[Any], how: app_commands.Choice[str]
    ) -> None:
        async with Reply(interaction, private=True) as reply:
            async with self.table.service.store.transaction() as db:
                await clocks.set_notify_mode(db, interaction.user.id, how.value)
            await reply.private(content=f"Done: you will be notified {how.name}.")

    @app_commands.command(name="mygames", description="Your open matches, on every server")
    async def mygames(self, interaction: discord.Interaction[Any]) -> None:
        async with Reply(interaction, private=True) as reply:
            service = self.table.service
            user_id = interaction.user.id
            async with service.store.read() as db:
                records = await rows.open_matches_of(db, user_id)
            lines = []
            for record in records[:MAX_LISTED]:
                lines.append(await self._line(record, user_id))
            embed = discord.Embed(title="Your open matches", colour=EMBED_COLOUR)
            embed.description = "\n".join(lines) or "You are in no open match."
            if len(records) > MAX_LISTED:
                embed.set_footer(text=f"…and {len(records) - MAX_LISTED} more.")
            await reply.private(embed=embed)

    async def _line(self, record: rows.MatchRecord, user_id: int) -> str:
        service = self.table.service
        match = await service.get(record.id)
        title = self.table.presenters[record.game].title
        board = (await service.messages(record.id)).get(BOARD)
        link = ""
        if board is not None:
            link = f" · [board]({jump_link(record.guild_id, board.channel_id, board.message_id)})"
        head = f"**{title}** #{record.id} in <#{record.channel_id}>"
        if match.status == "lobby":
            return f"{head}: lobby, waiting for the host to start{link}"
        if match.damaged:
            return f"{head}: cannot go on (damaged); its host can cancel it{link}"
        awaited = sorted(match.awaited())
        seat = match.seat_of(user_id)
        waiting = (
            "**your move**"
            if seat in awaited
            else "waiting for " + ", ".join(match.name_of(s) for s in awaited)
        )
        deadline = (await service.deadlines(record.id)).get("decision")
        left = ""
        if deadline is not None and deadline.due_at > service.now():
            left = f", due <t:{int(deadline.due_at)}:R>"
        return f"{head}: {waiting}{left}{link}"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Players(bot))
