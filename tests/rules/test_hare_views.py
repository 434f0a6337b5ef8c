"""Hare and Tortoise: what a move costs, the public view, places and the dump."""

from __future__ import annotations

import json

from rules.hare import ENGINE
from rules.hare.moves import move_cost
from tests.rules.hare_positions import race


def test_a_move_costs_what_the_rules_say() -> None:
    state = race(spaces=[5, 14])
    assert move_cost(state, 0, "f10") == 15
    state.turn = 1
    assert move_cost(state, 1, "b11") == -30
    state = race(spaces=[59], carrots=[15], lettuces=[0])
    assert move_cost(state, 0, "f64") == 15
    assert move_cost(state, 0, "take") == -10
    assert move_cost(state, 0, "give") == 10
    assert all(len(m) <= 40 for m in ENGINE.legal_moves(state, 0))


def test_view_is_public_and_json_ready() -> None:
    state = race(spaces=[10, 5, 0])
    state.markers[0].must_eat = True
    view = ENGINE.view(state, None)
    assert view == json.loads(json.dumps(view))
    assert view["board"][10] == "lettuce" and view["board"][0] == "start"
    assert view["markers"][0]["must_eat"] and view["markers"][0]["place"] == 1
    assert view["markers"][2]["place"] == 3
    assert view["players"][1] == {
        "seat": 1, "carrots": 65, "lettuces": 3, "lose_turn": False, "finished": False,
    }
    assert view["to_move"] == [0] and view["pending"] is None
    assert "seed" not in json.dumps(view)
    assert {k: v for k, v in ENGINE.view(state, 2).items() if k != "seat"} == {
        k: v for k, v in view.items() if k != "seat"
    }


def test_markers_on_start_share_the_last_places() -> None:
    state = race(players=4, spaces=[12, 0, 0, 0])
    assert [m["place"] for m in ENGINE.view(state, None)["markers"]] == [1, 2, 2, 2]


def test_dump_and_load_round_trip() -> None:
    state = race(spaces=[10, 5, 0])
    ENGINE.apply(state, 0, "f13")
    data = ENGINE.dump(state)
    assert json.loads(json.dumps(data)) == data
    assert ENGINE.load(data) == state
    assert ENGINE.dump(ENGINE.load(data)) == data
