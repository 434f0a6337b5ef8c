"""/notify, /language and /mygames: a player's own settings and open matches, across
servers."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.common.followups import BOARD
from cogs.common.i18n import LANGUAGES, N_, NAMES, _, speaking
from cogs.common.notices import jump_link
from cogs.common.presenter import EMBED_COLOUR
from cogs.common.reply import Reply
from cogs.common.seatnames import name_of
from cogs.common.table import Table
from data import clocks
from data import matches as rows

NOTIFY_CHOICES = [
    app_commands.Choice(name=locale_str("by direct message (the default)"), value="dm"),
    app_commands.Choice(name=locale_str("by a mention on the match's server"), value="channel"),
    app_commands.Choice(name=locale_str("not at all"), value="off"),
]
MAX_LISTED = 20
FOLLOW_DISCORD = "discord"
"""The /language choice that clears a player's own choice."""
LANGUAGE_CHOICES = [
    app_commands.Choice(name=NAMES[lang], value=lang) for lang in LANGUAGES
] + [app_commands.Choice(name=locale_str("follow my Discord"), value=FOLLOW_DISCORD)]
NOTIFIED = {
    "dm": N_("Done: you will be notified by direct message."),
    "channel": N_(
        "Done: you will be notified by a mention on the match's server, in its channel or in "
        "the one its moderators chose for notices."
    ),
    "off": N_("Done: you will not be notified."),
}


class Players(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def table(self) -> Table:
        return self.bot.table  # type: ignore[attr-defined, no-any-return]

    @app_commands.command(
        name=locale_str("notify"),
        description=locale_str("How the table tells you it is your move"),
    )
    @app_commands.describe(how=locale_str("Direct message, a mention in the channel, or nothing"))
    @app_commands.rename(how=locale_str("how"))
    @app_commands.choices(how=NOTIFY_CHOICES)
    async def notify(
        self, interaction: discord.Interaction[Any], how: app_commands.Choice[str]
    ) -> None:
        async with Reply(interaction, private=True) as reply:
            async with self.table.service.store.transaction() as db:
                await clocks.set_notify_mode(db, interaction.user.id, how.value)
            await reply.private(content=_(NOTIFIED[how.value]))

    @app_commands.command(
        name=locale_str("language"), description=locale_str("The language the table speaks to you")
    )
    @app_commands.describe(language=locale_str("A language, or follow your Discord's"))
    @app_commands.rename(language=locale_str("language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(
        self, interaction: discord.Interaction[Any], language: app_commands.Choice[str]
    ) -> None:
        chosen = None if language.value == FOLLOW_DISCORD else language.value
        languages = self.table.languages
        async with Reply(interaction, private=True) as reply:
            await languages.choose(interaction.user.id, chosen)
            with speaking(languages.of_interaction(interaction)):  # the new choice
                if chosen is None:
                    text = _("Done: I speak to you in your Discord's language.")
                else:
                    text = _("Done: I speak to you in {language}.", language=NAMES[chosen])
            await reply.private(content=text)
        await self.table.followups.refresh_hands_of(interaction.user.id)

    @app_commands.command(
        name=locale_str("mygames"), description=locale_str("Your open matches, on every server"),
    )
    async def mygames(self, interaction: discord.Interaction[Any]) -> None:
        async with Reply(interaction, private=True) as reply:
            service = self.table.service
            user_id = interaction.user.id
            async with service.store.read() as db:
                records = await rows.open_matches_of(db, user_id)
            lines = []
            for record in records[:MAX_LISTED]:
                lines.append(await self._line(record, user_id))
            embed = discord.Embed(title=_("Your open matches"), colour=EMBED_COLOUR)
            embed.description = "\n".join(lines) or _("You are in no open match.")
            if len(records) > MAX_LISTED:
                embed.set_footer(text=_("…and {count} more.", count=len(records) - MAX_LISTED))
            await reply.private(embed=embed)

    async def _line(self, record: rows.MatchRecord, user_id: int) -> str:
        service = self.table.service
        match = await service.get(record.id)
        title = self.table.presenters[record.game].title
        board = (await service.messages(record.id)).get(BOARD)
        link = ""
        if board is not None:
            link = " · " + _(
                "[board]({link})",
                link=jump_link(record.guild_id, board.channel_id, board.message_id),
            )
        head = _(
            "**{title}** #{match} in {channel}",
            title=_(title), match=record.id, channel=f"<#{record.channel_id}>",
        )
        if match.status == "lobby":
            state = _("lobby, waiting for the host to start")
        elif match.damaged:
            state = _("cannot go on (damaged); its host can cancel it")
        else:
            awaited = sorted(match.awaited())
            state = (
                _("**your move**")
                if match.seat_of(user_id) in awaited
                else _(
                    "waiting for {names}", names=", ".join(name_of(match, s) for s in awaited)
                )
            )
            deadline = (await service.deadlines(record.id)).get("decision")
            if deadline is not None and deadline.due_at > service.now():
                state = _(
                    "{state}, due {when}", state=state, when=f"<t:{int(deadline.due_at)}:R>"
                )
        return f"{head}: {state}{link}"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Players(bot))
