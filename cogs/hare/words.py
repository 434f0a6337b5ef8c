"""Hare and Tortoise in words: markers, where they stand, the players' supplies, narration.

A player's pieces are called *markers*, as in the rulebook, everywhere: menus, board, story and
result. In the two-marker game each is named with its number, "marker 1" and "marker 2",
matching the "B1"/"B2" printed on it in the board picture.
"""

from __future__ import annotations

from typing import Any

from cogs.common.pictures import seat_colour
from cogs.common.presenter import plural
from rules.hare import HareResult
from rules.hare.board import FINISH, space
from rules.hare.moves import BACK, FORWARD, STAY_CARROTS, TAKE, ordinal, parse_move

CARROT_REASONS = {
    "carrot_space_take": "took 10 carrots on a carrot space",
    "carrot_space_give": "gave 10 carrots on a carrot space",
    "hare_take": "took 10 carrots (hare)",
    "hare_give": "gave 10 carrots (hare)",
    "free_move": "got the move's carrots back (hare: free move)",
    "eat_carrot": "ate a carrot (hare)",
}


def marker_name(number: int) -> str:
    """``marker 1`` or ``marker 2`` (the two-marker game)."""
    return f"marker {number + 1}"


def spot(index: int) -> str:
    """A space as narration names it: ``Start``, ``12``, ``the Finish``."""
    return "the Finish" if index == FINISH else ("Start" if index == 0 else str(index))


def where(marker: dict[str, Any]) -> str:
    """Where a marker of the view stands: ``on space 12 (carrot space, 2nd)``, ``on Start``,
    ``finished 1st``."""
    if marker["finish_place"] is not None:
        return f"finished {ordinal(marker['finish_place'])}"
    if marker["space"] == 0:
        return "on Start"
    index = marker["space"]
    return f"on space {index} ({space(index).label}, {ordinal(marker['place'])})"


def markers_of(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [m for m in view["markers"] if m["seat"] == seat]


def positions(view: dict[str, Any], seat: int) -> str:
    """Where a player's markers stand; each one named in the two-marker game."""
    markers = markers_of(view, seat)
    if not view["two_markers"]:
        return ", ".join(where(m) for m in markers)
    return ", ".join(f"{marker_name(m['marker']).capitalize()} {where(m)}" for m in markers)


def notes(view: dict[str, Any], seat: int) -> list[str]:
    """What the player's next turn holds: a lost turn, a lettuce to eat."""
    found = []
    if view["players"][seat]["lose_turn"]:
        found.append("loses next turn")
    eating = [m for m in markers_of(view, seat) if m["must_eat"]]
    if eating and view["two_markers"]:
        found.append(f"{marker_name(eating[0]['marker'])} eats a lettuce next turn")
    elif eating:
        found.append("eats a lettuce next turn")
    return found


def player_line(view: dict[str, Any], seat: int, name: str) -> str:
    """One player for the board: colour and marker letters, positions, carrots, lettuces."""
    colour = seat_colour(seat)
    letters = (
        f"{colour.letter}1, {colour.letter}2" if view["two_markers"] else colour.letter
    )
    player = view["players"][seat]
    status = "".join(f" · {note}" for note in notes(view, seat))
    return (
        f"{colour.emoji} **{name}** ({letters}): {positions(view, seat)} · "
        f"🥕 {player['carrots']} · 🥬 {player['lettuces']}{status}"
    )


def players_text(view: dict[str, Any], names: list[str]) -> str:
    return "\n".join(player_line(view, p["seat"], names[p["seat"]]) for p in view["players"])


# -- narration -------------------------------------------------------------------------------


def who(view: dict[str, Any], names: list[str], event: dict[str, Any]) -> str:
    """The player of an event, with the marker in the two-marker game."""
    name = names[event["seat"]]
    if view["two_markers"] and event.get("marker") is not None:
        return f"{name} ({marker_name(event['marker'])})"
    return name


NO_EFFECT = {
    "back_carrot": "there is no free carrot space behind",
    "forward_carrot": "there is no free carrot space ahead",
    "back_place": "there is no space to go one place back to",
    "forward_place": "there is no space to go one place forward to",
    "free_move": "nothing was paid for the move",
    "move_again": "there is no move to make",
}
"""Why a hare result could not be carried out, by result."""


def narrate(view: dict[str, Any], names: list[str], events: list[dict[str, Any]]) -> list[str]:
    """One line per event worth telling, oldest first; a hare roll whose result cannot be
    carried out is told once, with why."""
    lines = []
    for index, event in enumerate(events):
        if event["kind"] == "hare_no_effect" and index and _same_roll(events[index - 1], event):
            lines[-1] = lines[-1].removesuffix(".") + (
                f", but {NO_EFFECT.get(event['result'], 'it cannot be done')}: no effect."
            )
        elif line := event_line(view, names, event):
            lines.append(line)
    return lines


def _same_roll(roll: dict[str, Any], no_effect: dict[str, Any]) -> bool:
    return roll["kind"] == "hare_roll" and roll["result"] == no_effect["result"] and (
        roll["seat"], roll.get("marker")
    ) == (no_effect["seat"], no_effect.get("marker"))


def event_line(view: dict[str, Any], names: list[str], event: dict[str, Any]) -> str | None:
    kind = event["kind"]
    if kind == "match_over":
        return "🏁 The race is over."
    runner = who(view, names, event)
    if kind == "moved":
        return _moved(runner, event)
    if kind == "carrots":
        return f"🥕 {runner} {CARROT_REASONS.get(event['reason'], 'changed carrots')}."
    if kind == "position_payout":
        place = ordinal(event["place"])
        if event["carrots"]:
            carrots = plural(event["carrots"], "carrot")
            return f"💰 {runner}'s position space pays {carrots} ({place} place)."
        return f"{runner}'s position space pays nothing ({place} place)."
    if kind == "lettuce_eaten":
        return (
            f"🥬 {runner} eats a lettuce in {ordinal(event['place'])} place: "
            f"+{plural(event['carrots'], 'carrot')}, {event['lettuces']} left."
        )
    if kind == "hare_roll":
        return (
            f"🎲 {runner} rolls {event['roll']} on hare space {event['space']} in "
            f"{ordinal(event['place'])} place: {HareResult(event['result']).label}."
        )
    if kind == "hare_no_effect":
        return f"{runner}: the hare's result has no effect."
    if kind == "restart":
        carrots = plural(event["carrots"], "carrot")
        return f"↩️ {runner} is stuck and goes back to Start with {carrots}."
    if kind == "finished":
        return f"🏁 {runner} crosses the finish in {ordinal(event['place'])} place!"
    if kind == "lost_turn":
        return f"⏸️ {runner} loses this turn."
    return None


def _moved(runner: str, event: dict[str, Any]) -> str:
    if event["by"] == "hare":
        return f"🐇 {runner} is sent from {event['from']} to {spot(event['to'])}."
    if event["by"] == "back":
        return (
            f"🐢 {runner} falls back from {event['from']} to {event['to']}, "
            f"earning {plural(event['earned'], 'carrot')}."
        )
    return (
        f"➡️ {runner} moves from {spot(event['from'])} to {spot(event['to'])} "
        f"for {plural(event['cost'], 'carrot')}."
    )


def move_words(move: str) -> str:
    """A move the table chose for a player, told to them: ``moved marker 1 to 12``."""
    parsed = parse_move(move)
    if parsed is None:
        return "made a move"
    marker = "" if parsed.number is None else f" {marker_name(parsed.number)}"
    if parsed.action == FORWARD:
        return f"moved{marker} forward to {spot(parsed.target or 0)}"
    if parsed.action == BACK:
        return f"moved{marker} back to tortoise space {parsed.target}"
    return f"{'took' if parsed.action == TAKE else 'gave'} {STAY_CARROTS} carrots"
