"""Why First?: a quick policy, and the outlook it judges a figure by (the default move's too).

Only a figure on the second place space scores when a stage ends, so a card is judged by
where it leaves the figures: what its player's figure would score if the stage ended there,
or how far it is from the second place (``outlook``). The policy plays on a whim now and then,
and otherwise looks at a few options drawn at random and plays the one that looks best: cheap
enough to play many thousands of moves a second, and far from predictable.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.base import Move
from rules.whyfirst.cards import DECK
from rules.whyfirst.engine import clamp
from rules.whyfirst.state import CARD_ROUNDS, WhyFirstState

VALUE = tuple(card.value for card in DECK)
"""Each race card's value, by card id."""

WHIM = 0.25
"""How often the policy plays a move drawn at random."""
LOOKS = 3
"""How many options (card and figure) the policy draws and compares otherwise."""


def draw(rng: random.Random, count: int) -> int:
    """An index below ``count`` drawn at random (``random()`` is the cheapest draw there is)."""
    return int(rng.random() * count)


def outlook(positions: Sequence[int], figure: int) -> float:
    """How good ``positions`` look for ``figure`` before the stage ends: its stage points, or
    a penalty of half a point per space it stands away from the second place."""
    mine = positions[figure]
    higher = sorted({space for space in positions if space > mine})
    if len(higher) == 1:
        return float(mine)
    if higher:
        return -0.5 * (higher[-2] - mine)
    below = max((space for space in positions if space < mine), default=mine)
    return -0.5 * (mine - below)  # in the lead: the second place is below


def policy_move(state: WhyFirstState, seat: int, rng: random.Random) -> Move:
    """A plausible move for ``seat`` that costs little to find."""
    if state.turns:
        return f"f{_pick_figure(state, seat, rng)}"
    hand = state.hands[seat]
    tactical = state.variant == "tactical"
    if state.card_round == CARD_ROUNDS and not tactical:
        return f"p{hand[0]}:{seat}"  # the last card goes in front of yourself
    card, figure = _card_and_figure(state, seat, rng)
    return f"p{card}" if tactical else f"p{card}:{figure}"


def _card_and_figure(state: WhyFirstState, seat: int, rng: random.Random) -> tuple[int, int]:
    """A card of ``seat``'s hand and the figure it should move."""
    hand = state.hands[seat]
    figures = state.figures
    if rng.random() < WHIM:
        return hand[draw(rng, len(hand))], draw(rng, figures)
    positions = list(state.positions)
    # Standard, card round 4: the card kept moves you in round 5.
    keeps = len(hand) == 2 and state.variant == "standard"
    best, best_option = float("-inf"), (hand[0], seat)
    for _ in range(LOOKS):
        card, figure = hand[draw(rng, len(hand))], draw(rng, figures)
        before, mine = positions[figure], positions[seat]
        positions[figure] = clamp(before + VALUE[card])
        if keeps:
            kept = hand[0] if card == hand[1] else hand[1]
            positions[seat] = clamp(positions[seat] + VALUE[kept])
        score = outlook(positions, seat)
        positions[seat], positions[figure] = mine, before
        if score > best:
            best, best_option = score, (card, figure)
    return best_option


def _pick_figure(state: WhyFirstState, seat: int, rng: random.Random) -> int:
    """Tactical: the figure to move with this turn's card."""
    if rng.random() < WHIM:
        return draw(rng, state.figures)
    value = VALUE[state.turns[0][1]]
    positions = list(state.positions)
    best, best_figure = float("-inf"), seat
    for figure, before in enumerate(state.positions):
        positions[figure] = clamp(before + value)
        score = outlook(positions, seat)
        positions[figure] = before
        if score > best:
            best, best_figure = score, figure
    return best_figure

