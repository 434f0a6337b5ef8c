"""/settings: a server's own settings, for members who may manage the server."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.common.commanderrors import permission_names
from cogs.common.gamecog import PACE_CHOICES
from cogs.common.i18n import LANGUAGES, NAMES, _, language_of, ngettext
from cogs.common.reply import Reply
from cogs.common.table import Table
from matches.clock import DEFAULT_PACE, PACES, Pace

FOLLOW_DISCORD = "discord"
"""The choice that clears the server's own language."""
LANGUAGE_CHOICES = [
    app_commands.Choice(name=NAMES[lang], value=lang) for lang in LANGUAGES
] + [app_commands.Choice(name=locale_str("follow the server's Discord"), value=FOLLOW_DISCORD)]
TABLE_DEFAULT = "default"
"""The choice that clears the server's own pace."""
SERVER_PACE_CHOICES = [
    *PACE_CHOICES,
    app_commands.Choice(name=locale_str("the table's default (a day)"), value=TABLE_DEFAULT),
]
NOTICES_NEED = ("view_channel", "send_messages")
"""What the bot needs in a channel to post notices there."""


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
    @app_commands.describe(
        language=locale_str("A language, or follow the server's Discord; none: the current one")
    )
    @app_commands.rename(language=locale_str("language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def language(
        self, interaction: discord.Interaction[Any],
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        """Set the server's language, or without one say the current one."""
        assert interaction.guild_id is not None
        async with Reply(interaction, private=True) as reply:
            if language is None:
                await self.table.languages.refresh()
                await reply.private(content=self._language_now(interaction.guild_id))
                return
            chosen = None if language.value == FOLLOW_DISCORD else language.value
            await self.table.languages.set_server(interaction.guild_id, chosen)
            if chosen is None:
                text = _(
                    "Done: boards, lobbies and results here follow the server's Discord "
                    "language ({language}).",
                    language=self._discord_language(interaction.guild_id),
                )
            else:
                text = _(
                    "Done: boards, lobbies and results here are in {language}.",
                    language=NAMES[chosen],
                )
            await reply.private(content=text)
        await self.table.followups.refresh_boards_of(interaction.guild_id)

    def _language_now(self, guild_id: int) -> str:
        chosen = self.table.languages.server_setting(guild_id)
        if chosen is not None:
            return _("Boards, lobbies and results here are in {language}.", language=NAMES[chosen])
        return _(
            "Boards, lobbies and results here follow the server's Discord language "
            "({language}).",
            language=self._discord_language(guild_id),
        )

    def _discord_language(self, guild_id: int) -> str:
        spoken = self.table.languages.of_server(guild_id)
        return NAMES.get(language_of(spoken), spoken)

    @app_commands.command(
        name=locale_str("pace"),
        description=locale_str(
            "The pace of new lobbies on this server when their host chooses none"
        ),
    )
    @app_commands.describe(pace=locale_str("A pace, or the table's default; none: the current one"))
    @app_commands.rename(pace=locale_str("pace"))
    @app_commands.choices(pace=SERVER_PACE_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def pace(
        self, interaction: discord.Interaction[Any], pace: app_commands.Choice[str] | None = None
    ) -> None:
        """Set the server's default pace, or without one say the current one."""
        assert interaction.guild_id is not None
        service = self.table.service
        async with Reply(interaction, private=True) as reply:
            if pace is not None:
                chosen = None if pace.value == TABLE_DEFAULT else pace.value
                await service.set_server_pace(interaction.guild_id, chosen)
            current = await service.server_pace(interaction.guild_id)
            await reply.private(content=_pace_text(current, done=pace is not None))

    @app_commands.command(
        name=locale_str("notices"),
        description=locale_str("Where the notices I post in a channel go on this server"),
    )
    @app_commands.describe(
        channel=locale_str("One channel for them all; none: say where they go now"),
        reset=locale_str("True: back to each match's own channel"),
    )
    @app_commands.rename(channel=locale_str("channel"), reset=locale_str("reset"))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def notices(
        self, interaction: discord.Interaction[Any],
        channel: discord.TextChannel | None = None, reset: bool = False,
    ) -> None:
        """Choose the server's channel for notices, or go back to each match's own, or
        without options say where they go."""
        guild = interaction.guild
        assert guild is not None
        service = self.table.service
        async with Reply(interaction, private=True) as reply:
            if channel is not None and reset:
                await reply.private(
                    content=_("Choose a channel or reset, not both: nothing changed.")
                )
                return
            if channel is not None:
                missing = _missing_in(channel)
                if missing:
                    await reply.private(content=ngettext(
                        "I need the {permissions} permission in {channel} to post notices "
                        "there. A moderator can grant it; nothing changed.",
                        "I need the {permissions} permissions in {channel} to post notices "
                        "there. A moderator can grant them; nothing changed.",
                        len(missing), permissions=permission_names(missing),
                        channel=channel.mention,
                    ))
                    return
                await service.set_notice_channel(guild.id, channel.id)
            elif reset:
                await service.set_notice_channel(guild.id, None)
            chosen = await service.notice_channel(guild.id)
            done = channel is not None or reset
            await reply.private(content=_notices_text(guild, chosen, done=done))


def _missing_in(channel: discord.abc.GuildChannel) -> list[str]:
    """What the bot lacks in ``channel`` to post notices there."""
    allowed = channel.permissions_for(channel.guild.me)
    return [name for name in NOTICES_NEED if not getattr(allowed, name)]


def _notices_text(guild: discord.Guild, chosen: int | None, *, done: bool) -> str:
    """Where the notices posted in a channel go now; ``done``: as the answer to setting it."""
    channel = guild.get_channel(chosen) if chosen is not None else None
    if chosen is None:
        if done:
            return _(
                "Done: the notices I post in a channel (for players who chose them or whose "
                "DMs are closed) go to each match's own channel."
            )
        return _(
            "The notices I post in a channel (for players who chose them or whose DMs are "
            "closed) go to each match's own channel."
        )
    if channel is None:
        return _(
            "The channel chosen for notices is gone: they go to each match's own channel "
            "until a moderator chooses another."
        )
    text = (
        _(
            "Done: the notices I post in a channel (for players who chose them or whose DMs "
            "are closed) go to {channel}.",
            channel=channel.mention,
        )
        if done
        else _(
            "The notices I post in a channel (for players who chose them or whose DMs are "
            "closed) go to {channel}.",
            channel=channel.mention,
        )
    )
    missing = _missing_in(channel)
    if missing:
        text += " " + ngettext(
            "I cannot post there now (I need the {permissions} permission), so they go to "
            "each match's own channel until a moderator grants it.",
            "I cannot post there now (I need the {permissions} permissions), so they go to "
            "each match's own channel until a moderator grants them.",
            len(missing), permissions=permission_names(missing),
        )
    if not channel.permissions_for(guild.default_role).view_channel:
        text += " " + _(
            "Not everyone can see {channel}: a player who cannot is not called there.",
            channel=channel.mention,
        )
    return text


def _pace_text(current: Pace | None, *, done: bool) -> str:
    """What new lobbies use; ``done``: as the answer to setting it."""
    if current is None:
        default = _(PACES[DEFAULT_PACE].title)
        if done:
            return _(
                "Done: new lobbies here have the table's default pace, *{pace}*, unless "
                "their host chooses another.",
                pace=default,
            )
        return _(
            "New lobbies here have the table's default pace, *{pace}*, unless their host "
            "chooses another.",
            pace=default,
        )
    if done:
        return _(
            "Done: new lobbies here have the pace *{pace}*, unless their host chooses another.",
            pace=_(current.title),
        )
    return _(
        "New lobbies here have the pace *{pace}*, unless their host chooses another.",
        pace=_(current.title),
    )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Settings(bot))
