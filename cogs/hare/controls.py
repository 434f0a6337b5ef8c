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
from cogs.common.i18n import _, ngettext
from cogs.common.presenter import EMBED_COLOUR, Controls, joined
from cogs.common.seatnames import name_of
from cogs.hare.words import (
    for_marker,
    marker_name,
    marker_title,
    markers_of,
    move_text,
    positions,
    space_name,
    where,
)
from matches.match import Match
from rules.hare import move_cost, parse_move
from rules.hare.board import FINISH, forward_cost
from rules.hare.moves import STAY_CARROTS, ParsedMove, finish_problem

SELECT_OPTIONS = 25
MAX_SELECTS = 3
"""A marker's forward moves fill at most three menus (at most 64 spaces ahead of Start)."""


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
    embed = discord.Embed(title=_("Hare and Tortoise · your race"), colour=EMBED_COLOUR)
    embed.description = " · ".join([
        positions(view, seat),
        ngettext("🥕 {count} carrot", "🥕 {count} carrots", player["carrots"]),
        ngettext("🥬 {count} lettuce", "🥬 {count} lettuces", player["lettuces"]),
    ])
    embed.set_footer(text=_("Match #{id}", id=match.id))
    channel = f"<#{match.record.channel_id}>"
    if view["over"]:
        return Controls(
            content=_("The race is over: the result is in {channel}.", channel=channel),
            embed=embed,
        )
    if seat not in view["to_move"]:
        awaited = joined([name_of(match, s) for s in sorted(view["to_move"])])
        return Controls(content=_("Waiting for {name}.", name=awaited), embed=embed)
    legal = match.engine.legal_moves(match.state, seat)
    point = match.decision_point()
    pending = view["pending"] or {}
    if pending.get("kind") == "give_or_take":
        items: list[discord.ui.Item[Any]] = [
            MoveButton(match.id, point, code, label=_hare_label(_action(code))) for code in legal
        ]
        return Controls(_hare_prompt(view, pending), embed, items)
    blocked = _finish_blocked(match, seat, legal)
    if blocked:
        embed.add_field(name=_("The Finish"), value=blocked, inline=False)
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


def _hare_prompt(view: dict[str, Any], pending: dict[str, Any]) -> str:
    """The hare's "give or take 10" asked, naming the marker in the two-marker game."""
    if view["two_markers"]:
        return ngettext(
            "Hare space ({marker}): give or take {count} carrot?",
            "Hare space ({marker}): give or take {count} carrots?",
            STAY_CARROTS, marker=marker_name(pending["marker"]),
        )
    return ngettext("Hare space: give or take {count} carrot?",
                    "Hare space: give or take {count} carrots?", STAY_CARROTS)


def _hare_label(action: str) -> str:
    if action == "give":
        return ngettext("Give {count} carrot", "Give {count} carrots", STAY_CARROTS)
    return ngettext("Take {count} carrot", "Take {count} carrots", STAY_CARROTS)


def _stay_label(action: str, left: int) -> str:
    if action == "give":
        return ngettext("Stay: give {count} carrot ({left} left)",
                        "Stay: give {count} carrots ({left} left)", STAY_CARROTS, left=left)
    return ngettext("Stay: take {count} carrot ({left} left)",
                    "Stay: take {count} carrots ({left} left)", STAY_CARROTS, left=left)


def _prompt(view: dict[str, Any], seat: int, numbers: list[int | None], shown: int | None) -> str:
    """What the player is asked, and why only one marker may move when that is so."""
    if shown is None:
        return _("Your turn: pick your move.")
    name = marker_name(shown)
    pending = view["pending"] or {}
    if pending.get("kind") == "move_again":
        return _("The hare says move again: pick the next move of {marker}.", marker=name)
    if len(numbers) > 1:
        return _(
            "Your turn: pick a move of {marker}, or press {other} for its moves.",
            marker=name, other=marker_title(1 - shown),
        )
    marker = next(m for m in markers_of(view, seat) if m["marker"] == shown)
    if marker["must_move"]:
        return _("Your turn: {marker} ate a lettuce last turn and must move now.", marker=name)
    return _("Your turn: only {marker} can move; pick its move.", marker=name)


def _marker_buttons(
    match: Match, view: dict[str, Any], seat: int, numbers: list[int | None], shown: int | None
) -> list[discord.ui.Item[Any]]:
    """One button per marker that can move; the one whose moves are listed is blue."""
    point = match.decision_point()
    markers = {m["marker"]: m for m in markers_of(view, seat)}
    buttons: list[discord.ui.Item[Any]] = []
    for number in numbers:
        assert number is not None
        label = _("{marker}: {where}", marker=marker_title(number), where=where(markers[number]))
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
            problem = finish_problem(state, marker_id, carrots - cost)
            if problem is not None:
                return _(problem.reason, **problem.values)
    return None


def _move_items(
    match: Match, seat: int, moves: list[str], number: int | None
) -> list[discord.ui.Item[Any]]:
    """Menus of the forward moves, then buttons to move back or stay, for one marker. Each
    marker's menus have their own custom_ids, so switching shows fresh menus."""
    point = match.decision_point()
    forward = [code for code in moves if _action(code) == "f"]
    items: list[discord.ui.Item[Any]] = []
    for group, start in enumerate(range(0, len(forward), SELECT_OPTIONS)):
        chunk = forward[start : start + SELECT_OPTIONS]
        first, last = _parsed(chunk[0]).target, _parsed(chunk[-1]).target
        options = [
            discord.SelectOption(
                label=_spot_label(_parsed(code).target),
                value=code,
                description=_cut(move_text(match.state, seat, code), 100),
            )
            for code in chunk
        ]
        items.append(
            MoveSelect(
                match.id,
                point,
                (number or 0) * MAX_SELECTS + group,
                options=options,
                placeholder=_cut(for_marker(number, _forward_range(first, last)), 150),
            )
        )
    assert len(items) <= MAX_SELECTS
    for code in moves:
        action = _action(code)
        if action == "b":
            label = _cut(move_text(match.state, seat, code), 80)
            items.append(MoveButton(match.id, point, code, label=label, emoji="🐢"))
        elif action in ("take", "give"):
            left = match.state.players[seat].carrots - move_cost(match.state, seat, code)
            label = _cut(for_marker(number, _stay_label(action, left)), 80)
            items.append(MoveButton(match.id, point, code, label=label))
    return items


def _forward_range(first: int | None, last: int | None) -> str:
    if last == FINISH:
        return _("move forward, space {first} to the Finish", first=first)
    return _("move forward, space {first} to {last}", first=first, last=last)


def _spot_label(index: int | None) -> str:
    assert index is not None
    if index == FINISH:
        return _("The Finish")
    return _cut(_("Space {space}: {name}", space=index, name=space_name(index)), 100)


def _cut(text: str, limit: int) -> str:
    """``text`` within Discord's ``limit``, an ellipsis where it was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
