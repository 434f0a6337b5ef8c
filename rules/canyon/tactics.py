"""A quick driver for Great Canyon Race: the easy computer, and every driver in a playout.

It looks only at what its seat may know: its own hand and peek, and the public table. Each
card is judged by where it leaves the car and what the rest of the hand and the coming action
cards promise: the final score is guessed as a bell curve around that projection, and the
card with the best expected finish is played (30 is best, over 30 or under 16 is a failure).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.base import Move
from rules.canyon import race
from rules.canyon.cards import ACCELERATION, ACTIONS, ROUNDS
from rules.canyon.engine import ENGINE
from rules.canyon.rounds import SECOND_HAND_ROUND
from rules.canyon.state import CHOOSE, COMMIT, PEEK, SIGN, CanyonState

FIRST_HAND_LAST_ROUND = SECOND_HAND_ROUND - 1

FACTORS: tuple[float, ...] = tuple(
    1.0 if card.effect.send else card.effect.apply(100) / 100 for card in ACTIONS
)
"""What each action card does to a card's value on average (a send card: a neighbour's card
of about the same worth)."""

VALUES: tuple[tuple[int, ...], ...] = tuple(
    (c.value, -c.value) if c.double else (c.value,) for c in ACCELERATION
)
"""The values each card may be scored at: a double-value card's two signs."""

GAINS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(sorted({a.effect.apply(v) for v in VALUES[c]})) for a in ACTIONS)
    for c in range(len(ACCELERATION))
)
"""``GAINS[card][action]``: the moves the card can make under that action card."""

MEAN_CARD = sum(c.value for c in ACCELERATION if not c.double) / sum(
    not c.double for c in ACCELERATION
)
"""The average single-value card, for hands not dealt yet."""

UNKNOWN_SPREAD = 1.5
"""How far a round with a face-down action card may move the final score (a standard
deviation, in points)."""
KNOWN_SPREAD = 1.0
"""The same for a round whose action card is known."""

BELL = ((-2.0, 0.06), (-1.0, 0.24), (0.0, 0.40), (1.0, 0.24), (2.0, 0.06))
"""Five points and weights standing in for a normal distribution."""

CIRCLED_RISK = (0.3, 0.6, 1.5, 5.0)
"""The cost of stopping on a circled space, by the collisions the car already has: the next
collision there is likely to be this car's."""
SEND_SPITE = 0.6
"""How much a card given in a send round is weighed by the harm it does its receiver."""
LAST_SAFE_CALL_ROUND = 8
"""From this round on, a car calls no collision against itself on its third."""


def finish_value(score: float) -> float:
    """How good a final score is: 16 to 30 qualifies, 30 is best; a fall or a chicken is
    next to worthless."""
    if score > race.EDGE:
        return max(0.0, 4.0 - (score - race.EDGE))
    if score < race.CHICKEN_BELOW:
        return max(score, 0.0) * 0.4
    return 10.0 + 2.0 * (score - race.CHICKEN_BELOW)


LOWEST, HIGHEST = -40, 100
"""The projections ``CURVES`` covers; others are clamped to these."""

FINISH: tuple[float, ...] = tuple(
    finish_value(score) for score in range(race.TRACK_TOP + 1)
)
"""``finish_value`` of each space of the track."""


def _curve(spread: float) -> tuple[float, ...]:
    return tuple(
        sum(weight * finish_value(projected + z * spread) for z, weight in BELL)
        for projected in range(LOWEST, HIGHEST + 1)
    )


CURVES: dict[tuple[int, int], tuple[float, ...]] = {
    (unknown, known): _curve((unknown * UNKNOWN_SPREAD**2 + known * KNOWN_SPREAD**2) ** 0.5)
    for unknown in range(ROUNDS)
    for known in range(ROUNDS - unknown)
}
"""The expected ``finish_value`` of a projected final score (index ``projected - LOWEST``),
by how many rounds to come have a face-down and a known action card."""


@dataclass(frozen=True)
class Outlook:
    """What the rounds after this one promise a seat."""

    unseen: list[int]
    """The action cards the seat has not seen."""
    rest_of_hand: float
    """The sum of the expected action factors of the rounds left in this hand."""
    next_hand: float
    """The same for the second hand, while it is still to come."""
    curve: tuple[float, ...]
    last_actions: list[int]
    """With one round to go: the action cards round 10 may bring, as the seat knows them."""


def unseen_actions(state: CanyonState, seat: int) -> list[int]:
    """The action cards ``seat`` has not seen: face-down (but its peek), in the deck or drawn."""
    known = {state.row[r] for r in range(ROUNDS) if state.face_up[r]}
    known.update(state.action_discard)
    known.update(state.offer)
    if state.peeked[seat]:
        known.add(state.row[state.peeked[seat] - 1])
    return [a for a in range(len(ACTIONS)) if a not in known]


def known_action(state: CanyonState, seat: int, round_no: int) -> int:
    """The action card of ``round_no`` if ``seat`` knows it, else -1."""
    if state.face_up[round_no - 1] or state.peeked[seat] == round_no:
        return state.row[round_no - 1]
    return -1


def outlook(state: CanyonState, seat: int) -> Outlook:
    """What the rounds after this one promise ``seat``, from what it knows of the row."""
    unseen = unseen_actions(state, seat)
    mean = sum(FACTORS[a] for a in unseen) / len(unseen) if unseen else 0.5
    hand_end = FIRST_HAND_LAST_ROUND if state.round <= FIRST_HAND_LAST_ROUND else ROUNDS
    rest = following = 0.0
    unknown = known = 0
    for round_no in range(state.round + 1, ROUNDS + 1):
        action = known_action(state, seat, round_no)
        factor = FACTORS[action] if action >= 0 else mean
        if round_no <= hand_end:
            rest += factor
        else:
            following += factor
        if action >= 0:
            known += 1
        else:
            unknown += 1
    last: list[int] = []
    if state.round == ROUNDS - 1:
        action = known_action(state, seat, ROUNDS)
        last = [action] if action >= 0 else unseen
    return Outlook(unseen, rest, following, CURVES[unknown, known], last)


def _signed_mean(cards: list[int]) -> float:
    values = [VALUES[c][0] for c in cards if len(VALUES[c]) == 1]
    return sum(values) / len(values) if values else 0.0


def best_end(score: int, card: int, action: int) -> int:
    """The score ``card`` leads to under ``action``, a double-value card's sign chosen well."""
    ends = [race.moved(score, g) for g in GAINS[card][action]]
    return max(ends, key=FINISH.__getitem__) if len(ends) > 1 else ends[0]


def plan_value(state: CanyonState, score: int, rest: list[int], view: Outlook) -> float:
    """How promising ``score`` after this round is, with ``rest`` the cards left in the hand."""
    if state.round == ROUNDS:
        return FINISH[score]
    if view.last_actions and rest:
        # One round to go: weigh each action card it may bring against the best card for it.
        total = 0.0
        for action in view.last_actions:
            total += max(FINISH[best_end(score, c, action)] for c in rest)
        return total / len(view.last_actions)
    projected = round(score + view.rest_of_hand * _signed_mean(rest) + view.next_hand * MEAN_CARD)
    return view.curve[min(max(projected, LOWEST), HIGHEST) - LOWEST]


def collision_risk(state: CanyonState, seat: int, score: int) -> float:
    """The cost of ending this round on a circled space (not after the last round)."""
    if state.round == ROUNDS or score not in race.CIRCLED:
        return 0.0
    return CIRCLED_RISK[min(state.collisions[seat], len(CIRCLED_RISK) - 1)]


def card_value(state: CanyonState, seat: int, card: int, action: int, view: Outlook) -> float:
    """How good playing ``card`` this round under ``action`` is for ``seat``."""
    after = best_end(state.scores[seat], card, action)
    rest = [c for c in state.hands[seat] if c != card]
    return plan_value(state, after, rest, view) - collision_risk(state, seat, after)


def _receiver_value(state: CanyonState, seat: int, card: int) -> float:
    """How much the driver receiving ``card`` from ``seat`` in a send round likes it."""
    racing = state.racing()
    effect = ACTIONS[state.row[state.round - 1]].effect
    receiver = race.receiver(racing, seat, effect.send)
    if receiver == seat:
        return 0.0
    view = outlook(state, receiver)
    score = state.scores[receiver]
    future = (view.rest_of_hand + view.next_hand) * MEAN_CARD
    return max(
        view.curve[min(max(round(race.moved(score, v) + future), LOWEST), HIGHEST) - LOWEST]
        for v in VALUES[card]
    )


def send_values(state: CanyonState, seat: int) -> dict[int, float]:
    """Each card of the hand judged as the one to pass on in a send round."""
    hand = state.hands[seat]
    view = outlook(state, seat)
    score = race.moved(state.scores[seat], round(MEAN_CARD))
    return {
        card: plan_value(state, score, [c for c in hand if c != card], view)
        - SEND_SPITE * _receiver_value(state, seat, card)
        for card in hand
    }


def sure_victim(state: CanyonState) -> int:
    """The seat a collision would hit whatever the cards, or -1: the only racer on the highest
    circled space."""
    circled = [s for s in state.racing() if state.scores[s] in race.CIRCLED]
    if not circled:
        return -1
    top = max(state.scores[s] for s in circled)
    on_top = [s for s in circled if state.scores[s] == top]
    return on_top[0] if len(on_top) == 1 else -1


def worth_calling(state: CanyonState, seat: int, card: int, value: float) -> bool:
    """Call a collision to finish off a car on its fourth collision, or to swap a bad action
    card when this car is sure to be the victim and can afford the damage."""
    victim = sure_victim(state)
    if victim < 0:
        return False
    if victim != seat:
        return state.collisions[victim] >= race.COLLISIONS_SURVIVED and state.round < ROUNDS
    limit = race.COLLISIONS_SURVIVED - (state.round >= LAST_SAFE_CALL_ROUND)
    if state.collisions[seat] >= limit:
        return False
    view = outlook(state, seat)
    others = [a for a in view.unseen if not ACTIONS[a].effect.send]
    if not others:
        return False
    alternatives = sum(card_value(state, seat, card, a, view) for a in others)
    return value < alternatives / len(others)


def commit_values(state: CanyonState, seat: int) -> tuple[dict[int, float], bool]:
    """Each card of the hand judged as this round's play, and whether the round is a send
    round (no collision may be called)."""
    action = state.row[state.round - 1]
    if ACTIONS[action].effect.send:
        return send_values(state, seat), True
    view = outlook(state, seat)
    return {c: card_value(state, seat, c, action, view) for c in state.hands[seat]}, False


def _pick(values: dict[int, float], rng: random.Random, noise: float) -> int:
    """The best choice, each value blurred by ``noise`` (a standard deviation)."""
    if noise:
        return max(values, key=lambda c: values[c] + rng.gauss(0.0, noise))
    return max(values, key=values.__getitem__)


def commit(state: CanyonState, seat: int, rng: random.Random, noise: float = 0.0) -> Move:
    """The card that looks best, with a collision call when one is worth it."""
    values, send = commit_values(state, seat)
    card = _pick(values, rng, noise)
    call = not send and worth_calling(state, seat, card, values[card])
    return f"c{card}:x" if call else f"c{card}"


def shortlist(state: CanyonState, seat: int, cards: int = 3, calls: int = 2) -> list[Move]:
    """The moves worth simulating, this driver's favourite first: in a commit, the best
    ``cards`` cards played quietly and the best ``calls`` played with a collision call; in any
    other decision, every choice."""
    favourite = move(state, seat, random.Random(0))
    if state.phase == COMMIT:
        values, send = commit_values(state, seat)
        ranked = sorted(values, key=lambda c: -values[c])
        wanted = [f"c{card}" for card in ranked[:cards]]
        if not send:
            wanted += [f"c{card}:x" for card in ranked[:calls]]
    else:
        wanted = ENGINE.legal_moves(state, seat)
    return [favourite, *(m for m in wanted if m != favourite)]


def scored_card(state: CanyonState, seat: int, action: int) -> int:
    """The card ``seat`` scores this round if ``action`` applies."""
    send = ACTIONS[action].effect.send
    if not send:
        return state.sealed[seat]
    return state.sealed[race.receiver(state.racing(), seat, -send)]


def choose_action(state: CanyonState, seat: int, rng: random.Random, noise: float = 0.0) -> Move:
    """The victim's choice: the offered action card that leaves this car best placed."""
    view = outlook(state, seat)
    score, hand = state.scores[seat], state.hands[seat]
    values = {}
    for action in state.offer:
        after = best_end(score, scored_card(state, seat, action), action)
        values[action] = plan_value(state, after, hand, view)
    return f"a{_pick(values, rng, noise)}"


def sign(state: CanyonState, seat: int) -> Move:
    """The sign of a double-value card that leaves this car best placed."""
    value = ACCELERATION[state.scored[seat]].value
    effect = ACTIONS[state.applied].effect
    view = outlook(state, seat)
    score, hand = state.scores[seat], state.hands[seat]
    up = plan_value(state, race.moved(score, effect.apply(value)), hand, view)
    down = plan_value(state, race.moved(score, effect.apply(-value)), hand, view)
    return "s+" if up >= down else "s-"


def peek(state: CanyonState, seat: int) -> Move:
    """Look at the last face-down round: the one that settles the finish."""
    latest = max(r for r in range(state.round, ROUNDS + 1) if not state.face_up[r - 1])
    return f"k{latest}"


def move(
    state: CanyonState, seat: int, rng: random.Random, noise: float = 0.0, whim: float = 0.0
) -> Move:
    """This driver's move for ``seat`` now: with chance ``whim`` any legal move, else its best
    judgement, blurred by ``noise``."""
    if whim and rng.random() < whim:
        return rng.choice(ENGINE.legal_moves(state, seat))
    phase = state.phase
    if phase == COMMIT:
        return commit(state, seat, rng, noise)
    if phase == CHOOSE:
        return choose_action(state, seat, rng, noise)
    if phase == SIGN:
        return sign(state, seat)
    if phase == PEEK:
        return peek(state, seat)
    raise ValueError(f"no decision in phase {phase!r}")
