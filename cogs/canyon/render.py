"""Great Canyon Race on Discord: the score track and action row (in words and as a picture), the
private hand, the result.

Everything shown is read from ``ENGINE.view``: the public view for the board, a seat's view for
its controls, so a hand, a sealed card or a peeked action card reaches only its owner.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.canyon.picture import board_facts, board_png
from cogs.canyon.words import (
    current_text,
    is_send,
    last_round_text,
    move_words,
    narrate,
    row,
    scored_card,
    signed,
    track,
    what_it_does,
)
from cogs.common.components import ChoiceButton, MoveButton
from cogs.common.pictures import render, seat_colour
from cogs.common.presenter import (
    EMBED_COLOUR,
    Controls,
    Picture,
    place_line,
    result_title,
    who,
    winners_headline,
)
from matches.match import Match
from rules.canyon import race
from rules.canyon.cards import ACTION_KINDS, ROUNDS

FATES = {
    race.EDGE_FATE: "stopped at the edge",
    race.HERO: "hero finish: a fourth collision in round 10, exactly on 30",
    race.CANYON: "fell into the canyon",
    race.CHICKEN: "chicken (under 16)",
    race.ELIMINATED: "eliminated",
}
BACK = "back"


def _card_style(card: dict[str, Any]) -> discord.ButtonStyle:
    if card["double"]:
        return discord.ButtonStyle.primary
    return discord.ButtonStyle.success if card["value"] > 0 else discord.ButtonStyle.danger


def _hand_text(hand: list[dict[str, Any]]) -> str:
    return " ".join(f"`{card['label']}`" for card in hand)


def _play_text(play: dict[str, Any]) -> str:
    """``+5 and called a collision``: a committed card, as its player knows it."""
    return play["label"] + (" and called a collision" if play["collision"] else "")


# -- the presenter ----------------------------------------------------------------------------


class CanyonPresenter:
    game = "canyon"
    title = "Great Canyon Race"
    points = "your final score if you stopped at the edge (16 to 30), else 0"
    narration_moves = 0  # the state keeps this round's reveal and the last scored round

    def describe_options(self, options: dict[str, Any]) -> str:
        return ""

    def seating(self, match: Match) -> str | None:
        return None

    async def board_pictures(self, match: Match) -> list[Picture]:
        view = match.engine.view(match.state, None)
        names = [seat.display_name for seat in match.seats]
        return [Picture("board.png", await render(board_png, board_facts(view), names))]

    def story(self, match: Match, recent_events: list[dict[str, Any]]) -> list[tuple[str, str]]:
        """The last round scored: a private message changes only when a round does."""
        last = match.engine.view(match.state, None)["last_round"]
        if not last:
            return []
        return [(f"Round {last['round']}", last_round_text(match, last)[:1024])]

    def narrate(self, match: Match, events: list[dict[str, Any]]) -> list[str]:
        return narrate(match, events)

    def hidden(self, match: Match, seat: int) -> list[str]:
        view = match.engine.view(match.state, seat)
        name = match.name_of(seat)
        lines = [f"Hand: {_hand_text(view['hand'])}"] if view["hand"] else []
        if view["my_play"]:
            lines.append(f"{name} played {_play_text(view['my_play'])}")
        if view["peeked"]:
            lines.append(
                f"{name} looked at round {view['peeked']['round']}: {view['peeked']['label']}"
            )
        return lines

    # -- the public board -------------------------------------------------------------

    def board(self, match: Match, recent_events: list[dict[str, Any]]) -> discord.Embed:
        view = match.engine.view(match.state, None)
        over = view["phase"] == "over"
        if over:
            heading = "the race is over"
        else:
            hand = "first hand" if view["hand_number"] == 1 else "second hand"
            heading = f"round {view['round']}/{ROUNDS} · {hand}"
        embed = discord.Embed(
            title=f"Great Canyon Race: {heading}",
            description=track(match, view),
            colour=EMBED_COLOUR,
        )
        embed.add_field(name="Drivers", value=self._drivers(match, view), inline=False)
        embed.add_field(name="Action cards", value=row(view), inline=False)
        if view["six_cards"] or view["peekers"]:
            embed.add_field(name="Second hand", value=self._bonuses(match, view), inline=False)
        if view["current"]:
            embed.add_field(
                name=f"Round {view['current']['round']} revealed",
                value=current_text(match, view["current"]),
                inline=False,
            )
        elif view["last_round"]:
            embed.add_field(
                name=f"Round {view['last_round']['round']}",
                value=last_round_text(match, view["last_round"]),
                inline=False,
            )
        if not over:
            embed.add_field(name="Waiting for", value=self._awaiting(match, view), inline=False)
        embed.set_image(url="attachment://board.png")
        embed.set_footer(
            text=f"Match #{match.id} · stop on 30 or just below · o circled space · | the edge"
        )
        return embed

    def _drivers(self, match: Match, view: dict[str, Any]) -> str:
        lines = []
        for seat in range(view["players"]):
            notes = [
                f"{view['scores'][seat]} points",
                f"💥 {view['collisions'][seat]}/{race.COLLISIONS_SURVIVED}",
            ]
            if view["eliminated"][seat]:
                notes.append(f"🔥 eliminated in round {view['eliminated_in'][seat]}")
            elif view["hero"][seat]:
                notes.append("🦸 hero finish")
            elif view["phase"] != "over":
                notes.append(f"{view['hand_sizes'][seat]} cards in hand")
                if view["scores"][seat] in race.CIRCLED:
                    notes.append("on a circled space")
            colour = seat_colour(seat).emoji
            lines.append(f"{colour} **{seat + 1}. {match.name_of(seat)}**: " + " · ".join(notes))
        return "\n".join(lines)

    def _bonuses(self, match: Match, view: dict[str, Any]) -> str:
        lines = []
        if view["six_cards"]:
            names = ", ".join(match.name_of(s) for s in view["six_cards"])
            lines.append(f"Six cards (highest after round 5): {names}")
        for seat in view["peekers"]:
            looked = view["peeks"][seat]
            did = f"looked at round {looked}'s card" if looked else "may look at a face-down card"
            lines.append(f"{match.name_of(seat)} (lowest after round 5) {did}")
        return "\n".join(lines)

    def _awaiting(self, match: Match, view: dict[str, Any]) -> str:
        awaited = ", ".join(who(match, s) for s in view["awaiting"])
        phase = view["phase"]
        if phase == "commit":
            action = view["row"][view["round"] - 1]
            if is_send(action):
                what = f"to commit a card (send round: cards go {action['kind'][5:]})"
            else:
                what = "to commit a card (and perhaps call a collision)"
            done = len(view["committed"])
            return f"{awaited} {what} · {done} committed"
        if phase == "choose":
            return f"{awaited} to choose the action card (collision victim)"
        if phase == "sign":
            return f"{awaited} to choose the sign of a double-value card"
        return f"{awaited} to look at a face-down action card"

    # -- a player's controls ----------------------------------------------------------

    def controls(self, match: Match, seat: int, choice: str | None = None) -> Controls:
        view = match.engine.view(match.state, seat)
        embed = self._private_embed(match, view)
        channel = f"<#{match.record.channel_id}>"
        phase = view["phase"]
        if phase == "over":
            return Controls(content=f"The race is over: the result is in {channel}.", embed=embed)
        if view["eliminated"][seat]:
            return Controls(
                content=f"Your car is out of the race. Follow the board in {channel}.",
                embed=embed,
            )
        if seat not in view["awaiting"]:
            return Controls(content=self._waiting_text(match, view), embed=embed)
        point = match.decision_point()
        if phase == "commit":
            return self._commit_controls(match, view, point, choice, embed)
        if phase == "choose":
            return self._choose_controls(match, view, point, embed)
        if phase == "sign":
            return self._sign_controls(match, view, point, embed)
        items = [
            MoveButton(match.id, point, f"k{cell['round']}", label=f"Round {cell['round']}")
            for cell in view["row"]
            if not cell["face_up"] and cell["round"] >= view["round"]
        ]
        return Controls(
            "You had the lowest score after round 5: pick a face-down action card to look at. "
            "Only you will see it.",
            embed,
            items,
        )

    def _private_embed(self, match: Match, view: dict[str, Any]) -> discord.Embed:
        over = view["phase"] == "over"
        heading = "final" if over else f"round {view['round']}/{ROUNDS}"
        embed = discord.Embed(title=f"Great Canyon Race · {heading}", colour=EMBED_COLOUR)
        hand = _hand_text(view["hand"]) or "(empty)"
        embed.add_field(name="Your hand", value=hand, inline=False)
        if view["my_play"]:
            embed.add_field(name="Committed", value=f"You played {_play_text(view['my_play'])}.")
        embed.add_field(name="Action cards", value=row(view, view["peeked"]), inline=False)
        scores = " · ".join(
            f"{match.name_of(s)} {view['scores'][s]} (💥{view['collisions'][s]})"
            for s in range(view["players"])
        )
        embed.add_field(name="Scores", value=scores[:1024], inline=False)
        embed.set_footer(text=f"Match #{match.id}")
        return embed

    def _waiting_text(self, match: Match, view: dict[str, Any]) -> str:
        awaited = ", ".join(match.name_of(s) for s in view["awaiting"])
        phase = view["phase"]
        if phase == "commit":
            return f"Your card is committed. Waiting for {awaited}."
        if phase == "choose":
            return f"Collision! Waiting for {awaited} to choose the action card."
        if phase == "sign":
            return f"Waiting for {awaited} to choose the sign of a double-value card."
        return f"Waiting for {awaited} to look at a face-down action card."

    def _commit_controls(
        self,
        match: Match,
        view: dict[str, Any],
        point: int,
        choice: str | None,
        embed: discord.Embed,
    ) -> Controls:
        action = view["row"][view["round"] - 1]
        send = is_send(action)
        intro = f"Round {view['round']}: **{action['label']}**."
        if send:
            intro += " A send round: your card scores for your neighbour, no collision."
        picked = next((c for c in view["hand"] if choice == f"c{c['card']}"), None)
        if picked is None:
            items: list[discord.ui.Item[Any]] = [
                ChoiceButton(
                    match.id,
                    point,
                    f"c{card['card']}",
                    label=card["label"],
                    style=_card_style(card),
                )
                for card in view["hand"]
            ]
            return Controls(f"{intro} Pick the card to commit.", embed, items)
        code = f"c{picked['card']}"
        items = [
            MoveButton(
                match.id, point, code, label=f"Play {picked['label']}",
                style=discord.ButtonStyle.success,
            )
        ]
        if not send:
            items.append(
                MoveButton(
                    match.id, point, f"{code}:x",
                    label=f"Play {picked['label']} and call a collision",
                    style=discord.ButtonStyle.danger,
                )
            )
        items.append(ChoiceButton(match.id, point, BACK, label="Other card"))
        return Controls(f"{intro} Commit {picked['label']}?", embed, items)

    def _choose_controls(
        self, match: Match, view: dict[str, Any], point: int, embed: discord.Embed
    ) -> Controls:
        current = view["current"]
        items: list[discord.ui.Item[Any]] = []
        for index, action in enumerate(current["offer"]):
            name = action["label"] + (" (this round's card)" if index == 0 else " (drawn)")
            embed.add_field(
                name=f"{index + 1}. {name}",
                value=what_it_does(match, view, current["plays"], action)[:1024],
                inline=False,
            )
            items.append(
                MoveButton(
                    match.id, point, f"a{action['action']}",
                    label=f"{index + 1}. {action['label']}", style=discord.ButtonStyle.primary,
                )
            )
        plays = "; ".join(f"{match.name_of(p['seat'])} {p['label']}" for p in current["plays"])
        return Controls(
            f"Collision! You are the victim: choose the action card that applies to everybody "
            f"this round. Cards played: {plays}.",
            embed,
            items,
        )

    def _sign_controls(
        self, match: Match, view: dict[str, Any], point: int, embed: discord.Embed
    ) -> Controls:
        seat = view["seat"]
        current = view["current"]
        applied = current["applied"]
        card, giver = scored_card(view, current["plays"], applied, seat)
        effect = ACTION_KINDS[applied["kind"]]
        score = view["scores"][seat]
        items: list[discord.ui.Item[Any]] = []
        for sign, code in ((1, "s+"), (-1, "s-")):
            value = sign * card["value"]
            gain = effect.apply(value)
            to = race.moved(score, gain)
            items.append(
                MoveButton(
                    match.id, point, code,
                    label=f"{signed(value)} → {signed(gain)}: {score} to {to}",
                    style=discord.ButtonStyle.success if sign > 0 else discord.ButtonStyle.danger,
                )
            )
        source = "" if giver == seat else f" (sent by {match.name_of(giver)})"
        return Controls(
            f"You score the double-value card ±{card['value']}{source} under "
            f"**{applied['label']}**: choose its sign.",
            embed,
            items,
        )

    def move_words(self, match: Match, seat: int, move: str) -> str:
        return move_words(move)

    # -- the end ----------------------------------------------------------------------

    def result(self, match: Match) -> discord.Embed:
        outcome = match.outcome()
        assert outcome is not None
        view = match.engine.view(match.state, None)
        winners = [match.name_of(s) for s in sorted(outcome.winners)]
        headline = (
            winners_headline(winners)
            if winners
            else "nobody wins: no driver stopped at the edge"
        )
        order = sorted(range(view["players"]), key=lambda s: (outcome.places[s], s))
        lines = []
        for seat in order:
            fate = FATES[view["fates"][seat]]
            if view["fates"][seat] == race.ELIMINATED:
                fate += f" in round {view['eliminated_in'][seat]}"
            lines.append(place_line(
                outcome.places[seat], match.name_of(seat), seat in outcome.winners,
                f"{view['scores'][seat]} · {fate} · 💥 {view['collisions'][seat]}",
            ))
        embed = discord.Embed(
            title=result_title(self.title, headline),
            description="\n".join(lines),
            colour=discord.Colour.gold(),
        )
        embed.add_field(name="Final track", value=track(match, view), inline=False)
        embed.set_footer(text=f"Match #{match.id}")
        return embed
