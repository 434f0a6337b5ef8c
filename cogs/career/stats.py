"""/stats and /leaderboard: careers, ratings and ranks per server, player and game."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.career import (
    MIN_MATCHES,
    PAGE_SIZE,
    RATINGS_PENDING,
    game_title,
    replay_command,
    service_of,
)
from cogs.common.i18n import _, ngettext, number, percent
from cogs.common.outcomes import no_winner_count, told
from cogs.common.pages import OWNER, Page, PageButton, asker_of, turn
from cogs.common.presenter import EMBED_COLOUR
from cogs.common.reply import Reply
from cogs.common.seatnames import as_written
from cogs.games import GAME_CHOICES, PRESENTERS
from data import career, career_results, ratings
from data.interface import Connection
from matches import results

SCOPE_CHOICES = [
    app_commands.Choice(name=locale_str("this server"), value="server"),
    app_commands.Choice(name=locale_str("every server"), value="global"),
]
LAST_RESULTS = 5


def result_line(result: ratings.SeatResult) -> str:
    """'2nd of 3 · 14 points' ('won', 'a draw', or a forfeit), and the command that replays
    the match."""
    how = told(
        result.game, won=result.won, decided=result.decided, forfeited=result.forfeited,
        place=result.place, players=result.players,
    )
    if not result.forfeited:
        how += " · " + ngettext("{count} point", "{count} points", result.points)
    return f"{how} · {replay_command(result.match_id)}"


class LeaderboardPage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    PageButton,
    template=r"lb:(?P<game>[a-z0-9_]{1,20}):(?P<scope>server|global):(?P<page>[0-9]{1,6})" + OWNER,
):
    """Turns a leaderboard to another page for whoever asked for it (``cogs.common.pages``);
    the page is in the id, so it survives restarts."""

    def __init__(self, game: str, scope: str, page: int, owner: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=label,
                custom_id=f"lb:{game}:{scope}:{page}:{owner}",
            )
        )
        self.game, self.scope, self.page, self.owner = game, scope, page, owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LeaderboardPage:
        return cls(
            match["game"], match["scope"], int(match["page"]), asker_of(interaction, match), ""
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await turn(
            interaction, self.owner,
            lambda owner: leaderboard_page(interaction, self.game, self.scope, self.page, owner),
        )


async def leaderboard_page(
    interaction: discord.Interaction[Any], game: str, scope: str, page: int, owner: int
) -> Page:
    """The embed and buttons of one page of a game's leaderboard, turned by ``owner``."""
    assert interaction.guild_id is not None
    guild = interaction.guild_id if scope == "server" else ratings.GLOBAL

    async def read(
        db: Connection, page: int = page
    ) -> tuple[int, list[ratings.Rating], list[int], int, dict[int, str], bool]:
        lines, total = await ratings.leaderboard(
            db, guild, game, min_matches=MIN_MATCHES, offset=page * PAGE_SIZE, limit=PAGE_SIZE
        )
        if not lines and page > 0:  # the board shrank: show its last page
            page = max(0, (total - 1) // PAGE_SIZE)
            lines, total = await ratings.leaderboard(
                db, guild, game, min_matches=MIN_MATCHES, offset=page * PAGE_SIZE,
                limit=PAGE_SIZE,
            )
        ranks = await ratings.ranks(
            db, guild, game, lines, min_matches=MIN_MATCHES, offset=page * PAGE_SIZE
        )
        names = await ratings.names_of(db, [line.user_id for line in lines], guild)
        return page, lines, ranks, total, names, await results.backfill_pending(db)

    asked = page
    page, lines, ranks, total, names, pending = await service_of(interaction).store.reading(
        read
    )
    pages = max(1, -(-total // PAGE_SIZE))
    rows = [
        _(
            "**{rank}.** {name} · rating **{rating}** · {matches} matches · {rate} won",
            rank=rank, name=as_written(names.get(line.user_id, str(line.user_id))),
            rating=number(line.ordinal, "0.0"), matches=number(line.matches),
            rate=percent(line.win_rate),
        )
        for rank, line in zip(ranks, lines, strict=True)
    ]
    title = game_title(interaction, game)
    description = "\n".join(rows) or _(
        "Nobody has played {count} rated matches of this game yet.", count=MIN_MATCHES
    )
    embed = discord.Embed(
        title=_("{game}: leaderboard of this server", game=title)
        if scope == "server"
        else _("{game}: leaderboard of every server", game=title),
        description=f"{_(RATINGS_PENDING)}\n\n{description}" if pending else description,
        colour=EMBED_COLOUR,
    )
    embed.set_footer(
        text=_(
            "Ranked by the conservative rating (mean skill minus three deviations); players "
            "appear after {count} rated matches. Page {page} of {pages}.",
            count=MIN_MATCHES, page=page + 1, pages=pages,
        )
    )
    view = discord.ui.View(timeout=None)
    if page > 0:
        view.add_item(LeaderboardPage(game, scope, page - 1, owner, _("◀ Previous")))
    if page + 1 < pages:
        view.add_item(LeaderboardPage(game, scope, page + 1, owner, _("Next ▶")))
    return Page({"embed": embed, "view": view}, gone=page != asked)


class Stats(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=locale_str("stats"), description=locale_str("A player's results and ratings here"),
    )
    @app_commands.describe(
        player=locale_str("Whose results (you, if left out)"), game=locale_str("Only this game"),
    )
    @app_commands.rename(player=locale_str("player"), game=locale_str("game"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    @app_commands.allowed_installs(guilds=True, users=False)
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        async with Reply(interaction, private=True) as reply:
            target = player or interaction.user
            embed = discord.Embed(
                title=_("Career of {name} on this server", name=as_written(target.display_name)),
                colour=EMBED_COLOUR,
            )
            fields, pending = await self._fields(
                interaction, target.id, game.value if game else None
            )
            for name, value in fields:
                embed.add_field(name=name, value=value, inline=False)
            if not fields:
                embed.description = _("No finished matches on this server yet.")
            if pending:
                embed.description = "\n\n".join(
                    filter(None, (_(RATINGS_PENDING), embed.description))
                )
            await reply.private(embed=embed)

    async def _fields(
        self, interaction: discord.Interaction[Any], user_id: int, only: str | None
    ) -> tuple[list[tuple[str, str]], bool]:
        """The player's field per game, and whether ratings are still being computed."""
        assert interaction.guild_id is not None
        guild = interaction.guild_id
        games, pending = await service_of(interaction).store.reading(
            lambda db: _career(db, guild, user_id, only)
        )
        fields = [
            (game_title(interaction, game.game), _game_text(game)[:1024]) for game in games
        ]
        return fields[:25], pending

    @app_commands.command(
        name=locale_str("leaderboard"), description=locale_str("The best rated players of a game"),
    )
    @app_commands.describe(
        game=locale_str("Which game"), scope=locale_str("This server (default) or every server"),
        public=locale_str("Post it for the whole channel"),
    )
    @app_commands.rename(
        game=locale_str("game"),
        scope=locale_str("scope"),
        public=locale_str("public"),
    )
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPE_CHOICES)
    @app_commands.guild_only()
    @app_commands.allowed_installs(guilds=True, users=False)
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        scope: app_commands.Choice[str] | None = None,
        public: bool = False,
    ) -> None:
        async with Reply(interaction, private=not public) as reply:
            with reply.posted():
                page = await leaderboard_page(
                    interaction, game.value, scope.value if scope else "server", 0,
                    interaction.user.id,
                )
            await reply.answer(**page.message)


@dataclass(frozen=True)
class GameCareer:
    """What /stats shows of a player's game on a server."""

    game: str
    totals: career.CareerLine | None
    draws: int
    rating: ratings.Rating | None
    rank: int | None
    best: ratings.SeatResult | None
    last: list[ratings.SeatResult]


async def _career(
    db: Connection, guild: int, user_id: int, only: str | None
) -> tuple[list[GameCareer], bool]:
    """The player's career per game (``only`` that one), read in one go from one snapshot,
    and whether ratings are still being computed."""
    totals = {line.game: line for line in await career.player_totals(db, guild, user_id)}
    summed = {line.game: line for line in await career_results.of_player(db, guild, user_id)}
    games = []
    for game in sorted(set(totals) | set(summed)):
        if only is not None and game != only:
            continue
        rating, rank = await ratings.rank_of(db, guild, game, user_id, min_matches=MIN_MATCHES)
        line = summed.get(game)
        best = await ratings.result_at(db, line.best_match, line.best_seat) if line else None
        last = await ratings.results_of_player(db, guild, user_id, game, limit=LAST_RESULTS)
        games.append(
            GameCareer(
                game, totals.get(game), line.draws if line else 0, rating, rank, best, last
            )
        )
    return games, await results.backfill_pending(db)


def _game_text(shown: GameCareer) -> str:
    game, totals, draws = shown.game, shown.totals, shown.draws
    rating, rank, best, last = shown.rating, shown.rank, shown.best, shown.last
    lines = []
    if totals is not None:
        rate = totals.wins / totals.played if totals.played else 0.0
        played = _(
            "Matches {played} · wins {wins} ({rate})",
            played=number(totals.played), wins=number(totals.wins), rate=percent(rate),
        )
        if draws:
            played += " · " + no_winner_count(game, number(draws))
        lines.append(played)
    if rating is None:
        lines.append(
            _("Rating: not rated yet (only matches against other players are rated)")
        )
    elif rank is None:
        lines.append(
            _(
                "Rating {rating} · ranked after {count} rated matches ({so_far} so far)",
                rating=number(rating.ordinal, "0.0"), count=MIN_MATCHES, so_far=rating.matches,
            )
        )
    else:
        lines.append(
            _(
                "Rating {rating} · rank {rank} on this server",
                rating=number(rating.ordinal, "0.0"), rank=rank,
            )
        )
    if best is not None:
        lines.append(_("Best: {result}", result=result_line(best)))
    if totals is not None:
        presenter = PRESENTERS.get(game)
        points = number(totals.points)
        lines.append(
            _("Points: {points} in all (a match gives {meaning})", points=points,
              meaning=_(presenter.points))
            if presenter
            else _("Points: {points} in all", points=points)
        )
    if last:
        lines.append(_("Last results:"))
        lines.extend(f"• {result_line(result)}" for result in last)
    return "\n".join(lines)


async def setup(bot: commands.Bot) -> None:
    bot.register_items(LeaderboardPage)  # type: ignore[attr-defined]
    await bot.add_cog(Stats(bot))
