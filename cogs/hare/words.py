"""Hare and Tortoise in words: markers, spaces, where they stand, the players' supplies, the
moves and the narration.

A player's pieces are called *markers*, as in the rulebook, everywhere: menus, board, story and
result. In the two-marker game each is named with its number, "marker 1" and "marker 2",
matching the "B1"/"B2" printed on it in the board picture.
"""

from __future__ import annotations

from typing import Any

from cogs.common.i18n import N_, _, ngettext, number, pgettext
from cogs.common.pictures import seat_colour
from cogs.common.presenter import ordinal
from rules.hare import HareResult, HareState
from rules.hare.board import FINISH, Kind, space
from rules.hare.moves import (
    BACK,
    FORWARD,
    GIVE,
    STAY_CARROTS,
    TAKE,
    marker_of,
    move_cost,
    parse_move,
)
from rules.hare.state import HARE_CHOICE

CARROT_REASONS = {
    "carrot_space_take": N_("🥕 {runner} took 10 carrots on a carrot space."),
    "carrot_space_give": N_("🥕 {runner} gave 10 carrots on a carrot space."),
    "hare_take": N_("🥕 {runner} took 10 carrots (hare)."),
    "hare_give": N_("🥕 {runner} gave 10 carrots (hare)."),
    "free_move": N_("🥕 {runner} got the move's carrots back (hare: free move)."),
    "eat_carrot": N_("🥕 {runner} ate a carrot (hare)."),
}
"""Why a player's carrots changed, by reason."""

HARE_RESULTS = {
    HareResult.LOSE_TURN: N_("lose your next turn"),
    HareResult.GIVE_OR_TAKE_10: N_("give or take 10 carrots"),
    HareResult.BACK_CARROT: N_("back to the nearest free carrot space"),
    HareResult.FORWARD_CARROT: N_("forward to the nearest free carrot space"),
    HareResult.BACK_PLACE: N_("one place back"),
    HareResult.FORWARD_PLACE: N_("one place forward"),
    HareResult.EAT_CARROT: N_("eat a carrot"),
    HareResult.EAT_LETTUCE: N_("eat a lettuce"),
    HareResult.FREE_MOVE: N_("this move was free"),
    HareResult.MOVE_AGAIN: N_("move again"),
}
"""The hare table's results as the table prints them."""

SPACE_NAMES = {
    Kind.HARE: N_("hare space"),
    Kind.CARROT: N_("carrot space"),
    Kind.LETTUCE: N_("lettuce space"),
    Kind.TORTOISE: N_("tortoise space"),
    Kind.FINISH: N_("Finish"),
}


def space_name(index: int) -> str:
    """A space's name: ``lettuce space``, ``position space 1/5/6``."""
    found = space(index)
    if found.kind is Kind.POSITION:
        return _("position space {places}", places="/".join(str(p) for p in found.places))
    if found.kind is Kind.START:
        return start_name()
    return _(SPACE_NAMES[found.kind])


def start_name() -> str:
    """The Start space's name, a word the lobby's *Start* button shares in English."""
    return pgettext("hare space", "Start")


def marker_name(number: int) -> str:
    """``marker 1`` or ``marker 2`` (the two-marker game)."""
    return _("marker {number}", number=number + 1)


def marker_title(number: int) -> str:
    """``Marker 1`` or ``Marker 2``, opening a label or a line."""
    return _("Marker {number}", number=number + 1)


def spot(index: int) -> str:
    """A space as narration names it: ``Start``, ``12``, ``the Finish``."""
    return _("the Finish") if index == FINISH else (start_name() if index == 0 else str(index))


def where(marker: dict[str, Any]) -> str:
    """Where a marker of the view stands: ``on space 12 (carrot space, 2nd)``, ``on Start``,
    ``finished 1st``."""
    if marker["finish_place"] is not None:
        return _("finished {place}", place=ordinal(marker["finish_place"]))
    if marker["space"] == 0:
        return _("on Start")
    index = marker["space"]
    return _(
        "on space {space} ({name}, {place})",
        space=index, name=space_name(index), place=ordinal(marker["place"]),
    )


def markers_of(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [m for m in view["markers"] if m["seat"] == seat]


def positions(view: dict[str, Any], seat: int) -> str:
    """Where a player's markers stand; each one named in the two-marker game."""
    markers = markers_of(view, seat)
    if not view["two_markers"]:
        return ", ".join(where(m) for m in markers)
    return ", ".join(
        _("{marker} {where}", marker=marker_title(m["marker"]), where=where(m)) for m in markers
    )


def notes(view: dict[str, Any], seat: int) -> list[str]:
    """What the player's next turn holds: a lost turn, a lettuce to eat."""
    found = []
    if view["players"][seat]["lose_turn"]:
        found.append(_("loses next turn"))
    eating = [m for m in markers_of(view, seat) if m["must_eat"]]
    if eating and view["two_markers"]:
        found.append(
            _("{marker} eats a lettuce next turn", marker=marker_name(eating[0]["marker"]))
        )
    elif eating:
        found.append(_("eats a lettuce next turn"))
    return found


def player_line(view: dict[str, Any], seat: int, name: str) -> str:
    """One player for the board: the colour, shape and letters of their markers, positions,
    carrots, lettuces."""
    colour = seat_colour(seat)
    letters = (
        f"{colour.letter}1, {colour.letter}2" if view["two_markers"] else colour.letter
    )
    player = view["players"][seat]
    status = "".join(f" · {note}" for note in notes(view, seat))
    return (
        f"{colour.emoji}{colour.symbol} **{name}** ({letters}): {positions(view, seat)} · "
        f"🥕 {number(player['carrots'])} · 🥬 {player['lettuces']}{status}"
    )


def players_text(view: dict[str, Any], names: list[str]) -> str:
    return "\n".join(player_line(view, p["seat"], names[p["seat"]]) for p in view["players"])


# -- a move in words -------------------------------------------------------------------------


def move_text(state: HareState, seat: int, code: str) -> str:
    """The move in words with the carrots it leaves, e.g. "Forward 5 to 23 (lettuce space):
    pay 15 carrots, 50 left"; named for its marker in the two-marker game."""
    parsed = parse_move(code)
    marker_id = marker_of(state, seat, parsed) if parsed is not None else None
    if parsed is None or marker_id is None:
        raise ValueError(f"not a move code: {code!r}")
    here = state.markers[marker_id].space
    cost = move_cost(state, seat, code)
    left = state.players[seat].carrots - cost
    if parsed.action == FORWARD and parsed.target == FINISH:
        text = ngettext(
            "Forward {steps} to the Finish: pay {count} carrot, {left} left",
            "Forward {steps} to the Finish: pay {count} carrots, {left} left",
            cost, steps=FINISH - here, left=left,
        )
    elif parsed.action == FORWARD:
        assert parsed.target is not None
        text = ngettext(
            "Forward {steps} to {space} ({name}): pay {count} carrot, {left} left",
            "Forward {steps} to {space} ({name}): pay {count} carrots, {left} left",
            cost, steps=parsed.target - here, space=parsed.target,
            name=space_name(parsed.target), left=left,
        )
    elif parsed.action == BACK:
        text = ngettext(
            "Back {steps} to tortoise space {space}: earn {count} carrot, {left} left",
            "Back {steps} to tortoise space {space}: earn {count} carrots, {left} left",
            -cost, steps=here - (parsed.target or 0), space=parsed.target, left=left,
        )
    elif state.pending == HARE_CHOICE:
        text = (
            ngettext("Take {count} carrot (hare space), {left} left",
                     "Take {count} carrots (hare space), {left} left", STAY_CARROTS, left=left)
            if parsed.action == TAKE
            else ngettext("Give {count} carrot (hare space), {left} left",
                          "Give {count} carrots (hare space), {left} left", STAY_CARROTS,
                          left=left)
        )
    else:
        text = (
            ngettext("Stay on the carrot space and take {count} carrot, {left} left",
                     "Stay on the carrot space and take {count} carrots, {left} left",
                     STAY_CARROTS, left=left)
            if parsed.action == TAKE
            else ngettext("Stay on the carrot space and give {count} carrot, {left} left",
                          "Stay on the carrot space and give {count} carrots, {left} left",
                          STAY_CARROTS, left=left)
        )
    return for_marker(parsed.number, text)


def for_marker(number: int | None, text: str) -> str:
    """``Marker 1: text`` in the two-marker game (``number`` given), else the text."""
    return text if number is None else _("{marker}: {text}", marker=marker_title(number),
                                         text=text)


def move_words(move: str) -> str:
    """A move the table chose for a player, told to them: ``moved marker 1 to 12``."""
    parsed = parse_move(move)
    if parsed is None:
        return _("made a move")
    number = parsed.number
    if parsed.action == FORWARD and parsed.target == FINISH:
        if number is None:
            return _("moved forward to the Finish")
        return _("moved {marker} forward to the Finish", marker=marker_name(number))
    if parsed.action == FORWARD:
        if number is None:
            return _("moved forward to {space}", space=parsed.target)
        return _("moved {marker} forward to {space}", marker=marker_name(number),
                 space=parsed.target)
    if parsed.action == BACK:
        if number is None:
            return _("moved back to tortoise space {space}", space=parsed.target)
        return _("moved {marker} back to tortoise space {space}", marker=marker_name(number),
                 space=parsed.target)
    if parsed.action == GIVE:
        return ngettext("gave {count} carrot", "gave {count} carrots", STAY_CARROTS)
    return ngettext("took {count} carrot", "took {count} carrots", STAY_CARROTS)


# -- narration -------------------------------------------------------------------------------


def who(view: dict[str, Any], names: list[str], event: dict[str, Any]) -> str:
    """The player of an event, with the marker in the two-marker game."""
    name = names[event["seat"]]
    if view["two_markers"] and event.get("marker") is not None:
        return _("{name} ({marker})", name=name, marker=marker_name(event["marker"]))
    return name


ROLL = N_("🎲 {runner} rolls {roll} on hare space {space} in {place} place: {result}.")
NO_EFFECT = {
    "back_carrot": N_(
        "🎲 {runner} rolls {roll} on hare space {space} in {place} place: {result}, but there "
        "is no free carrot space behind: no effect."
    ),
    "forward_carrot": N_(
        "🎲 {runner} rolls {roll} on hare space {space} in {place} place: {result}, but there "
        "is no free carrot space ahead: no effect."
    ),
    "back_place": N_(
        "🎲 {runner} rolls {roll} on hare space {space} in {place} place: {result}, but there "
        "is no space to go one place back to: no effect."
    ),
    "forward_place": N_(
        "🎲 {runner} rolls {roll} on hare space {space} in {place} place: {result}, but there "
        "is no space to go one place forward to: no effect."
    ),
    "free_move": N_(
        "🎲 {runner} rolls {roll} on hare space {space} in {place} place: {result}, but "
        "nothing was paid for the move: no effect."
    ),
    "move_again": N_(
        "🎲 {runner} rolls {roll} on hare space {space} in {place} place: {result}, but there "
        "is no move to make: no effect."
    ),
}
"""A hare roll whose result could not be carried out, told with why, by result."""
CANNOT_BE_DONE = N_(
    "🎲 {runner} rolls {roll} on hare space {space} in {place} place: {result}, but it "
    "cannot be done: no effect."
)


def narrate(view: dict[str, Any], names: list[str], events: list[dict[str, Any]]) -> list[str]:
    """One line per event worth telling, oldest first; a hare roll whose result cannot be
    carried out is told once, with why."""
    lines = []
    for index, event in enumerate(events):
        if event["kind"] == "hare_no_effect" and index and _same_roll(events[index - 1], event):
            roll = events[index - 1]
            template = NO_EFFECT.get(event["result"], CANNOT_BE_DONE)
            lines[-1] = _(template, **_roll_fields(view, names, roll))
        elif line := event_line(view, names, event):
            lines.append(line)
    return lines


def _same_roll(roll: dict[str, Any], no_effect: dict[str, Any]) -> bool:
    return roll["kind"] == "hare_roll" and roll["result"] == no_effect["result"] and (
        roll["seat"], roll.get("marker")
    ) == (no_effect["seat"], no_effect.get("marker"))


def _roll_fields(view: dict[str, Any], names: list[str], event: dict[str, Any]) -> dict[str, Any]:
    return {
        "runner": who(view, names, event),
        "roll": event["roll"],
        "space": event["space"],
        "place": ordinal(event["place"]),
        "result": _(HARE_RESULTS[HareResult(event["result"])]),
    }


def event_line(view: dict[str, Any], names: list[str], event: dict[str, Any]) -> str | None:
    kind = event["kind"]
    if kind == "match_over":
        return _("🏁 The race is over.")
    runner = who(view, names, event)
    if kind == "moved":
        return _moved(runner, event)
    if kind == "carrots":
        return _(CARROT_REASONS.get(event["reason"], N_("🥕 {runner} changed carrots.")),
                 runner=runner)
    if kind == "position_payout":
        place = ordinal(event["place"])
        if event["carrots"]:
            return ngettext(
                "💰 {runner}'s position space pays {count} carrot ({place} place).",
                "💰 {runner}'s position space pays {count} carrots ({place} place).",
                event["carrots"], runner=runner, place=place,
            )
        return _("{runner}'s position space pays nothing ({place} place).", runner=runner,
                 place=place)
    if kind == "lettuce_eaten":
        return ngettext(
            "🥬 {runner} eats a lettuce in {place} place: +{count} carrot, {lettuces} left.",
            "🥬 {runner} eats a lettuce in {place} place: +{count} carrots, {lettuces} left.",
            event["carrots"], runner=runner, place=ordinal(event["place"]),
            lettuces=event["lettuces"],
        )
    if kind == "hare_roll":
        return _(ROLL, **_roll_fields(view, names, event))
    if kind == "hare_no_effect":
        return _("{runner}: the hare's result has no effect.", runner=runner)
    if kind == "restart":
        return ngettext(
            "↩️ {runner} is stuck and goes back to Start with {count} carrot.",
            "↩️ {runner} is stuck and goes back to Start with {count} carrots.",
            event["carrots"], runner=runner,
        )
    if kind == "finished":
        return _("🏁 {runner} crosses the finish in {place} place!", runner=runner,
                 place=ordinal(event["place"]))
    if kind == "lost_turn":
        return _("⏸️ {runner} loses this turn.", runner=runner)
    return None


def _moved(runner: str, event: dict[str, Any]) -> str:
    start, end = event["from"], event["to"]
    if event["by"] == "hare" and end == FINISH:
        return _("🐇 {runner} is sent from {start} to the Finish.", runner=runner, start=start)
    if event["by"] == "hare":
        return _("🐇 {runner} is sent from {start} to {end}.", runner=runner, start=start,
                 end=spot(end))
    if event["by"] == "back":
        return ngettext(
            "🐢 {runner} falls back from {start} to {end}, earning {count} carrot.",
            "🐢 {runner} falls back from {start} to {end}, earning {count} carrots.",
            event["earned"], runner=runner, start=start, end=end,
        )
    if end == FINISH:
        return ngettext(
            "➡️ {runner} moves from {start} to the Finish for {count} carrot.",
            "➡️ {runner} moves from {start} to the Finish for {count} carrots.",
            event["cost"], runner=runner, start=spot(start),
        )
    return ngettext(
        "➡️ {runner} moves from {start} to {end} for {count} carrot.",
        "➡️ {runner} moves from {start} to {end} for {count} carrots.",
        event["cost"], runner=runner, start=spot(start), end=spot(end),
    )
