"""Why First? on Discord: the track board with its picture, the hand controls and the result."""

from __future__ import annotations

from typing import Any

import discord

from cogs.common.components import ChoiceButton, MoveButton
from cogs.common.pictures import render
from cogs.common.presenter import (
    EMBED_COLOUR,
    Controls,
    Picture,
    place_line,
    plural,
    result_title,
    who,
    winners_headline,
)
from cogs.whyfirst.picture import board_facts, board_png, figure_colour
from matches.match import Match
from rules.whyfirst.cards import DECK
from rules.whyfirst.engine import TRACK_MAX, TRACK_MIN
from rules.whyfirst.scoring import second_place

BACK = "back"
"""The most moves a match logs: a card per seat per card round and, in the tactical variant,
a figure move per seat. The board reads them all to keep every finished stage's end."""


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _names(match: Match) -> list[str]:
    """Display names of every figure, Leo included."""
    names = [seat.display_name for seat in match.seats]
    names.extend(match.engine.phantoms(match.state).values())  # type: ignore[attr-defined]
    return names


def _track(names: list[str], positions: list[int]) -> str:
    """One line per figure along the -12..+16 track, the second place marked."""
    second = second_place(positions)
    width = min(max(len(name) for name in names), 10)
    lines = []
    for name, space in zip(names, positions, strict=True):
        cells = ["|" if n == 0 else "·" for n in range(TRACK_MIN, TRACK_MAX + 1)]
        cells[space - TRACK_MIN] = "●"
        mark = " ◀ 2nd" if space == second else ""
        lines.append(f"{name[:width]:<{width}} {_signed(space):>3} {''.join(cells)}{mark}")
    scale = [" "] * (TRACK_MAX - TRACK_MIN + 1)
    for space, label in ((TRACK_MIN, f"{TRACK_MIN}"), (0, "0"), (TRACK_MAX - 2, f"+{TRACK_MAX}")):
        scale[space - TRACK_MIN : space - TRACK_MIN + len(label)] = label
    scale = f"{'':<{width + 5}}{''.join(scale)}"
    return "```\n" + "\n".join([scale, *lines]) + "\n```"


def _colour_key(names: list[str], leo: int | None) -> str:
    """Which colour is whose in the picture (the names are what a screen reader reads)."""
    return "Colours: " + " · ".join(
        f"{figure_colour(figure, leo).emoji} {name}" for figure, name in enumerate(names)
    )


def _points(value: int) -> str:
    """``3 points``, ``-1 point``: a stage score in words."""
    return ("-" if value < 0 else "") + plural(abs(value), "point")



def _stage_text(score: dict[str, Any], positions: list[int] | None, names: list[str]) -> str:
    """A finished stage: where every figure ended, highest first (when its end is known), and
    who scored the second place."""
    space = score["second_place_space"]
    if space is None:
        scored = "All figures on one space: nobody scores."
    else:
        scorers = [names[f] for f in score["scorers"]]
        verb = "scores" if len(scorers) == 1 else "score"
        each = "" if len(scorers) == 1 else " each"
        scored = (
            f"Second place {_signed(space)}: {' and '.join(scorers)} {verb} "
            f"{_points(space)}{each}."
        )
    if positions is None:
        return scored
    order = sorted(range(len(positions)), key=lambda f: (-positions[f], f))
    spots = " · ".join(
        f"**{names[f]} {_signed(positions[f])}**"
        if f in score["scorers"]
        else f"{names[f]} {_signed(positions[f])}"
        for f in order
    )
    return f"{spots}\n{scored}"[:1024]


def _totals_text(totals: list[int], names: list[str]) -> str:
    return " · ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))


def _hand_text(hand: list[dict[str, Any]]) -> str:
    return " ".join(f"`{_signed(card['value'])}`" for card in hand)


def _play_text(play: dict[str, Any], names: list[str]) -> str:
    """``+3 on ben``: a card played, with the figure it goes in front of."""
    target = "" if play["target"] is None else f" on {names[play['target']]}"
    return f"{_signed(play['value'])}{target}"


def _reveal_title(reveal: dict[str, Any]) -> str:
    return f"Reveal of stage {reveal['stage']}, card round {reveal['card_round']}"


def _figure_move_line(move: dict[str, Any], names: list[str]) -> str:
    """A figure moved; in the tactical variant, by whom when it was another's figure."""
    mover = move.get("seat", move["figure"])
    by = "" if mover == move["figure"] else f" (moved by {names[mover]})"
    return (
        f"➡️ {names[move['figure']]} moves from {_signed(move['from'])} "
        f"to {_signed(move['to'])}{by}"
    )


def _reveal_lines(reveal: dict[str, Any], names: list[str]) -> list[str]:
    """Every card turned face up (Leo's too) and every figure it moved."""
    lines = [
        f"🃏 {names[play['seat']]} played {_play_text(play, names)}" for play in reveal["plays"]
    ]
    if reveal.get("leo"):
        lines.append(f"🃏 Leo turned up {_signed(reveal['leo']['value'])}")
    lines += [
        _figure_move_line(move, names)
        for move in reveal.get("moves", [])
        if move["from"] != move["to"]  # a figure at the end of the track that did not move
    ]
    return lines


def _event_lines(event: dict[str, Any], names: list[str]) -> list[str]:
    """One event of the match as the table saw it (never a card still face down)."""
    kind = event["kind"]
    if kind == "committed":
        return [f"🂠 {names[event['seat']]} put a card face down."]
    if kind == "revealed":
        return [f"**{_reveal_title(event)}**", *_reveal_lines(event, names)]
    if kind == "figure_moved" and event["from"] != event["to"]:
        return [_figure_move_line(event, names)]
    if kind == "stage_scored":
        text = _stage_text(event, event.get("positions"), names)
        return [f"**Stage {event['stage']} ended**", *text.split("\n"),
                f"Totals: {_totals_text(event['totals'], names)}"]
    if kind == "stage_started":
        return [f"Stage {event['stage']} begins: every figure back on 0, new hands dealt."]
    if kind == "match_over":
        return ["🏁 The match is over."]
    return []


def _card_style(value: int) -> discord.ButtonStyle:
    return discord.ButtonStyle.success if value > 0 else discord.ButtonStyle.danger


def _card_button(
    match_id: int, point: int, card: dict[str, Any], move: str, note: str
) -> MoveButton:
    """A button that plays ``card`` at once (no target to choose)."""
    return MoveButton(
        match_id,
        point,
        move,
        label=f"{_signed(card['value'])} {note}",
        style=_card_style(card["value"]),
    )


class WhyFirstPresenter:
    game = "whyfirst"
    title = "Why First?"
    points = "your final total, after the five stages"
    narration_moves = 0  # the state keeps the last reveal and every stage's final positions

    def describe_options(self, options: dict[str, Any]) -> str:
        return "Tactical variant." if options.get("variant") == "tactical" else ""

    # -- the public board -------------------------------------------------------------

    def board(self, match: Match, recent_events: list[dict[str, Any]]) -> discord.Embed:
        view = match.engine.view(match.state, None)
        names = _names(match)
        over = view["phase"] == "over"
        heading = (
            "final board"
            if over
            else f"stage {view['stage']}/5 · card round {view['card_round']}/5"
        )
        variant = " (tactical)" if view["variant"] == "tactical" else ""
        embed = discord.Embed(
            title=f"Why First?{variant}: {heading}",
            description=_track(names, view["positions"]) + "\n" + _colour_key(names, view["leo"]),
            colour=EMBED_COLOUR,
        )
        if not over:
            embed.add_field(name="Waiting for", value=self._awaiting(match, view), inline=False)
        if view["pending_moves"]:
            order = " → ".join(
                f"{names[turn['seat']]} {_signed(turn['value'])} (#{turn['white']})"
                for turn in view["pending_moves"]
            )
            embed.add_field(
                name="Order of moves (highest white number first)", value=order, inline=False
            )
        for name, value in self._story(view, names):
            embed.add_field(name=name, value=value, inline=False)
        embed.set_image(url="attachment://board.png")
        embed.set_footer(text=f"Match #{match.id} · second place scores; second-highest total wins")
        return embed

    async def board_pictures(self, match: Match) -> list[Picture]:
        view = match.engine.view(match.state, None)
        png = await render(board_png, board_facts(view), _names(match))
        return [Picture("board.png", png)]

    def seating(self, match: Match) -> str | None:
        return None

    def story(self, match: Match, recent_events: list[dict[str, Any]]) -> list[tuple[str, str]]:
        return self._story(match.engine.view(match.state, None), _names(match))

    def _story(self, view: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
        """The last reveal, how each finished stage ended and the totals so far."""
        fields = []
        if view["last_reveal"]:
            fields.append(
                (_reveal_title(view["last_reveal"]), self._reveal_text(view["last_reveal"], names))
            )
        for score in view["stage_scores"]:
            text = _stage_text(score, score.get("positions"), names)
            fields.append((f"Stage {score['stage']} ended", text))
        if view["stage_scores"]:
            fields.append(("Totals", _totals_text(view["totals"], names)))
        return fields

    def _awaiting(self, match: Match, view: dict[str, Any]) -> str:
        awaited = ", ".join(who(match, s) for s in view["awaiting"])
        if view["phase"] == "move_figure":
            card = view["pending_moves"][0]
            return f"{awaited} to move a figure by {_signed(card['value'])}"
        return f"{awaited} to play a card"

    def _reveal_text(self, reveal: dict[str, Any], names: list[str]) -> str:
        return "\n".join(_reveal_lines(reveal, names)) or "Nothing was played."

    def narrate(self, match: Match, events: list[dict[str, Any]]) -> list[str]:
        """The public events of one move, in the board's words: a card goes face down
        unseen; a reveal, a figure moved and a stage's end as the board tells them."""
        names = _names(match)
        return [line for event in events for line in _event_lines(event, names)]

    def hidden(self, match: Match, seat: int) -> list[str]:
        view = match.engine.view(match.state, seat)
        names = _names(match)
        lines = [f"Hand: {_hand_text(view['hand'])}"] if view["hand"] else []
        if view["my_play"] is not None:
            lines.append(f"{names[seat]} played {_play_text(view['my_play'], names)}")
        return lines

    # -- a player's hand --------------------------------------------------------------

    def controls(self, match: Match, seat: int, choice: str | None = None) -> Controls:
        view = match.engine.view(match.state, seat)
        names = _names(match)
        channel = f"<#{match.record.channel_id}>"
        embed = discord.Embed(
            title=f"Why First? · stage {view['stage']}/5 · card round {view['card_round']}/5",
            colour=EMBED_COLOUR,
        )
        embed.add_field(
            name="Your hand",
            value=_hand_text(view["hand"]) or "(empty)",
            inline=False,
        )
        positions = " · ".join(
            f"{name} {_signed(space)}" for name, space in zip(names, view["positions"], strict=True)
        )
        embed.add_field(name="Track", value=positions, inline=False)
        embed.set_footer(text=f"Match #{match.id}")
        if view["phase"] == "over":
            return Controls(content=f"The match is over: the result is in {channel}.", embed=embed)
        point = match.decision_point()
        if seat not in view["awaiting"]:
            return Controls(content=self._waiting_text(match, view, names), embed=embed)
        if view["phase"] == "move_figure":
            card = view["pending_moves"][0]
            items = [
                MoveButton(match.id, point, f"f{figure}", label=f"{name} ({_signed(space)})")
                for figure, (name, space) in enumerate(zip(names, view["positions"], strict=True))
            ]
            return Controls(
                content=f"Your {_signed(card['value'])} is up: pick the figure it moves.",
                embed=embed,
                items=items,
            )
        return self._card_controls(match, view, names, point, choice, embed)

    def _card_controls(
        self,
        match: Match,
        view: dict[str, Any],
        names: list[str],
        point: int,
        choice: str | None,
        embed: discord.Embed,
    ) -> Controls:
        seat = view["seat"]
        legal = set(match.engine.legal_moves(match.state, seat))
        hand = view["hand"]
        if view["variant"] == "tactical":
            items = [
                _card_button(match.id, point, card, f"p{card['card']}", f"(#{card['white']})")
                for card in hand
            ]
            return Controls("Pick the card to play face down in front of you.", embed, items)
        if view["card_round"] == 5:
            items = [
                _card_button(match.id, point, card, f"p{card['card']}:{seat}", "on yourself")
                for card in hand
            ]
            return Controls("Fifth card round: your last card goes on yourself.", embed, items)
        picked = next((c for c in hand if choice == f"c{c['card']}"), None)
        if picked is None:
            items = [
                ChoiceButton(
                    match.id,
                    point,
                    f"c{c['card']}",
                    label=_signed(c["value"]),
                    style=_card_style(c["value"]),
                )
                for c in hand
            ]
            return Controls("Pick a card to play.", embed, items)
        items: list[discord.ui.Item[Any]] = [
            MoveButton(
                match.id, point, code, label=f"On {name}"[:80], style=discord.ButtonStyle.primary
            )
            for figure, name in enumerate(names)
            if (code := f"p{picked['card']}:{figure}") in legal
        ]
        items.append(ChoiceButton(match.id, point, BACK, label="Other card"))
        return Controls(f"Play {_signed(picked['value'])} on whom?", embed, items)

    def _waiting_text(self, match: Match, view: dict[str, Any], names: list[str]) -> str:
        awaited = ", ".join(match.name_of(s) for s in view["awaiting"])
        mine = view["my_play"]
        if mine is None:
            return f"Waiting for {awaited}."
        return f"You played {_play_text(mine, names)}. Still waiting for {awaited}."

    def move_words(self, match: Match, seat: int, move: str) -> str:
        names = _names(match)
        if move.startswith("f"):
            return f"moved {names[int(move[1:])]} with your card"
        card, _, target = move[1:].partition(":")
        on = f" on {names[int(target)]}" if target else " in front of you"
        return f"played {_signed(DECK[int(card)].value)}{on}"

    # -- the end ----------------------------------------------------------------------

    def result(self, match: Match) -> discord.Embed:
        outcome = match.outcome()
        assert outcome is not None
        names = _names(match)
        winners = [names[i] for i in sorted(outcome.winners)]
        leo_won = any(i in outcome.phantoms for i in outcome.winners)
        view = match.engine.view(match.state, None)
        order = sorted(range(len(names)), key=lambda i: (outcome.places[i], -outcome.scores[i]))
        lines = []
        for i in order:
            stages = " · ".join(_signed(score["scores"][i]) for score in view["stage_scores"])
            lines.append(place_line(
                outcome.places[i], names[i], i in outcome.winners,
                f"{plural(outcome.scores[i], 'point')} (stage by stage: {stages})",
            ))
        embed = discord.Embed(
            title=result_title(
                self.title, winners_headline(winners, "with the second-highest total")
            ),
            description="\n".join(lines),
            colour=discord.Colour.gold(),
        )
        for score in view["stage_scores"]:
            embed.add_field(
                name=f"Stage {score['stage']}", value=_stage_text(score, None, names), inline=False
            )
        if leo_won:
            embed.add_field(name="Leo", value="Leo, the phantom player, is among the winners.")
        embed.set_footer(text=f"Match #{match.id}")
        return embed
