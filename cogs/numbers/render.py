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
HAND_PICTURE = "hand.png"
NARRATED = ("chip_placed", "chip_removed", "card_traded", "card_discarded", "sequence_completed")
"""The events a hand tells, one line each."""
TURN_ENDS = ("chip_placed", "chip_removed", "card_discarded")
"""The events that end a player's turn (a trade does not)."""
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


def move_text(move: dict[str, Any], names: list[str]) -> str:
    """A card played on a space, as the board's last move tells it."""
    who, where = names[move["seat"]], space_name(move["space"])
    if move["play"] == "remove":
        return f"{who} played Minus and removed the chip on {where}."
    if move["play"] == "plus":
        return f"{who} played Plus and put a chip on {where}."
    return f"{who} played {_card_text(move['card'])} and put a chip on {where}."


def _event_line(event: dict[str, Any], names: list[str]) -> str | None:
    """One public event of a turn (a card drawn stays unseen: only the pile shrinks)."""
    kind = event["kind"]
    if kind in ("chip_placed", "chip_removed"):
        return move_text(event, names)
    if kind == "sequence_completed":
        return f"🎉 {side_name(event['side'])} completes a sequence."
    if kind == "card_traded":
        return f"{names[event['seat']]} traded the dead card {_card_text(event['card'])}."
    if kind == "card_discarded":
        return (
            f"{names[event['seat']]} could play no card and discarded "
            f"{_card_text(event['card'])}."
        )
    if kind == "draw_pile_rebuilt":
        return "The discards are shuffled into a new draw pile."
    if kind == "match_over":
        return "🏁 The match is over."
    return None


def _names(match: Match) -> list[str]:
    return [seat.display_name for seat in match.seats]


class NumbersPresenter:
    game = "numbers"
    title = "Sequence Numbers"
    points = "1 point for each sequence your side completed"
    narration_moves = 12
    """Enough moves for a round of six players, with their trades."""

    def describe_options(self, options: dict[str, Any]) -> str:
        teams = options.get("teams")
        chosen = "" if teams is None else f" With 6 players: {teams} teams."
        return SEATING + chosen

    async def board_pictures(self, match: Match) -> list[Picture]:
        view = match.engine.view(match.state, None)
        return [Picture("board.png", await render(board_png, view, _names(match)))]

    async def hand_pictures(self, match: Match, seat: int) -> list[Picture]:
        """The board in the hand of the player on turn, the spaces their cards can take
        marked; a waiting hand has none (the board's link is enough to watch)."""
        if not match.engine.legal_moves(match.state, seat):
            return []
        view = match.engine.view(match.state, seat)
        marked = sorted({space for card in view["hand"] for space in card["targets"]})
        png = await render(board_png, view, _names(match), highlight=marked)
        return [Picture(HAND_PICTURE, png)]

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
        """Every move since the last turn of the player now on turn, and the sides."""
        view = match.engine.view(match.state, None)
        names = _names(match)
        told: list[tuple[str, str]] = []
        if view["awaiting"]:
            (seat,) = view["awaiting"]
            events = _since_last_turn(recent_events, seat)
            lines = [line for event in events if (line := _told(event, names))]
            if lines:
                told.append((f"Since {names[seat]}'s last turn", "\n".join(lines)[-1024:]))
        else:
            told = self._story(view, names)
        return [*told, ("Sides", self._sides(view, names))]

    def _story(self, view: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
        last = view.get("last_move")
        if not last:
            return []
        text = move_text({**last, "play": last["kind"]}, names)
        return [("Last move", text)]

    def narrate(self, match: Match, events: list[dict[str, Any]]) -> list[str]:
        names = _names(match)
        return [line for event in events if (line := _event_line(event, names))]

    def hidden(self, match: Match, seat: int) -> list[str]:
        hand = match.engine.view(match.state, seat)["hand"]
        return [f"Hand: {', '.join(f'`{_card_text(card)}`' for card in hand)}"] if hand else []

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
        embed.set_image(url=f"attachment://{HAND_PICTURE}")
        embed.description = "\n".join(
            self._hand_line(card, legal, view) for card in view["hand"]
        )
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
            discord.SelectOption(label=_space_label(code, view, match), value=code)
            for code in codes
        ][:MENU_LIMIT]
        menu = MoveSelect(
            match.id, point, options=options, placeholder=f"The space to {verb}", row=0
        )
        return Controls(f"{_card_text(card)}: pick the space to {verb}.", embed, [menu, back])

    def _hand_line(
        self, card: dict[str, Any], legal: list[str] | None = None,
        view: dict[str, Any] | None = None,
    ) -> str:
        """A card as a player reads it: what it does, where it can go (marked on the
        picture), or why it cannot be played now (``legal``: the moves on turn)."""
        text = f"**{_card_text(card)}**"
        playable = legal is None or any(_card_of(code) == card["id"] for code in legal)
        if card["kind"] == "plus":
            return f"{text}: a chip on any open space"
        if card["kind"] == "minus":
            if not playable:
                return f"{text}: cannot be played now, no opponent chip can be removed " \
                    "(chips in a sequence stay)"
            return f"{text}: remove an opponent's chip that is not in a sequence"
        if card["dead"]:
            traded = view is not None and view["traded"]
            when = "you traded a card this turn already" if traded else "trade it once per turn"
            return f"{text}: dead, both {card['answer']}s are covered ({when})"
        spaces = " or ".join(space_name(s) for s in card["targets"])
        return f"{text}: a chip on a {card['answer']}, free at {spaces} (marked)"

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


def _card_of(code: str) -> int | None:
    """The card a play or Minus code uses (``p17@C4``), None for a trade or discard."""
    if code[0] not in "pm":
        return None
    return int(code[1:].split("@")[0])


def _space_label(code: str, view: dict[str, Any], match: Match) -> str:
    """A menu's space in words: ``40 at A7``, or whose chip a Minus removes."""
    where = code.split("@")[1]
    space = ROWS.index(where[0]) * 10 + int(where[1:]) - 1
    if code[0] == "m":
        side = view["chips"][space]
        return f"{seat_colour(side).name.capitalize()} chip at {where}"
    number = view["layout"][space]
    return f"{number} at {where}" if number else f"free corner {where}"


def _since_last_turn(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The events after ``seat``'s last play, Minus or discard (all of them if none)."""
    last = max(
        (
            i for i, event in enumerate(events)
            if event["kind"] in TURN_ENDS and event["seat"] == seat
        ),
        default=-1,
    )
    return events[last + 1 :]


def _told(event: dict[str, Any], names: list[str]) -> str | None:
    """One move in words, as the board tells it; None for what a hand does not tell."""
    kind = event["kind"]
    if kind not in NARRATED:
        return None
    if kind == "sequence_completed":
        return f"{side_name(event['side'])} completed a sequence!"
    who = names[event["seat"]]
    card = _card_text(event["card"])
    if kind == "card_traded":
        return f"{who} traded the dead card {card}."
    if kind == "card_discarded":
        return f"{who} could not play and discarded {card}."
    where = space_name(event["space"])
    if kind == "chip_removed":
        return f"{who} played Minus and removed the {side_name(event['owner'])} chip on {where}."
    if event["card"]["kind"] == "plus":
        return f"{who} played Plus and put a chip on {where}."
    return f"{who} played {card} and put a chip on {where}."


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
