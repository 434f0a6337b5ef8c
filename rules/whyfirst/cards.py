"""Why First?: the race cards.

The 32 cards, each with the value it moves a figure by and its white number, are read from
``deck.json``, the only place of their contents; ``_validate_deck`` checks the file's shape,
not its contents, so a corrected deck loads.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Card:
    """A race card: its stable id, the value it moves a figure by, and its white number."""

    id: int
    value: int
    white: int

    @property
    def label(self) -> str:
        """The value as printed: "+2", "-3"."""
        return f"{self.value:+d}"

    def to_json(self) -> dict[str, int]:
        return {"card": self.id, "value": self.value, "white": self.white}


def _validate_deck(cards: Sequence[Card]) -> None:
    """Raise ValueError unless ``cards`` is a usable deck: ids 0..n-1 in order, non-zero
    values and white numbers 1..n, each once (what they are is the data file's business)."""
    if [c.id for c in cards] != list(range(len(cards))):
        raise ValueError("deck.json: card ids must be 0, 1, 2, ... in order")
    if any(c.value == 0 for c in cards):
        raise ValueError("deck.json: a race card moves a figure: no value may be 0")
    if sorted(c.white for c in cards) != list(range(1, len(cards) + 1)):
        raise ValueError(f"deck.json: white numbers must be 1..{len(cards)}, each once")


def _load_deck() -> tuple[Card, ...]:
    raw = json.loads((Path(__file__).with_name("deck.json")).read_text(encoding="utf-8"))
    cards = tuple(Card(int(c["id"]), int(c["value"]), int(c["white"])) for c in raw["cards"])
    _validate_deck(cards)
    return cards


DECK: tuple[Card, ...] = _load_deck()
"""The 32 race cards, indexed by card id."""
