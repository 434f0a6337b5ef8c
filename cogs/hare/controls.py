"""A Hare and Tortoise player's private controls: the move menus and buttons of one marker.

In the two-marker game a row of marker buttons sits on top: the pressed one (blue) is the
marker whose moves the menus list, and pressing the other lists its moves instead, as often as
the player likes before moving. The buttons only redraw the message (their custom_id carries
the match, the decision point and the marker, so they work after a restart too); nothing is
played or logged until a move is picked.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.common.components import ChoiceButton, MoveButton, MoveSelect
from cogs.common.presenter import EMBED_COLOUR, Controls, plural
from cogs.hare.words import marker_name, markers_of, positions, where
from matches.match import Match
from rules.hare import describe, parse_move
from rules.hare.board import FINISH, forward_cost, space
from rules.hare.moves import ParsedMove, finish_problem

SELECT_OPTIONS = 25
MAX_SELECTS = 3
"""A marker's forward moves fill at most three menus (at most 64 spaces ahead of Start)."""
STAY_LABELS = {"take": "Stay: take 10 carrots", "give": "Stay: give 10 carrots"}
HARE_LABELS = {"take": "Take 10 carrots", "give": "Give 10 carrots"}


def marker_choice(number: int) -> str:
    """The choice (custom_id part) that shows one marker's moves: ``m0`` or ``m1``."""
    return f"m{number}"


def _chosen(choice: str | None) -> int | None:
    if choice in ("m0", "m1"):
        return int(choice[1])
    return None


def _parsed(code: str) -> ParsedMove:
    parsed = parse_move(code)
    assert parsed is not None, code
    return parsed


def _number(code: str) -> int | None:
    return _parsed(code).number


def _action(code: str) -> str:
    return _parsed(code).action


def hand_controls(match: Match, seat: int, choice: str | None = None) -> Controls:
    """The private message of ``seat``: supplies, and on their turn the moves of one marker
    (``choice``: the marker picked with the marker buttons, ``m0`` or ``m1``)."""
    view = match.engine.view(match.state, seat)
    player = view["players"][seat]
    embed = discord.Embed(title="Hare and Tortoise · your race", colour=EMBED_COLOUR)
    embed.description = (
        f"{positions(view, seat)} · 🥕 {plural(player['carrots'], 'carrot')} · "
        f"🥬 {plural(player['lettuces'], 'lettuce')}"
    )
    embed.set_footer(text=f"Match #{match.id}")
    channel = f"<#{match.record.channel_id}>"
    if view["over"]:
        return Controls(content=f"The race is over: the result is in {channel}.", embed=embed)
    if seat not in view["to_move"]:
        return Controls(
            content=f"The race is on in {channel}. Your move controls appear here on your turn.",
            embed=embed,
        )
    legal = match.engine.legal_moves(match.state, seat)
    point = match.decision_point()
    pending = view["pending"] or {}
    if pending.get("kind") == "give_or_take":
        items: list[discord.ui.Item[Any]] = [
            MoveButton(match.id, point, code, label=HARE_LABELS[_action(code)]) for code in legal
        ]
        return Controls(f"Hare space{_of(view, pending)}: give or take 10 carrots?", embed, items)
    blocked = _finish_blocked(match, seat, legal)
    if blocked:
        embed.add_field(name="The Finish", value=blocked, inline=False)
    numbers = sorted({_number(code) for code in legal}, key=lambda n: n or 0)
    shown = _chosen(choice)
    if shown not in numbers:
        shown = numbers[0]
    moves = [code for code in legal if _number(code) == shown]
    items = []
    if len(numbers) > 1:
        items.extend(_marker_buttons(match, view, seat, numbers, shown))
    items.extend(_move_items(match, seat, moves, shown))
    return Controls(_prompt(view, seat, numbers, shown), embed, items)


def _of(view: dict[str, Any], pending: dict[str, Any]) -> str:
    """`` (marker 2)`` naming the marker a hare choice is about, in the two-marker game."""
    return f" ({marker_name(pending['marker'])})" if view["two_markers"] else ""


def _prompt(view: dict[str, Any], seat: int, numbers: list[int | None], shown: int | None) -> str:
    """What the player is asked, and why only one marker may move when that is so."""
    if shown is None:
        return "Your turn: pick your move."
    name = marker_name(shown)
    pending = view["pending"] or {}
    if pending.get("kind") == "move_again":
        return f"The hare says move again: pick the next move of {name}."
    if len(numbers) > 1:
        other = marker_name(1 - shown)
        return f"Your turn: pick a move of {name}, or press {other.capitalize()} for its moves."
    marker = next(m for m in markers_of(view, seat) if m["marker"] == shown)
    if marker["must_move"]:
        return f"Your turn: {name} ate a lettuce last turn and must move now."
    return f"Your turn: only {name} can move; pick its move."


def _marker_buttons(
    match: Match, view: dict[str, Any], seat: int, numbers: list[int | None], shown: int | None
) -> list[discord.ui.Item[Any]]:
    """One button per marker that can move; the one whose moves are listed is blue."""
    point = match.decision_point()
    markers = {m["marker"]: m for m in markers_of(view, seat)}
    buttons: list[discord.ui.Item[Any]] = []
    for number in numbers:
        assert number is not None
        label = f"{marker_name(number).capitalize()}: {where(markers[number])}"
        style = discord.ButtonStyle.primary if number == shown else discord.ButtonStyle.secondary
        buttons.append(
            ChoiceButton(match.id, point, marker_choice(number), label=label[:80], style=style)
        )
    return buttons


def _finish_blocked(match: Match, seat: int, legal: list[str]) -> str | None:
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


def _move_items(
    match: Match, seat: int, moves: list[str], number: int | None
) -> list[discord.ui.Item[Any]]:
    """Menus of the forward moves, then buttons to move back or stay, for one marker. Each
    marker's menus have their own custom_ids, so switching shows fresh menus."""
    point = match.decision_point()
    prefix = f"{marker_name(number).capitalize()}: " if number is not None else ""
    forward = [code for code in moves if _action(code) == "f"]
    items: list[discord.ui.Item[Any]] = []
    for group, start in enumerate(range(0, len(forward), SELECT_OPTIONS)):
        chunk = forward[start : start + SELECT_OPTIONS]
        first, last = _parsed(chunk[0]).target, _parsed(chunk[-1]).target
        options = [
            discord.SelectOption(
                label=_spot_label(_parsed(code).target),
                value=code,
                description=describe(match.state, seat, code)[:100],
            )
            for code in chunk
        ]
        items.append(
            MoveSelect(
                match.id,
                point,
                (number or 0) * MAX_SELECTS + group,
                options=options,
                placeholder=f"{prefix}move forward, space {first} to {_target(last)}"[:150],
            )
        )
    assert len(items) <= MAX_SELECTS
    for code in moves:
        action = _action(code)
        text = describe(match.state, seat, code).removeprefix(prefix)
        if action == "b":
            items.append(
                MoveButton(match.id, point, code, label=f"{prefix}{text}"[:80], emoji="🐢")
            )
        elif action in STAY_LABELS:
            left = text.rsplit(", ", 1)[1]
            label = f"{prefix}{STAY_LABELS[action]} ({left})"
            items.append(MoveButton(match.id, point, code, label=label[:80]))
    return items


def _target(index: int | None) -> str:
    assert index is not None
    return "the Finish" if index == FINISH else str(index)


def _spot_label(index: int | None) -> str:
    assert index is not None
    return "The Finish" if index == FINISH else f"Space {index}: {space(index).label}"
