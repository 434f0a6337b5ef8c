"""Great Canyon Race on Discord: the score track and action row, a driver's controls, the result."""

from __future__ import annotations

from typing import Any

import discord

from cogs.common.components import ChoiceButton, MoveButton
from cogs.common.presenter import EMBED_COLOUR, Controls, TextBoard, plural
from matches.service import Match
from rules.canyon.cards import ACTION_KINDS

TRACK_END = 50
EDGE = 30
CIRCLED = frozenset({5, 10, 15, 20, 25, 35, 40, 45, 50})
BACK = "back"
FATES = {
    "edge": "stopped on the edge",
    "hero": "hero finish: a fourth collision on exactly 30",
    "canyon": "fell into the canyon",
    "chicken": "chicken: stopped short of 16",
    "eliminated": "eliminated after four collisions",
}
WAITING_FOR = {
    "commit": "to play a card",
    "choose": "to choose the action card after the collision",
    "sign": "to choose the sign of a double-value card",
    "peek": "to look at a face-down action card",
}


def _track(names: list[str], view: dict[str, Any]) -> str:
    """One line per driver along 0..50: circled spaces as o, the edge at 30 as |."""
    width = min(max(len(name) for name in names), 10)
    lines = []
    for seat, name in enumerate(names):
        score = view["scores"][seat]
        cells = [
            "|" if space == EDGE else "o" if space in CIRCLED else "·"
            for space in range(TRACK_END + 1)
        ]
        cells[score] = "x" if view["eliminated"][seat] else "●"
        bumps = "*" * view["collisions"][seat]
        lines.append(f"{name[:width]:<{width}} {score:>2} {''.join(cells)} {bumps}")
    scale = f"{'':<{width + 3}}0{'':<9}10{'':<8}20{'':<8}30{'':<8}40{'':<8}50"
    return "```\n" + "\n".join([scale, *lines]) + "\n```"


def _row(view: dict[str, Any]) -> str:
    cells = []
    for cell in view["row"]:
        now = "▶" if cell["round"] == view["round"] and view["phase"] != "over" else ""
        face = cell["label"] if cell["face_up"] else "face down"
        cells.append(f"{now}**{cell['round']}** {face}")
    return "\n".join(cells)


def narrate(names: list[str], played: dict[str, Any]) -> str:
    """A round as it was revealed and scored: plays, the collision, the action, the moves."""
    lines = []
    action = played.get("applied") or played["round_action"]
    if played.get("collision"):
        callers = ", ".join(names[s] for s in played["callers"])
        victims = ", ".join(names[s] for s in played["victims"])
        offered = " / ".join(a["label"] for a in played["offer"])
        chosen = played.get("chosen") or action
        lines.append(
            f"💥 Collision called by {callers}: {victims} took a collision. "
            f"{names[played['chooser']]} chose **{chosen['label']}** (of {offered})."
        )
    if played.get("send"):
        lines.append(f"↔ Every card went to the player on the {played['send']}.")
    for move in played.get("moves", []):
        who = names[move["seat"]]
        card = move["label"] if move.get("sign") is None else f"{move['sign']}{abs(move['value'])}"
        source = (
            "" if move["played_by"] == move["seat"] else f" (from {names[move['played_by']]})"
        )
        lines.append(
            f"{who}: {card}{source} under {action['label']} → {move['effect']:+d}, "
            f"{move['from']} → {move['to']}"
        )
    return "\n".join(lines)


class CanyonPresenter(TextBoard):
    game = "canyon"
    title = "Great Canyon Race"
    points = "final score of a driver who stopped on the edge, else 0"
    narration_moves = 0  # the state keeps the last round

    def describe_options(self, options: dict[str, Any]) -> str:
        return ""

    def board(self, match: Match, recent_events: list[dict[str, Any]]) -> discord.Embed:
        view = match.engine.view(match.state, None)
        names = [seat.display_name for seat in match.seats]
        over = view["phase"] == "over"
        heading = "final board" if over else f"round {view['round']}/10"
        embed = discord.Embed(
            title=f"Great Canyon Race: {heading}",
            description=_track(names, view),
            colour=EMBED_COLOUR,
        )
        embed.add_field(name="Action cards", value=_row(view), inline=True)
        embed.add_field(name="Drivers", value=self._drivers(names, view), inline=True)
        if not over and view["awaiting"]:
            who = ", ".join(f"<@{match.seats[s].user_id}>" for s in view["awaiting"])
            embed.add_field(
                name="Waiting for", value=f"{who} {WAITING_FOR[view['phase']]}", inline=False
            )
        for name, value in self._story(names, view):
            embed.add_field(name=name, value=value[:1024], inline=False)
        embed.set_footer(
            text=f"Match #{match.id} · ● car, o circled space, | the edge at 30, * collisions"
        )
        return embed

    def story(self, match: Match, recent_events: list[dict[str, Any]]) -> list[tuple[str, str]]:
        view = match.engine.view(match.state, None)
        names = [seat.display_name for seat in match.seats]
        # Without cards in hand: a private message changes only when a round does.
        return [*self._story(names, view), ("Drivers", self._drivers(names, view, hands=False))]

    def _story(self, names: list[str], view: dict[str, Any]) -> list[tuple[str, str]]:
        fields = []
        current = view.get("current")
        if current and current.get("collision"):
            victims = ", ".join(names[s] for s in current["victims"])
            fields.append(
                (f"Round {current['round']}: collision", f"💥 {victims} took a collision.")
            )
        last = view.get("last_round")
        if last:
            fields.append((f"Round {last['round']}", narrate(names, last) or "No card moved."))
        return fields

    def _drivers(self, names: list[str], view: dict[str, Any], *, hands: bool = True) -> str:
        lines = []
        for seat, name in enumerate(names):
            line = f"**{name}**: {view['scores'][seat]} · "
            line += plural(view["collisions"][seat], "collision")
            if view["eliminated"][seat]:
                line += " · eliminated"
            elif hands:
                line += f" · {plural(view['hand_sizes'][seat], 'card')} in hand"
            lines.append(line)
        return "\n".join(lines)

    # -- private controls -------------------------------------------------------------

    def controls(self, match: Match, seat: int, choice: str | None = None) -> Controls:
        view = match.engine.view(match.state, seat)
        embed = discord.Embed(
            title=f"Great Canyon Race · round {view['round']}/10 · "
            f"your score {view['scores'][seat]}",
            colour=EMBED_COLOUR,
        )
        hand = " ".join(f"`{card['label']}`" for card in view["hand"]) or "(empty)"
        embed.add_field(name="Your hand", value=hand, inline=False)
        row = view["row"][view["round"] - 1] if view["phase"] != "over" else None
        if row is not None:
            action = row["label"] if row["face_up"] else "face down"
            embed.add_field(name="This round's action card", value=action, inline=False)
        if view.get("peeked"):
            peeked = view["peeked"]
            embed.add_field(
                name="Your secret look",
                value=f"Round {peeked['round']}: **{peeked['label']}** (only you know)",
                inline=False,
            )
        embed.set_footer(text=f"Match #{match.id}")
        if view["phase"] == "over":
            channel = f"<#{match.record.channel_id}>"
            return Controls(content=f"The race is over: the result is in {channel}.", embed=embed)
        legal = match.engine.legal_moves(match.state, seat)
        point = match.decision_point()
        if not legal:
            return Controls(content=self._waiting(match, view), embed=embed)
        phase = view["phase"]
        if phase == "commit":
            return self._commit(match, view, legal, point, choice, embed)
        if phase == "choose":
            offer = view["current"]["offer"]
            items = [
                MoveButton(match.id, point, f"a{a['action']}", label=a["label"][:80])
                for a in offer
                if f"a{a['action']}" in legal
            ]
            return Controls(
                "💥 You are the victim of the collision: choose the action card that applies "
                "to everybody this round.",
                embed,
                list(items),
            )
        if phase == "sign":
            action = view["current"].get("applied") or view["current"]["round_action"]
            kind = ACTION_KINDS[action["kind"]]
            items = [
                MoveButton(match.id, point, "s+", label="Count it as plus"),
                MoveButton(match.id, point, "s-", label="Count it as minus"),
            ]
            return Controls(
                f"You score a double-value card this round under **{kind.label}**: "
                "choose its sign.",
                embed,
                list(items),
            )
        items = [
            MoveButton(match.id, point, code, label=f"Look at round {code[1:]}")
            for code in legal
        ]
        return Controls(
            "You were lowest after the first hand: secretly look at one face-down action card.",
            embed,
            list(items),
        )

    def _commit(
        self,
        match: Match,
        view: dict[str, Any],
        legal: list[str],
        point: int,
        choice: str | None,
        embed: discord.Embed,
    ) -> Controls:
        picked = next((c for c in view["hand"] if choice == f"c{c['card']}"), None)
        if picked is None:
            items = [
                ChoiceButton(match.id, point, f"c{card['card']}", label=card["label"])
                for card in view["hand"]
                if f"c{card['card']}" in legal
            ]
            return Controls("Pick your card for this round.", embed, list(items))
        code = f"c{picked['card']}"
        items: list[discord.ui.Item[Any]] = [
            MoveButton(
                match.id, point, code, label=f"Play {picked['label']}",
                style=discord.ButtonStyle.primary,
            )
        ]
        if f"{code}:x" in legal:
            items.append(
                MoveButton(
                    match.id,
                    point,
                    f"{code}:x",
                    label=f"Play {picked['label']} and call a collision",
                    style=discord.ButtonStyle.danger,
                )
            )
        items.append(ChoiceButton(match.id, point, BACK, label="Other card"))
        note = "" if f"{code}:x" in legal else " (no collision in a send round)"
        return Controls(f"Play {picked['label']}?{note}", embed, items)

    def _waiting(self, match: Match, view: dict[str, Any]) -> str:
        awaited = ", ".join(match.name_of(s) for s in view["awaiting"])
        mine = view.get("my_play")
        if view["eliminated"][view["seat"]]:
            return "Your car is out of the race. Waiting for " + awaited + "."
        if mine is not None:
            call = " and called a collision" if mine.get("collision") else ""
            return f"You played {mine['label']}{call}. Still waiting for {awaited}."
        return f"Waiting for {awaited}."

    # -- the end ----------------------------------------------------------------------

    def result(self, match: Match) -> discord.Embed:
        outcome = match.outcome()
        assert outcome is not None
        view = match.engine.view(match.state, None)
        names = [seat.display_name for seat in match.seats]
        winners = [names[i] for i in sorted(outcome.winners)]
        headline = (
            " and ".join(winners) + (" win" if len(winners) > 1 else " wins") + " the race!"
            if winners
            else "nobody wins: no driver stopped on the edge."
        )
        order = sorted(range(len(names)), key=lambda i: outcome.places[i])
        lines = [
            f"**{outcome.places[i]}.** {names[i]}: {view['scores'][i]}, "
            f"{FATES.get(view['fates'][i], view['fates'][i])}"
            + (" (resigned or away)" if match.seats[i].autopilot else "")
            for i in order
        ]
        embed = discord.Embed(
            title=f"Great Canyon Race: {headline}",
            description="\n".join(lines),
            colour=discord.Colour.gold(),
        )
        embed.set_footer(text=f"Match #{match.id} · the edge is 30; 16 or more to count")
        return embed
