"""A full Great Canyon Race state rebuilt from one seat's view, the hidden cards sampled.

What the seat cannot see is drawn at random among the cards it has not seen: the other
drivers' hands, the stock's order, the face-down action cards of the row (but the one it
peeked at) and the action deck. A driver who has already committed this round is given its
card back, uncommitted: the simulation decides its play again, as the seat would guess it.
Signs already chosen in secret are left to the simulation's caller (``hidden_signs``).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from rules.canyon import race
from rules.canyon.cards import ACCELERATION, ACTIONS
from rules.canyon.state import CHOOSE, COMMIT, SIGN, CanyonState


def _ids(cards: list[Mapping[str, Any]], key: str) -> list[int]:
    return [int(card[key]) for card in cards]


def determinize(view: Mapping[str, Any], rng: random.Random) -> CanyonState:
    """A state the seat of ``view`` cannot tell from the real one, hidden cards drawn by ``rng``.

    The seat's own legal moves are the same as in the real state.
    """
    seat = int(view["seat"])
    seats = int(view["players"])
    phase = view["phase"]
    current = view["current"]
    hand = _ids(view["hand"], "card")
    played = _ids(view["played"], "card")

    # Acceleration cards: the other hands (a committed card back in its hand), then the stock.
    sizes = list(view["hand_sizes"])
    if phase == COMMIT:
        for other in view["committed"]:
            if other != seat:
                sizes[other] += 1
    seen = set(hand) | set(played)
    if view["my_play"] is not None and phase == COMMIT:
        seen.add(int(view["my_play"]["card"]))
    pool = [c for c in range(len(ACCELERATION)) if c not in seen]
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for other in range(seats):
        if other == seat:
            hands.append(sorted(hand))
        else:
            hands.append(sorted(pool[: sizes[other]]))
            del pool[: sizes[other]]

    # Action cards: the face-down rounds (the peeked one known), then the action deck.
    row = [int(cell["action"]) if cell["face_up"] else -1 for cell in view["row"]]
    peeked = view["peeked"]
    if peeked is not None:
        row[int(peeked["round"]) - 1] = int(peeked["action"])
    offer = _ids(current["offer"], "action") if current and phase in (CHOOSE, SIGN) else []
    discard = _ids(view["action_discard"], "action")
    known = {a for a in row if a >= 0} | set(offer) | set(discard)
    unseen = [a for a in range(len(ACTIONS)) if a not in known]
    rng.shuffle(unseen)
    for index, action in enumerate(row):
        if action < 0:
            row[index] = unseen.pop()
    deck = unseen[: int(view["action_deck"])]

    sealed, calls, scored = [-1] * seats, [False] * seats, [-1] * seats
    victims: list[int] = []
    applied = -1
    if phase in (CHOOSE, SIGN):
        for play in current["plays"]:
            sealed[play["seat"]] = int(play["card"])
        for caller in current["callers"]:
            calls[caller] = True
        victims = list(current["victims"])
    if phase == SIGN:
        applied = int(current["applied"]["action"])
        effect = ACTIONS[applied].effect
        racing = [s for s in range(seats) if not view["eliminated"][s]]
        for giver in racing:
            to = race.receiver(racing, giver, effect.send) if effect.send else giver
            scored[to] = sealed[giver]

    return CanyonState(
        seats=seats,
        seed=rng.getrandbits(63),
        draw=1,
        decision=int(view["decision"]),
        round=int(view["round"]),
        phase=phase,
        scores=list(view["scores"]),
        collisions=list(view["collisions"]),
        eliminated_in=[r or 0 for r in view["eliminated_in"]],
        hero=list(view["hero"]),
        hands=hands,
        stock=pool,
        row=row,
        face_up=[bool(cell["face_up"]) for cell in view["row"]],
        action_deck=deck,
        action_discard=discard,
        sealed=sealed,
        calls=calls,
        offer=offer,
        victims=victims,
        applied=applied,
        scored=scored,
        signs=[0] * seats,
        sign_awaited=list(view["sign_awaited"]),
        six_cards=list(view["six_cards"]),
        peekers=list(view["peekers"]),
        peeked=[r or 0 for r in view["peeks"]],
        reveal=copy.deepcopy(current),
        last_round=copy.deepcopy(view["last_round"]),
    )


def hidden_signs(state: CanyonState) -> list[int]:
    """The seats that already chose the sign of a double-value card in secret this round: their
    sign is 0 in a rebuilt state until the caller picks one."""
    if state.phase != SIGN:
        return []
    effect = ACTIONS[state.applied].effect
    chose = []
    for seat in state.racing():
        card = ACCELERATION[state.scored[seat]]
        if (
            card.double
            and seat not in state.sign_awaited
            and effect.apply(card.value) != effect.apply(-card.value)
        ):
            chose.append(seat)
    return chose

