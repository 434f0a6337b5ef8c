"""/whyfirst: open a Why First? match in this channel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.gamecog import PACE_CHOICES, GameCog, pace_of
from cogs.common.i18n import N_


class WhyFirstCog(GameCog, group_name="whyfirst", group_description=N_("Play Why First?")):
    game = "whyfirst"

    @app_commands.command(name="new", description=N_("Open a Why First? lobby in this channel"))
    @app_commands.describe(
        variant=N_("Standard, or tactical: move any figure in white-number order"),
        pace="How long each decision may take (default: a day)",
    )
    @app_commands.choices(
        variant=[
            app_commands.Choice(name=N_("standard"), value="standard"),
            app_commands.Choice(name=N_("tactical"), value="tactical"),
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
