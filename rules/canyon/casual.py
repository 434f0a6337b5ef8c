"""A casual driver of Great Canyon Race, written from the rulebook: the bench's opponent.

It is not the project's own easy level. It plays as a sensible player at a real table: it
adds up the cards left in its hand (about half their face value, as the action cards go) to
end each hand at its mark, a few points below the edge after the second; it aims for exactly
30 in the last round without going over, steps off the circled spaces, and calls a collision
only when it cannot hurt itself (a rival on its fourth is put out of the race, or it is the
sure victim and wants to swap a bad action card). It judges the cards at face value, as the
round's action card changes them, without counting the deck or guessing the face-down action
cards. It decides from its seat's view alone.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.base import Move
from rules.canyon import race
from rules.canyon.cards import ACCELERATION, ACTIONS, ROUNDS
from rules.canyon.determinize import determinize
from rules.canyon.state import CHOOSE, COMMIT, PEEK, SIGN, CanyonState

HAND_GOALS = {5: 14, ROUNDS: 28}
"""Where the driver means to stand after the last round of each hand (rounds 5 and 10)."""
HAND_SHARE = 0.5
"""What the driver expects its other cards to move it, as a share of their face value."""
MEAN_CARD = sum(c.value for c in ACCELERATION if not c.double) / sum(
    not c.double for c in ACCELERATION
)
"""A card it does not know, such as a rival's, is taken as the average card."""
CIRCLED_STEP = 3.0
"""How far from its pace a driver will stray to keep off a circled space."""
BAD_ACTION = 6.0
"""How far from its pace the best card must leave it before a sure victim calls a collision
to swap the action card."""


def casual_move(view: Mapping[str, Any], seat: int, rng: random.Random) -> Move:
    """The casual driver's move for ``seat``, from its view alone."""
    state = determinize(view, rng)
    phase = state.phase
    if phase == COMMIT:
        return _commit(state, seat)
    if phase == CHOOSE:
        return _choose_action(state, seat)
    if phase == SIGN:
        return _sign(state, seat)
    if phase == PEEK:
        latest = max(r for r in range(state.round, ROUNDS + 1) if not state.face_up[r - 1])
        return f"k{latest}"
    raise ValueError(f"no decision in phase {phase!r}")


def _miss(state: CanyonState, after: int, rest: list[int] | None) -> float:
    """How far ``after`` this round is from where a driver with the cards ``rest`` left in its
    hand wants to be (smaller is better); a rival's hand (None) counts as an average one."""
    if state.round == ROUNDS:
        if race.CHICKEN_BELOW <= after <= race.EDGE:
            return race.EDGE - after
        return 100.0 + abs(after - race.EDGE)
    end = min(r for r in HAND_GOALS if r >= state.round)
    if rest is None:
        coming = (end - state.round) * MEAN_CARD
    else:
        coming = sum(ACCELERATION[c].value for c in rest if not ACCELERATION[c].double)
    miss = abs(after + HAND_SHARE * coming - HAND_GOALS[end])
    return miss + (CIRCLED_STEP if after in race.CIRCLED else 0.0)


def _values(card: int) -> tuple[int, ...]:
    value = ACCELERATION[card].value
    return (value, -value) if ACCELERATION[card].double else (value,)


def _best_after(
    state: CanyonState, score: int, card: int, action: int, rest: list[int] | None
) -> int:
    """The score ``card`` leaves the driver on under ``action``, its sign chosen well."""
    effect = ACTIONS[action].effect
    ends = [race.moved(score, effect.apply(v)) for v in _values(card)]
    return min(ends, key=lambda end: _miss(state, end, rest))


def _without(hand: list[int], card: int) -> list[int]:
    return [c for c in hand if c != card]


def _commit(state: CanyonState, seat: int) -> Move:
    action = state.row[state.round - 1]
    hand = state.hands[seat]
    if ACTIONS[action].effect.send:
        return f"c{_gift(state, seat, action)}"
    score = state.scores[seat]
    misses = {}
    for c in hand:
        rest = _without(hand, c)
        misses[c] = _miss(state, _best_after(state, score, c, action, rest), rest)
    card = min(hand, key=lambda c: (misses[c], c))
    return f"c{card}:x" if _calls(state, seat, misses[card]) else f"c{card}"


def _gift(state: CanyonState, seat: int, action: int) -> int:
    """In a send round: the card that leaves the receiver furthest from where it wants to be."""
    receiver = race.receiver(state.racing(), seat, ACTIONS[action].effect.send)
    theirs = state.scores[receiver]

    hand = state.hands[seat]
    if receiver == seat:  # a lone driver keeps its own card

        def own(card: int) -> float:
            rest = _without(hand, card)
            return _miss(state, _best_after(state, theirs, card, action, rest), rest)

        return min(hand, key=lambda c: (own(c), c))

    def harm(card: int) -> float:
        return _miss(state, _best_after(state, theirs, card, action, None), None)

    return max(hand, key=lambda c: (harm(c), -c))


def _calls(state: CanyonState, seat: int, miss: float) -> bool:
    """Call a collision that cannot backfire: a rival sure to be hit on its fourth collision
    before the last round, or this car sure to be hit, with damage to spare and a bad card."""
    circled = [s for s in state.racing() if state.scores[s] in race.CIRCLED]
    if not circled:
        return False
    top = max(state.scores[s] for s in circled)
    on_top = [s for s in circled if state.scores[s] == top]
    if len(on_top) != 1:
        return False
    victim = on_top[0]
    if victim != seat:
        return state.collisions[victim] >= race.COLLISIONS_SURVIVED and state.round < ROUNDS
    return state.collisions[seat] < race.COLLISIONS_SURVIVED - 1 and miss > BAD_ACTION


def _choose_action(state: CanyonState, seat: int) -> Move:
    """The victim keeps the offered action card that leaves it nearest its pace."""
    score = state.scores[seat]
    racing = state.racing()

    def miss(action: int) -> float:
        send = ACTIONS[action].effect.send
        giver = race.receiver(racing, seat, -send) if send else seat
        hand = state.hands[seat]
        return _miss(state, _best_after(state, score, state.sealed[giver], action, hand), hand)

    return f"a{min(state.offer, key=lambda a: (miss(a), a))}"


def _sign(state: CanyonState, seat: int) -> Move:
    value = ACCELERATION[state.scored[seat]].value
    effect = ACTIONS[state.applied].effect
    score = state.scores[seat]
    hand = state.hands[seat]
    up = _miss(state, race.moved(score, effect.apply(value)), hand)
    down = _miss(state, race.moved(score, effect.apply(-value)), hand)
    return "s+" if up <= down else "s-"

