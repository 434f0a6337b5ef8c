"""Why First?: the computer player decides from its seat's view, legally, and plays well."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.base import Budget
from rules.whyfirst import DECK, ENGINE, WhyFirstState, computer
from rules.whyfirst.casual import move_value
from rules.whyfirst.computer import choose
from rules.whyfirst.determinize import determinize

QUICK = Budget(playouts=24)
"""A small, repeatable budget: the tests check decisions, not strength."""


def random_position(players: int, variant: str, seed: int, moves: int) -> WhyFirstState:
    """The match after up to ``moves`` random legal moves, stopped while a seat is awaited."""
    rng = random.Random(seed)
    state = ENGINE.setup(players, {"variant": variant}, seed)
    for _ in range(moves):
        awaited = sorted(ENGINE.to_move(state))
        if not awaited:
            break
        seat = rng.choice(awaited)
        ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
    if not ENGINE.to_move(state):  # over: go back to the last decision of the match
        return random_position(players, variant, seed, moves - 1)
    return state


def reshuffled_hidden_cards(state: WhyFirstState, seat: int, seed: int) -> WhyFirstState:
    """The same match with every card ``seat`` cannot see dealt again at random: the other
    hands, their face-down plays, Leo's stack and the undealt cards (through dump and load)."""
    data: dict[str, Any] = ENGINE.dump(state)
    others = [s for s in range(state.seats) if s != seat]
    hidden = [c for s in others for c in data["hands"][s]]
    hidden += [data["sealed"][s] for s in others if data["sealed"][s] is not None]
    hidden += data["leo_stack"] + data["undealt"]
    random.Random(seed).shuffle(hidden)
    for s in others:
        size = len(data["hands"][s])
        data["hands"][s], hidden = sorted(hidden[:size]), hidden[size:]
        if data["sealed"][s] is not None:
            data["sealed"][s], hidden = hidden[0], hidden[1:]
    size = len(data["leo_stack"])
    data["leo_stack"], data["undealt"] = hidden[:size], sorted(hidden[size:])
    return ENGINE.load(data)


def check_cards_conserved(state: WhyFirstState) -> None:
    sealed = [c for c in state.sealed if c is not None]
    held = [c for hand in state.hands for c in hand]
    assert sorted(held + sealed + state.played + state.undealt + state.leo_stack) == list(
        range(len(DECK))
    )


positions = st.tuples(
    st.integers(2, 6),
    st.sampled_from(["standard", "tactical"]),
    st.integers(0, 2**32),
    st.integers(0, 240),
)


@settings(max_examples=30, deadline=None)
@given(position=positions, seed=st.integers(0, 2**32))
def test_every_chosen_move_is_legal(position: tuple[int, str, int, int], seed: int):
    state = random_position(*position)
    for seat in sorted(ENGINE.to_move(state)):
        legal = ENGINE.legal_moves(state, seat)
        view = ENGINE.view(state, seat)
        for level in ("easy", "strong"):
            assert choose(view, seat, level, seed, QUICK) in legal


@settings(max_examples=30, deadline=None)
@given(position=positions, seed=st.integers(0, 2**32))
def test_a_determinized_state_looks_the_same_to_the_seat(
    position: tuple[int, str, int, int], seed: int
):
    state = random_position(*position)
    seat = min(ENGINE.to_move(state))
    view = ENGINE.view(state, seat)
    sampled = determinize(view, seat, random.Random(seed))
    assert ENGINE.view(sampled, seat) == view
    check_cards_conserved(sampled)
    # It plays on like a real match.
    other = min(ENGINE.to_move(sampled))
    ENGINE.apply(sampled, other, ENGINE.legal_moves(sampled, other)[0])


@pytest.mark.parametrize(
    ("players", "variant", "moves"),
    [(3, "standard", 7), (4, "tactical", 30), (2, "standard", 21), (2, "tactical", 9)],
)
@pytest.mark.parametrize("level", ["easy", "strong"])
def test_hidden_cards_do_not_change_the_decision(
    players: int, variant: str, moves: int, level: str
):
    state = random_position(players, variant, seed=5, moves=moves)
    seat = max(ENGINE.to_move(state))
    other = reshuffled_hidden_cards(state, seat, seed=9)
    assert ENGINE.dump(other) != ENGINE.dump(state)
    assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
    budget = Budget(playouts=60)
    mine = choose(ENGINE.view(state, seat), seat, level, 17, budget)
    assert choose(ENGINE.view(other, seat), seat, level, 17, budget) == mine


def test_a_decision_with_a_playouts_budget_is_repeatable():
    state = random_position(4, "standard", seed=3, moves=10)
    seat = min(ENGINE.to_move(state))
    view = ENGINE.view(state, seat)
    decisions = {choose(view, seat, "strong", 8, Budget(playouts=80)) for _ in range(3)}
    assert len(decisions) == 1


@pytest.mark.parametrize(("players", "moves"), [(4, 0), (4, 4), (2, 0)])
def test_strong_plays_one_of_the_moves_the_casual_judgement_ranks_best(
    players: int, moves: int
):
    # Early in a card round: a hand offers many more moves than the short list.
    state = random_position(players, "standard", seed=11, moves=moves)
    seat = max(ENGINE.to_move(state))
    view = ENGINE.view(state, seat)
    candidates = computer.distinct(ENGINE.legal_moves(state, seat), "standard")
    assert len(candidates) > computer.SHORTLIST
    totals = state.totals()
    ranked = sorted(candidates, key=lambda move: -move_value(state, seat, move, totals))
    listed = computer.shortlist(state, seat, candidates)
    assert listed == ranked[: computer.SHORTLIST]
    for seed in range(6):
        assert choose(view, seat, "strong", seed, Budget(playouts=40)) in listed
    two = computer.shortlist(state, seat, candidates, 2)
    assert two == ranked[:2], "a shorter list when asked"
    for seed in range(4):
        assert choose(view, seat, "strong", seed, Budget(playouts=40), weighed=2) in two


def test_a_seat_that_has_sealed_its_card_seals_the_one_the_sampler_chooses():
    state = random_position(4, "standard", seed=2, moves=0)
    for seat in (0, 1):  # seats 0 and 1 commit; seat 3 is to decide
        ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    view = ENGINE.view(state, 3)
    asked: list[int] = []

    def on_the_leader(dealt: WhyFirstState, seat: int, rng: random.Random) -> str:
        asked.append(seat)
        return f"p{dealt.hands[seat][-1]}:2"

    sampled = determinize(view, 3, random.Random(4), on_the_leader)
    assert asked == [0, 1]
    assert sampled.targets[:2] == [2, 2]
    assert all(card not in sampled.hands[s] for s, card in enumerate(sampled.sealed[:2]))
    assert ENGINE.view(sampled, 3) == view
    check_cards_conserved(sampled)


@pytest.mark.parametrize("variant", ["standard", "tactical"])
def test_the_last_card_is_played_at_once(variant: str, monkeypatch: pytest.MonkeyPatch):
    # Card round 5 of the first stage: one card left, and (standard) only yourself to play on.
    state = random_position(3, variant, seed=4, moves=12 if variant == "standard" else 24)
    assert state.card_round == 5 and not state.turns
    seat = min(ENGINE.to_move(state))
    [only] = ENGINE.legal_moves(state, seat)
    monkeypatch.setattr(computer, "_search", _no_thinking)
    move = choose(ENGINE.view(state, seat), seat, "strong", 1, Budget(playouts=10**9))
    assert move == only


def play_match(levels: list[str], seed: int, budget: Budget) -> list[float]:
    """One match with these levels by seat; each seat's share of the victory."""
    rng = random.Random(seed)
    state = ENGINE.setup(len(levels), {}, seed)
    decision = 0
    while awaited := ENGINE.to_move(state):
        seat = min(awaited)
        if levels[seat] == "random":
            move = rng.choice(ENGINE.legal_moves(state, seat))
        else:
            view = ENGINE.view(state, seat)
            move = choose(view, seat, levels[seat], seed * 1000 + decision, budget)
        ENGINE.apply(state, seat, move)
        decision += 1
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    winners = [s for s in outcome.winners if s < len(levels)]
    return [1 / len(winners) if s in winners else 0.0 for s in range(len(levels))]


@pytest.mark.slow
def test_strong_beats_random_players():
    matches = 60
    share = 0.0
    for n in range(matches):
        levels = ["random", "random"]
        levels.insert(n % 3, "strong")
        share += play_match(levels, seed=n, budget=Budget(playouts=150))[n % 3]
    # Chance alone wins a third of three-player matches.
    assert share / matches > 0.42


def _no_thinking(*args: object, **kwargs: object) -> None:
    raise AssertionError("a forced move was thought about")
