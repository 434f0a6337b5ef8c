"""Why First?: scoring a stage and the final standings.

The rulings on who scores and who wins, each in one place: the second place space of a stage
(``second_place``), the winners (``winners_of``) and everyone's place (``places_of``), and a
stage's scoring as kept (``StageScore``) and as the public sees it (``score_json``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


def second_place(positions: Sequence[int]) -> int | None:
    """The second-highest occupied space, or None when all figures share one space (ruling)."""
    spaces = sorted(set(positions), reverse=True)
    return spaces[1] if len(spaces) > 1 else None


def winners_of(totals: Sequence[int]) -> frozenset[int]:
    """Who holds the second-highest distinct total (ruling); all win when all totals are equal."""
    distinct = sorted(set(totals), reverse=True)
    winning = distinct[1] if len(distinct) > 1 else distinct[0]
    return frozenset(i for i, total in enumerate(totals) if total == winning)


def places_of(totals: Sequence[int], winners: frozenset[int]) -> tuple[int, ...]:
    """Places for the result (ruling): the winners 1st; then those on the highest total (they
    were first, which is not what the game rewards); then everyone else by total, descending.
    Ties share a place and the next place is skipped (1, 2, 2, 4)."""
    highest = max(totals)

    def rank_key(i: int) -> tuple[int, int]:
        tier = 0 if i in winners else 1 if totals[i] == highest else 2
        return tier, -totals[i]

    keys = [rank_key(i) for i in range(len(totals))]
    return tuple(1 + sum(other < key for other in keys) for key in keys)


@dataclass(frozen=True)
class StageScore:
    """The scoring after one stage: the second place space and the figures that stood on it."""

    stage: int
    space: int | None
    scorers: tuple[int, ...]
    positions: tuple[int, ...] | None = None
    """Where every figure stood when the stage ended (None in matches stored before it was
    kept)."""

    def points(self, figure: int) -> int:
        """What ``figure`` scored this stage."""
        return self.space if self.space is not None and figure in self.scorers else 0


def score_json(score: StageScore, figures: int) -> dict[str, Any]:
    """A stage's scoring as the public sees it, with the figures' final positions."""
    data = {
        "stage": score.stage,
        "second_place_space": score.space,
        "scorers": list(score.scorers),
        "points": score.space if score.space is not None else 0,
        "scores": [score.points(f) for f in range(figures)],
    }
    if score.positions is not None:
        data["positions"] = list(score.positions)
    return data
