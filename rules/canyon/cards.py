"""The acceleration and action cards, loaded once from ``acceleration.json`` and ``actions.json``.

The decks are data defaults (the printed rules give the counts, not the contents), so how many
cards of each kind there are lives only in the JSON files. What each action card *does* is a
rule and lives here, in ``ACTION_KINDS``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.base import N_

ROUNDS = 10
"""One action card in the row for each round."""
HAND_SIZE = 5
BONUS_HAND_SIZE = 6
MAX_PLAYERS = 6
MOST_SHARING_A_BONUS = 3
"""The largest group that can share the six-card bonus (a three-way tie)."""


@dataclass(frozen=True)
class ActionKind:
    """What an action card does to a played value: ``value * factor``, halved toward zero if
    ``halve``; ``send`` is +1 for "to your left", -1 for "to your right", 0 otherwise."""

    label: str
    factor: int = 1
    halve: bool = False
    send: int = 0

    def apply(self, value: int) -> int:
        """The value after this action (a send card keeps the face value)."""
        value *= self.factor
        if self.halve:
            # Table ruling: divide by 2 truncates toward zero (7 -> 3, -7 -> -3).
            value = value // 2 if value >= 0 else -(-value // 2)
        return value


ACTION_KINDS: dict[str, ActionKind] = {
    "divide_by_2": ActionKind(N_("Divide by 2"), halve=True),
    "multiply_by_2": ActionKind(N_("Multiply by 2"), factor=2),
    "multiply_by_3": ActionKind(N_("Multiply by 3"), factor=3),
    "keep_value": ActionKind(N_("Keep value")),
    "change_sign": ActionKind(N_("Change sign"), factor=-1),
    "change_sign_multiply_by_2": ActionKind(N_("Change sign and multiply by 2"), factor=-2),
    "cancel": ActionKind(N_("Cancel"), factor=0),
    "send_left": ActionKind(N_("Send to the player on your left"), send=1),
    "send_right": ActionKind(N_("Send to the player on your right"), send=-1),
}


@dataclass(frozen=True)
class Acceleration:
    """An acceleration card. A double card (``double``) is worth +value or -value, as the
    player who scores it chooses; ``value`` is then its size."""

    id: int
    value: int
    double: bool = False

    @property
    def size(self) -> int:
        """The value without its sign: what a collision compares."""
        return abs(self.value)

    @property
    def label(self) -> str:
        return f"±{self.value}" if self.double else f"{self.value:+d}"

    def to_json(self) -> dict[str, Any]:
        return {"card": self.id, "value": self.value, "double": self.double, "label": self.label}


@dataclass(frozen=True)
class Action:
    """An action card of the row or the action deck; its ``label`` is marked for the catalogs
    and translated where shown."""

    id: int
    kind: str

    @property
    def effect(self) -> ActionKind:
        return ACTION_KINDS[self.kind]

    def to_json(self) -> dict[str, Any]:
        return {"action": self.id, "kind": self.kind, "label": self.effect.label}


def _read(name: str) -> list[dict[str, Any]]:
    return json.loads(Path(__file__).with_name(name).read_text(encoding="utf-8"))["cards"]


def validate_acceleration(cards: tuple[Acceleration, ...]) -> None:
    """Raise ValueError unless the acceleration deck can be played."""
    if [c.id for c in cards] != list(range(len(cards))):
        raise ValueError("acceleration.json: card ids must be 0, 1, 2, ... in order")
    for card in cards:
        if card.value == 0 or (card.double and card.value < 0):
            raise ValueError(f"acceleration.json: card {card.id} needs a non-zero value")
    # Two hands for six players, three of them sharing the six-card bonus.
    needed = MAX_PLAYERS * 2 * HAND_SIZE + MOST_SHARING_A_BONUS * (BONUS_HAND_SIZE - HAND_SIZE)
    if len(cards) < needed:
        raise ValueError(f"acceleration.json: six players need at least {needed} cards")


def validate_actions(cards: tuple[Action, ...]) -> None:
    """Raise ValueError unless the action deck can be played."""
    if [c.id for c in cards] != list(range(len(cards))):
        raise ValueError("actions.json: card ids must be 0, 1, 2, ... in order")
    unknown = sorted({c.kind for c in cards} - set(ACTION_KINDS))
    if unknown:
        raise ValueError(f"actions.json: unknown action kind {unknown[0]!r}")
    if len(cards) < ROUNDS:
        raise ValueError(f"actions.json: the row needs {ROUNDS} cards")


def _load_acceleration() -> tuple[Acceleration, ...]:
    cards = tuple(
        Acceleration(int(c["id"]), int(c["value"]), bool(c.get("double", False)))
        for c in _read("acceleration.json")
    )
    validate_acceleration(cards)
    return cards


def _load_actions() -> tuple[Action, ...]:
    cards = tuple(Action(int(c["id"]), str(c["kind"])) for c in _read("actions.json"))
    validate_actions(cards)
    return cards


ACCELERATION: tuple[Acceleration, ...] = _load_acceleration()
"""The acceleration cards, indexed by card id."""
ACTIONS: tuple[Action, ...] = _load_actions()
"""The action cards, indexed by card id."""
