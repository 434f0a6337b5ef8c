"""Hare and Tortoise on Discord: the race board, a player's move menu, narration."""

from __future__ import annotations

from typing import Any

import discord

from cogs.common.components import ChoiceButton, MoveButton, MoveSelect
from cogs.common.presenter import EMBED_COLOUR, Controls, TextBoard, plural, who
from matches.service import Match
from rules.hare import HareResult, describe, parse_move
from rules.hare.board import FINISH, forward_cost, space
from rules.hare.moves import finish_problem

SELECT_OPTIONS = 25
MAX_SELECTS = 4
"""Forward moves fill at most four menus (100 spaces > the 64 of the track); one row is left
for the buttons."""

SPACE_LETTERS = {
    "start": "S",
    "hare": "H",
    "carrot": "C",
    "lettuce": "L",
    "tortoise": "T",
    "finish": "F",
}
LEGEND = "S start · H hare · C carrot · L lettuce · T tortoise · 2 3 4 position (1 = 1st/5th/6th)"
STAY_LABELS = {"take": "Stay: take 10 carrots", "give": "Stay: give 10 carrots"}
HARE_LABELS = {"take": "Take 10 carrots", "give": "Give 10 carrots"}
CARROT_REASONS = {
    "carrot_space_take": "took 10 carrots on a carrot space",
    "carrot_space_give": "gave 10 carrots on a carrot space",
    "hare_take": "took 10 carrots (hare)",
    "hare_give": "gave 10 carrots (hare)",
    "free_move": "got the move's carrots back (hare: free move)",
    "eat_carrot": "ate a carrot (hare)",
}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _space_letter(code: str) -> str:
    if code.startswith("pos"):
        return "1" if code == "pos156" else code[3:]
    return SPACE_LETTERS[code]


class HarePresenter(TextBoard):
    game = "hare"
    title = "Hare and Tortoise"
    points = "players minus finishing place"
    narration_moves = 3

    def describe_options(self, options: dict[str, Any]) -> str:
        return ""

    # -- names ------------------------------------------------------------------------

    def _runner(self, match: Match, view: dict[str, Any], seat: int, marker: int | None) -> str:
        name = match.name_of(seat)
        if view["two_markers"] and marker is not None:
            return f"{name} (hare {marker + 1})"
        return name

    # -- the public board -------------------------------------------------------------

    def board(self, match: Match, recent_events: list[dict[str, Any]]) -> discord.Embed:
        view = match.engine.view(match.state, None)
        over = view["over"]
        if over:
            title = "Hare and Tortoise: the race is over"
        else:
            (seat,) = view["to_move"]
            title = f"Hare and Tortoise: {match.name_of(seat)}'s turn"
        embed = discord.Embed(title=title, description=self._track(view), colour=EMBED_COLOUR)
        embed.add_field(name="Runners", value=self._runners(match, view), inline=False)
        if not over:
            (seat,) = view["to_move"]
            embed.add_field(
                name="Waiting for",
                value=f"{who(match, seat)} to move",
                inline=False,
            )
        for name, value in self._latest(match, view, recent_events):
            embed.add_field(name=name, value=value, inline=False)
        embed.set_footer(text=f"Match #{match.id} · {LEGEND}")
        return embed

    def story(self, match: Match, recent_events: list[dict[str, Any]]) -> list[tuple[str, str]]:
        view = match.engine.view(match.state, None)
        return [
            *self._latest(match, view, recent_events),
            ("Runners", self._runners(match, view)),
        ]

    def _latest(
        self, match: Match, view: dict[str, Any], events: list[dict[str, Any]]
    ) -> list[tuple[str, str]]:
        lines = self.narrate(match, view, events)
        return [("Latest", "\n".join(lines)[-1024:])] if lines else []

    def _track(self, view: dict[str, Any]) -> str:
        """The track in two halves: space letters, and runner numbers under them."""
        letters = [_space_letter(code) for code in view["board"]]
        runners = [" "] * len(letters)
        for marker in view["markers"]:
            index = marker["space"]
            mark = str(marker["seat"] + 1)
            runners[index] = mark if runners[index] in (" ", mark) else "*"
        rows = []
        for start, end in ((0, 33), (33, len(letters))):
            rows.append(f"{start:<5}{end - 1:>{end - start - 5}}")
            rows.append("".join(letters[start:end]))
            rows.append("".join(runners[start:end]).rstrip() or " ")
        return "```\n" + "\n".join(rows) + "\n```"

    def _runners(self, match: Match, view: dict[str, Any]) -> str:
        lines = []
        for player in view["players"]:
            seat = player["seat"]
            markers = [m for m in view["markers"] if m["seat"] == seat]
            where = ", ".join(self._where(m) for m in markers)
            notes = []
            if player["lose_turn"]:
                notes.append("loses next turn")
            if any(m["must_eat"] for m in markers):
                notes.append("eats next turn")
            status = f" · {', '.join(notes)}" if notes else ""
            lines.append(
                f"**{seat + 1}. {match.name_of(seat)}**: {where} · "
                f"🥕 {player['carrots']} · 🥬 {player['lettuces']}{status}"
            )
        return "\n".join(lines)

    def _where(self, marker: dict[str, Any]) -> str:
        if marker["finish_place"] is not None:
            return f"finished {_ordinal(marker['finish_place'])}"
        if marker["space"] == 0:
            return "on Start"
        return f"space {marker['space']} ({_ordinal(marker['place'])})"

    # -- narration --------------------------------------------------------------------

    def narrate(
        self, match: Match, view: dict[str, Any], events: list[dict[str, Any]]
    ) -> list[str]:
        lines = []
        for event in events:
            line = self._line(match, view, event)
            if line:
                lines.append(line)
        return lines

    def _line(self, match: Match, view: dict[str, Any], event: dict[str, Any]) -> str | None:
        kind = event["kind"]
        if kind == "match_over":
            return "🏁 The race is over."
        who = self._runner(match, view, event["seat"], event.get("marker"))
        if kind == "moved":
            if event["by"] == "hare":
                return f"🐇 {who} is sent from {event['from']} to {_spot(event['to'])}."
            if event["by"] == "back":
                return (
                    f"🐢 {who} falls back from {event['from']} to {event['to']}, "
                    f"earning {plural(event['earned'], 'carrot')}."
                )
            return (
                f"➡️ {who} moves from {_spot(event['from'])} to {_spot(event['to'])} "
                f"for {plural(event['cost'], 'carrot')}."
            )
        if kind == "carrots":
            return f"🥕 {who} {CARROT_REASONS.get(event['reason'], 'changed carrots')}."
        if kind == "position_payout":
            if event["carrots"]:
                return (
                    f"💰 {who}'s position space pays {plural(event['carrots'], 'carrot')} "
                    f"({_ordinal(event['place'])} place)."
                )
            return f"{who}'s position space pays nothing ({_ordinal(event['place'])} place)."
        if kind == "lettuce_eaten":
            return (
                f"🥬 {who} eats a lettuce in {_ordinal(event['place'])} place: "
                f"+{plural(event['carrots'], 'carrot')}, {event['lettuces']} left."
            )
        if kind == "hare_roll":
            result = HareResult(event["result"]).label
            return (
                f"🎲 {who} rolls {event['roll']} on hare space {event['space']} in "
                f"{_ordinal(event['place'])} place: {result}."
            )
        if kind == "hare_no_effect":
            return f"{who}: the hare's result has no effect."
        if kind == "restart":
            carrots = plural(event["carrots"], "carrot")
            return f"↩️ {who} is stuck and goes back to Start with {carrots}."
        if kind == "finished":
            return f"🏁 {who} crosses the finish in {_ordinal(event['place'])} place!"
        if kind == "lost_turn":
            return f"⏸️ {who} loses this turn."
        return None

    # -- a player's controls ------------------------------------------------------------

    def controls(self, match: Match, seat: int, choice: str | None = None) -> Controls:
        view = match.engine.view(match.state, seat)
        player = view["players"][seat]
        markers = [m for m in view["markers"] if m["seat"] == seat]
        embed = discord.Embed(title="Hare and Tortoise · your race", colour=EMBED_COLOUR)
        embed.description = (
            f"{', '.join(self._where(m) for m in markers)} · "
            f"🥕 {plural(player['carrots'], 'carrot')} · 🥬 {plural(player['lettuces'], 'lettuce')}"
        )
        embed.set_footer(text=f"Match #{match.id}")
        channel = f"<#{match.record.channel_id}>"
        if view["over"]:
            return Controls(content=f"The race is over: the result is in {channel}.", embed=embed)
        if seat not in view["to_move"]:
            return Controls(
                content=f"The race is on in {channel}. Your move controls appear here "
                "on your turn.",
                embed=embed,
            )
        legal = match.engine.legal_moves(match.state, seat)
        point = match.decision_point()
        if view["pending"] and view["pending"].get("kind") == "give_or_take":
            items = [
                MoveButton(match.id, point, code, label=HARE_LABELS[_action(code)])
                for code in legal
            ]
            return Controls("Hare space: give or take 10 carrots?", embed, items)
        blocked = self._finish_blocked(match, seat, legal)
        if blocked:
            embed.add_field(name="The Finish", value=blocked, inline=False)
        markers_with_moves = sorted({parse_move(code).number for code in legal})
        if view["two_markers"] and len(markers_with_moves) > 1:
            if choice not in ("m0", "m1"):
                items = [
                    ChoiceButton(
                        match.id,
                        point,
                        f"m{number}",
                        label=f"Move hare {number + 1} ({self._where(markers[number])})"[:80],
                        style=discord.ButtonStyle.primary,
                    )
                    for number in markers_with_moves
                ]
                return Controls("Your turn: which hare moves?", embed, items)
            legal = [code for code in legal if parse_move(code).number == int(choice[1])]
        return Controls("Your turn: pick your move.", embed, self._move_items(match, seat, legal))

    def _finish_blocked(self, match: Match, seat: int, legal: list[str]) -> str | None:
        """Why the Finish is not among the moves, when the carrots would reach it."""
        state = match.state
        if any(code.startswith(f"f{FINISH}") for code in legal):
            return None
        carrots = state.players[seat].carrots
        for marker_id in state.markers_of(seat):
            marker = state.markers[marker_id]
            if marker.finished:
                continue
            cost = forward_cost(FINISH - marker.space)
            if cost <= carrots:
                reason = finish_problem(state, marker_id, carrots - cost)
                if reason:
                    return reason
        return None

    def _move_items(self, match: Match, seat: int, legal: list[str]) -> list[discord.ui.Item[Any]]:
        point = match.decision_point()
        forward = [code for code in legal if _action(code) == "f"]
        items: list[discord.ui.Item[Any]] = []
        for group, start in enumerate(range(0, len(forward), SELECT_OPTIONS)):
            chunk = forward[start : start + SELECT_OPTIONS]
            first, last = parse_move(chunk[0]).target, parse_move(chunk[-1]).target
            options = [
                discord.SelectOption(
                    label=_spot_label(parse_move(code).target),
                    value=code,
                    description=describe(match.state, seat, code)[:100],
                )
                for code in chunk
            ]
            items.append(
                MoveSelect(
                    match.id,
                    point,
                    group,
                    options=options,
                    placeholder=f"Move forward: space {first} to {_spot(last)}",
                )
            )
        assert len(items) <= MAX_SELECTS
        for code in legal:
            action = _action(code)
            if action == "b":
                label = describe(match.state, seat, code).removeprefix("Back ")
                items.append(
                    MoveButton(match.id, point, code, label=f"Back {label}"[:80], emoji="🐢")
                )
            elif action in STAY_LABELS:
                left = describe(match.state, seat, code).rsplit(", ", 1)[1]
                label = f"{STAY_LABELS[action]} ({left})"
                items.append(MoveButton(match.id, point, code, label=label))
        return items

    # -- the end ----------------------------------------------------------------------

    def result(self, match: Match) -> discord.Embed:
        outcome = match.outcome()
        assert outcome is not None
        winners = " and ".join(match.name_of(s) for s in sorted(outcome.winners))
        order = sorted(range(len(match.seats)), key=lambda s: outcome.places[s])
        lines = [f"**{_ordinal(outcome.places[s])}** {match.name_of(s)}" for s in order]
        embed = discord.Embed(
            title=f"Hare and Tortoise: {winners} wins the race!",
            description="\n".join(lines),
            colour=discord.Colour.gold(),
        )
        embed.set_footer(text=f"Match #{match.id}")
        return embed


def _action(code: str) -> str:
    parsed = parse_move(code)
    assert parsed is not None
    return parsed.action


def _spot(index: int) -> str:
    return "the Finish" if index == FINISH else ("Start" if index == 0 else str(index))


def _spot_label(index: int | None) -> str:
    assert index is not None
    return "The Finish" if index == FINISH else f"Space {index}: {space(index).label}"
