"""The computer player of Sequence Numbers: legal, blind to hidden cards, quick when forced,
alone or in teams, and better than chance."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.base import Budget
from rules.numbers import DECK, ENGINE, NumbersState, computer, space_name
from rules.numbers.board import LAYOUT, SPACES_OF
from rules.numbers.computer import choose
from rules.numbers.determinize import determinize

QUICK = Budget(seconds=10.0, playouts=6)
"""A small fixed budget: repeatable, and fast enough for property tests."""

tables = st.sampled_from([(2, {}), (3, {}), (4, {}), (6, {}), (6, {"teams": 3})])


def play_randomly(state: NumbersState, rng: random.Random, steps: int) -> NumbersState:
    """The match after up to ``steps`` random legal moves, stopping short of its end."""
    for _ in range(steps):
        seat = state.turn
        assert seat is not None
        before = ENGINE.dump(state)
        ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
        if state.turn is None:
            return ENGINE.load(before)
    return state


def reshuffled(state: NumbersState, seat: int, rng: random.Random) -> NumbersState:
    """The same match with the other hands (partners' too) and the draw pile dealt again."""
    data = ENGINE.dump(state)
    others = [s for s in range(state.seats) if s != seat]
    cards = [c for s in others for c in data["hands"][s]] + data["draw_pile"]
    rng.shuffle(cards)
    for s in others:
        size = len(data["hands"][s])
        data["hands"][s] = cards[:size]
        del cards[:size]
    data["draw_pile"] = cards
    return ENGINE.load(data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables, seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_every_choice_is_a_legal_move(table: tuple[int, dict[str, Any]], seed: int, steps: int):
    players, options = table
    state = play_randomly(ENGINE.setup(players, options, seed), random.Random(seed), steps)
    seat = state.turn
    legal = ENGINE.legal_moves(state, seat)
    view = ENGINE.view(state, seat)
    for level in ("easy", "strong"):
        assert choose(view, seat, level, seed, QUICK) in legal


@settings(max_examples=40, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_a_rebuilt_table_looks_the_same_to_the_seat(
    table: tuple[int, dict[str, Any]], seed: int, steps: int
):
    players, options = table
    state = play_randomly(ENGINE.setup(players, options, seed), random.Random(seed), steps)
    seat = state.turn
    view = ENGINE.view(state, seat)
    rebuilt = determinize(view, random.Random(seed))
    assert ENGINE.view(rebuilt, seat) == view
    assert ENGINE.legal_moves(rebuilt, seat) == ENGINE.legal_moves(state, seat)
    cards = [c for hand in rebuilt.hands for c in hand] + rebuilt.draw_pile
    cards += [c for pile in rebuilt.discards for c in pile]
    assert sorted(cards) == list(range(len(DECK)))


@settings(max_examples=10, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32), steps=st.integers(0, 150), shuffle=st.integers())
def test_hidden_cards_do_not_change_the_decision(
    table: tuple[int, dict[str, Any]], seed: int, steps: int, shuffle: int
):
    players, options = table
    state = play_randomly(ENGINE.setup(players, options, seed), random.Random(seed), steps)
    seat = state.turn
    other = reshuffled(state, seat, random.Random(shuffle))
    view = ENGINE.view(state, seat)
    assert ENGINE.view(other, seat) == view
    assert other.hands[seat] == state.hands[seat]
    assert other.hands != state.hands or other.draw_pile != state.draw_pile
    for level in ("easy", "strong"):
        assert choose(view, seat, level, shuffle, QUICK) == choose(
            ENGINE.view(other, seat), seat, level, shuffle, QUICK
        )


def table_with(chips: dict[int, int], hand: list[int], seats: int = 2) -> NumbersState:
    """A fresh match whose board has ``chips`` (space: side) and whose seat 0 holds ``hand``;
    the cards are taken from wherever the deal put them."""
    data = ENGINE.dump(ENGINE.setup(seats, {}, 11))
    for space, side in chips.items():
        data["chips"][space] = side
    pool = [c for c in range(len(DECK)) if c not in hand]
    size = len(data["hands"][0])
    data["hands"] = [list(hand)] + [pool[i * size : (i + 1) * size] for i in range(seats - 1)]
    data["draw_pile"] = pool[(seats - 1) * size :]
    return ENGINE.load(data)


def card_for(space: int) -> int:
    """An equation card whose answer is the number on ``space``."""
    return next(c.id for c in DECK if c.answer == LAYOUT[space])


def fillers(count: int, but: int) -> list[int]:
    """Equation cards of numbers other than ``but``'s that are far from the top and bottom
    rows, one card per number."""
    found: list[int] = []
    numbers = {DECK[but].answer}
    for card in DECK:
        if card.answer is None or card.answer in numbers:
            continue
        if all(10 <= s < 90 for s in SPACES_OF[card.answer]):
            found.append(card.id)
            numbers.add(card.answer)
        if len(found) == count:
            return found
    raise AssertionError("not enough cards")


PLUS, MINUS = (next(c.id for c in DECK if c.kind == kind) for kind in ("plus", "minus"))


@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_plus_minus_and_dead_cards_are_handled(seats: int):
    # Seat 0 holds a Plus, a Minus, a dead card and a live one; rivals have chips out.
    live = card_for(55)
    dead, spare = fillers(2, live)
    chips = {s: 1 for s in SPACES_OF[DECK[dead].answer]}
    chips.update({12: 1, 13: 1, 14: 1, 44: 0})
    hand = [PLUS, MINUS, dead, live] + ([spare] if seats < 4 else [])
    state = table_with(chips, hand, seats)
    view = ENGINE.view(state, 0)
    for level in ("easy", "strong"):
        # A dead card is traded first; then every card is weighed.
        assert choose(view, 0, level, 9, QUICK) == f"t{dead}"
    ENGINE.apply(state, 0, f"t{dead}")
    legal = ENGINE.legal_moves(state, 0)
    view = ENGINE.view(state, 0)
    for level in ("easy", "strong"):
        for seed in range(4):
            assert choose(view, 0, level, seed, QUICK) in legal


def test_a_forced_choice_is_answered_without_thinking(monkeypatch: pytest.MonkeyPatch):
    # Four dead cards (a trade already made this turn) and one card with one open space.
    live = card_for(55)
    dead = fillers(4, live)
    chips = {s: 1 for c in dead for s in SPACES_OF[DECK[c].answer]}
    chips.update({s: 1 for s in SPACES_OF[DECK[live].answer] if s != 55})
    state = table_with(chips, [live, *dead])
    state.traded = True
    only = f"p{live}@{space_name(55)}"
    assert ENGINE.legal_moves(state, 0) == [only]
    view = ENGINE.view(state, 0)
    monkeypatch.setattr(computer, "best_move", _no_thinking)
    monkeypatch.setattr(computer.tactics, "move", _no_thinking)
    monkeypatch.setattr(computer.tactics, "shortlist", _no_thinking)
    for level in ("easy", "strong"):
        assert choose(view, 0, level, 1, Budget(seconds=60.0, playouts=10**9)) == only


def test_a_sequence_that_wins_is_played():
    # Side 0 holds the corner A1 and A2-A4: A5 finishes the row.
    finishing = card_for(4)
    hand = [finishing, *fillers(4, finishing)]
    state = table_with({1: 0, 2: 0, 3: 0}, hand)
    view = ENGINE.view(state, 0)
    for level in ("easy", "strong"):
        for seed in range(5):
            assert choose(view, 0, level, seed, QUICK) == f"p{finishing}@A5"


def test_a_rival_line_of_four_is_blocked():
    # Side 1 holds the corner J10 and J6-J8: J9 would finish its row next turn.
    blocking = card_for(98)
    hand = [blocking, *fillers(4, blocking)]
    state = table_with({95: 1, 96: 1, 97: 1}, hand)
    view = ENGINE.view(state, 0)
    assert choose(view, 0, "strong", 3, Budget(playouts=40)) == f"p{blocking}@J9"


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_strong_beats_random_players(players: int):
    """Strong plays every seat of side 0 (alone, or both seats of a team of two)."""
    wins = 0
    for match in range(6):
        rng = random.Random(match)
        state = ENGINE.setup(players, {}, match)
        strong_side = match % 2
        while state.turn is not None:
            seat = state.turn
            if state.side_of(seat) == strong_side:
                view = ENGINE.view(state, seat)
                move = choose(view, seat, "strong", match, Budget(playouts=30))
            else:
                move = rng.choice(ENGINE.legal_moves(state, seat))
            ENGINE.apply(state, seat, move)
        wins += state.winner == strong_side
    assert wins == 6


def _no_thinking(*args: object, **kwargs: object) -> None:
    raise AssertionError("a forced move was thought about")
