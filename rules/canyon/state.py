"""The state of a Great Canyon Race match and its JSON form.

``CanyonState`` holds everything a match is: hands, stock, the row of action cards and the
action deck, scores, collisions and the round in progress, with the phase it is in
(``COMMIT`` to ``OVER``); ``dump_state`` and ``load_state`` turn it into JSON and back. The
engine and the round (``rules.canyon.rounds``) change it in place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

COMMIT, CHOOSE, SIGN, PEEK, OVER = "commit", "choose", "sign", "peek", "over"


@dataclass
class CanyonState:
    """A match of Great Canyon Race. Seat-indexed lists throughout; -1 means "none"."""

    seats: int
    seed: int
    draw: int
    decision: int
    round: int
    phase: str
    scores: list[int]
    collisions: list[int]
    eliminated_in: list[int]
    """The round a seat's car was eliminated in, 0 while it is racing."""
    hero: list[bool]
    hands: list[list[int]]
    stock: list[int]
    """The undealt acceleration cards, dealt from the front."""
    row: list[int]
    """The action card of each round (index 0 is round 1)."""
    face_up: list[bool]
    action_deck: list[int]
    action_discard: list[int]
    sealed: list[int]
    """Each seat's committed card this round, -1 until it commits."""
    calls: list[bool]
    """Whether the seat called a collision with its commit (secret until the reveal)."""
    offer: list[int]
    """After a collision: the round's action card, then the drawn ones."""
    victims: list[int]
    applied: int
    """The action card that applies this round, -1 until it is known."""
    scored: list[int]
    """The card each seat scores this round (its own, or a neighbour's in a send round)."""
    signs: list[int]
    """The sign each seat gave its double-value card this round: +1, -1, or 0 if none yet."""
    sign_awaited: list[int]
    six_cards: list[int]
    peekers: list[int]
    peeked: list[int]
    """The round whose action card each seat looked at, 0 for none."""
    reveal: dict[str, Any] | None
    """The public facts of this round once its cards are turned, until it is scored."""
    last_round: dict[str, Any] | None
    """The public facts of the last scored round.

    These records are shared with the events that announce them, the views, the dumps and
    the states loaded from them, so they are never changed in place: an update makes a new
    dict, and whoever is handed one must not change it either."""

    def racing(self) -> list[int]:
        """The seats still in the race, in seat order."""
        return [s for s in range(self.seats) if not self.eliminated_in[s]]


_FIELDS = tuple(CanyonState.__dataclass_fields__)
_NESTED = frozenset({"hands", "reveal", "last_round"})


def dump_state(state: CanyonState) -> dict[str, Any]:
    data = {name: getattr(state, name) for name in _FIELDS}
    for name, value in data.items():
        if isinstance(value, list) and name not in _NESTED:
            data[name] = list(value)
    data["hands"] = [list(hand) for hand in state.hands]
    return data


def load_state(data: Mapping[str, Any]) -> CanyonState:
    fields = {name: data[name] for name in _FIELDS}
    for name, value in fields.items():
        if isinstance(value, list) and name not in _NESTED:
            fields[name] = list(value)
    fields["hands"] = [list(hand) for hand in data["hands"]]
    return CanyonState(**fields)
