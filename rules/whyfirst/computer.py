"""Why First?: the computer player (``rules.base.Computer``).

It decides from its seat's view alone. A simulation deals the hidden cards anew
(``determinize``, the cards other seats have already sealed this round chosen as the level
imagines them, ``IMAGINING``), plays one candidate move, lets every seat play on to the end
of the stage as a casual player aiming for the second-highest total would (``casual``, with
a random move now and then), and judges the scored stage by the share of the victory it promises
(``standing``). Every candidate is tried on the same deals, so they are compared fairly; a
candidate that falls clearly behind the best is dropped (a race), and the best on average is
played.

- ``strong`` simulates for the whole budget, on the few moves a casual player's judgement
  (``casual.move_value``) ranks best: at four seats a hand offers up to 20 moves, too many to
  tell apart in a second of thought, and the short list leaves each many more deals. For
  the last stage's last card it chooses (card round 4: which of two cards to play where, and
  which to keep) it weighs every move: there are few, and the match is decided there. It deals
  the others hands that fit what they have played this stage (``reading``).
- ``easy`` runs a few dozen simulations, three or four per candidate, and imagines the
  others more loosely: it sees the obvious and misjudges the close calls.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from typing import Any, NamedTuple

from rules.base import LEVELS, Budget, Move
from rules.whyfirst.casual import casual_choice, move_value
from rules.whyfirst.determinize import Sealing, determinize
from rules.whyfirst.engine import ENGINE
from rules.whyfirst.playout import VALUE, policy_move
from rules.whyfirst.reading import hands_read
from rules.whyfirst.standing import win_chance
from rules.whyfirst.state import CARD_ROUNDS, STAGES, WhyFirstState

EASY_PLAYOUTS = 48
"""The easy level's simulations for one decision."""
MIN_ROUNDS = 8
"""Deals every candidate is tried on before any is dropped, and between two judgements."""
SHORTLIST = 5
"""How many of the moves the casual judgement ranks best the strong level weighs."""
CONFIDENCE = 2.0
"""How many standard errors behind the best a candidate must fall to be dropped."""


class Imagining(NamedTuple):
    """How a level imagines the other seats in its simulations."""

    whim: float
    """How often a simulated seat plays a move drawn at random instead of the casual one."""
    sealing: Sealing
    """How a seat that has already sealed its card this round chose it."""
    reads: bool
    """Whether the others' hands are dealt to fit their plays this stage (``reading``)."""


IMAGINING = {
    "strong": Imagining(0.1, casual_choice, True),
    "easy": Imagining(0.2, policy_move, False),
}
"""Strong imagines the others close to the casual play it meets; easy more loosely."""


def choose(
    view: Mapping[str, Any], seat: int, level: str, seed: int, budget: Budget,
    weighed: int = SHORTLIST,
) -> Move:
    """The move ``seat`` makes, decided from its ``view`` at this ``level`` within ``budget``;
    ``weighed``: how many moves strong weighs before the last chosen card."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    rng = random.Random(seed)
    state = determinize(view, seat, rng)
    moves = ENGINE.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no move to make")
    candidates = distinct(moves, view["variant"])
    if level == "easy":
        budget = Budget(playouts=EASY_PLAYOUTS)
    elif state.stage < STAGES or state.card_round < CARD_ROUNDS - 1:
        candidates = shortlist(state, seat, candidates, weighed)
    if len(candidates) == 1:
        return candidates[0]
    return _search(view, seat, candidates, rng, budget, IMAGINING[level])


def shortlist(
    state: WhyFirstState, seat: int, moves: list[Move], size: int = SHORTLIST
) -> list[Move]:
    """The ``size`` moves a casual player's judgement ranks best, best first (the
    judgement reads only the figures, the totals and ``seat``'s own hand)."""
    totals = state.totals()
    ranked = sorted(moves, key=lambda move: -move_value(state, seat, move, totals))
    return ranked[:size]


def distinct(moves: list[Move], variant: str) -> list[Move]:
    """One move of each kind: in the standard variant two cards of one value played on one
    figure do the same (in the tactical one the white numbers tell them apart)."""
    if variant != "standard":
        return moves
    kinds: dict[tuple[int, str], Move] = {}
    for move in moves:
        card, target = move[1:].split(":")
        kinds.setdefault((VALUE[int(card)], target), move)
    return list(kinds.values())


def _search(
    view: Mapping[str, Any], seat: int, moves: list[Move], rng: random.Random, budget: Budget,
    imagining: Imagining,
) -> Move:
    """Try the candidates still in the race on one deal after another until the budget is
    spent; the best average wins."""
    results: list[list[float]] = [[] for _ in moves]
    alive = list(range(len(moves)))
    start = time.process_time()
    fits = hands_read(view, seat) if imagining.reads else None
    done = 0
    while True:
        deal_seed = rng.getrandbits(64)
        for i in alive:
            if not _thinking(budget, done, start):
                return moves[_best(alive, results)]
            done += 1
            deal = random.Random(deal_seed)
            state = determinize(view, seat, deal, imagining.sealing, fits)
            results[i].append(_simulate(state, seat, moves[i], deal, imagining.whim))
        alive = _still_in_race(alive, results)


def _thinking(budget: Budget, done: int, start: float) -> bool:
    """Whether another simulation fits: exactly ``playouts`` of them, else the CPU seconds."""
    if budget.playouts is not None:
        return done < budget.playouts
    return done == 0 or time.process_time() - start < budget.seconds


def _best(alive: list[int], results: list[list[float]]) -> int:
    """The candidate with the best average so far."""
    return max(alive, key=lambda i: sum(results[i]) / len(results[i]) if results[i] else -1.0)


def _still_in_race(alive: list[int], results: list[list[float]]) -> list[int]:
    """The candidates not clearly behind the best: compared deal by deal, the best leads by
    less than ``CONFIDENCE`` standard errors. Judged every ``MIN_ROUNDS`` deals; two stay in
    the race whatever happens."""
    rounds = len(results[alive[0]])
    if rounds % MIN_ROUNDS or len(alive) <= 2:
        return alive
    best = _best(alive, results)
    lead = {}
    for i in alive:
        gaps = [b - r for b, r in zip(results[best], results[i], strict=True)]
        mean = sum(gaps) / rounds
        spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (rounds - 1) / rounds)
        lead[i] = mean - CONFIDENCE * spread
    ranked = sorted(alive, key=lambda i: lead[i])
    return [i for n, i in enumerate(ranked) if n < 2 or lead[i] <= 0]


def _simulate(
    state: WhyFirstState, seat: int, move: Move, rng: random.Random, whim: float
) -> float:
    """Play ``move`` and the rest of the stage; the share of the victory it leads to."""
    ENGINE.apply(state, seat, move)
    _play_on(state, rng, whim)
    return win_chance(state.totals(), seat, len(state.scoring), rng)


def _play_on(state: WhyFirstState, rng: random.Random, whim: float) -> None:
    """Every seat plays the stage on as a casual player would, on a whim now and then."""
    stage = state.stage
    while state.stage == stage and not state.over:
        seat = min(ENGINE.to_move(state))
        if rng.random() < whim:
            ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
        else:
            ENGINE.apply(state, seat, casual_choice(state, seat, rng))
