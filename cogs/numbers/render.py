"""Sequence Numbers on Discord: the board picture with its text, a player's hand, the result."""

from __future__ import annotations

from typing import Any

import discord

from cogs.common.components import ChoiceButton, MoveButton, MoveSelect
from cogs.common.pictures import render, seat_colour
from cogs.common.presenter import (
    EMBED_COLOUR,
    Controls,
    Picture,
    joined,
    result_title,
    who,
    winners_headline,
)
from cogs.numbers.picture import board_png
from matches.match import Match
from rules.numbers.cards import DECK

ROWS = "ABCDEFGHIJ"
MENU_LIMIT = 25
BACK = "back"
SEATING = (
    "2 or 3 players play alone; 4 players as two teams of 2; 6 players as two teams of 3 "
    "or three teams of 2. Five players cannot be seated in even teams."
)


def space_name(index: int) -> str:
    """A space as the board labels it: row letter A-J, column 1-10 (``C4``)."""
    return f"{ROWS[index // 10]}{index % 10 + 1}"


def side_name(side: int) -> str:
    colour = seat_colour(side)
    return f"{colour.emoji} {colour.name.capitalize()}"


def _card_text(card: dict[str, Any]) -> str:
    if card["kind"] == "plus":
        return "Plus"
    if card["kind"] == "minus":
        return "Minus"
    return f"{card['text']} = {card['answer']}"


def _names(match: Match) -> list[str]:
    return [seat.display_name for seat in match.seats]


class NumbersPresenter:
    game = "numbers"
    title = "Sequence Numbers"
    points = "sequences completed by the player's side"
    narration_moves = 0  # the state keeps the last move

    def describe_options(self, options: dict[str, Any]) -> str:
        teams = options.get("teams")
        chosen = "" if teams is None else f" With 6 players: {teams} teams."
        return SEATING + chosen

    async def board_pictures(self, match: Match) -> list[Picture]:
        view = match.engine.view(match.state, None)
        return [Picture("board.png", await render(board_png, view, _names(match)))]

    # -- the public board -------------------------------------------------------------

    def board(self, match: Match, recent_events: list[dict[str, Any]]) -> discord.Embed:
        view = match.engine.view(match.state, None)
        names = _names(match)
        if view["over"]:
            title = "Sequence Numbers: final board"
        else:
            (seat,) = view["awaiting"]
            title = f"Sequence Numbers: {names[seat]}'s turn"
        embed = discord.Embed(title=title, colour=EMBED_COLOUR)
        embed.description = self._sides(view, names)
        if not view["over"]:
            (seat,) = view["awaiting"]
            embed.add_field(
                name="Waiting for", value=f"{who(match, seat)} to play", inline=False
            )
        for name, value in self._story(view, names):
            embed.add_field(name=name, value=value, inline=False)
        embed.set_image(url="attachment://board.png")
        embed.set_footer(
            text=f"Match #{match.id} · draw pile {view['draw_pile']} · "
            f"reshuffled {view['rebuilds']} times"
        )
        return embed

    def _sides(self, view: dict[str, Any], names: list[str]) -> str:
        lines = []
        for side, seats in enumerate(view["sides"]):
            who = ", ".join(names[s] for s in seats)
            lines.append(
                f"{side_name(side)} ({seat_colour(side).letter}): {who} · "
                f"{view['sequence_counts'][side]}/{view['needed']} sequences"
            )
        return "\n".join(lines)

    def story(self, match: Match, recent_events: list[dict[str, Any]]) -> list[tuple[str, str]]:
        view = match.engine.view(match.state, None)
        names = _names(match)
        return [*self._story(view, names), ("Sides", self._sides(view, names))]

    def _story(self, view: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
        last = view.get("last_move")
        if not last:
            return []
        who = names[last["seat"]]
        where = space_name(last["space"])
        card = _card_text(last["card"])
        if last["kind"] == "remove":
            text = f"{who} played Minus and removed the chip on {where}."
        elif last["kind"] == "plus":
            text = f"{who} played Plus and put a chip on {where}."
        else:
            text = f"{who} played {card} and put a chip on {where}."
        return [("Last move", text)]

    def seating(self, match: Match) -> str | None:
        """The teams once the seats are known: seats alternate between the sides."""
        players = len(match.seats)
        if players == 5:
            return "Five players cannot be seated in even teams: one more, or one fewer."
        if players < 4:
            return None
        teams = match.record.options.get("teams", 2) if players == 6 else 2
        sides: list[list[str]] = [[] for _ in range(teams)]
        for seat in match.seats:
            sides[seat.seat % teams].append(seat.display_name)
        return "\n".join(
            f"{side_name(side)}: {', '.join(members)}" for side, members in enumerate(sides)
        )

    # -- a player's controls ----------------------------------------------------------

    def controls(self, match: Match, seat: int, choice: str | None = None) -> Controls:
        view = match.engine.view(match.state, seat)
        embed = discord.Embed(
            title=f"Sequence Numbers · your hand ({side_name(view['side_of_seat'][seat])})",
            description="\n".join(self._hand_line(card) for card in view["hand"]) or "(empty)",
            colour=EMBED_COLOUR,
        )
        embed.set_footer(text=f"Match #{match.id}")
        if view["over"]:
            channel = f"<#{match.record.channel_id}>"
            return Controls(content=f"The match is over: the result is in {channel}.", embed=embed)
        legal = match.engine.legal_moves(match.state, seat)
        if not legal:
            (awaited,) = view["awaiting"]
            return Controls(content=f"Waiting for {match.name_of(awaited)}.", embed=embed)
        point = match.decision_point()
        card_id, row = _parse_choice(choice)
        card = next((c for c in view["hand"] if c["id"] == card_id), None)
        if card is None:
            return self._hand_buttons(match, view, legal, point, embed)
        codes = [code for code in legal if code[1:].split("@")[0] == str(card["id"])]
        codes = [code for code in codes if code[0] in "pm"]
        verb = "remove an opponent's chip from" if card["kind"] == "minus" else "put a chip on"
        back = ChoiceButton(match.id, point, BACK, label="Other card", row=4)
        if len(codes) > MENU_LIMIT and row is None:
            rows = sorted({_row_of(code) for code in codes})
            items: list[discord.ui.Item[Any]] = [
                ChoiceButton(match.id, point, f"c{card['id']}.r{r}", label=f"Row {ROWS[r]}")
                for r in rows
            ]
            items.append(back)
            return Controls(
                f"{_card_text(card)}: pick the row of the space to {verb}.", embed, items
            )
        if row is not None:
            codes = [code for code in codes if _row_of(code) == row]
        options = [
            discord.SelectOption(label=code.split("@")[1], value=code) for code in codes
        ][:MENU_LIMIT]
        menu = MoveSelect(
            match.id, point, options=options, placeholder=f"The space to {verb}", row=0
        )
        return Controls(f"{_card_text(card)}: pick the space to {verb}.", embed, [menu, back])

    def _hand_line(self, card: dict[str, Any]) -> str:
        text = f"`{_card_text(card)}`"
        if card["kind"] == "plus":
            return f"{text}: a chip on any open space"
        if card["kind"] == "minus":
            return f"{text}: remove an opponent's chip that is not in a sequence"
        if card["dead"]:
            return f"{text}: dead, both spaces are taken (trade it once per turn)"
        spaces = ", ".join(space_name(s) for s in card["targets"])
        return f"{text} → {spaces}"

    def _hand_buttons(
        self,
        match: Match,
        view: dict[str, Any],
        legal: list[str],
        point: int,
        embed: discord.Embed,
    ) -> Controls:
        playable = {code[1:].split("@")[0] for code in legal if code[0] in "pm"}
        items: list[discord.ui.Item[Any]] = []
        for card in view["hand"]:
            key = str(card["id"])
            if key in playable:
                items.append(
                    ChoiceButton(match.id, point, f"c{key}", label=_card_text(card)[:80], row=0)
                )
            if f"t{key}" in legal:
                items.append(
                    MoveButton(match.id, point, f"t{key}", label=f"Trade {_card_text(card)}"[:80],
                               style=discord.ButtonStyle.secondary, row=1)
                )
            if f"d{key}" in legal:
                items.append(
                    MoveButton(match.id, point, f"d{key}", label=f"Discard {_card_text(card)}"[:80],
                               style=discord.ButtonStyle.danger, row=2)
                )
        if playable:
            note = "Pick a card to play."
        elif any(code[0] == "t" for code in legal):
            note = "No card can be played: trade a dead card first."
        else:
            note = "No card can be played: discard one and draw."
        return Controls(note, embed, items)

    def move_words(self, match: Match, seat: int, move: str) -> str:
        card, _, where = move[1:].partition("@")
        text = _card_text(DECK[int(card)].to_json())
        if move[0] in "pm":
            return f"played {text} on {where}"
        return f"traded {text}" if move[0] == "t" else f"discarded {text}"

    # -- the end ----------------------------------------------------------------------

    def result(self, match: Match) -> discord.Embed:
        view = match.engine.view(match.state, None)
        names = _names(match)
        outcome = match.outcome()
        assert outcome is not None
        winner = view.get("winner_side")
        if winner is not None and any(outcome.seat_won(s) for s in view["sides"][winner]):
            members = joined([names[s] for s in view["sides"][winner]])
            headline = f"{side_name(winner)} wins: {members}! 🏆"
        elif outcome.winners:
            headline = winners_headline([names[s] for s in sorted(outcome.winners)]) + " 🏆"
        else:
            headline = "a draw: the draw pile ran out three times with no new sequence."
        embed = discord.Embed(
            title=result_title(self.title, headline),
            description=self._sides(view, names),
            colour=discord.Colour.gold(),
        )
        embed.set_footer(text=f"Match #{match.id}")
        return embed


def _parse_choice(choice: str | None) -> tuple[int | None, int | None]:
    """``c17`` (a card picked) or ``c17.r3`` (and a row of the board)."""
    if not choice or not choice.startswith("c"):
        return None, None
    card, _, row = choice[1:].partition(".r")
    if not card.isdigit() or (row and not row.isdigit()):
        return None, None
    return int(card), int(row) if row else None


def _row_of(code: str) -> int:
    return ROWS.index(code.split("@")[1][0])
