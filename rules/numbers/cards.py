"""The 100 cards, loaded once from ``cards.json`` and validated.

Card ids are 0..99. An equation card shows a sum such as ``7 + 5`` or ``20 - 8`` whose answer
is a number on the board; Plus and Minus cards show no sum.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.numbers.board import HIGHEST_NUMBER

EQUATION = "equation"
PLUS = "plus"
MINUS = "minus"
DECK_SIZE = 100
SPECIAL_CARDS = {PLUS: 2, MINUS: 2}
LARGEST_OPERAND = 50
"""Sums a seven-year-old can do: whole numbers from 0 to 50."""

_SUM = re.compile(r"(?P<left>0|[1-9][0-9]?) (?P<op>[+-]) (?P<right>0|[1-9][0-9]?)")


@dataclass(frozen=True)
class Card:
    """One card: its id, its kind, the sum it shows and that sum's answer (equation cards)."""

    id: int
    kind: str
    text: str
    answer: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "text": self.text, "answer": self.answer}


def _solve(text: str) -> int:
    """The answer of a printed sum; ValueError if it is not one a child can do."""
    match = _SUM.fullmatch(text)
    if match is None:
        raise ValueError(f"cards.json: {text!r} is not a sum like '7 + 5' or '20 - 8'")
    left, right = int(match["left"]), int(match["right"])
    if max(left, right) > LARGEST_OPERAND:
        raise ValueError(f"cards.json: {text!r} uses numbers above {LARGEST_OPERAND}")
    return left + right if match["op"] == "+" else left - right


def validate_deck(cards: Sequence[Card]) -> None:
    """Raise ValueError unless ``cards`` is the deck GAMES.md describes."""
    if [c.id for c in cards] != list(range(DECK_SIZE)):
        raise ValueError(f"cards.json: card ids must be 0..{DECK_SIZE - 1} in order")
    kinds = Counter(c.kind for c in cards)
    if {k: kinds[k] for k in SPECIAL_CARDS} != SPECIAL_CARDS:
        raise ValueError(f"cards.json: the deck needs {SPECIAL_CARDS}")
    equations = [c for c in cards if c.kind == EQUATION]
    if len(equations) + sum(SPECIAL_CARDS.values()) != DECK_SIZE:
        raise ValueError("cards.json: every other card must be an equation card")
    signs: dict[int, list[str]] = {}
    for card in equations:
        if _solve(card.text) != card.answer:
            raise ValueError(f"cards.json: {card.text} is not {card.answer}")
        signs.setdefault(card.answer, []).append(card.text.split()[1])
    if sorted(signs) != list(range(1, HIGHEST_NUMBER + 1)):
        raise ValueError(f"cards.json: the answers must be 1..{HIGHEST_NUMBER}")
    for answer, found in signs.items():
        if sorted(found) != ["+", "-"]:
            raise ValueError(f"cards.json: {answer} needs one addition and one subtraction")


def _card(raw: dict[str, Any]) -> Card:
    kind = raw["kind"]
    if kind == EQUATION:
        return Card(int(raw["id"]), kind, str(raw["text"]), int(raw["answer"]))
    if kind in SPECIAL_CARDS:
        return Card(int(raw["id"]), kind, kind.capitalize())
    raise ValueError(f"cards.json: unknown card kind {kind!r}")


def _load_deck() -> tuple[Card, ...]:
    raw = json.loads(Path(__file__).with_name("cards.json").read_text(encoding="utf-8"))
    cards = tuple(_card(c) for c in raw["cards"])
    validate_deck(cards)
    return cards


DECK: tuple[Card, ...] = _load_deck()
"""The 100 cards, indexed by card id."""
