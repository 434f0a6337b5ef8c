"""/stats and /leaderboard: career totals per server, player and game."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.presenter import EMBED_COLOUR, plural
from cogs.games import GAME_CHOICES, PRESENTERS
from data import career


class Career(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="Career totals of a player on this server")
    @app_commands.describe(player="Whose totals (you, if left out)")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None
    ) -> None:
        target = player or interaction.user
        assert interaction.guild_id is not None
        async with self.bot.store.read() as db:  # type: ignore[attr-defined]
            lines = await career.player_totals(db, interaction.guild_id, target.id)
        embed = discord.Embed(title=f"Career of {target.display_name}", colour=EMBED_COLOUR)
        if not lines:
            embed.description = "No finished matches on this server yet."
        for line in lines:
            presenter = PRESENTERS.get(line.game)
            meaning = f" ({presenter.points})" if presenter else ""
            embed.add_field(
                name=presenter.title if presenter else line.game,
                value=f"Played {line.played} · Won {line.wins} · "
                f"{plural(line.points, 'point')}{meaning}",
                inline=False,
            )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leaderboard", description="The best players of a game here")
    @app_commands.describe(game="Which game", public="Post it for the whole channel")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        public: bool = False,
    ) -> None:
        assert interaction.guild_id is not None
        async with self.bot.store.read() as db:  # type: ignore[attr-defined]
            lines = await career.leaderboard(db, interaction.guild_id, game.value)
        rows = [
            f"**{rank}.** <@{line.user_id}>: {plural(line.wins, 'win')} in {line.played} played"
            f" ({plural(line.points, 'point')})"
            for rank, line in enumerate(lines, start=1)
        ]
        embed = discord.Embed(
            title=f"{game.name}: leaderboard",
            description="\n".join(rows) or "No finished matches on this server yet.",
            colour=EMBED_COLOUR,
        )
        embed.set_footer(text=f"Points: {PRESENTERS[game.value].points}.")
        await interaction.response.send_message(embed=embed, ephemeral=not public)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Career(bot))
