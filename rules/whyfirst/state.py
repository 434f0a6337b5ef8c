"""Why First?: the state of a match and its JSON form.

A match is 5 stages of 5 card rounds each; ``WhyFirstState`` holds where it stands, and
``dump_state`` and ``load_state`` turn it into stored data and back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.whyfirst.scoring import StageScore

STAGES = 5
CARD_ROUNDS = 5

MAX_FIGURES = 6
"""Six players race six figures; Leo makes a third figure only with two."""


@dataclass(slots=True)
class WhyFirstState:
    """A match of Why First?. Cards are ids into ``DECK``; figures are indexed by participant.

    Each card of the current stage is in exactly one place: a hand, a sealed play, ``played``
    (revealed this stage), ``undealt`` or Leo's face-down ``leo_stack`` (top card first).
    """

    seats: int
    variant: str
    seed: int
    draw: int
    decision: int
    stage: int
    card_round: int
    positions: list[int]
    hands: list[list[int]]
    leo_stack: list[int]
    undealt: list[int]
    played: list[int]
    sealed: list[int | None]
    """Each seat's face-down card of this card round, None until it commits."""
    targets: list[int | None]
    """The figure each sealed card is played on (standard variant)."""
    turns: list[tuple[int, int]]
    """Tactical, after a reveal: (participant, card) yet to move a figure, current turn first."""
    scoring: list[StageScore]
    last_reveal: dict[str, Any] | None

    @property
    def figures(self) -> int:
        """How many figures race: one per seat, plus Leo with 2 players."""
        return self.seats + (1 if self.seats == 2 else 0)

    @property
    def leo(self) -> int | None:
        """Leo's participant index, or None when there is no Leo."""
        return self.seats if self.seats == 2 else None

    @property
    def over(self) -> bool:
        return len(self.scoring) == STAGES

    def totals(self) -> list[int]:
        """Points of every participant over the stages scored so far."""
        totals = [0] * self.figures
        for score in self.scoring:
            for figure in score.scorers:
                totals[figure] += score.points(figure)
        return totals


def reveal_copy(reveal: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A copy of a card round's reveal that the original's changes never reach: only its
    list of figure moves grows (in the tactical variant); each record in it is final."""
    return None if reveal is None else {**reveal, "moves": list(reveal["moves"])}


def dump_state(state: WhyFirstState) -> dict[str, Any]:
    """The match as stored."""
    return {
        "seats": state.seats,
        "variant": state.variant,
        "seed": state.seed,
        "draw": state.draw,
        "decision": state.decision,
        "stage": state.stage,
        "card_round": state.card_round,
        "positions": list(state.positions),
        "hands": [list(hand) for hand in state.hands],
        "leo_stack": list(state.leo_stack),
        "undealt": list(state.undealt),
        "played": list(state.played),
        "sealed": list(state.sealed),
        "targets": list(state.targets),
        "turns": [[p, c] for p, c in state.turns],
        "scoring": [_score_data(s) for s in state.scoring],
        "last_reveal": reveal_copy(state.last_reveal),
    }


def load_state(data: Mapping[str, Any]) -> WhyFirstState:
    """The match stored as ``data``."""
    return WhyFirstState(
        seats=data["seats"],
        variant=data["variant"],
        seed=data["seed"],
        draw=data["draw"],
        decision=data["decision"],
        stage=data["stage"],
        card_round=data["card_round"],
        positions=list(data["positions"]),
        hands=[list(hand) for hand in data["hands"]],
        leo_stack=list(data["leo_stack"]),
        undealt=list(data["undealt"]),
        played=list(data["played"]),
        sealed=list(data["sealed"]),
        targets=list(data["targets"]),
        turns=[(p, c) for p, c in data["turns"]],
        scoring=[
            StageScore(
                s["stage"], s["space"], tuple(s["scorers"]),
                tuple(s["positions"]) if "positions" in s else None,
            )
            for s in data["scoring"]
        ],
        last_reveal=reveal_copy(data["last_reveal"]),
    )


def _score_data(score: StageScore) -> dict[str, Any]:
    """A stage's scoring as stored."""
    data = {"stage": score.stage, "space": score.space, "scorers": list(score.scorers)}
    if score.positions is not None:
        data["positions"] = list(score.positions)
    return data
