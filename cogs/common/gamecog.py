"""The slash commands every game shares; a game's cog adds its own `new`."""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.table import Table


class GameCog(commands.GroupCog):
    """`/<game> cancel` and `/<game> board` for the game named by ``game``."""

    game: ClassVar[str]

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def table(self) -> Table:
        return self.bot.table  # type: ignore[attr-defined, no-any-return]

    @app_commands.command(
        name="cancel", description="Cancel this channel's open match (its host or a moderator)"
    )
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        await self.table.cancel_in_channel(interaction, self.game)

    @app_commands.command(
        name="board", description="Post this channel's match board again at the bottom"
    )
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await self.table.repost_board(interaction, self.game)
