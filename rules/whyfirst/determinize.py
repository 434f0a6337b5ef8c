"""Why First?: an engine state rebuilt from what one seat sees, the hidden cards sampled.

The cards a seat has not seen (the other hands, their face-down plays of this card round,
Leo's stack and the undealt cards) are dealt at random from the cards it has not seen; a seat
that has already committed this round seals one of its dealt cards as the quick policy would
(``playout.policy_move``), or as the caller's ``sealing`` chooses. Only call it for a seat that
is yet to move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.base import Move
from rules.whyfirst.cards import DECK
from rules.whyfirst.engine import ENGINE
from rules.whyfirst.playout import policy_move
from rules.whyfirst.scoring import StageScore
from rules.whyfirst.state import WhyFirstState, reveal_copy

Sealing = Callable[[WhyFirstState, int, random.Random], Move]
"""How a committed seat's card is chosen: a move for that seat on the dealt state."""
Fits = Callable[[int, Sequence[int]], bool]
"""Whether a seat could hold these cards (its hand, and its sealed card this round)."""

TRIES = 20
"""How many deals of one seat's cards are drawn to find some that ``fits``; the last is kept."""


def determinize(
    view: Mapping[str, Any], seat: int, rng: random.Random, sealing: Sealing = policy_move,
    fits: Fits | None = None,
) -> WhyFirstState:
    """A state ``seat`` could not tell from the real one by its ``view``; a seat that has
    committed seals the card ``sealing`` chooses. With ``fits``, each other seat's cards are
    drawn again (up to ``TRIES`` times) until they fit what it has played."""
    players = view["players"]
    hand = sorted(card["card"] for card in view["hand"])
    my_play = view["my_play"]
    seen = set(hand) | {card["card"] for card in view["played"]}
    if my_play is not None:
        seen.add(my_play["card"])
    unseen = [card for card in range(len(DECK)) if card not in seen]
    rng.shuffle(unseen)
    others_sealed = [s for s in view["committed"] if s != seat]
    hands = []
    for s in range(players):
        size = view["hand_sizes"][s] + (1 if s in others_sealed else 0)
        if s == seat:
            hands.append(hand)
            continue
        tries = 1
        while fits is not None and tries < TRIES and not fits(s, unseen[:size]):
            rng.shuffle(unseen)
            tries += 1
        hands.append(sorted(unseen[:size]))
        del unseen[:size]
    leo_cards = view["leo_cards_left"]
    sealed: list[int | None] = [None] * players
    targets: list[int | None] = [None] * players
    if my_play is not None:
        sealed[seat], targets[seat] = my_play["card"], my_play["target"]
    reveal = view["last_reveal"]
    state = WhyFirstState(
        seats=players,
        variant=view["variant"],
        seed=rng.getrandbits(64),
        draw=0,
        decision=0,
        stage=view["stage"],
        card_round=view["card_round"],
        positions=list(view["positions"]),
        hands=hands,
        leo_stack=unseen[:leo_cards],
        undealt=sorted(unseen[leo_cards:]),
        played=[card["card"] for card in view["played"]],
        sealed=sealed,
        targets=targets,
        turns=[(move["seat"], move["card"]) for move in view["pending_moves"]],
        scoring=[
            StageScore(
                s["stage"], s["second_place_space"], tuple(s["scorers"]),
                tuple(s["positions"]) if "positions" in s else None,
            )
            for s in view["stage_scores"]
        ],
        last_reveal=reveal_copy(reveal),
    )
    for s in others_sealed:
        ENGINE.apply(state, s, sealing(state, s, rng))
    return state
