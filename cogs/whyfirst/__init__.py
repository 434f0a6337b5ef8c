"""/whyfirst: open a Why First? match in this channel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.common.gamecog import PACE_CHOICES, PACE_DESCRIPTION, GameCog, opens_a_match, pace_of


class WhyFirstCog(
    GameCog, group_name=locale_str("whyfirst"), group_description=locale_str("Play Why First?"),
):
    game = "whyfirst"

    @opens_a_match
    @app_commands.command(
        name=locale_str("new"), description=locale_str("Open a Why First? lobby in this channel"),
    )
    @app_commands.describe(
        variant=locale_str("Standard, or tactical: move any figure in white-number order"),
        pace=PACE_DESCRIPTION,
    )
    @app_commands.rename(variant=locale_str("variant"), pace=locale_str("pace"))
    @app_commands.choices(
        variant=[
            app_commands.Choice(name=locale_str("standard"), value="standard"),
            app_commands.Choice(name=locale_str("tactical"), value="tactical"),
        ],
        pace=PACE_CHOICES,
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        variant: app_commands.Choice[str] | None = None,
        pace: app_commands.Choice[str] | None = None,
    ) -> None:
        options = {"variant": variant.value if variant else "standard"}
        await self.table.open_lobby(interaction, self.game, options, pace_of(pace))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(WhyFirstCog(bot))
