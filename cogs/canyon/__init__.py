"""/canyon: open a Great Canyon Race match in this channel."""

from __future__ import annotations

from discord.app_commands import locale_str
from discord.ext import commands

from cogs.common.gamecog import PlainGameCog


class CanyonCog(
    PlainGameCog,
    group_name=locale_str("canyon"),
    group_description=locale_str("Play Great Canyon Race"),
):
    game = "canyon"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CanyonCog(bot))
