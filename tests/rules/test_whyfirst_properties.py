"""Why First?: properties of random legal play for 2-6 players in both variants.

The recount here tallies the match from the public events alone, with its own arithmetic, and
must agree with the engine's outcome.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.base import Event, IllegalMove
from rules.whyfirst import DECK, ENGINE, WhyFirstState
from tests.rules.protocol import check_moves_and_outcome, round_trip

LOW, HIGH = -12, 16


def card_ids(data: Any) -> set[int]:
    """Every card id in JSON data: cards always appear as objects with a "card" key."""
    found: set[int] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "card":
                found.add(value)
            else:
                found |= card_ids(value)
    elif isinstance(data, list):
        for item in data:
            found |= card_ids(item)
    return found


def stop_on_track(space: int) -> int:
    return HIGH if space > HIGH else LOW if space < LOW else space


class Recount:
    """An independent tally of a match from its public events."""

    def __init__(self, players: int) -> None:
        self.figures = players + 1 if players == 2 else players
        self.positions = [0] * self.figures
        self.totals = [0] * self.figures
        self.card_rounds = 0
        self.stages = 0
        self.revealed_this_stage: set[int] = set()
        self.last_reveal: dict[str, Any] | None = None
        self.over = False

    def see(self, event: Event) -> None:
        data = json.loads(json.dumps(dict(event.data)))
        getattr(self, f"on_{event.kind}")(data)

    def on_committed(self, data: dict[str, Any]) -> None:
        assert card_ids(data) == set(), "a commitment must not show its card"

    def on_revealed(self, data: dict[str, Any]) -> None:
        self.card_rounds += 1
        plays = data["plays"] + ([data["leo"]] if data["leo"] else [])
        for play in plays:
            assert play["value"] == DECK[play["card"]].value
        self.revealed_this_stage |= {play["card"] for play in plays}
        self.last_reveal = data
        if data["variant"] == "standard":
            pushed = [0] * self.figures
            for play in data["plays"]:
                pushed[play["target"]] += play["value"]
            if data["leo"]:
                pushed[2] += data["leo"]["value"]
            moved = zip(self.positions, pushed, strict=True)
            self.positions = [stop_on_track(space + push) for space, push in moved]

    def on_figure_moved(self, data: dict[str, Any]) -> None:
        figure = data["figure"]
        self.positions[figure] = stop_on_track(self.positions[figure] + data["value"])
        assert self.last_reveal is not None
        self.last_reveal["moves"].append(data)

    def on_stage_scored(self, data: dict[str, Any]) -> None:
        self.stages += 1
        assert data["positions"] == self.positions
        occupied = sorted(set(self.positions), reverse=True)
        second = occupied[1] if len(occupied) > 1 else None
        assert data["second_place_space"] == second
        for figure, space in enumerate(self.positions):
            if space == second:
                self.totals[figure] += space
        assert data["totals"] == self.totals

    def on_stage_started(self, data: dict[str, Any]) -> None:
        assert data["stage"] == self.stages + 1
        self.positions = [0] * self.figures
        self.revealed_this_stage = set()

    def on_match_over(self, data: dict[str, Any]) -> None:
        self.over = True

    def winners(self) -> set[int]:
        ranked = sorted(set(self.totals), reverse=True)
        winning = ranked[1] if len(ranked) > 1 else ranked[0]
        return {f for f, total in enumerate(self.totals) if total == winning}


def check_cards_conserved(state: WhyFirstState) -> None:
    sealed = [c for c in state.sealed if c is not None]
    held = [c for hand in state.hands for c in hand]
    everything = held + sealed + state.played + state.undealt + state.leo_stack
    assert sorted(everything) == list(range(32))


def check_views(state: WhyFirstState, recount: Recount) -> None:
    """No view shows a hand or a sealed play but the viewer's own, nor Leo's stack."""
    for viewer in [*range(state.seats), None]:
        view = json.loads(json.dumps(ENGINE.view(state, viewer)))
        assert view.pop("last_reveal") == recount.last_reveal
        allowed = set(recount.revealed_this_stage)
        if viewer is not None:
            own = state.hands[viewer] + [c for c in [state.sealed[viewer]] if c is not None]
            assert sorted(card_ids(view["hand"])) == sorted(state.hands[viewer])
            allowed |= set(own)
        secret = set(state.leo_stack) | {
            c
            for seat in range(state.seats)
            if seat != viewer
            for c in [*state.hands[seat], state.sealed[seat]]
            if c is not None
        }
        seen = card_ids(view)
        assert seen <= allowed
        assert not seen & secret


def check_step(state: WhyFirstState) -> None:
    check_moves_and_outcome(ENGINE, state, state.seats)
    assert all(LOW <= p <= HIGH for p in state.positions)
    check_cards_conserved(state)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 6),
    variant=st.sampled_from(["standard", "tactical"]),
    seed=st.integers(0, 2**63),
    choices=st.integers(0, 2**32),
)
def test_random_legal_play_keeps_every_rule(players: int, variant: str, seed: int, choices: int):
    rng = random.Random(choices)
    state = ENGINE.setup(players, {"variant": variant}, seed)
    recount = Recount(players)
    log: list[tuple[int, str]] = []
    while True:
        check_step(state)
        check_views(state, recount)
        state = round_trip(ENGINE, state)
        awaited = ENGINE.to_move(state)
        if not awaited:
            break
        seat = rng.choice(sorted(awaited))
        move = rng.choice(ENGINE.legal_moves(state, seat))
        point = ENGINE.decision_point(state)
        # Views, dumps and the data a state was loaded from never change with the state.
        data = ENGINE.dump(state)
        state = ENGINE.load(data)
        shown = [ENGINE.view(state, None), ENGINE.view(state, seat), data]
        kept = copy.deepcopy(shown)
        events = ENGINE.apply(state, seat, move)
        assert shown == kept
        log.append((seat, move))
        for event in events:
            recount.see(event)
        if [e.kind for e in events] == ["committed"]:
            # Still inside a simultaneous round: the open decision stays the same.
            assert ENGINE.decision_point(state) == point
        elif not recount.over:
            assert ENGINE.decision_point(state) > point
        assert ENGINE.decision_point(state) >= point

    assert recount.card_rounds == 25
    assert recount.stages == 5 and recount.over
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert list(outcome.scores) == recount.totals
    assert set(outcome.winners) == recount.winners()
    assert min(outcome.places[w] for w in outcome.winners) == 1
    assert outcome.phantoms == ({2: "Leo"} if players == 2 else {})
    assert len(outcome.scores) == recount.figures

    # The seed and the move log replay the match exactly.
    replay = ENGINE.setup(players, {"variant": variant}, seed)
    for seat, move in log:
        ENGINE.apply(replay, seat, move)
    assert ENGINE.dump(replay) == ENGINE.dump(state)


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 6),
    variant=st.sampled_from(["standard", "tactical"]),
    seed=st.integers(0, 2**32),
    choices=st.integers(0, 2**32),
    bad=st.text(max_size=8),
)
def test_an_illegal_move_never_changes_the_state(
    players: int, variant: str, seed: int, choices: int, bad: str
):
    rng = random.Random(choices)
    state = ENGINE.setup(players, {"variant": variant}, seed)
    for _ in range(rng.randrange(80)):
        awaited = ENGINE.to_move(state)
        if not awaited:
            break
        seat = rng.choice(sorted(awaited))
        ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
    seat = rng.randrange(players)
    legal = set(ENGINE.legal_moves(state, seat))
    codes = [f"p{c}:{t}" for c in range(33) for t in range(7)] + [f"p{c}" for c in range(33)]
    for move in [bad, *codes, "f0", "f6", "p-1:0", "p1:-1"]:
        if move in legal:
            continue
        before = copy.deepcopy(ENGINE.dump(state))
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, seat, move)
        assert ENGINE.dump(state) == before


REPLAY_FINGERPRINTS = [
    (2, "standard", 11, "d93a5e11d3082173f004f1f4816b932eab4b5b5ecfe1d940b45e8751c03bbe05"),
    (2, "tactical", 12, "d09134eac9bbf3b325292911f93e8360fb9785a8dcbe85af0bbaa73dd8d87f9b"),
    (3, "standard", 13, "e9881ab827d7ae4b4f6b7084d93214432f2cc89b47572d148837dcee29c297b8"),
    (4, "tactical", 14, "2591b40e8863f4bf489ef97753c3ac4db6ce2a2d4940a79a512b881bdea3054e"),
    (6, "standard", 15, "212d83c5b72dcd0bf64af109caf031ae1506f9182defe5b0e16d4f575a3cd10d"),
]
"""SHA-256 of every move, its events, every seat's view and the dump after each move of a
seeded random match, taken with the engine before it was made faster (commit b9c6849).
Each stage's final positions, kept since then in the stored scoring and shown in the views'
stage scores, are left out: they are what was added, everything else must not change."""


def _as_before(data: dict) -> dict:
    """A view or a dump without the stage positions kept since the fingerprints were taken."""
    data = copy.deepcopy(data)
    for score in data.get("stage_scores", []) + data.get("scoring", []):
        score.pop("positions", None)
    return data


@pytest.mark.parametrize(("players", "variant", "seed", "fingerprint"), REPLAY_FINGERPRINTS)
def test_stored_matches_replay_to_the_same_json(
    players: int, variant: str, seed: int, fingerprint: str
):
    rng = random.Random(seed)
    state = ENGINE.setup(players, {"variant": variant}, seed)
    digest = hashlib.sha256()
    while awaited := ENGINE.to_move(state):
        seat = rng.choice(sorted(awaited))
        move = rng.choice(ENGINE.legal_moves(state, seat))
        events = [event.to_json() for event in ENGINE.apply(state, seat, move)]
        views = [_as_before(ENGINE.view(state, viewer)) for viewer in [None, *range(players)]]
        record = [move, events, views, _as_before(ENGINE.dump(state))]
        digest.update(json.dumps(record, sort_keys=True).encode())
    assert digest.hexdigest() == fingerprint
