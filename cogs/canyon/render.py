"""Great Canyon Race on Discord: the score track and action row (in words and as a picture), the
private hand, the result.

Everything shown is read from ``ENGINE.view``: the public view for the board, a seat's view for
its controls, so a hand, a sealed card or a peeked action card reaches only its owner.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.canyon.controls import controls, hand_text
from cogs.canyon.picture import board_facts, board_png
from cogs.canyon.words import (
    current_text,
    drivers_key,
    last_round_text,
    move_words,
    narrate,
    played_text,
    row,
    six_cards_text,
    track,
)
from cogs.common.i18n import N_, _, ngettext
from cogs.common.pictures import render, seat_colour
from cogs.common.presenter import (
    EMBED_COLOUR,
    Controls,
    Picture,
    place_line,
    public_view,
    result_title,
    who,
    winners_headline,
)
from cogs.common.seatnames import name_of, written_names
from matches.match import Match
from rules.canyon import race
from rules.canyon.cards import ROUNDS

FATES = {
    race.EDGE_FATE: N_("stopped at the edge"),
    race.HERO: N_("hero finish: a fourth collision in round 10, exactly on 30"),
    race.CANYON: N_("fell into the canyon"),
    race.CHICKEN: N_("chicken (under 16)"),
}
"""How each driver's race ended, in the result (an elimination names its round)."""
FIELD = 1024
"""The longest embed field value Discord takes."""


def _fate(view: dict[str, Any], seat: int) -> str:
    fate = view["fates"][seat]
    if fate == race.ELIMINATED:
        return _("eliminated in round {round}", round=view["eliminated_in"][seat])
    return _(FATES[fate])


class CanyonPresenter:
    game = "canyon"
    title = N_("Great Canyon Race")
    points = N_("your final score if you stopped at the edge (16 to 30), else 0")
    narration_moves = 0  # the state keeps this round's reveal and the last scored round

    def describe_options(self, options: dict[str, Any]) -> str:
        return ""

    def seating(self, match: Match) -> str | None:
        return None

    async def board_pictures(self, match: Match) -> list[Picture]:
        view = public_view(match)
        png = await render(board_png, board_facts(view), written_names(match))
        return [Picture("board.png", png)]

    def story(
        self, match: Match, recent_events: list[dict[str, Any]], seat: int
    ) -> list[tuple[str, str]]:
        """The last round scored: a private message changes only when a round does."""
        last = match.engine.view(match.state, None)["last_round"]
        if not last:
            return []
        return [(_("Round {round}", round=last["round"]), last_round_text(match, last)[:FIELD])]

    def narrate(self, match: Match, events: list[dict[str, Any]]) -> list[str]:
        return narrate(match, events)

    def hidden(self, match: Match, seat: int) -> list[str]:
        view = match.engine.view(match.state, seat)
        fields = {"name": name_of(match, seat)}
        lines = [_("Hand: {cards}", cards=hand_text(view["hand"]))] if view["hand"] else []
        play = view["my_play"]
        if play:
            lines.append(played_text(fields["name"], play["label"], play["collision"]))
        if view["peeked"]:
            lines.append(_("{name} looked at round {round}: {card}", round=view["peeked"]["round"],
                           card=_(view["peeked"]["label"]), **fields))
        return lines

    # -- the public board -------------------------------------------------------------

    def board(self, match: Match, recent_events: list[dict[str, Any]]) -> discord.Embed:
        view = match.engine.view(match.state, None)
        over = view["phase"] == "over"
        if over:
            title = _("Great Canyon Race: the race is over")
        elif view["hand_number"] == 1:
            title = _("Great Canyon Race: round {round}/{rounds} · first hand",
                      round=view["round"], rounds=ROUNDS)
        else:
            title = _("Great Canyon Race: round {round}/{rounds} · second hand",
                      round=view["round"], rounds=ROUNDS)
        embed = discord.Embed(title=title, description=track(view), colour=EMBED_COLOUR)
        embed.add_field(name=_("Drivers"), value=self._drivers(match, view)[:FIELD], inline=False)
        embed.add_field(name=_("Action cards"), value=row(view)[:FIELD], inline=False)
        if view["six_cards"] or view["peekers"]:
            embed.add_field(name=_("Second hand"), value=self._bonuses(match, view)[:FIELD],
                            inline=False)
        if view["current"]:
            embed.add_field(
                name=_("Round {round} revealed", round=view["current"]["round"]),
                value=current_text(match, view["current"]),
                inline=False,
            )
        elif view["last_round"]:
            embed.add_field(
                name=_("Round {round}", round=view["last_round"]["round"]),
                value=last_round_text(match, view["last_round"]),
                inline=False,
            )
        if not over:
            embed.add_field(name=_("Waiting for"), value=self._awaiting(match, view)[:FIELD],
                            inline=False)
        embed.set_image(url="attachment://board.png")
        embed.set_footer(
            text=_("Match #{match} · stop on 30 or just below · o circled space · | the edge",
                   match=match.id)
        )
        return embed

    def _drivers(self, match: Match, view: dict[str, Any]) -> str:
        lines = []
        for seat in range(view["players"]):
            taken = view["collisions"][seat]
            notes = [
                ngettext("{count} point", "{count} points", view["scores"][seat]),
                # Out of how many a car survives, while it does.
                f"💥 {taken}/{race.COLLISIONS_SURVIVED}"
                if taken <= race.COLLISIONS_SURVIVED else f"💥 {taken}",
            ]
            if view["eliminated"][seat]:
                notes.append(_("🔥 eliminated in round {round}",
                               round=view["eliminated_in"][seat]))
            elif view["hero"][seat]:
                notes.append(_("🦸 hero finish"))
            elif view["phase"] != "over":
                notes.append(ngettext("{count} card in hand", "{count} cards in hand",
                                      view["hand_sizes"][seat]))
                if view["scores"][seat] in race.CIRCLED:
                    notes.append(_("on a circled space"))
            name = name_of(match, seat)
            lines.append(f"{seat_colour(seat).key} **{name}**: " + " · ".join(notes))
        return "\n".join(lines)

    def _bonuses(self, match: Match, view: dict[str, Any]) -> str:
        lines = []
        if view["six_cards"]:
            lines.append(six_cards_text(match, view["six_cards"]))
        for seat in view["peekers"]:
            looked = view["peeks"][seat]
            if looked:
                lines.append(_("{name} (lowest after round 5) looked at round {round}'s card",
                               name=name_of(match, seat), round=looked))
            else:
                lines.append(_("{name} (lowest after round 5) may look at a face-down card",
                               name=name_of(match, seat)))
        return "\n".join(lines)

    def _awaiting(self, match: Match, view: dict[str, Any]) -> str:
        awaited = ", ".join(who(match, s) for s in view["awaiting"])
        phase = view["phase"]
        if phase == "commit":
            action = view["row"][view["round"] - 1]
            committed = ngettext("{count} committed", "{count} committed",
                                 len(view["committed"]))
            if action["kind"] == "send_left":
                what = _("{players} to commit a card (send round: cards go left)",
                         players=awaited)
            elif action["kind"] == "send_right":
                what = _("{players} to commit a card (send round: cards go right)",
                         players=awaited)
            else:
                what = _("{players} to commit a card (and perhaps call a collision)",
                         players=awaited)
            return f"{what} · {committed}"
        if phase == "choose":
            return _("{players} to choose the action card (collision victim)", players=awaited)
        if phase == "sign":
            return _("{players} to choose the sign of a double-value card", players=awaited)
        return _("{players} to look at a face-down action card", players=awaited)

    # -- a player's controls ----------------------------------------------------------

    def controls(self, match: Match, seat: int, choice: str | None = None) -> Controls:
        return controls(match, seat, choice)

    def move_words(self, match: Match, seat: int, move: str) -> str:
        return move_words(move)

    # -- the end ----------------------------------------------------------------------

    def result(self, match: Match) -> discord.Embed:
        outcome = match.outcome()
        assert outcome is not None
        view = match.engine.view(match.state, None)
        winners = [name_of(match, s) for s in sorted(outcome.winners)]
        headline = (
            winners_headline(winners)
            if winners
            else _("nobody wins: no driver stopped at the edge")
        )
        order = sorted(range(view["players"]), key=lambda s: (outcome.places[s], s))
        forfeits = match.on_autopilot()
        lines = []
        for seat in order:
            lines.append(place_line(
                outcome.places[seat], name_of(match, seat), seat in outcome.winners,
                f"{view['scores'][seat]} · {_fate(view, seat)} · 💥 {view['collisions'][seat]}",
                forfeited=seat in forfeits, decided=bool(winners),
            ))
        embed = discord.Embed(
            title=result_title(_(self.title), headline),
            description="\n".join(lines),
            colour=discord.Colour.gold(),
        )
        embed.add_field(name=_("Final track"),
                        value=track(view) + "\n" + drivers_key(match, view), inline=False)
        embed.set_footer(text=_("Match #{match}", match=match.id))
        return embed
