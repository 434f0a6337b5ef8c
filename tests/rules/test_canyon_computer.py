"""The computer driver of Great Canyon Race: legal, blind to hidden cards, quick when forced,
and better than chance."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.base import Budget
from rules.canyon import ACCELERATION, ACTIONS, ENGINE, CanyonState, computer
from rules.canyon.computer import choose
from rules.canyon.determinize import determinize
from rules.canyon.state import COMMIT

QUICK = Budget(seconds=10.0, playouts=6)
"""A small fixed budget: repeatable, and fast enough for property tests."""


def play_randomly(
    state: CanyonState, rng: random.Random, steps: int, calling: float
) -> CanyonState:
    """The race after up to ``steps`` random legal moves (collision calls as often as
    ``calling`` asks), stopping short of its end."""
    for _ in range(steps):
        seat = rng.choice(sorted(ENGINE.to_move(state)))
        moves = ENGINE.legal_moves(state, seat)
        calls = [m for m in moves if m.endswith(":x")]
        quiet = [m for m in moves if not m.endswith(":x")]
        before = ENGINE.dump(state)
        ENGINE.apply(state, seat, rng.choice(calls if calls and rng.random() < calling else quiet))
        if not ENGINE.to_move(state):
            return ENGINE.load(before)
    return state


def reshuffled(state: CanyonState, seat: int, rng: random.Random) -> CanyonState:
    """The same match with everything ``seat`` cannot see dealt again: the other hands, the
    stock, the face-down action cards (but its peek) and the action deck."""
    data = ENGINE.dump(state)
    others = [s for s in range(state.seats) if s != seat]
    cards = [c for s in others for c in data["hands"][s]] + data["stock"]
    rng.shuffle(cards)
    for s in others:
        size = len(data["hands"][s])
        data["hands"][s] = sorted(cards[:size])
        del cards[:size]
    data["stock"] = cards
    hidden_rounds = [
        r for r in range(len(data["row"]))
        if not data["face_up"][r] and data["peeked"][seat] != r + 1
    ]
    actions = [data["row"][r] for r in hidden_rounds] + data["action_deck"]
    rng.shuffle(actions)
    for r in hidden_rounds:
        data["row"][r] = actions.pop()
    data["action_deck"] = actions
    return ENGINE.load(data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 120),
    calling=st.sampled_from([0.0, 0.2, 1.0]),
)
def test_every_choice_is_a_legal_move(players: int, seed: int, steps: int, calling: float):
    state = play_randomly(ENGINE.setup(players, {}, seed), random.Random(seed), steps, calling)
    for seat in sorted(ENGINE.to_move(state)):
        legal = ENGINE.legal_moves(state, seat)
        view = ENGINE.view(state, seat)
        for level in ("easy", "strong"):
            assert choose(view, seat, level, seed, QUICK) in legal


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_a_rebuilt_table_looks_the_same_to_the_seat(players: int, seed: int, steps: int):
    state = play_randomly(ENGINE.setup(players, {}, seed), random.Random(seed), steps, 0.3)
    for seat in sorted(ENGINE.to_move(state)):
        view = ENGINE.view(state, seat)
        rebuilt = determinize(view, random.Random(seed))
        assert ENGINE.legal_moves(rebuilt, seat) == ENGINE.legal_moves(state, seat)
        seen = ENGINE.view(rebuilt, seat)
        if state.phase == COMMIT:
            # Drivers who committed get their card back, to commit again in the simulation.
            for key in ("committed", "awaiting", "hand_sizes"):
                seen.pop(key), view.pop(key)
        assert seen == view
        held = [c for hand in rebuilt.hands for c in hand]
        assert sorted(held + rebuilt.stock + [c["card"] for c in view["played"]]) == list(
            range(63)
        )
        actions = rebuilt.row + rebuilt.action_deck + rebuilt.action_discard + rebuilt.offer[1:]
        assert sorted(actions) == list(range(len(ACTIONS)))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 100), shuffle=st.integers(0, 2**32))
def test_hidden_cards_do_not_change_the_decision(seed: int, steps: int, shuffle: int):
    state = play_randomly(ENGINE.setup(4, {}, seed), random.Random(seed), steps, 0.3)
    for seat in sorted(ENGINE.to_move(state)):
        other = reshuffled(state, seat, random.Random(shuffle))
        view = ENGINE.view(state, seat)
        assert ENGINE.view(other, seat) == view
        assert ENGINE.dump(other) != ENGINE.dump(state)
        for level in ("easy", "strong"):
            assert choose(view, seat, level, shuffle, QUICK) == choose(
                ENGINE.view(other, seat), seat, level, shuffle, QUICK
            )


def test_the_reshuffle_really_moves_hidden_cards():
    state = ENGINE.setup(4, {}, 7)
    other = reshuffled(state, 0, random.Random(1))
    assert other.hands[0] == state.hands[0]
    assert other.hands[1:] != state.hands[1:]
    assert ENGINE.view(other, 0) == ENGINE.view(state, 0)
    assert ENGINE.view(other, 1) != ENGINE.view(state, 1)


def send_round_ten() -> tuple[CanyonState, int]:
    """A race in round 10 under a send card, with a driver holding its last card."""
    for seed in range(200):
        state = ENGINE.setup(2, {}, seed)
        if not ACTIONS[state.row[-1]].effect.send:
            continue
        rng = random.Random(seed)
        while ENGINE.to_move(state) and state.round < 10:
            state = play_randomly(state, rng, 1, 0.0)
        awaited = ENGINE.to_move(state)
        for seat in sorted(awaited):
            if state.phase == COMMIT and len(state.hands[seat]) == 1:
                return state, seat
    raise AssertionError("no seed reaches round 10 under a send card")


def test_a_forced_choice_is_answered_without_thinking(monkeypatch: pytest.MonkeyPatch):
    state, seat = send_round_ten()
    (only,) = ENGINE.legal_moves(state, seat)
    view = ENGINE.view(state, seat)
    monkeypatch.setattr(computer, "best_move", _no_thinking)
    monkeypatch.setattr(computer.tactics, "move", _no_thinking)
    for level in ("easy", "strong"):
        assert choose(view, seat, level, 1, Budget(seconds=60.0, playouts=10**9)) == only


def last_round(hand: list[int], score: int, action_kind: str) -> tuple[CanyonState, int]:
    """Round 10 of a two-player race: seat 0 holds ``hand`` on ``score`` under an action card
    of ``action_kind``; seat 1 is on 28 with a +1 left."""
    state = ENGINE.setup(2, {}, 3)
    data = ENGINE.dump(state)
    action = next(a.id for a in ACTIONS if a.kind == action_kind)
    row = data["row"]
    where = row.index(action) if action in row else None
    if where is None:
        data["action_deck"][data["action_deck"].index(action)] = row[9]
    else:
        row[where] = row[9]
    row[9] = action
    pool = [c for c in range(63) if c not in hand]
    assert ACCELERATION[pool[0]].value == 1
    data.update(
        round=10,
        scores=[score, 28],
        hands=[sorted(hand), pool[:1]],
        stock=pool[1:],
        face_up=[True] * 10,
        six_cards=[],
        peekers=[],
    )
    return ENGINE.load(data), 0


def test_the_last_card_lands_on_the_edge():
    # On 24 under "Keep value": +6 lands on 30 and wins, +8 falls in the canyon, +1 stops on
    # 25 behind the rival's 29.
    state, seat = last_round([0, 33, 42], 24, "keep_value")
    view = ENGINE.view(state, seat)
    assert choose(view, seat, "strong", 5, Budget(playouts=30)).split(":")[0] == "c33"
    for seed in range(20):
        assert choose(view, seat, "easy", seed, QUICK).split(":")[0] != "c42"


@pytest.mark.slow
def test_strong_beats_a_random_driver():
    wins = {"strong": 0.0, "random": 0.0}
    for match in range(12):
        rng = random.Random(match)
        state = ENGINE.setup(2, {}, match)
        strong_seat = match % 2
        while awaited := ENGINE.to_move(state):
            for seat in sorted(awaited):
                if seat == strong_seat:
                    view = ENGINE.view(state, seat)
                    move = choose(view, seat, "strong", match, Budget(playouts=40))
                else:
                    move = rng.choice(ENGINE.legal_moves(state, seat))
                ENGINE.apply(state, seat, move)
        outcome = ENGINE.outcome(state)
        assert outcome is not None
        for seat in outcome.winners:
            share = 1 / len(outcome.winners)
            wins["strong" if seat == strong_seat else "random"] += share
    # Collisions called at random make the race a lottery now and then; strong still wins
    # most races, and far more than the random driver.
    assert wins["strong"] >= 7
    assert wins["strong"] >= 3 * wins["random"]


def _no_thinking(*args: object, **kwargs: object) -> None:
    raise AssertionError("a forced move was thought about")
