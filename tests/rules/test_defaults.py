"""Each game's default move: legal, decided from the seat's view, and purposeful."""

from __future__ import annotations

import random

import pytest

from rules.catalog import ENGINES
from rules.defaults import default_move
from rules.whyfirst.engine import clamp
from rules.whyfirst.playout import VALUE, outlook


def _decisions(game: str, seats: int, seed: int, count: int):
    """The first ``count`` decisions of a match played half by defaults, half at random:
    state, seat and the seat's default."""
    engine = ENGINES[game]
    state = engine.setup(seats, engine.options({}, seats), seed)
    rng = random.Random(seed)
    for step in range(count):
        awaited = engine.to_move(state)
        if not awaited:
            return
        seat = min(awaited)
        chosen = default_move(game, engine.view(state, seat), seat, step)
        yield state, seat, chosen
        legal = engine.legal_moves(state, seat)
        engine.apply(state, seat, chosen if rng.random() < 0.5 else rng.choice(legal))


@pytest.mark.parametrize(("game", "seats"), [
    ("whyfirst", 6), ("hare", 4), ("canyon", 6), ("numbers", 2), ("numbers", 4),
])
def test_the_default_is_legal_and_mostly_not_the_first_move_listed(game, seats):
    engine = ENGINES[game]
    differs = total = 0
    for state, seat, chosen in _decisions(game, seats, seed=5, count=150):
        legal = engine.legal_moves(state, seat)
        assert chosen in legal
        total += 1
        differs += chosen != legal[0]
    assert total >= 20 and differs >= total // 3, (differs, total)


def test_the_same_view_and_seed_give_the_same_default():
    engine = ENGINES["canyon"]
    state = engine.setup(4, engine.options({}, 4), 3)
    view = engine.view(state, 2)
    assert len({default_move("canyon", view, 2, 9) for _ in range(5)}) == 1


def test_why_first_plays_for_the_second_place():
    """No legal play leaves the seat's own figure better placed than the default's."""
    engine = ENGINES["whyfirst"]
    for state, seat, chosen in _decisions("whyfirst", 4, seed=8, count=60):
        if state.turns or state.variant != "standard":
            continue

        best = max(_after(state.positions, seat, m) for m in engine.legal_moves(state, seat))
        assert _after(state.positions, seat, chosen) == best


def _after(positions: list[int], seat: int, move: str) -> float:
    """How the seat's figure stands once the play ``move`` is made."""
    card, figure = (int(part) for part in move[1:].split(":"))
    moved = list(positions)
    moved[figure] = clamp(moved[figure] + VALUE[card])
    return outlook(moved, seat)


def test_defaults_alone_play_hare_and_sequence_numbers_to_their_end():
    """The quick choices make progress: a race of defaults reaches the Finish, a board of
    them a sequence (the first legal moves alone need not)."""
    for game, seats in (("hare", 2), ("numbers", 2)):
        engine = ENGINES[game]
        rng = random.Random(1)
        state = engine.setup(seats, engine.options({}, seats), 2)
        for _ in range(5000):
            awaited = engine.to_move(state)
            if not awaited:
                break
            seat = min(awaited)
            chosen = default_move(game, engine.view(state, seat), seat, rng.getrandbits(32))
            engine.apply(state, seat, chosen)
        assert engine.outcome(state) is not None, f"{game}: defaults alone play to the end"
