"""The casual players of Great Canyon Race and Sequence Numbers (the bench's opponents): legal
at every decision, decided from the seat's view alone, and playing as the rulebook suggests."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.canyon import ACCELERATION, ACTIONS, CanyonState
from rules.canyon import ENGINE as CANYON
from rules.canyon import casual as canyon_casual
from rules.numbers import ENGINE as NUMBERS
from rules.numbers import NumbersState, space_name
from rules.numbers import casual as numbers_casual
from rules.numbers.board import LAYOUT, SPACES_OF
from rules.numbers.cards import DECK


def _play_out(engine: Any, players: int, choose: Any, seed: int, whim: float) -> int:
    """A whole match of casual players (a random legal move instead, as often as ``whim``):
    each move is checked against the engine's legal moves and against a second seed. Returns
    how many decisions were taken."""
    rng = random.Random(seed)
    state = engine.setup(players, engine.options({}, players), seed)
    decisions = 0
    while awaited := engine.to_move(state):
        seat = min(awaited)
        legal = engine.legal_moves(state, seat)
        if rng.random() < whim:
            move = rng.choice(legal)
        else:
            view = engine.view(state, seat)
            move = choose(view, seat, random.Random(decisions))
            assert move in legal, (move, legal)
            # the hidden cards it was dealt cannot change its mind
            assert choose(view, seat, random.Random(decisions + 7)) == move
        engine.apply(state, seat, move)
        decisions += 1
    assert engine.outcome(state) is not None
    return decisions


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("seed", range(3))
def test_canyon_casual_plays_whole_races_legally(players: int, seed: int) -> None:
    assert _play_out(CANYON, players, canyon_casual.casual_move, seed, whim=0.2) >= 10


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("seed", range(2))
def test_numbers_casual_plays_whole_matches_legally(players: int, seed: int) -> None:
    assert _play_out(NUMBERS, players, numbers_casual.casual_move, seed, whim=0.1) >= players


# -- Great Canyon Race --------------------------------------------------------------------


def _card(value: int, taken: set[int]) -> int:
    card = next(
        c.id for c in ACCELERATION if c.value == value and not c.double and c.id not in taken
    )
    taken.add(card)
    return card


def _canyon(round_no: int, action_kind: str, scores: list[int], hand: list[int]) -> CanyonState:
    """A race in the commit of ``round_no`` whose action card is of ``action_kind``, seat 0
    holding cards of the values in ``hand``."""
    state = CANYON.setup(len(scores), {}, 5)
    action = next(a.id for a in ACTIONS if a.kind == action_kind)
    where = state.row.index(action) if action in state.row else -1
    if where >= 0:
        state.row[where] = state.row[round_no - 1]
    else:
        state.action_deck[state.action_deck.index(action)] = state.row[round_no - 1]
    state.row[round_no - 1] = action
    state.round = round_no
    state.face_up[round_no - 1] = True
    state.scores = list(scores)
    taken: set[int] = set()
    state.hands[0] = sorted(_card(v, taken) for v in hand)
    for seat in range(1, state.seats):
        state.hands[seat] = [c for c in state.hands[seat] if c not in taken]
    state.stock = [c for c in state.stock if c not in taken]
    return state


def _canyon_move(state: CanyonState, seat: int = 0) -> str:
    move = canyon_casual.casual_move(CANYON.view(state, seat), seat, random.Random(1))
    assert move in CANYON.legal_moves(state, seat)
    return move


def test_last_round_lands_on_the_edge_not_past_it() -> None:
    state = _canyon(10, "keep_value", [26, 20], [5, 4, 2])
    assert ACCELERATION[int(_canyon_move(state)[1:])].value == 4


def test_keeps_off_a_circled_space_when_a_card_does_as_well() -> None:
    state = _canyon(3, "keep_value", [8, 8], [2, 3])  # the pace is about 10.4; 10 is circled
    assert ACCELERATION[int(_canyon_move(state)[1:])].value == 3


def test_counts_the_cards_left_in_its_hand() -> None:
    # On 8 in round 4 with +5 and +1: +5 now and +1 next (about half of it) ends the first
    # hand near 14; +1 now would leave the +5 too little to get there.
    state = _canyon(4, "keep_value", [8, 8], [5, 1])
    assert ACCELERATION[int(_canyon_move(state)[1:])].value == 5


def test_calls_a_collision_to_put_a_rival_on_its_fourth_out() -> None:
    state = _canyon(5, "keep_value", [12, 25], [3, 2, 1])
    state.collisions[1] = 3
    assert _canyon_move(state).endswith(":x")
    state.collisions[1] = 2  # the rival would only choose the action card: no call
    assert not _canyon_move(state).endswith(":x")


def test_a_send_round_passes_the_card_that_pushes_the_receiver_off_the_edge() -> None:
    state = _canyon(10, "send_left", [20, 26], [8, 4, 1])
    assert ACCELERATION[int(_canyon_move(state)[1:])].value == 8


# -- Sequence Numbers ---------------------------------------------------------------------


def _numbers(chips: dict[int, int], hand: list[int]) -> NumbersState:
    """A two-player match on seat 0's turn with ``chips`` (space: side) on the board and
    seat 0 holding ``hand``."""
    state = NUMBERS.setup(2, {}, 3)
    for space, side in chips.items():
        state.chips[space] = side
    state.hands[0] = list(hand)
    state.hands[1] = [c for c in state.hands[1] if c not in hand]
    state.draw_pile = [c for c in state.draw_pile if c not in hand]
    return state


def _equation_for(space: int, not_for: set[int]) -> int:
    """An equation card whose answer is shown on ``space``, its other copy not in ``not_for``."""
    return next(
        c.id for c in DECK if c.answer == LAYOUT[space] and not set(SPACES_OF[c.answer]) & not_for
    )


def _row(row: int, cols: range) -> list[int]:
    return [row * 10 + col for col in cols]


def test_completes_its_own_line_before_anything_else() -> None:
    mine, theirs = _row(4, range(1, 5)), _row(7, range(1, 5))
    state = _numbers({**dict.fromkeys(mine, 0), **dict.fromkeys(theirs, 1)}, [])
    finish, block = 45, 75
    state.hands[0] = [_equation_for(block, set()), _equation_for(finish, set())]
    move = numbers_casual.casual_move(NUMBERS.view(state, 0), 0, random.Random(1))
    assert move.endswith(f"@{space_name(finish)}")


def test_blocks_a_rivals_four() -> None:
    theirs = _row(7, range(1, 5))
    extend = 22
    state = _numbers({**dict.fromkeys(theirs, 1), 21: 0, 23: 0}, [])
    state.hands[0] = [_equation_for(extend, set()), _equation_for(75, set())]
    move = numbers_casual.casual_move(NUMBERS.view(state, 0), 0, random.Random(1))
    assert move.endswith(f"@{space_name(75)}")
    assert move in NUMBERS.legal_moves(state, 0)


@pytest.mark.parametrize("kind", ["plus", "minus"])
def test_plays_a_plus_or_minus_when_nothing_else_can_be_played(kind: str) -> None:
    # Only a Plus or a Minus in hand, no line to finish or block: a discard is not allowed.
    special = next(c.id for c in DECK if c.kind == kind)
    state = _numbers({21: 0, 75: 1}, [special])
    legal = NUMBERS.legal_moves(state, 0)
    assert not any(move.startswith("d") for move in legal)
    assert numbers_casual.casual_play(state, 0) in legal
    assert numbers_casual.casual_move(NUMBERS.view(state, 0), 0, random.Random(1)) in legal
