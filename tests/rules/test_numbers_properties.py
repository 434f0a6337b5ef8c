"""Sequence Numbers invariants over random legal play with 2, 3, 4 and 6 players.

Every match ends (the draw ruling bounds it), the board matches the moves played, locked
chips stay, a winner really holds its sequences (checked by brute force over every line of
five), no seat sees another's hand, every bad code is refused, and the state round-trips.
"""

from __future__ import annotations

import json
import random
from itertools import combinations
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.base import IllegalMove
from rules.numbers import ENGINE, NumbersState, parse_space, space_name
from rules.numbers.board import CORNERS

MOVE_CAP = 2000
"""Far above any match: the draw pile runs out at most three times per sequence."""

tables = st.sampled_from([(2, {}), (3, {}), (4, {}), (6, {}), (6, {"teams": 3})])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def lines_of_five() -> list[tuple[int, ...]]:
    """Every five spaces in a row on the board, found from scratch."""
    lines = []
    for row in range(10):
        for col in range(10):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_row, end_col = row + 4 * dr, col + 4 * dc
                if 0 <= end_row < 10 and 0 <= end_col < 10:
                    lines.append(tuple((row + k * dr) * 10 + col + k * dc for k in range(5)))
    return lines


LINES = lines_of_five()


def holds(chips: list[int | None], side: int, line: tuple[int, ...]) -> bool:
    return all(chips[s] == side or s in CORNERS for s in line)


def has_sequences(chips: list[int | None], side: int, needed: int) -> bool:
    """Whether ``side`` has ``needed`` lines of five sharing at most one space pairwise."""
    mine = [set(line) for line in LINES if holds(chips, side, line)]
    if needed == 1:
        return bool(mine)
    return any(len(a & b) <= 1 for a, b in combinations(mine, 2))


class Watcher:
    """Keeps its own board from the moves played and checks every invariant after each."""

    def __init__(self, state: NumbersState) -> None:
        self.board: list[int | None] = [None] * 100
        self.locked: dict[int, int] = {}
        self.decision = ENGINE.decision_point(state)

    def played(self, state: NumbersState, seat: int, move: str) -> None:
        if move[0] in "pm":
            space = parse_space(move.split("@")[1])
            assert space is not None
            assert space not in self.locked, "a locked chip was covered or removed"
            self.board[space] = state.side_of(seat) if move[0] == "p" else None
        self.check(state)

    def check(self, state: NumbersState) -> None:
        assert state.chips == self.board
        for space, side in self.locked.items():
            assert state.locked[space] and state.chips[space] == side
        self.locked = {s: state.chips[s] for s in range(100) if state.locked[s]}  # type: ignore[misc]
        assert all(state.chips[s] is not None for s in self.locked)
        for side, spaces in state.sequences:
            assert tuple(spaces) in LINES and holds(state.chips, side, spaces)
            assert all(state.locked[s] for s in spaces if s not in CORNERS)
        decision = ENGINE.decision_point(state)
        assert decision >= self.decision
        self.decision = decision
        piles = [*state.hands, state.draw_pile, *state.discards]
        assert sorted(c for pile in piles for c in pile) == list(range(100))
        to_move = ENGINE.to_move(state)
        assert (not to_move) == (ENGINE.outcome(state) is not None)
        for seat in range(state.seats):
            moves = ENGINE.legal_moves(state, seat)
            assert bool(moves) == (seat in to_move)
            assert all(len(m) <= 12 for m in moves)
        data = ENGINE.dump(state)
        assert json.loads(json.dumps(data)) == data
        assert ENGINE.load(data) == state


def check_outcome(state: NumbersState) -> None:
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    counts = state.sequence_counts()
    assert outcome.scores == tuple(counts[state.side_of(s)] for s in range(state.seats))
    if state.winner is None:
        assert outcome.winners == frozenset()
        assert all(count < state.needed for count in counts)
    else:
        assert outcome.winners == set(state.seats_of(state.winner))
        assert has_sequences(state.chips, state.winner, state.needed)
        assert all(outcome.places[s] == 1 for s in outcome.winners)
        assert all(outcome.places[s] > 1 for s in range(state.seats) if s not in outcome.winners)


def hidden_hands_swapped(state: NumbersState, seat: int) -> NumbersState:
    """The same match with every other seat's hand changed for cards from the draw pile."""
    other = ENGINE.load(ENGINE.dump(state))
    for s, hand in enumerate(other.hands):
        if s != seat:
            for i, card in enumerate(hand):
                if other.draw_pile:
                    hand[i] = other.draw_pile.pop(0)
                    other.draw_pile.append(card)
    return other


def play_out(players: int, options: dict[str, Any], seed: int) -> NumbersState:
    rng = random.Random(seed)
    state = ENGINE.setup(players, ENGINE.options(options, players), seed)
    watcher = Watcher(state)
    watcher.check(state)
    for step in range(MOVE_CAP):
        awaited = ENGINE.to_move(state)
        if not awaited:
            check_outcome(state)
            return state
        (seat,) = awaited
        if step % 7 == 0:
            for looker in range(players):
                view = ENGINE.view(state, looker)
                assert view == ENGINE.view(hidden_hands_swapped(state, looker), looker)
            json.dumps(ENGINE.view(state, None))
        move = rng.choice(ENGINE.legal_moves(state, seat))
        ENGINE.apply(state, seat, move)
        watcher.played(state, seat, move)
    raise AssertionError("the match did not end")


@settings(max_examples=25, deadline=None)
@given(table=tables, seed=seeds)
def test_random_matches_end_with_a_real_result_and_keep_every_invariant(
    table: tuple[int, dict[str, Any]], seed: int
) -> None:
    players, options = table
    play_out(players, options, seed)


def candidate_codes(state: NumbersState, seat: int, rng: random.Random) -> list[Any]:
    """Codes near the legal ones: every kind with cards in and out of hand, random spaces."""
    cards = [*state.hands[seat], rng.randrange(100), rng.randrange(100)]
    codes: list[Any] = [None, 5, "", "p", f"p0{cards[0]}@A2", f"{cards[0]}"]
    for card in cards:
        space = space_name(rng.randrange(100))
        codes += [f"t{card}", f"d{card}", f"p{card}@{space}", f"m{card}@{space}", f"t{card}@A2"]
    return codes


@settings(max_examples=25, deadline=None)
@given(table=tables, seed=seeds, moves=st.integers(min_value=0, max_value=120))
def test_apply_accepts_exactly_the_listed_moves_and_a_refusal_changes_nothing(
    table: tuple[int, dict[str, Any]], seed: int, moves: int
) -> None:
    players, options = table
    rng = random.Random(seed)
    state = ENGINE.setup(players, ENGINE.options(options, players), seed)
    for _ in range(moves):
        if not ENGINE.to_move(state):
            break
        (seat,) = ENGINE.to_move(state)
        ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
    data = ENGINE.dump(state)
    for seat in range(players):
        legal = set(ENGINE.legal_moves(state, seat))
        for code in candidate_codes(state, seat, rng) + sorted(legal)[:3]:
            trial = ENGINE.load(data)
            try:
                ENGINE.apply(trial, seat, code)
            except IllegalMove as refused:
                assert code not in legal and refused.reason
                assert ENGINE.dump(trial) == data
            else:
                assert code in legal
