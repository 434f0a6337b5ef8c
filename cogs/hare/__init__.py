"""/hare: open a Hare and Tortoise match in this channel."""

from __future__ import annotations

from discord.ext import commands

from cogs.common.gamecog import PlainGameCog
from cogs.common.i18n import N_


class HareCog(PlainGameCog, group_name="hare", group_description=N_("Play Hare and Tortoise")):
    game = "hare"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HareCog(bot))
