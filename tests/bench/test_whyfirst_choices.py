"""Why First?'s last-stage choices bench (``bench.whyfirst_choices``): a move's true share is
what the casual players really make of it, and strong's choice is judged against the best."""

from __future__ import annotations

import random
import sys

import pytest

from bench import whyfirst_choices
from bench.whyfirst_choices import SEATS, judged, true_share
from rules.base import Budget
from rules.whyfirst import ENGINE, computer
from rules.whyfirst.casual import casual_move
from rules.whyfirst.state import CARD_ROUNDS, STAGES

QUICK = Budget(playouts=20)


@pytest.mark.parametrize("match", [1, 2, 3])
def test_the_last_card_s_true_share_is_what_the_seat_really_wins(match: int) -> None:
    rng = random.Random(match)
    state = ENGINE.setup(SEATS, {}, match)
    while (state.stage, state.card_round) != (STAGES, CARD_ROUNDS):
        seat = min(ENGINE.to_move(state))
        ENGINE.apply(state, seat, casual_move(ENGINE.view(state, seat), seat, rng))
    seat = min(ENGINE.to_move(state))
    [last] = ENGINE.legal_moves(state, seat)
    share = true_share(state, seat, last)
    while awaited := ENGINE.to_move(state):
        mover = min(awaited)
        ENGINE.apply(state, mover, casual_move(ENGINE.view(state, mover), mover, rng))
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert share == (1 / len(outcome.winners) if seat in outcome.winners else 0.0)


def test_strong_and_the_casual_choice_are_judged_against_the_best_move() -> None:
    counted = 0
    for match in range(1, 9):
        counts, (best, first, strong) = judged(4, match, QUICK)
        assert 0.0 <= first <= best <= 1.0 and 0.0 <= strong <= best
        if not counts:
            assert best == first == strong
        counted += counts
    assert counted > 0


def test_the_report_counts_the_moves_that_matter(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["whyfirst_choices", "--matches", "3", "--seconds", "0.001", "--shortlist", "0"]
    monkeypatch.setattr(sys, "argv", argv)
    before = computer.SHORTLIST
    whyfirst_choices.main()
    out = capsys.readouterr().out
    assert "card round 4, 3 matches of four casual players, strong weighs every move" in out
    assert before == computer.SHORTLIST, "the computer's own short list is left as it is"
    for name in ("best attainable", "casual first choice", "strong's choice"):
        assert name in out
