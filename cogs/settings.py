"""/settings: a server's own settings, for members who may manage the server."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.common.i18n import LANGUAGES, NAMES, _, language_of
from cogs.common.reply import Reply
from cogs.common.table import Table

FOLLOW_DISCORD = "discord"
"""The choice that clears the server's own language."""
LANGUAGE_CHOICES = [
    app_commands.Choice(name=NAMES[lang], value=lang) for lang in LANGUAGES
] + [app_commands.Choice(name=locale_str("follow the server's Discord"), value=FOLLOW_DISCORD)]


@app_commands.guild_only()
@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.default_permissions(manage_guild=True)
class Settings(
    commands.GroupCog,
    group_name=locale_str("settings"),
    group_description=locale_str("This server's table settings"),
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def table(self) -> Table:
        return self.bot.table  # type: ignore[attr-defined, no-any-return]

    @app_commands.command(
        name=locale_str("language"),
        description=locale_str("The language of boards, lobbies and results on this server"),
    )
    @app_commands.describe(language=locale_str("A language, or follow the server's Discord"))
    @app_commands.rename(language=locale_str("language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def language(
        self, interaction: discord.Interaction[Any], language: app_commands.Choice[str]
    ) -> None:
        assert interaction.guild_id is not None
        chosen = None if language.value == FOLLOW_DISCORD else language.value
        async with Reply(interaction, private=True) as reply:
            await self.table.languages.set_server(interaction.guild_id, chosen)
            spoken = self.table.languages.of_server(interaction.guild_id)
            if chosen is None:
                text = _(
                    "Done: boards, lobbies and results here follow the server's Discord "
                    "language ({language}).",
                    language=NAMES.get(language_of(spoken), spoken),
                )
            else:
                text = _(
                    "Done: boards, lobbies and results here are in {language}.",
                    language=NAMES[chosen],
                )
            await reply.private(content=text)
        await self.table.followups.refresh_boards_of(interaction.guild_id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Settings(bot))
