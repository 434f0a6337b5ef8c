"""Why First?: strong reads the other seats' hands from their plays this stage, as a casual
player's judgement makes them, from its own view only."""

from __future__ import annotations

import random

import pytest

from rules.base import Budget
from rules.whyfirst import DECK, ENGINE, WhyFirstState, computer
from rules.whyfirst.casual import casual_move, judged
from rules.whyfirst.determinize import determinize
from rules.whyfirst.reading import hands_read
from rules.whyfirst.state import CARD_ROUNDS, STAGES


def casual_until(players: int, seed: int, stage: int, card_round: int) -> WhyFirstState:
    """A match of casual players up to this card round, its first seat yet to play."""
    rng = random.Random(seed)
    state = ENGINE.setup(players, {}, seed)
    while (state.stage, state.card_round) != (stage, card_round) or state.sealed[0] is not None:
        seat = min(ENGINE.to_move(state))
        ENGINE.apply(state, seat, casual_move(ENGINE.view(state, seat), seat, rng))
    return state


def holding(state: WhyFirstState, seat: int) -> list[int]:
    """``seat``'s hand and the card it has sealed this round."""
    sealed = state.sealed[seat]
    return state.hands[seat] + ([] if sealed is None else [sealed])


@pytest.mark.parametrize("players", [2, 4])
def test_the_hands_casual_players_really_hold_fit_their_plays(players: int) -> None:
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = ENGINE.setup(players, {}, seed)
        while awaited := ENGINE.to_move(state):
            seat = min(awaited)
            view = ENGINE.view(state, seat)
            fits = hands_read(view, seat)
            if fits is not None:
                for other in range(players):
                    assert fits(other, holding(state, other))
                    checked += 1
            ENGINE.apply(state, seat, casual_move(view, seat, rng))
    assert checked > 100


def test_a_hand_holding_a_card_judged_better_than_the_first_one_played_does_not_fit() -> None:
    state = casual_until(4, seed=3, stage=2, card_round=2)
    fits = hands_read(ENGINE.view(state, 0), 0)
    assert fits is not None
    totals = state.totals()
    start = [0] * state.figures

    def best(seat: int, card: int) -> float:
        return max(judged(start, 2, seat, card, f, None, totals) for f in range(state.figures))

    played = state.played[:4]  # the first card round, in seat order
    unseen = [c for c in range(len(DECK)) if c not in state.played and c not in state.hands[0]]
    tested = 0
    for other in (1, 2, 3):
        better = [c for c in unseen if best(other, c) > best(other, played[other]) + 1e-6]
        for card in better:
            kept = [c for c in holding(state, other)[1:] if c != card]
            assert not fits(other, [card, *kept])
            tested += 1
    assert tested > 0


@pytest.mark.parametrize(
    ("variant", "card_round"), [("standard", 1), ("standard", CARD_ROUNDS), ("tactical", 3)]
)
def test_nothing_is_read_where_the_plays_tell_nothing(variant: str, card_round: int) -> None:
    rng = random.Random(1)
    state = ENGINE.setup(4, {"variant": variant}, 1)
    while state.card_round != card_round or state.turns:
        seat = min(ENGINE.to_move(state))
        ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
    seat = min(ENGINE.to_move(state))
    assert hands_read(ENGINE.view(state, seat), seat) is None


def test_the_others_are_dealt_hands_that_fit() -> None:
    state = casual_until(4, seed=5, stage=1, card_round=3)
    view = ENGINE.view(state, 0)
    shunned = next(c for c in range(len(DECK)) if c not in state.played + state.hands[0])

    def fits(seat: int, cards: list[int]) -> bool:
        return shunned not in cards

    for seed in range(20):
        dealt = determinize(view, 0, random.Random(seed), fits=fits)
        assert all(shunned not in holding(dealt, s) for s in (1, 2, 3))
        assert ENGINE.view(dealt, 0) == view


def test_strong_weighs_every_move_for_the_last_card_it_chooses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    weighed: list[list[str]] = []

    def search(view: object, seat: int, moves: list[str], *args: object) -> str:
        weighed.append(moves)
        return moves[0]

    monkeypatch.setattr(computer, "_search", search)
    for stage in (STAGES - 1, STAGES):
        state = casual_until(4, seed=2, stage=stage, card_round=CARD_ROUNDS - 1)
        every = computer.distinct(ENGINE.legal_moves(state, 0), "standard")
        assert len(every) > computer.SHORTLIST
        computer.choose(ENGINE.view(state, 0), 0, "strong", 1, Budget(playouts=10))
    before_the_last, last = weighed
    assert len(before_the_last) == computer.SHORTLIST  # the short list, as in any card round
    assert last == every
