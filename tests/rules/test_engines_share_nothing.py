"""What every engine's ``load`` and ``dump`` hand out shares nothing that play changes.

The table keeps each match's stored data in memory and loads a state of its own from it for
every use (``matches.records``): a state that changed the data it was loaded from, or a dump
that changed with its state, would change what everyone else reads next.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules import canyon, hare, numbers, whyfirst
from rules.base import Engine

ENGINES: dict[str, Engine[Any]] = {
    "whyfirst": whyfirst.ENGINE,
    "hare": hare.ENGINE,
    "canyon": canyon.ENGINE,
    "numbers": numbers.ENGINE,
}
MOVES = 80
"""Moves played from each random start: every kind of round or turn comes up."""


@pytest.mark.parametrize("game", ENGINES)
@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**63), choices=st.integers(0, 2**32))
def test_play_never_changes_the_data_a_state_was_loaded_from(
    game: str, players: int, seed: int, choices: int
) -> None:
    engine, rng = ENGINES[game], random.Random(choices)
    assume(not (game == "numbers" and players == 5))  # no even teams: refused at the lobby
    state = engine.setup(players, engine.options({}, players), seed)
    for _ in range(MOVES):
        awaited = sorted(engine.to_move(state))
        if not awaited:
            break
        data = engine.dump(state)
        state = engine.load(data)
        dumped = engine.dump(state)
        kept = copy.deepcopy((data, dumped))
        seat = rng.choice(awaited)
        engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
        assert (data, dumped) == kept
