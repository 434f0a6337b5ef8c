"""Why First?: hidden information in the views, the dump, and what a finished stage keeps."""

from __future__ import annotations

import json

from rules.whyfirst import ENGINE
from tests.rules.whyfirst_positions import ANNE, BEN, CHRIS, commit, rigged


def test_view_shows_only_your_own_hand_and_play():
    state = ENGINE.setup(3, {}, seed=9)
    secret = state.hands[BEN][0]
    ENGINE.apply(state, BEN, f"p{secret}:0")
    mine = ENGINE.view(state, ANNE)
    assert mine["hand"] == [ENGINE.card(c).to_json() for c in state.hands[ANNE]]
    assert mine["my_play"] is None
    assert mine["committed"] == [BEN]
    assert ENGINE.view(state, BEN)["my_play"]["card"] == secret
    public = ENGINE.view(state, None)
    assert "hand" not in public
    for view in (mine, public):
        text = json.dumps(view)
        assert f'"card": {secret},' not in text
        assert all(f'"card": {c},' not in text for c in state.hands[BEN] + state.hands[CHRIS])


def test_view_never_shows_leos_face_down_cards():
    state = ENGINE.setup(2, {}, seed=9)
    for seat in (0, 1, None):
        text = json.dumps(ENGINE.view(state, seat))
        assert all(f'"card": {c},' not in text for c in state.leo_stack)
        assert ENGINE.view(state, seat)["leo_cards_left"] == 4


def test_dump_and_load_round_trip_exactly():
    state = rigged(2, "tactical", hands={0: [-1], 1: [4]}, leo=[2])
    commit(state, {0: -1, 1: 4})
    data = json.loads(json.dumps(ENGINE.dump(state)))
    assert ENGINE.load(data) == state
    assert ENGINE.dump(ENGINE.load(data)) == data


def test_a_finished_stage_keeps_where_every_figure_stood_and_older_states_still_load():
    import random

    from rules.whyfirst import ENGINE as WHY_FIRST

    state = WHY_FIRST.setup(3, WHY_FIRST.options({}, 3), 11)
    rng = random.Random(11)
    scored = None
    while scored is None:
        seat = min(WHY_FIRST.to_move(state))
        events = WHY_FIRST.apply(state, seat, rng.choice(WHY_FIRST.legal_moves(state, seat)))
        scored = next((e for e in events if e.kind == "stage_scored"), None)
    (stage,) = WHY_FIRST.view(state, None)["stage_scores"]
    assert stage["positions"] == scored.data["positions"] and len(stage["positions"]) == 3
    assert stage["second_place_space"] in stage["positions"]
    assert all(stage["positions"][f] == stage["second_place_space"] for f in stage["scorers"])
    stored = WHY_FIRST.dump(state)
    assert WHY_FIRST.dump(WHY_FIRST.load(stored)) == stored
    for score in stored["scoring"]:  # a match saved before the positions were kept
        del score["positions"]
    older = WHY_FIRST.load(stored)
    assert "positions" not in WHY_FIRST.view(older, None)["stage_scores"][0]
