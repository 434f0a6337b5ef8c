"""Why First? on Discord: the track board with its picture, the hand controls and the result."""

from __future__ import annotations

from typing import Any

import discord

from cogs.common.components import ChoiceButton, MoveButton
from cogs.common.i18n import N_, _, ngettext
from cogs.common.pictures import render
from cogs.common.presenter import (
    EMBED_COLOUR,
    Controls,
    Picture,
    joined,
    place_line,
    public_view,
    result_title,
    who,
)
from cogs.common.seatnames import as_written, name_of, written_names
from cogs.whyfirst.picture import board_facts, board_png
from cogs.whyfirst.words import (
    board_title,
    event_lines,
    figures_key,
    hand_text,
    reveal_lines,
    reveal_title,
    signed,
    stage_text,
    totals_text,
    track,
)
from matches.match import Match
from rules.whyfirst.cards import DECK

BACK = "back"
"""The most moves a match logs: a card per seat per card round and, in the tactical variant,
a figure move per seat. The board reads them all to keep every finished stage's end."""


def _written(match: Match) -> list[str]:
    """Every figure's name as written, Leo included: for labels and the picture."""
    names = written_names(match)
    names.extend(match.engine.phantoms(match.state).values())  # type: ignore[attr-defined]
    return names


def _names(match: Match) -> list[str]:
    """Every figure's name in message text (markdown escaped), Leo included."""
    return [as_written(name) for name in _written(match)]


def _card_style(value: int) -> discord.ButtonStyle:
    return discord.ButtonStyle.success if value > 0 else discord.ButtonStyle.danger


def _card_button(match_id: int, point: int, card: dict[str, Any], move: str, label: str
                 ) -> MoveButton:
    """A button that plays ``card`` at once (no target to choose)."""
    return MoveButton(match_id, point, move, label=label[:80], style=_card_style(card["value"]))


class WhyFirstPresenter:
    game = "whyfirst"
    title = N_("Why First?")
    points = N_("your final total, after the five stages")
    narration_moves = 0  # the state keeps the last reveal and every stage's final positions

    def describe_options(self, options: dict[str, Any]) -> str:
        return _("Tactical variant.") if options.get("variant") == "tactical" else ""

    # -- the public board -------------------------------------------------------------

    def board(self, match: Match, recent_events: list[dict[str, Any]]) -> discord.Embed:
        view = match.engine.view(match.state, None)
        names = _names(match)
        over = view["phase"] == "over"
        embed = discord.Embed(
            title=board_title(view, over),
            description=(
                track(view["positions"], view["leo"]) + "\n" + figures_key(names, view["leo"])
            ),
            colour=EMBED_COLOUR,
        )
        if not over:
            embed.add_field(
                name=_("Waiting for"), value=self._awaiting(match, view)[:1024], inline=False
            )
        if view["pending_moves"]:
            order = " → ".join(
                f"{names[turn['seat']]} {signed(turn['value'])} (#{turn['white']})"
                for turn in view["pending_moves"]
            )
            embed.add_field(
                name=_("Order of moves (highest white number first)"), value=order[:1024],
                inline=False,
            )
        for name, value in self._story(view, names):
            embed.add_field(name=name, value=value, inline=False)
        embed.set_image(url="attachment://board.png")
        embed.set_footer(
            text=_("Match #{id} · second place scores; second-highest total wins", id=match.id)
        )
        return embed

    async def board_pictures(self, match: Match) -> list[Picture]:
        view = public_view(match)
        png = await render(board_png, board_facts(view), _written(match))
        return [Picture("board.png", png)]

    def seating(self, match: Match) -> str | None:
        return None

    def story(
        self, match: Match, recent_events: list[dict[str, Any]], seat: int
    ) -> list[tuple[str, str]]:
        return self._story(match.engine.view(match.state, None), _names(match))

    def _story(self, view: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
        """The last reveal, how each finished stage ended and the totals so far."""
        fields = []
        if view["last_reveal"]:
            fields.append(
                (reveal_title(view["last_reveal"]), self._reveal_text(view["last_reveal"], names))
            )
        for score in view["stage_scores"]:
            text = stage_text(score, score.get("positions"), names)
            fields.append((_("Stage {stage} ended", stage=score["stage"]), text))
        if view["stage_scores"]:
            fields.append((_("Totals"), totals_text(view["totals"], names)[:1024]))
        return fields

    def _awaiting(self, match: Match, view: dict[str, Any]) -> str:
        awaited = joined([who(match, s) for s in view["awaiting"]])
        if view["phase"] == "move_figure":
            card = view["pending_moves"][0]
            return _("{awaited} to move a figure by {card}", awaited=awaited,
                     card=signed(card["value"]))
        return _("{awaited} to play a card", awaited=awaited)

    def _reveal_text(self, reveal: dict[str, Any], names: list[str]) -> str:
        text = "\n".join(reveal_lines(reveal, names)) or _("Nothing was played.")
        return text[:1024]

    def narrate(self, match: Match, events: list[dict[str, Any]]) -> list[str]:
        """The public events of one move, in the board's words: a card goes face down
        unseen; a reveal, a figure moved and a stage's end as the board tells them."""
        names = _names(match)
        return [line for event in events for line in event_lines(event, names)]

    def hidden(self, match: Match, seat: int) -> list[str]:
        view = match.engine.view(match.state, seat)
        names = _names(match)
        lines = [_("Hand: {hand}", hand=hand_text(view["hand"]))] if view["hand"] else []
        mine = view["my_play"]
        if mine is not None and mine["target"] is None:
            lines.append(_("{name} played {card}", name=names[seat], card=signed(mine["value"])))
        elif mine is not None:
            lines.append(_("{name} played {card} on {target}", name=names[seat],
                           card=signed(mine["value"]), target=names[mine["target"]]))
        return lines

    # -- a player's hand --------------------------------------------------------------

    def controls(self, match: Match, seat: int, choice: str | None = None) -> Controls:
        view = match.engine.view(match.state, seat)
        names = _names(match)
        channel = f"<#{match.record.channel_id}>"
        embed = discord.Embed(
            title=_("Why First? · stage {stage}/5 · card round {round}/5", stage=view["stage"],
                    round=view["card_round"]),
            colour=EMBED_COLOUR,
        )
        embed.add_field(
            name=_("Your hand"),
            value=hand_text(view["hand"]) or _("(empty)"),
            inline=False,
        )
        positions = " · ".join(
            f"{name} {signed(space)}" for name, space in zip(names, view["positions"], strict=True)
        )
        embed.add_field(name=_("Track"), value=positions[:1024], inline=False)
        embed.set_footer(text=_("Match #{id}", id=match.id))
        if view["phase"] == "over":
            return Controls(
                content=_("The match is over: the result is in {channel}.", channel=channel),
                embed=embed,
            )
        point = match.decision_point()
        if seat not in view["awaiting"]:
            return Controls(content=self._waiting_text(match, view, names), embed=embed)
        if view["phase"] == "move_figure":
            card = view["pending_moves"][0]
            items = [
                MoveButton(
                    match.id, point, f"f{figure}", label=f"{name[:70]} ({signed(space)})"
                )
                for figure, (name, space) in enumerate(
                    zip(_written(match), view["positions"], strict=True)
                )
            ]
            return Controls(
                content=_("Your {card} is up: pick the figure it moves.",
                          card=signed(card["value"])),
                embed=embed,
                items=items,
            )
        return self._card_controls(match, view, _written(match), point, choice, embed)

    def _card_controls(
        self,
        match: Match,
        view: dict[str, Any],
        written: list[str],
        point: int,
        choice: str | None,
        embed: discord.Embed,
    ) -> Controls:
        """The card buttons, then a picked card's targets (``written``: the figures' names
        as labels show them)."""
        seat = view["seat"]
        legal = set(match.engine.legal_moves(match.state, seat))
        hand = view["hand"]
        if view["variant"] == "tactical":
            items = [
                _card_button(match.id, point, card, f"p{card['card']}",
                             f"{signed(card['value'])} (#{card['white']})")
                for card in hand
            ]
            return Controls(_("Pick the card to play face down in front of you."), embed, items)
        if view["card_round"] == 5:
            items = [
                _card_button(match.id, point, card, f"p{card['card']}:{seat}",
                             _("{card} on yourself", card=signed(card["value"])))
                for card in hand
            ]
            return Controls(_("Fifth card round: your last card goes on yourself."), embed, items)
        picked = next((c for c in hand if choice == f"c{c['card']}"), None)
        if picked is None:
            items = [
                ChoiceButton(
                    match.id,
                    point,
                    f"c{c['card']}",
                    label=signed(c["value"]),
                    style=_card_style(c["value"]),
                )
                for c in hand
            ]
            return Controls(_("Pick a card to play."), embed, items)
        items: list[discord.ui.Item[Any]] = [
            MoveButton(
                match.id, point, code, label=_("On {name}", name=name)[:80],
                style=discord.ButtonStyle.primary,
            )
            for figure, name in enumerate(written)
            if (code := f"p{picked['card']}:{figure}") in legal
        ]
        items.append(ChoiceButton(match.id, point, BACK, label=_("Other card")))
        return Controls(_("Play {card} on whom?", card=signed(picked["value"])), embed, items)

    def _waiting_text(self, match: Match, view: dict[str, Any], names: list[str]) -> str:
        awaited = joined([name_of(match, s) for s in view["awaiting"]])
        mine = view["my_play"]
        if mine is None:
            return _("Waiting for {awaited}.", awaited=awaited)
        card = signed(mine["value"])
        if mine["target"] is None:
            return _("You played {card}. Still waiting for {awaited}.", card=card,
                     awaited=awaited)
        return _("You played {card} on {target}. Still waiting for {awaited}.", card=card,
                 target=names[mine["target"]], awaited=awaited)

    def move_words(self, match: Match, seat: int, move: str) -> str:
        names = _names(match)
        if move.startswith("f"):
            return _("moved {name} with your card", name=names[int(move[1:])])
        card, _colon, target = move[1:].partition(":")
        value = signed(DECK[int(card)].value)
        if target:
            return _("played {card} on {target}", card=value, target=names[int(target)])
        return _("played {card} in front of you", card=value)

    # -- the end ----------------------------------------------------------------------

    def result(self, match: Match) -> discord.Embed:
        outcome = match.outcome()
        assert outcome is not None
        names = _names(match)
        winners = [names[i] for i in sorted(outcome.winners)]
        leo_won = any(i in outcome.phantoms for i in outcome.winners)
        view = match.engine.view(match.state, None)
        order = sorted(range(len(names)), key=lambda i: (outcome.places[i], -outcome.scores[i]))
        forfeits = match.on_autopilot()
        lines = []
        for i in order:
            stages = " · ".join(signed(score["scores"][i]) for score in view["stage_scores"])
            lines.append(place_line(
                outcome.places[i], names[i], i in outcome.winners,
                ngettext("{count} point (stage by stage: {stages})",
                         "{count} points (stage by stage: {stages})",
                         outcome.scores[i], stages=stages),
                forfeited=i in forfeits,
            ))
        headline = ngettext(
            "{names} wins with the second-highest total!",
            "{names} win with the second-highest total!",
            len(winners), names=joined(winners),
        )
        embed = discord.Embed(
            title=result_title(_(self.title), headline),
            description="\n".join(lines),
            colour=discord.Colour.gold(),
        )
        for score in view["stage_scores"]:
            embed.add_field(
                name=_("Stage {stage}", stage=score["stage"]),
                value=stage_text(score, None, names), inline=False,
            )
        if leo_won:
            embed.add_field(name="Leo", value=(
                _("Leo, the phantom player, wins: neither player does.")
                if len(outcome.winners) == 1
                else _("Leo, the phantom player, is among the winners.")
            ))
        embed.set_footer(text=_("Match #{id}", id=match.id))
        return embed
