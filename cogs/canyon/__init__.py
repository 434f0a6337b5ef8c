"""/canyon: open a Great Canyon Race match in this channel."""

from __future__ import annotations

from discord.ext import commands

from cogs.common.gamecog import PlainGameCog


class CanyonCog(PlainGameCog, group_name="canyon", group_description="Play Great Canyon Race"):
    game = "canyon"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CanyonCog(bot))
