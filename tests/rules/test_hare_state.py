"""Hare and Tortoise: the stored form of a match, and the quick move checks agreeing with the
rules' own reasons (``forward_problem``, ``back_problem``, ``stay_problem``)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.hare import ENGINE, purposeful_move
from rules.hare.board import FINISH
from rules.hare.moves import can_move, legal_moves, move_problem
from rules.hare.state import HareState, copy_state

tables = st.sampled_from([(2, {}), (2, {"two_markers": False}), (3, {}), (4, {}), (6, {})])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def played(players: int, options: dict, seed: int, moves: int, whim: float = 0.3) -> HareState:
    """A match after up to ``moves`` moves of purposeful play with whims."""
    state = ENGINE.setup(players, options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if not ENGINE.to_move(state):
            break
        (seat,) = ENGINE.to_move(state)
        ENGINE.apply(state, seat, purposeful_move(state, seat, rng, whim))
    return state


def candidate_codes() -> list[str]:
    """Legal-looking and odd codes for every marker: forward, back, stay, leading zeros."""
    bodies = [f"f{t}" for t in range(FINISH + 2)] + [f"b{t}" for t in range(FINISH)]
    bodies += ["take", "give", "f05", "b011", "eat"]
    return [body + suffix for body in bodies for suffix in ("", "@0", "@1", "@2")]


CODES = candidate_codes()


def test_a_long_match_is_stored_exactly_as_before_and_loads_back_at_every_move() -> None:
    state = ENGINE.setup(6, {}, seed=2024)
    rng = random.Random(5)
    moves = 0
    while ENGINE.to_move(state):
        (seat,) = ENGINE.to_move(state)
        ENGINE.apply(state, seat, purposeful_move(state, seat, rng))
        moves += 1
        data = ENGINE.dump(state)
        # the stored JSON is byte for byte what dataclasses.asdict gave before
        assert json.dumps(data) == json.dumps(dataclasses.asdict(state))
        again = ENGINE.load(json.loads(json.dumps(data)))
        assert again == state
        assert json.dumps(ENGINE.dump(again)) == json.dumps(data)
    assert moves > 100 and ENGINE.outcome(state) is not None


@settings(max_examples=25, deadline=None)
@given(table=tables, seed=seeds, moves=st.integers(0, 300))
def test_a_copy_plays_on_alone(table: tuple[int, dict], seed: int, moves: int) -> None:
    players, options = table
    state = played(players, options, seed, moves)
    twin = copy_state(state)
    assert twin == state and ENGINE.dump(twin) == ENGINE.dump(state)
    before = ENGINE.dump(state)
    rng = random.Random(seed)
    for _ in range(20):
        if not ENGINE.to_move(twin):
            break
        (seat,) = ENGINE.to_move(twin)
        ENGINE.apply(twin, seat, purposeful_move(twin, seat, rng))
    assert ENGINE.dump(state) == before


@settings(max_examples=40, deadline=None)
@given(table=tables, seed=seeds, moves=st.integers(0, 250), carrots=st.integers(0, 40))
def test_a_move_is_accepted_exactly_when_it_is_listed(
    table: tuple[int, dict], seed: int, moves: int, carrots: int
) -> None:
    players, options = table
    state = played(players, options, seed, moves)
    if state.turn is not None and state.pending is None and moves % 2:
        state.players[state.turn].carrots = carrots  # short of carrots: few moves, or none
    for seat in range(players):
        legal = set(legal_moves(state, seat))
        for code in CODES:
            assert (move_problem(state, seat, code) is None) == (code in legal), code


@settings(max_examples=60, deadline=None)
@given(
    table=tables,
    seed=seeds,
    moves=st.integers(0, 250),
    carrots=st.integers(0, 12),
    lettuces=st.integers(0, 1),
)
def test_a_stuck_player_is_recognised_without_listing_moves(
    table: tuple[int, dict], seed: int, moves: int, carrots: int, lettuces: int
) -> None:
    players, options = table
    state = played(players, options, seed, moves)
    if state.turn is None or state.pending is not None:
        return
    player = state.players[state.turn]
    player.carrots, player.lettuces = carrots, min(player.lettuces, lettuces)
    assert can_move(state, state.turn) == bool(legal_moves(state, state.turn))


def test_a_stored_match_with_markers_out_of_the_dealt_order_is_refused() -> None:
    data = ENGINE.dump(ENGINE.setup(3, {}, seed=1))
    data["markers"] = data["markers"][::-1]
    with pytest.raises(ValueError, match="seat by seat"):
        ENGINE.load(data)
