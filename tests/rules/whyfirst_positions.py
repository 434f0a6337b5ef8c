"""Why First? positions for the rule tests: rigged hands and the cards each seat plays."""

from __future__ import annotations

from rules.whyfirst import DECK, ENGINE, StageScore, WhyFirstState

ANNE, BEN, CHRIS, DANA = 0, 1, 2, 3
LEO = 2


def rigged(
    players: int = 4,
    variant: str = "standard",
    *,
    card_round: int = 1,
    stage: int = 1,
    positions: list[int] | None = None,
    hands: dict[int, list[int]] | None = None,
    leo: list[int] | None = None,
) -> WhyFirstState:
    """A match at ``card_round`` with the given positions and hands (values; the rest filled in).

    Cards are taken from one pool of all 32 so the stage's cards stay conserved.
    """
    state = ENGINE.setup(players, {"variant": variant}, seed=7)
    state.stage = stage
    state.card_round = card_round
    if positions is not None:
        state.positions = list(positions)
    pool = list(range(len(DECK)))

    def take(value: int | None) -> int:
        card = next(c for c in pool if value is None or DECK[c].value == value)
        pool.remove(card)
        return card

    # The wanted cards first, then the fillers, so no filler takes a wanted value.
    hands_wanted = [[take(v) for v in (hands or {}).get(seat, [])] for seat in range(players)]
    leo_wanted = [take(v) for v in leo or []]
    size = 6 - card_round
    state.hands = [sorted(h + [take(None) for _ in range(size - len(h))]) for h in hands_wanted]
    if state.leo is not None:
        state.leo_stack = leo_wanted + [take(None) for _ in range(5 - card_round - len(leo_wanted))]
    state.played = [pool.pop() for _ in range(card_round - 1) for _ in range(state.figures)]
    state.undealt = sorted(pool)
    return state


def card_in_hand(state: WhyFirstState, seat: int, value: int) -> int:
    return next(c for c in state.hands[seat] if DECK[c].value == value)


def play(state: WhyFirstState, plays: dict[int, tuple[int, int]]) -> list:
    """Standard card round: each seat plays a card of ``value`` on ``target``."""
    events = []
    for seat, (value, target) in plays.items():
        events += ENGINE.apply(state, seat, f"p{card_in_hand(state, seat, value)}:{target}")
    return events


def commit(state: WhyFirstState, values: dict[int, int]) -> list:
    """Tactical card round: each seat plays a card of ``value`` in front of itself."""
    events = []
    for seat, value in values.items():
        events += ENGINE.apply(state, seat, f"p{card_in_hand(state, seat, value)}")
    return events




def finished(totals_by_stage: list[list[int]], players: int = 4) -> WhyFirstState:
    """A finished match whose stages scored so that participants have these points."""
    state = ENGINE.setup(players, {}, seed=1)
    state.scoring = []
    for stage, points in enumerate(totals_by_stage, start=1):
        (space,) = {p for p in points if p} or {None}
        scorers = tuple(f for f, p in enumerate(points) if p)
        state.scoring.append(StageScore(stage, space, scorers))
    return state
