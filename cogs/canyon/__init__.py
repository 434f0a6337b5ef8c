"""/canyon: open a Great Canyon Race match in this channel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.gamecog import PACE_CHOICES, GameCog, pace_of


class CanyonCog(GameCog, group_name="canyon", group_description="Play Great Canyon Race"):
    game = "canyon"

    @app_commands.command(name="new", description="Open a Great Canyon Race lobby in this channel")
    @app_commands.describe(pace="How long each decision may take (default: a day)")
    @app_commands.choices(pace=PACE_CHOICES)
    @app_commands.guild_only()
    async def new(
        self, interaction: discord.Interaction[Any], pace: app_commands.Choice[str] | None = None
    ) -> None:
        await self.table.open_lobby(interaction, self.game, {}, pace_of(pace))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CanyonCog(bot))
