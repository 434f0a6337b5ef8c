"""Hare and Tortoise invariants over random legal play (2-6 players, two-marker game).

Uniformly random play does not end: carrots pile up faster than a random walk sheds them
(tortoise earnings, position payouts, carrot-space takes) while the Finish wants at most
10 x place. So uniform play is checked for a fixed number of moves, and termination is
checked with ``purposeful_move`` (random now and then, otherwise heading for lettuces and a
carrot budget that meets the Finish), also when it takes over a match that uniform play left
in a mess. Over 5,000 seeded games the longest took about 800 moves; the cap is far above.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.base import IllegalMove
from rules.hare import ENGINE
from rules.hare.board import FINISH
from rules.hare.policy import purposeful_move
from rules.hare.state import HareState

MOVE_CAP = 4000
UNIFORM_MOVES = 250

tables = st.sampled_from([(2, {}), (2, {"two_markers": False}), (3, {}), (4, {}), (5, {}), (6, {})])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


class Watcher:
    """Checks every invariant after each move."""

    def __init__(self, state: HareState) -> None:
        self.lettuces = [p.lettuces for p in state.players]
        self.decision = ENGINE.decision_point(state)
        self.check(state)

    def check(self, state: HareState) -> None:
        assert all(p.carrots >= 0 for p in state.players)
        on_track = [m.space for m in state.markers if 0 < m.space < FINISH]
        assert len(on_track) == len(set(on_track)), "two markers on one action space"
        lettuces = [p.lettuces for p in state.players]
        assert all(0 <= now <= before for now, before in zip(lettuces, self.lettuces, strict=True))
        self.lettuces = lettuces
        decision = ENGINE.decision_point(state)
        assert decision >= self.decision
        self.decision = decision
        to_move = ENGINE.to_move(state)
        outcome = ENGINE.outcome(state)
        assert (not to_move) == (outcome is not None)
        for seat in range(state.seats):
            moves = ENGINE.legal_moves(state, seat)
            assert bool(moves) == (seat in to_move), "an awaited seat must have a decision"
            assert all(len(m) <= 40 for m in moves)
        data = ENGINE.dump(state)
        assert json.loads(json.dumps(data)) == data
        assert ENGINE.load(data) == state
        assert ENGINE.dump(ENGINE.load(data)) == data
        json.dumps(ENGINE.view(state, None))
        if outcome is not None:
            check_outcome(state)


def check_outcome(state: HareState) -> None:
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert sorted(outcome.places) == list(range(1, state.seats + 1))
    assert outcome.winners == {s for s, p in enumerate(outcome.places) if p == 1}
    assert outcome.scores == tuple(state.seats - p for p in outcome.places)
    home = [all(state.markers[m].finished for m in state.markers_of(s)) for s in range(state.seats)]
    if state.two_markers:
        (winner,) = outcome.winners
        assert home[winner] and sum(home) == 1
    else:
        assert sum(home) == state.seats - 1
        for seat in range(state.seats):
            if home[seat]:
                assert outcome.places[seat] == state.markers[state.markers_of(seat)[0]].finish_place


def step(state: HareState, move_of: Callable[[HareState, int], str]) -> None:
    """Apply one move chosen by ``move_of``; a decision point moves on with it."""
    (seat,) = ENGINE.to_move(state)
    move = move_of(state, seat)
    before = ENGINE.decision_point(state)
    events = ENGINE.apply(state, seat, move)
    assert all(isinstance(e.kind, str) for e in events)
    json.dumps([e.to_json() for e in events])
    assert ENGINE.decision_point(state) > before or not ENGINE.to_move(state)


def play(
    state: HareState,
    choose: Callable[[HareState, int], str],
    moves: int,
    watcher: Watcher | None = None,
) -> None:
    """Up to ``moves`` moves chosen by ``choose``, checking invariants when watched."""
    for _ in range(moves):
        if not ENGINE.to_move(state):
            return
        step(state, choose)
        if watcher is not None:
            watcher.check(state)


@settings(max_examples=40, deadline=None)
@given(table=tables, seed=seeds, choices=seeds)
def test_purposeful_play_ends_within_the_cap_keeping_every_invariant(
    table: tuple[int, dict], seed: int, choices: int
) -> None:
    players, options = table
    state = ENGINE.setup(players, options, seed)
    rng = random.Random(choices)
    play(state, lambda s, seat: purposeful_move(s, seat, rng), MOVE_CAP, Watcher(state))
    assert ENGINE.outcome(state) is not None, f"no end within {MOVE_CAP} moves"


@settings(max_examples=40, deadline=None)
@given(table=tables, seed=seeds, choices=seeds)
def test_uniform_random_play_keeps_every_invariant_and_can_still_be_finished(
    table: tuple[int, dict], seed: int, choices: int
) -> None:
    players, options = table
    state = ENGINE.setup(players, options, seed)
    rng = random.Random(choices)
    play(
        state,
        lambda s, seat: rng.choice(ENGINE.legal_moves(s, seat)),
        UNIFORM_MOVES,
        Watcher(state),
    )
    play(state, lambda s, seat: purposeful_move(s, seat, rng, whim=0.0), MOVE_CAP)
    assert ENGINE.outcome(state) is not None, "a match left by random play could not end"
    check_outcome(state)


@settings(max_examples=30, deadline=None)
@given(table=tables, seed=seeds, choices=seeds, moves=st.integers(0, 120))
def test_an_illegal_move_never_changes_the_state(
    table: tuple[int, dict], seed: int, choices: int, moves: int
) -> None:
    players, options = table
    state = ENGINE.setup(players, options, seed)
    rng = random.Random(choices)
    for _ in range(moves):
        if not ENGINE.to_move(state):
            break
        step(state, lambda s, seat: rng.choice(ENGINE.legal_moves(s, seat)))
    before = ENGINE.dump(state)
    suffixes = ["@0", "@1"] if state.two_markers else [""]
    candidates = [f"{a}{t}{s}" for a in "fb" for t in range(0, 66, 7) for s in suffixes]
    candidates += [f"{a}{s}" for a in ("take", "give", "eat") for s in suffixes]
    for seat in range(players):
        legal = set(ENGINE.legal_moves(state, seat))
        for move in candidates:
            if move in legal:
                continue
            with pytest.raises(IllegalMove) as caught:
                ENGINE.apply(state, seat, move)
            assert caught.value.reason
            assert ENGINE.dump(state) == before


@pytest.mark.parametrize(("players", "options", "cap"), [(4, {}, 200), (2, {}, 300)])
def test_the_default_move_at_every_seat_brings_the_race_home(
    players: int, options: dict, cap: int
) -> None:
    """Seats on autopilot (the purposeful policy without whims) finish in about the moves a
    race of casual players takes: none sits on a carrot space taking carrots until one jump
    would pay its way home."""
    for seed in range(12):
        state = ENGINE.setup(players, options, seed)
        rng = random.Random(seed)
        play(state, lambda s, seat, rng=rng: purposeful_move(s, seat, rng, whim=0.0), cap)
        assert ENGINE.outcome(state) is not None, f"seed {seed}: no end within {cap} moves"
