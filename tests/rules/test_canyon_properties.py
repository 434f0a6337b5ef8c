"""Great Canyon Race: properties of random legal play for 2-6 players.

The recount replays each round from the move log and the public table alone, with its own
arithmetic, and must agree with the engine round by round and in the final result.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.base import IllegalMove
from rules.canyon import ACCELERATION, ACTIONS, ENGINE, CanyonState
from tests.rules.protocol import check_moves_and_outcome, round_trip

CIRCLED = {5, 10, 15, 20, 25, 35, 40, 45, 50}
FACTOR = {
    "divide_by_2": (1, 2),
    "multiply_by_2": (2, 1),
    "multiply_by_3": (3, 1),
    "keep_value": (1, 1),
    "change_sign": (-1, 1),
    "change_sign_multiply_by_2": (-2, 1),
    "cancel": (0, 1),
    "send_left": (1, 1),
    "send_right": (1, 1),
}
SEND = {"send_left": 1, "send_right": -1}


def ids(data: Any, key: str) -> set[int]:
    """Every integer under ``key`` in JSON data (cards carry "card", action cards "action")."""
    found: set[int] = set()
    if isinstance(data, dict):
        for k, value in data.items():
            if k == key and isinstance(value, int) and not isinstance(value, bool):
                found.add(value)
            else:
                found |= ids(value, key)
    elif isinstance(data, list):
        for item in data:
            found |= ids(item, key)
    return found


class Recount:
    """An independent tally: each round from the logged moves and the public action cards."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.scores = [0] * players
        self.collisions = [0] * players
        self.out = [0] * players
        self.hero = [False] * players
        self.rounds = 0
        self.played: list[int] = []
        self.commits: dict[int, tuple[int, bool]] = {}
        self.chosen: int | None = None
        self.signs: dict[int, int] = {}
        self.round_action: int | None = None

    def log(self, state: CanyonState, seat: int, move: str) -> None:
        """Note a move before it is applied (the round's action card is public by then)."""
        if move.startswith("c"):
            self.round_action = ENGINE.view(state, None)["row"][state.round - 1]["action"]
            card, _, call = move[1:].partition(":")
            self.commits[seat] = (int(card), call == "x")
        elif move.startswith("a"):
            self.chosen = int(move[1:])
        elif move.startswith("s"):
            self.signs[seat] = 1 if move == "s+" else -1

    def score_round(self, round_no: int) -> None:
        racing = [s for s in range(self.players) if not self.out[s]]
        assert sorted(self.commits) == racing
        cards = {s: ACCELERATION[c] for s, (c, _) in self.commits.items()}
        victims: list[int] = []
        if any(call for _, call in self.commits.values()):
            on_circle = [s for s in racing if self.scores[s] in CIRCLED]
            if on_circle:
                top = max(self.scores[s] for s in on_circle)
                pool = [s for s in on_circle if self.scores[s] == top]
            else:
                pool = racing
            size = max(abs(cards[s].value) for s in pool)
            victims = [s for s in pool if abs(cards[s].value) == size]
            for v in victims:
                self.collisions[v] += 1
        assert self.round_action is not None
        action = ACTIONS[self.chosen if self.chosen is not None else self.round_action].kind
        factor, divisor = FACTOR[action]
        scored = dict(cards)
        if action in SEND:
            step = SEND[action]
            for i, s in enumerate(racing):
                scored[racing[(i + step) % len(racing)]] = cards[s]
        for s in racing:
            card = scored[s]
            value = card.value * self.signs.get(s, 1) if card.double else card.value
            effect = int(value * factor / divisor)  # truncates toward zero
            self.scores[s] = min(50, max(0, self.scores[s] + effect))
        for v in victims:
            if self.collisions[v] == 4:
                if round_no == 10 and self.scores[v] == 30:
                    self.hero[v] = True
                else:
                    self.out[v] = round_no
        self.played += [c for c, _ in self.commits.values()]
        self.rounds += 1
        self.commits, self.chosen, self.signs = {}, None, {}

    def fates(self) -> list[str]:
        return [
            "hero"
            if self.hero[s]
            else "eliminated"
            if self.out[s]
            else "canyon"
            if self.scores[s] > 30
            else "chicken"
            if self.scores[s] < 16
            else "edge"
            for s in range(self.players)
        ]

    def winners(self) -> set[int]:
        fates = self.fates()
        best = [(self.scores[s], self.collisions[s]) for s in range(self.players)]
        fine = [s for s in range(self.players) if fates[s] in ("edge", "hero")]
        top = max((best[s] for s in fine), default=None)
        return {s for s in fine if best[s] == top}

    def places(self) -> list[int]:
        fates = self.fates()

        def rank(s: int) -> tuple:
            if fates[s] in ("edge", "hero"):
                return (0, -self.scores[s], -self.collisions[s])
            if fates[s] != "eliminated":
                return (1, abs(30 - self.scores[s]), -self.collisions[s])
            return (2, -self.out[s], 0)

        keys = [rank(s) for s in range(self.players)]
        return [1 + sum(k < mine for k in keys) for mine in keys]


def check_views(state: CanyonState, revealed: set[int], shown: set[int]) -> None:
    """No view shows another seat's hand, sealed card or peek, an action card of the deck never
    turned up (``shown``), or a face-down action card; a seat sees its own hand and play."""
    hidden_actions = (set(state.action_deck) - shown) | {
        a for r, a in enumerate(state.row) if not state.face_up[r]
    }
    for viewer in [*range(state.seats), None]:
        view = json.loads(json.dumps(ENGINE.view(state, viewer)))
        own: set[int] = set()
        peek: set[int] = set()
        if viewer is not None:
            own = set(state.hands[viewer]) | ({state.sealed[viewer]} - {-1})
            assert ids(view["hand"], "card") == set(state.hands[viewer])
            if state.peeked[viewer] and not state.face_up[state.peeked[viewer] - 1]:
                peek = {state.row[state.peeked[viewer] - 1]}
                assert view["peeked"]["action"] in peek
        assert ids(view, "card") <= revealed | own
        assert ids(view, "action") & hidden_actions == peek


def check_step(state: CanyonState) -> None:
    check_moves_and_outcome(ENGINE, state, state.seats)
    assert all(0 <= score <= 50 for score in state.scores)
    held = [c for hand in state.hands for c in hand]
    sealed = [c for c in state.sealed if c >= 0]
    assert len(set(held + sealed + state.stock)) == len(held + sealed + state.stock)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**63),
    choices=st.integers(0, 2**32),
    calling=st.sampled_from([0.0, 0.1, 0.5, 1.0]),
)
def test_random_legal_play_keeps_every_rule(players: int, seed: int, choices: int, calling: float):
    rng = random.Random(choices)
    state = ENGINE.setup(players, {}, seed)
    recount = Recount(players)
    log: list[tuple[int, str]] = []
    revealed: set[int] = set()
    shown: set[int] = set()
    while True:
        check_step(state)
        check_views(state, revealed, shown)
        state = round_trip(ENGINE, state)
        awaited = ENGINE.to_move(state)
        if not awaited:
            break
        seat = rng.choice(sorted(awaited))
        # What a view or a dump handed out, and what a state was loaded from, share the
        # round records with the state: moving on must leave them as they were.
        data = ENGINE.dump(state)
        state = ENGINE.load(data)
        handed_out = [ENGINE.view(state, None), ENGINE.view(state, seat), data]
        kept = copy.deepcopy(handed_out)
        moves = ENGINE.legal_moves(state, seat)
        # Collision calls as often as ``calling`` asks, so the elimination rules get played.
        calls = [m for m in moves if m.endswith(":x")]
        quiet = [m for m in moves if not m.endswith(":x")]
        move = rng.choice(calls if calls and rng.random() < calling else quiet)
        point, phase, round_no = ENGINE.decision_point(state), state.phase, state.round
        recount.log(state, seat, move)
        events = ENGINE.apply(state, seat, move)
        assert handed_out == kept
        log.append((seat, move))
        for event in events:
            data = json.loads(json.dumps(dict(event.data)))
            if event.kind == "committed":
                assert ids(data, "card") == set()
            if event.kind == "revealed":
                revealed |= ids(data["plays"], "card")
                shown |= ids(data["offer"], "action")
            if event.kind == "round_scored":
                recount.score_round(data["round"])
                assert data["scores"] == recount.scores
                assert data["collisions"] == recount.collisions
        if (state.phase, state.round) == (phase, round_no):
            # Still inside a simultaneous decision: it stays open under the same point.
            assert ENGINE.decision_point(state) == point
        elif ENGINE.outcome(state) is None:
            assert ENGINE.decision_point(state) > point

    # Every card played once; ten rounds unless every car is out.
    assert len(recount.played) == len(set(recount.played))
    assert all(recount.out) or recount.rounds == 10
    assert recount.rounds <= 10
    assert state.collisions == recount.collisions
    assert [bool(r) for r in state.eliminated_in] == [bool(r) for r in recount.out]
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert set(outcome.winners) == recount.winners()
    assert list(outcome.places) == recount.places()
    fates = recount.fates()
    assert list(outcome.scores) == [
        recount.scores[s] if fates[s] in ("edge", "hero") else 0 for s in range(players)
    ]
    assert all(outcome.places[w] == 1 for w in outcome.winners)

    # The seed and the move log replay the match exactly.
    replay = ENGINE.setup(players, {}, seed)
    for seat, move in log:
        ENGINE.apply(replay, seat, move)
    assert ENGINE.dump(replay) == ENGINE.dump(state)


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    choices=st.integers(0, 2**32),
    bad=st.one_of(st.text(max_size=8), st.integers(), st.none()),
    seat=st.one_of(st.integers(-2, 7), st.booleans(), st.text(max_size=2)),
)
def test_an_illegal_move_never_changes_the_state(
    players: int, seed: int, choices: int, bad: Any, seat: Any
):
    rng = random.Random(choices)
    state = ENGINE.setup(players, {}, seed)
    for _ in range(rng.randrange(90)):
        awaited = ENGINE.to_move(state)
        if not awaited:
            break
        mover = rng.choice(sorted(awaited))
        ENGINE.apply(state, mover, rng.choice(ENGINE.legal_moves(state, mover)))
    real_seat = rng.randrange(players)
    legal = set(ENGINE.legal_moves(state, real_seat))
    codes = [f"c{c}" for c in range(64)] + [f"c{c}:x" for c in range(64)]
    codes += [f"a{a}" for a in range(22)] + [f"k{r}" for r in range(12)] + ["s+", "s-", "c01"]
    before = copy.deepcopy(ENGINE.dump(state))
    for move in [bad, *codes]:
        if move in legal:
            continue
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, real_seat, move)
        assert ENGINE.dump(state) == before
    if legal:
        in_match = type(seat) is int and 0 <= seat < players
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, players if in_match else seat, min(legal))
        assert ENGINE.dump(state) == before
