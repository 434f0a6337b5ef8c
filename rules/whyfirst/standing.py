"""Why First?: how the match stands for a participant once a stage is scored.

After the fifth stage the result is certain: a participant's share of the victory. Earlier,
the stages still to come are imagined many times over, each handing one participant the
points of a second place space such as play produces, and the shares are averaged.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.whyfirst.playout import draw
from rules.whyfirst.scoring import winners_of
from rules.whyfirst.state import STAGES

SECOND_PLACE_SPACES = (0, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 7, 8)
"""Spaces a stage's second place is often on, as often as plausible play puts it there
(plays of the computer's own policy: mostly 2 to 5, rarely below 0 or above 8)."""

FUTURES = 8
"""How many futures are imagined for one judgement."""


def win_share(totals: Sequence[int], participant: int) -> float:
    """The share of the victory ``participant`` holds with these final totals."""
    winners = winners_of(totals)
    return 1 / len(winners) if participant in winners else 0.0


def win_chance(
    totals: Sequence[int], participant: int, stages_scored: int, rng: random.Random
) -> float:
    """The share of the victory ``participant`` may expect, the stages left imagined."""
    stages_left = STAGES - stages_scored
    if stages_left == 0:
        return win_share(totals, participant)
    chance = 0.0
    for _ in range(FUTURES):
        future = list(totals)
        for _ in range(stages_left):
            space = SECOND_PLACE_SPACES[draw(rng, len(SECOND_PLACE_SPACES))]
            future[draw(rng, len(future))] += space
        chance += win_share(future, participant)
    return chance / FUTURES
