"""/help: what the table offers, privately, in the asker's language, with every command named
as their Discord shows it; with ``game``, that game in short."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.common.components import channel_label
from cogs.common.i18n import N_, _
from cogs.common.languages import of_channel
from cogs.common.presenter import EMBED_COLOUR
from cogs.common.reply import Reply
from cogs.common.slashnames import command_of, option, slash, subcommand
from cogs.rulebook import Name, game_choices, unknown_game
from cogs.rulebook_pages import RuleOpenButton
from rules.rulebook import game_named

GAMES = ("whyfirst", "hare", "canyon", "numbers")
"""The games, in the order the help lists them."""
KINDS = {
    "whyfirst": N_("a card game for 2 to 6 players (with 2, Leo races too): push any figure, "
                   "yours or a rival's; the second place scores."),
    "hare": N_("a race for 2 to 6 players, paid in carrots: the faster you go, the more it "
               "costs, and every lettuce must be eaten before the Finish."),
    "canyon": N_("a race for 2 to 6 players over ten rounds: reach 30 points or come closest "
                 "below, through action cards and collisions."),
    "numbers": N_("a board game for 2 or 3 players, or 4 or 6 in teams: play equation cards "
                  "to claim numbers and make sequences of five."),
}
"""Each game in one line: what kind of game, and for how many players."""
OVERVIEWS = {
    "whyfirst": N_("Five stages of five card rounds. Each round everyone secretly plays a card "
                   "in front of a figure, anyone's; all are revealed together and the figures "
                   "move. After each stage the figures in second place score their space's "
                   "number, and after five stages the second-highest total wins."),
    "hare": N_("Each turn you move forward and pay carrots for it (1, 3, 6, 10 … for 1, 2, 3, "
               "4 … spaces), or fall back to a tortoise space to earn some. Carrot, hare, "
               "lettuce and position spaces pay or cost on the way. Reach the Finish with no "
               "lettuce left and few enough carrots."),
    "canyon": N_("Each round everyone secretly plays an acceleration card, and may call a "
                 "collision; the round's action card changes every value. A fourth collision "
                 "puts a car out. After ten rounds the highest score of 16 to 30 wins."),
    "numbers": N_("The board holds the numbers 1 to 48, each twice. On your turn play an "
                  "equation card and put a chip on its answer; a Plus card takes any open "
                  "space, a Minus card removes a rival's chip. Make one sequence of five in a "
                  "row, two in teams."),
}
"""Each game in two or three lines, for ``/help game``."""
NEW_OPTIONS = {"whyfirst": ("variant", "pace"), "numbers": ("teams", "pace")}
"""The options of each game's ``new`` (``pace`` where not listed)."""


class Help(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=locale_str("help"), description=locale_str("What the table offers, and how to play"),
    )
    @app_commands.describe(game=locale_str("Only this game, in short"))
    @app_commands.rename(game=locale_str("game"))
    async def help(self, interaction: discord.Interaction[Any], game: Name | None = None) -> None:
        async with Reply(interaction, private=True) as reply:
            only = game_named(game) if game is not None else None
            if game is not None and only is None:
                await reply.refuse(unknown_game(game))
                return
            ids = await self.bot.command_ids.known(self.bot.tree)  # type: ignore[attr-defined]
            labels = self._labels(interaction)
            if only is None:
                manager = interaction.guild is not None and interaction.permissions.manage_guild
                await reply.private(embed=self._table(ids, labels, manager=manager))
            else:
                await reply.private(**self._game(only, ids, labels))

    @help.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(interaction, current)

    def _slash(self, path: str, ids: Mapping[str, int]) -> str:
        return slash(self.bot.tree, path, ids)

    def _sub(self, path: str) -> str:
        """A subcommand every game has alike, by its name alone."""
        return subcommand(self.bot.tree, path)

    def _title(self, game: str) -> str:
        return _(self.bot.table.presenters[game].title)  # type: ignore[attr-defined]

    @staticmethod
    def _labels(interaction: discord.Interaction[Any]) -> dict[str, str]:
        """The lobby's and board's buttons as the channel's messages show them: in the
        server's language (in a DM, the reader's own)."""
        lang = of_channel(interaction)
        return {button: channel_label(lang, button) for button in ("join", "start", "show")}

    def _table(
        self, ids: Mapping[str, int], labels: Mapping[str, str], *, manager: bool
    ) -> discord.Embed:
        """Everything in short: the games, how a match goes, the players' commands (and the
        server's settings for who may manage it)."""
        c = {path: self._slash(path, ids) for path in (
            "help", "rules show", "rules search", "mygames", "notify", "language", "stats",
            "history", "leaderboard", "replay",
        )}
        embed = discord.Embed(
            title=_("How to play at this table"),
            description=_(
                "Four board games, played in a server's channel, live in an evening or slowly "
                "over days. {help} with `{game}` tells one game in short.",
                help=c["help"], game=option(command_of(self.bot.tree, "help"), "game"),
            ),
            colour=EMBED_COLOUR,
        )
        embed.add_field(name=_("The games"), value="\n".join(
            _("**{title}**: {kind} {new}", title=self._title(game), kind=_(KINDS[game]),
              new=self._slash(f"{game} new", ids))
            for game in GAMES
        ), inline=False)
        embed.add_field(name=_("A match"), value=_(
            "The game's `{new}` command opens a lobby in the channel: the others press **{join}**, "
            "the host **{start}**. The board is one message in the channel, kept up to date; "
            "your hand comes by direct message, or with **{show}** on the board. Each "
            "decision has a clock (the lobby's `{pace}`: live, a day, three days or none) and "
            "you are told when it is your move ({notify}). In a match: `{board}` posts the "
            "board again, `{resign}` leaves it (your seat plays on), `{cancel}` ends it (its "
            "host or a moderator).",
            pace=option(command_of(self.bot.tree, "whyfirst new"), "pace"), notify=c["notify"],
            board=self._sub("whyfirst board"),
            **labels,
            new=self._sub("whyfirst new"), resign=self._sub("whyfirst resign"),
            cancel=self._sub("whyfirst cancel"),
        ), inline=False)
        embed.add_field(name=_("Your commands"), value="\n".join((
            _("{show} · {search}: a rule, or an answer to your question",
              show=c["rules show"], search=c["rules search"]),
            _("{mygames}: your open matches, on every server", mygames=c["mygames"]),
            _("{stats} · {history} · {leaderboard}: results, finished matches and ratings",
              stats=c["stats"], history=c["history"], leaderboard=c["leaderboard"]),
            _("{replay}: a finished match, move by move", replay=c["replay"]),
            _("{language}: the language I speak to you", language=c["language"]),
        )), inline=False)
        if manager:
            embed.add_field(name=_("This server's settings"), value="\n".join((
                _("{settings}: the language of boards, lobbies and results here (members with "
                  "*{manage}*)", settings=self._slash("settings language", ids),
                  manage=_("Manage Server")),
                _("{pace}: the pace of new lobbies here when their host chooses none",
                  pace=self._slash("settings pace", ids)),
                _("{notices}: one channel for the notices I post in a channel",
                  notices=self._slash("settings notices", ids)),
            )), inline=False)
        return embed

    def _game(
        self, game: str, ids: Mapping[str, int], labels: Mapping[str, str]
    ) -> dict[str, Any]:
        """One game in short: what it is, how to start one, its commands and its rules."""
        title = self._title(game)
        new = command_of(self.bot.tree, f"{game} new")
        options = ", ".join(f"`{option(new, name)}`" for name in NEW_OPTIONS.get(game, ("pace",)))
        kind = _(KINDS[game])  # a line's end in the table's help: it opens a sentence here
        embed = discord.Embed(
            title=title, description=f"{kind[:1].upper()}{kind[1:]}\n\n{_(OVERVIEWS[game])}",
            colour=EMBED_COLOUR,
        )
        embed.add_field(name=_("Start a match"), value=_(
            "{new} opens a lobby in this channel (options: {options}). The others press "
            "**{join}**; the host can add computer players and presses **{start}**.",
            new=self._slash(f"{game} new", ids), options=options,
            join=labels["join"], start=labels["start"],
        ), inline=False)
        embed.add_field(name=_("During the match"), value="\n".join((
            _("{board}: the board again, at the bottom", board=self._slash(f"{game} board", ids)),
            _("{resign}: leave the match; your seat plays on",
              resign=self._slash(f"{game} resign", ids)),
            _("{cancel}: end it without a result (its host or a moderator)",
              cancel=self._slash(f"{game} cancel", ids)),
        )), inline=False)
        embed.add_field(name=_("The rules"), value=_(
            "{show} with {title} as `{option}`: every section of its rules; {search}: ask a "
            "question.",
            show=self._slash("rules show", ids), title=title,
            option=option(command_of(self.bot.tree, "rules show"), "game"),
            search=self._slash("rules search", ids),
        ), inline=False)
        view = discord.ui.View(timeout=None)
        view.add_item(RuleOpenButton(game, "overview", label=_("How to play")))
        return {"embed": embed, "view": view}


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
