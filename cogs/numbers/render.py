"""Sequence Numbers on Discord: the board picture with its text, a player's hand, the result."""

from __future__ import annotations

from typing import Any

import discord

from cogs.common.i18n import N_, _, ngettext
from cogs.common.outcomes import no_winner
from cogs.common.pictures import render, seat_colour
from cogs.common.presenter import (
    EMBED_COLOUR,
    Controls,
    Picture,
    forfeited_name,
    joined,
    public_view,
    result_title,
    who,
)
from cogs.common.seatnames import name_of, seat_names, written_names
from cogs.numbers.controls import HAND_PICTURE, controls
from cogs.numbers.picture import board_png, winning_side
from cogs.numbers.words import (
    card_text,
    event_line,
    move_text,
    side_name,
    since_last_turn,
    told,
)
from matches.match import Match
from rules.numbers.cards import DECK, EQUATION

FIELD = 1024
"""The longest embed field value Discord takes."""


class NumbersPresenter:
    game = "numbers"
    title = N_("Sequence Numbers")
    points = N_("1 point for each sequence your side completed")
    narration_moves = 12
    """Enough moves for a round of six players, with their trades."""

    def describe_options(self, options: dict[str, Any]) -> str:
        teams = options.get("teams")
        if teams is None:
            return _(
                "2 or 3 players play alone; 4 players as two teams of 2; 6 players as two teams "
                "of 3 or three teams of 2. Five players cannot be seated in even teams."
            )
        return _(
            "2 or 3 players play alone; 4 players as two teams of 2; 6 players as two teams "
            "of 3 or three teams of 2. Five players cannot be seated in even teams. With 6 "
            "players: {teams} teams.",
            teams=teams,
        )

    async def board_pictures(self, match: Match) -> list[Picture]:
        view = public_view(match)
        return [Picture("board.png", await render(board_png, view, written_names(match)))]

    async def hand_pictures(self, match: Match, seat: int) -> list[Picture]:
        """The board in the hand of the player on turn, the spaces their equation cards can
        take marked (a Plus takes every open space, which would hide them); a waiting hand
        has none (the board's link is enough to watch)."""
        if not match.engine.legal_moves(match.state, seat):
            return []
        view = match.engine.view(match.state, seat)
        marked = sorted({space for card in view["hand"] if card["kind"] == EQUATION
                         for space in card["targets"]})
        png = await render(board_png, view, written_names(match), highlight=marked)
        alt = _("The board, with the free spaces for your equation cards marked")
        return [Picture(HAND_PICTURE, png, alt)]

    # -- the public board -------------------------------------------------------------

    def board(self, match: Match, recent_events: list[dict[str, Any]]) -> discord.Embed:
        view = match.engine.view(match.state, None)
        names = seat_names(match)
        if view["over"]:
            title = _("Sequence Numbers: final board")
        else:
            (seat,) = view["awaiting"]
            title = _("Sequence Numbers: {name}'s turn", name=names[seat])
        embed = discord.Embed(title=title[:256], colour=EMBED_COLOUR)
        embed.description = self._sides(view, names)
        if not view["over"]:
            (seat,) = view["awaiting"]
            embed.add_field(
                name=_("Waiting for"), value=_("{player} to play", player=who(match, seat)),
                inline=False,
            )
        for name, value in self._story(view, names):
            embed.add_field(name=name, value=value, inline=False)
        embed.set_image(url="attachment://board.png")
        embed.set_footer(
            text=ngettext(
                "Match #{match} · draw pile {pile} · reshuffled {count} time",
                "Match #{match} · draw pile {pile} · reshuffled {count} times",
                view["rebuilds"], match=match.id, pile=view["draw_pile"],
            )
        )
        return embed

    def _sides(self, view: dict[str, Any], names: list[str]) -> str:
        lines = []
        for side, seats in enumerate(view["sides"]):
            lines.append(ngettext(
                "{side} ({letter}): {players} · {done}/{count} sequence",
                "{side} ({letter}): {players} · {done}/{count} sequences",
                view["needed"], side=side_name(side), letter=seat_colour(side).letter,
                players=", ".join(names[s] for s in seats), done=view["sequence_counts"][side],
            ))
        return "\n".join(lines)

    def story(
        self, match: Match, recent_events: list[dict[str, Any]], seat: int
    ) -> list[tuple[str, str]]:
        """Every move since the last turn of the player now on turn (``seat``'s own, said
        so in their hand), and the sides."""
        view = match.engine.view(match.state, None)
        names = seat_names(match)
        shown: list[tuple[str, str]] = []
        if view["awaiting"]:
            (on_turn,) = view["awaiting"]
            events = since_last_turn(recent_events, on_turn)
            lines = [line for event in events if (line := told(event, names))]
            heading = (
                _("Since your last turn") if on_turn == seat
                else _("Since {name}'s last turn", name=names[on_turn])
            )
            if lines:
                shown.append((heading[:256], "\n".join(lines)[-FIELD:]))
        else:
            shown = self._story(view, names)
        return [*shown, (_("Sides"), self._sides(view, names)[:FIELD])]

    def _story(self, view: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
        last = view.get("last_move")
        if not last:
            return []
        text = move_text({**last, "play": last["kind"]}, names)
        return [(_("Last move"), text[:FIELD])]

    def narrate(self, match: Match, events: list[dict[str, Any]]) -> list[str]:
        names = seat_names(match)
        return [line for event in events if (line := event_line(event, names))]

    def hidden(self, match: Match, seat: int) -> list[str]:
        hand = match.engine.view(match.state, seat)["hand"]
        if not hand:
            return []
        return [_("Hand: {cards}", cards=", ".join(f"`{card_text(card)}`" for card in hand))]

    def seating(self, match: Match) -> str | None:
        """The teams once the seats are known: seats alternate between the sides."""
        players = len(match.seats)
        if players == 5:
            return _("Five players cannot be seated in even teams: one more, or one fewer.")
        if players < 4:
            return None
        teams = match.record.options.get("teams", 2) if players == 6 else 2
        sides: list[list[str]] = [[] for _side in range(teams)]
        for seat in match.seats:
            sides[seat.seat % teams].append(name_of(match, seat.seat))
        return "\n".join(
            f"{side_name(side)}: {', '.join(members)}" for side, members in enumerate(sides)
        )

    # -- a player's controls ----------------------------------------------------------

    def controls(self, match: Match, seat: int, choice: str | None = None) -> Controls:
        return controls(match, seat, choice)

    def move_words(self, match: Match, seat: int, move: str) -> str:
        card, _sep, where = move[1:].partition("@")
        text = card_text(DECK[int(card)].to_json())
        if move[0] in "pm":
            return _("played {card} on {space}", card=text, space=where)
        if move[0] == "t":
            return _("traded {card}", card=text)
        return _("discarded {card}", card=text)

    # -- the end ----------------------------------------------------------------------

    def result(self, match: Match) -> discord.Embed:
        view = public_view(match)  # the winners as forfeits leave them, as the picture names
        names = seat_names(match)
        forfeits = match.on_autopilot()
        description = self._sides(view, [
            forfeited_name(name) if seat in forfeits else name for seat, name in enumerate(names)
        ])
        won = winning_side(view)
        if won is not None:
            side, members = won
            headline = _(
                "{side} wins: {players}! 🏆",
                side=side_name(side), players=joined([names[s] for s in members]),
            )
        else:
            headline = no_winner(self.game)
            why = _("The draw pile ran out three times with no new sequence.")
            description = f"{why}\n{description}"
        embed = discord.Embed(
            title=result_title(_(self.title), headline)[:256],
            description=description,
            colour=discord.Colour.gold(),
        )
        embed.set_footer(text=_("Match #{match}", match=match.id))
        return embed
