"""A full Sequence Numbers state rebuilt from one seat's view, the hidden cards sampled.

A seat sees the board, its own hand and every discard pile. The cards it does not see are the
other players' hands (partners' too) and the draw pile: they are dealt at random among the
cards that are neither in its hand nor in a discard pile.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.numbers.cards import DECK
from rules.numbers.state import NumbersState, copy_move


def determinize(view: Mapping[str, Any], rng: random.Random) -> NumbersState:
    """A state the seat of ``view`` cannot tell from the real one, hidden cards drawn by ``rng``.

    The seat's own legal moves are the same as in the real state.
    """
    seat = int(view["seat"])
    seats = int(view["players"])
    hand = [int(card["id"]) for card in view["hand"]]
    discards = [[int(card["id"]) for card in pile] for pile in view["discards"]]
    seen = set(hand).union(*discards)
    unseen = [card for card in range(len(DECK)) if card not in seen]
    rng.shuffle(unseen)
    hands = []
    for other, size in enumerate(view["hand_sizes"]):
        if other == seat:
            hands.append(hand)
        else:
            hands.append(unseen[:size])
            del unseen[:size]
    chips = list(view["chips"])
    locked = [False] * len(chips)
    for space in view["locked"]:
        locked[space] = True
    awaiting = view["awaiting"]
    return NumbersState(
        seats=seats,
        sides=len(view["sides"]),
        seed=rng.getrandbits(63),
        draw=1,
        decision=0,
        turn=awaiting[0] if awaiting else None,
        traded=bool(view["traded"]),
        chips=chips,
        locked=locked,
        sequences=[(s["side"], tuple(s["spaces"])) for s in view["sequences"]],
        hands=hands,
        draw_pile=unseen,
        discards=discards,
        rebuilds=int(view["rebuilds"]),
        quiet_rebuilds=int(view["quiet_rebuilds"]),
        last_move=copy_move(view["last_move"]),
        winner=view["winner_side"],
    )
