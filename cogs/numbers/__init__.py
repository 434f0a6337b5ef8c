"""/numbers: open a Sequence Numbers match in this channel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.common.gamecog import PACE_CHOICES, PACE_DESCRIPTION, GameCog, opens_a_match, pace_of


class NumbersCog(
    GameCog,
    group_name=locale_str("numbers"),
    group_description=locale_str("Play Sequence Numbers"),
):
    game = "numbers"

    @opens_a_match
    @app_commands.command(
        name=locale_str("new"),
        description=locale_str("Open a Sequence Numbers lobby in this channel"),
    )
    @app_commands.describe(
        teams=locale_str("With six players: two teams of three (default) or three teams of two"),
        pace=PACE_DESCRIPTION,
    )
    @app_commands.rename(teams=locale_str("teams"), pace=locale_str("pace"))
    @app_commands.choices(
        teams=[
            app_commands.Choice(name=locale_str("two teams of three"), value=2),
            app_commands.Choice(name=locale_str("three teams of two"), value=3),
        ],
        pace=PACE_CHOICES,
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        teams: app_commands.Choice[int] | None = None,
        pace: app_commands.Choice[str] | None = None,
    ) -> None:
        options = {} if teams is None else {"teams": teams.value}
        await self.table.open_lobby(interaction, self.game, options, pace_of(pace))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(NumbersCog(bot))
