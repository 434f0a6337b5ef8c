"""/hare: open a Hare and Tortoise match in this channel."""

from __future__ import annotations

from discord.app_commands import locale_str
from discord.ext import commands

from cogs.common.gamecog import PlainGameCog


class HareCog(
    PlainGameCog,
    group_name=locale_str("hare"),
    group_description=locale_str("Play Hare and Tortoise"),
):
    game = "hare"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HareCog(bot))
