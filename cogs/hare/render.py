"""Hare and Tortoise on Discord: the race board with its picture, a player's controls, the
result."""

from __future__ import annotations

from typing import Any

import discord

from cogs.common.i18n import N_, _, ngettext
from cogs.common.pictures import render
from cogs.common.presenter import (
    EMBED_COLOUR,
    Controls,
    Picture,
    joined,
    ordinal,
    place_line,
    public_view,
    result_title,
    who,
)
from cogs.common.seatnames import seat_names, written_names
from cogs.hare.controls import hand_controls
from cogs.hare.picture import board_facts, board_png
from cogs.hare.words import markers_of, move_words, narrate, players_text, positions
from matches.match import Match


class HarePresenter:
    game = "hare"
    title = N_("Hare and Tortoise")
    points = N_("1 point for each runner who finished after you")
    narration_moves = 3

    def describe_options(self, options: dict[str, Any]) -> str:
        return ""

    def seating(self, match: Match) -> str | None:
        return None

    async def board_pictures(self, match: Match) -> list[Picture]:
        view = public_view(match)
        png = await render(board_png, board_facts(view), written_names(match))
        return [Picture("board.png", png)]

    # -- the public board -------------------------------------------------------------

    def board(self, match: Match, recent_events: list[dict[str, Any]]) -> discord.Embed:
        view = match.engine.view(match.state, None)
        names = seat_names(match)
        if view["over"]:
            title = _("Hare and Tortoise: the race is over")
        else:
            (seat,) = view["to_move"]
            title = _("Hare and Tortoise: {name}'s turn", name=names[seat])
        embed = discord.Embed(title=title, description=players_text(view, names),
                              colour=EMBED_COLOUR)
        if not view["over"]:
            (seat,) = view["to_move"]
            embed.add_field(
                name=_("Waiting for"), value=_("{who} to move", who=who(match, seat)),
                inline=False,
            )
        for name, value in self._latest(view, names, recent_events):
            embed.add_field(name=name, value=value, inline=False)
        embed.set_image(url="attachment://board.png")
        embed.set_footer(text=_("Match #{id}", id=match.id))
        return embed

    def story(
        self, match: Match, recent_events: list[dict[str, Any]], seat: int
    ) -> list[tuple[str, str]]:
        view = match.engine.view(match.state, None)
        names = seat_names(match)
        runners = (_("Runners"), players_text(view, names))
        return [*self._latest(view, names, recent_events), runners]

    def _latest(
        self, view: dict[str, Any], names: list[str], events: list[dict[str, Any]]
    ) -> list[tuple[str, str]]:
        lines = narrate(view, names, events)
        return [(_("Latest"), _latest_text(lines))] if lines else []

    def narrate(self, match: Match, events: list[dict[str, Any]]) -> list[str]:
        return narrate(match.engine.view(match.state, None), seat_names(match), events)

    def hidden(self, match: Match, seat: int) -> list[str]:
        return []  # a race hides nothing

    # -- a player's controls ----------------------------------------------------------

    def controls(self, match: Match, seat: int, choice: str | None = None) -> Controls:
        return hand_controls(match, seat, choice)

    def move_words(self, match: Match, seat: int, move: str) -> str:
        return move_words(move)

    # -- the end ----------------------------------------------------------------------

    def result(self, match: Match) -> discord.Embed:
        """The finishing order, each player with where their markers ended and their
        carrots (and lettuces, for a player who did not finish with none left)."""
        outcome = match.outcome()
        assert outcome is not None
        view = match.engine.view(match.state, None)
        names = seat_names(match)
        winners = [names[s] for s in sorted(outcome.winners)]
        order = sorted(range(len(names)), key=lambda s: outcome.places[s])
        forfeits = match.on_autopilot()
        lines = [
            place_line(outcome.places[s], names[s], s in outcome.winners, _ending(view, s),
                       forfeited=s in forfeits)
            for s in order
        ]
        embed = discord.Embed(
            title=result_title(
                _(self.title),
                ngettext("{names} wins the race!", "{names} win the race!", len(winners),
                         names=joined(winners)),
            ),
            description="\n".join(lines),
            colour=discord.Colour.gold(),
        )
        embed.set_footer(text=_("Match #{id}", id=match.id))
        return embed


def _latest_text(lines: list[str]) -> str:
    """The latest lines that fit an embed field (1024 characters), whole lines only."""
    kept: list[str] = []
    room = 1024
    for line in reversed(lines):
        room -= len(line) + (1 if kept else 0)
        if room < 0:
            break
        kept.append(line)
    return "\n".join(reversed(kept)) or lines[-1][-1024:]


def _ending(view: dict[str, Any], seat: int) -> str:
    """Where a player's markers ended, with the carrots and lettuces they kept."""
    places = sorted(m["finish_place"] or 0 for m in markers_of(view, seat))
    if view["two_markers"] and all(places):
        spots = _("both markers home ({first} and {second})", first=ordinal(places[0]),
                  second=ordinal(places[1]))
    else:
        spots = positions(view, seat)
    player = view["players"][seat]
    parts = [spots, ngettext("🥕 {count} carrot", "🥕 {count} carrots", player["carrots"])]
    if player["lettuces"]:
        parts.append(ngettext("🥬 {count} lettuce left", "🥬 {count} lettuces left",
                              player["lettuces"]))
    return " · ".join(parts)
