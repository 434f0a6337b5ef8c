"""/history: the finished matches of this server, or of one player, newest first."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.career import PAGE_SIZE, game_title, replay_command, service_of, when
from cogs.common.i18n import _, number
from cogs.common.outcomes import no_winner
from cogs.common.pages import OWNER, Page, PageButton, asker_of, turn
from cogs.common.presenter import EMBED_COLOUR, ordinal
from cogs.common.reply import Reply
from cogs.common.seatnames import as_written, seat_name
from cogs.games import GAME_CHOICES
from data import ratings

ALL_GAMES = "all"


class HistoryPage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    PageButton,
    template=(
        r"hist:(?P<user>[0-9]{1,20}):(?P<game>[a-z0-9_]{1,20}):(?P<page>[0-9]{1,6})"
        r"(?::(?P<way>[on])(?P<match>[0-9]{1,18}))?" + OWNER
    ),
):
    """Turns a history to another page (user 0: the whole server; game 'all': every game)
    for whoever asked for it (``cogs.common.pages``): the matches older ('o') or newer
    ('n') than the match in the id (keyset paging)."""

    def __init__(
        self, user_id: int, game: str, page: int, owner: int, label: str, way: str = "",
        match_id: int = 0,
    ) -> None:
        anchor = f":{way}{match_id}" if way else ""
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=label,
                custom_id=f"hist:{user_id}:{game}:{page}{anchor}:{owner}",
            )
        )
        self.user_id, self.game, self.page, self.owner = user_id, game, page, owner
        self.way, self.match_id = way, match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryPage:
        owner = asker_of(interaction, match)
        if match["way"] is None:  # a button of an older version: the first page
            return cls(int(match["user"]), match["game"], 0, owner, "")
        return cls(
            int(match["user"]), match["game"], int(match["page"]), owner, "", match["way"],
            int(match["match"]),
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await turn(
            interaction, self.owner,
            lambda owner: history_page(
                interaction, self.user_id, self.game, self.page, owner, self.way, self.match_id
            ),
        )


def match_line(interaction: discord.Interaction[Any], seats: list[ratings.SeatResult]) -> str:
    first = seats[0]
    standings = ", ".join(_standing(s) for s in seats)
    if not first.decided:
        standings = _(
            "{outcome}: {standings}", outcome=no_winner(first.game), standings=standings
        )
    return (
        f"**#{first.match_id}** {game_title(interaction, first.game)} · {when(first.finished_at)}"
        f" · {standings} · {replay_command(first.match_id)}"
    )


def _standing(result: ratings.SeatResult) -> str:
    """``1st anne 🏆 (12)``; in a match nobody won, no place: ``anne (1)``."""
    place = f"{ordinal(result.place)} " if result.decided else ""
    won = " 🏆" if result.won else ""
    how = _(" (forfeit)") if result.forfeited else f" ({number(result.points)})"
    return f"{place}{as_written(seat_name(result.name, result.level), 24)}{won}{how}"


async def history_page(
    interaction: discord.Interaction[Any], user_id: int, game: str, page: int, owner: int,
    way: str = "", match_id: int = 0, asked_for: str | None = None,
) -> Page:
    """One page, turned by ``owner``: the newest matches, or those older ('o') or newer
    ('n') than a match; ``asked_for``: the player's name where they have never sat at a
    table here."""
    assert interaction.guild_id is not None
    store = service_of(interaction).store
    only = None if game == ALL_GAMES else game
    async with store.read() as db:
        found = await ratings.history(
            db, interaction.guild_id, user_id=user_id or None, game=only,
            before=match_id if way == "o" else None, after=match_id if way == "n" else None,
            limit=PAGE_SIZE,
        )
        gone = not found.matches and bool(way)
        if gone:  # those matches are gone: the newest page
            page = 0
            found = await ratings.history(
                db, interaction.guild_id, user_id=user_id or None, game=only, limit=PAGE_SIZE
            )
        if not found.newer:
            page = 0
        name = (
            (await ratings.names_of(db, [user_id], interaction.guild_id)).get(user_id)
            if user_id
            else None
        ) or asked_for
    matches = found.matches
    embed = discord.Embed(
        title=_history_title(name, game_title(interaction, only) if only else None),
        description="\n".join(match_line(interaction, seats)[:380] for seats in matches)
        or _("No finished matches yet."),
        colour=EMBED_COLOUR,
    )
    embed.set_footer(text=_("Newest first · page {page}", page=page + 1))
    view = discord.ui.View(timeout=None)
    if found.newer:
        newest = matches[0][0].match_id
        newer = HistoryPage(user_id, game, max(page - 1, 0), owner, _("◀ Newer"), "n", newest)
        view.add_item(newer)
    if found.older:
        oldest = matches[-1][0].match_id
        view.add_item(HistoryPage(user_id, game, page + 1, owner, _("Older ▶"), "o", oldest))
    return Page({"embed": embed, "view": view}, gone=gone)


class History(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=locale_str("history"), description=locale_str("Finished matches on this server"),
    )
    @app_commands.describe(
        player=locale_str("Only this player's matches"), game=locale_str("Only this game"),
        public=locale_str("Post it for the whole channel"),
    )
    @app_commands.rename(
        player=locale_str("player"), game=locale_str("game"), public=locale_str("public"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    @app_commands.allowed_installs(guilds=True, users=False)
    async def history(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
        public: bool = False,
    ) -> None:
        async with Reply(interaction, private=not public) as reply:
            with reply.posted():
                page = await history_page(
                    interaction, player.id if player else 0,
                    game.value if game else ALL_GAMES, 0, interaction.user.id,
                    asked_for=player.display_name if player else None,
                )
            await reply.answer(**page.message)


async def setup(bot: commands.Bot) -> None:
    bot.register_items(HistoryPage)  # type: ignore[attr-defined]
    await bot.add_cog(History(bot))


def _history_title(name: str | None, title: str | None) -> str:
    """Whose matches of which game the page lists (``name`` as the player wrote it)."""
    if name and title:
        return _("{name}'s matches of {game} on this server", name=as_written(name), game=title)
    if name:
        return _("{name}'s matches on this server", name=as_written(name))
    if title:
        return _("Finished matches of {game} on this server", game=title)
    return _("Finished matches on this server")
