"""Sequence Numbers in words: spaces, sides, cards and what each move did, as the board, the
hands and the log tell them."""

from __future__ import annotations

from typing import Any

from cogs.common.i18n import _
from cogs.common.pictures import seat_colour
from cogs.numbers.symbols import colour_name

ROWS = "ABCDEFGHIJ"
NARRATED = ("chip_placed", "chip_removed", "card_traded", "card_discarded", "sequence_completed")
"""The events a hand tells, one line each."""
TURN_ENDS = ("chip_placed", "chip_removed", "card_discarded")
"""The events that end a player's turn (a trade does not)."""


def space_name(index: int) -> str:
    """A space as the board labels it: row letter A-J, column 1-10 (``C4``)."""
    return f"{ROWS[index // 10]}{index % 10 + 1}"


def side_name(side: int) -> str:
    """A side as its chips look: colour, shape and colour name (``🟦● blue``)."""
    colour = seat_colour(side)
    return f"{colour.emoji}{colour.symbol} {colour_name(side)}"


def card_text(card: dict[str, Any]) -> str:
    if card["kind"] == "plus":
        return _("Plus")
    if card["kind"] == "minus":
        return _("Minus")
    return f"{card['text']} = {card['answer']}"


def move_text(move: dict[str, Any], names: list[str]) -> str:
    """A card played on a space, as the board's last move tells it."""
    fields = {"name": names[move["seat"]], "space": space_name(move["space"])}
    if move["play"] == "remove":
        return _("{name} played Minus and removed the chip on {space}.", **fields)
    if move["play"] == "plus":
        return _("{name} played Plus and put a chip on {space}.", **fields)
    return _("{name} played {card} and put a chip on {space}.", card=card_text(move["card"]),
             **fields)


def event_line(event: dict[str, Any], names: list[str]) -> str | None:
    """One public event of a turn (a card drawn stays unseen: only the pile shrinks)."""
    kind = event["kind"]
    if kind in ("chip_placed", "chip_removed"):
        return move_text(event, names)
    if kind == "sequence_completed":
        return _("🎉 {side} completes a sequence.", side=side_name(event["side"]))
    if kind == "card_traded":
        return _("{name} traded the dead card {card}.", name=names[event["seat"]],
                 card=card_text(event["card"]))
    if kind == "card_discarded":
        return _("{name} could play no card and discarded {card}.", name=names[event["seat"]],
                 card=card_text(event["card"]))
    if kind == "draw_pile_rebuilt":
        return _("The discards are shuffled into a new draw pile.")
    if kind == "match_over":
        return _("🏁 The match is over.")
    return None


def since_last_turn(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The events after ``seat``'s last play, Minus or discard (all of them if none)."""
    last = max(
        (
            i for i, event in enumerate(events)
            if event["kind"] in TURN_ENDS and event["seat"] == seat
        ),
        default=-1,
    )
    return events[last + 1 :]


def told(event: dict[str, Any], names: list[str]) -> str | None:
    """One move in words, as the board tells it; None for what a hand does not tell."""
    kind = event["kind"]
    if kind not in NARRATED:
        return None
    if kind == "sequence_completed":
        return _("{side} completed a sequence!", side=side_name(event["side"]))
    fields = {"name": names[event["seat"]], "card": card_text(event["card"])}
    if kind == "card_traded":
        return _("{name} traded the dead card {card}.", **fields)
    if kind == "card_discarded":
        return _("{name} could not play and discarded {card}.", **fields)
    fields["space"] = space_name(event["space"])
    if kind == "chip_removed":
        return _("{name} played Minus and removed the {side} chip on {space}.",
                 side=side_name(event["owner"]), **fields)
    if event["card"]["kind"] == "plus":
        return _("{name} played Plus and put a chip on {space}.", **fields)
    return _("{name} played {card} and put a chip on {space}.", **fields)
