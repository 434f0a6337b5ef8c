"""The hare space table, entry by entry, and its results' fine print (forced die rolls)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules.hare import ENGINE
from rules.hare.dice import HareResult, hare_result
from rules.hare.state import HareState
from tests.rules.events import kinds
from tests.rules.hare_positions import first, loaded, race
from tests.rules.protocol import check_padded_codes_refused

# The table as GAMES.md prints it: roll -> results for places 1st..6th.
GAMES_MD_TABLE = {
    1: ["lose_turn"] * 4 + ["give_or_take_10"] * 2,
    2: ["back_carrot"] * 3 + ["forward_carrot"] * 3,
    3: ["back_place"] * 2 + ["forward_place"] * 4,
    4: ["eat_carrot"] + ["eat_lettuce"] * 5,
    5: ["free_move"] * 6,
    6: ["move_again"] * 6,
}

AHEAD = [40, 44, 45, 47, 48]
BEHIND = [13, 12, 9, 8, 7]
START_CARROTS = 95  # six players
PAID = 3  # from 23 to the hare space 25


def land_on_hare(roll: int, place: int) -> tuple[HareState, list[str], list[dict]]:
    """Seat 0 moves 23 -> 25 (hare) in race ``place`` of six, rolling ``roll``."""
    others = AHEAD[: place - 1] + BEHIND[: 6 - place]
    state = race(players=6, spaces=[23, *others])
    events = loaded(roll).apply(state, 0, "f25")
    return state, kinds(events), [dict(e.data) for e in events]


def expect_lose_turn(state: HareState) -> None:
    assert state.players[0].lose_turn and state.markers[0].space == 25
    assert ENGINE.to_move(state) == {1}


def expect_give_or_take(state: HareState) -> None:
    assert ENGINE.to_move(state) == {0}
    assert ENGINE.view(state, None)["pending"] == {"kind": "give_or_take", "seat": 0, "marker": 0}
    assert ENGINE.legal_moves(state, 0) == ["take", "give"]
    ENGINE.apply(state, 0, "give")
    assert state.players[0].carrots == START_CARROTS - PAID - 10
    assert ENGINE.to_move(state) == {1}


def expect_space(space: int) -> Callable[[HareState], None]:
    def check(state: HareState) -> None:
        assert state.markers[0].space == space
        assert state.players[0].carrots == START_CARROTS - PAID  # relocation is free

    return check


def expect_back_place(state: HareState) -> None:
    # behind the marker on 13: 12 occupied, 11 tortoise, so the lettuce space 10
    expect_space(10)(state)
    assert state.markers[0].must_eat


def expect_forward_place(state: HareState) -> None:
    # just ahead of the marker on 40: the position space 41
    expect_space(41)(state)
    assert state.markers[0].position_pending


def expect_eat_carrot(state: HareState) -> None:
    assert state.players[0].carrots == START_CARROTS - PAID - 1


def expect_eat_lettuce(state: HareState) -> None:
    assert state.markers[0].must_eat and state.players[0].lettuces == 3
    assert ENGINE.to_move(state) == {1}


def expect_free_move(state: HareState) -> None:
    assert state.players[0].carrots == START_CARROTS


def expect_move_again(state: HareState) -> None:
    assert ENGINE.to_move(state) == {0}
    assert ENGINE.view(state, None)["pending"]["kind"] == "move_again"
    moves = ENGINE.legal_moves(state, 0)
    assert "f26" in moves and all(m[0] in "fb" for m in moves)


EFFECTS: dict[str, Callable[[HareState], None]] = {
    "lose_turn": expect_lose_turn,
    "give_or_take_10": expect_give_or_take,
    "back_carrot": expect_space(21),
    "forward_carrot": expect_space(26),
    "back_place": expect_back_place,
    "forward_place": expect_forward_place,
    "eat_carrot": expect_eat_carrot,
    "eat_lettuce": expect_eat_lettuce,
    "free_move": expect_free_move,
    "move_again": expect_move_again,
}


@pytest.mark.parametrize("place", range(1, 7))
@pytest.mark.parametrize("roll", range(1, 7))
def test_every_hare_table_entry(roll: int, place: int) -> None:
    expected = GAMES_MD_TABLE[roll][place - 1]
    assert hare_result(roll, place) == HareResult(expected)
    state, event_kinds, data = land_on_hare(roll, place)
    rolled = data[event_kinds.index("hare_roll")]
    assert rolled == {
        "seat": 0, "marker": 0, "space": 25, "roll": roll, "place": place, "result": expected,
    }
    assert "hare_no_effect" not in event_kinds
    EFFECTS[expected](state)


def test_the_table_has_no_other_entries() -> None:
    with pytest.raises(ValueError):
        hare_result(7, 1)
    with pytest.raises(ValueError):
        hare_result(1, 0)


# -- the fine print ------------------------------------------------------------------------


def test_a_place_move_resolves_the_space_reached_even_another_hare() -> None:
    state = race(players=4, spaces=[0, 30, 40, 50])
    events = loaded(3, 5).apply(state, 0, "f1")  # 4th: one place forward -> hare 31
    assert kinds(events).count("hare_roll") == 2
    assert state.markers[0].space == 31
    assert first(events, "carrots") == {
        "seat": 0, "marker": 0, "amount": 1, "reason": "free_move", "carrots": 95,
    }


def test_one_place_forward_passes_a_row_of_markers_tortoises_and_unusable_lettuce() -> None:
    state = race(players=4, spaces=[0, 8, 9, 40], lettuces=[0])
    loaded(3).apply(state, 0, "f1")
    assert state.markers[0].space == 12


def test_one_place_forward_with_a_lettuce_stops_on_the_lettuce_space() -> None:
    state = race(players=4, spaces=[0, 8, 9, 40], lettuces=[1])
    loaded(3).apply(state, 0, "f1")
    assert state.markers[0].space == 10 and state.markers[0].must_eat


def test_one_place_back_has_no_effect_when_last() -> None:
    state = race(players=2, two_markers=False, spaces=[0, 30])
    events = loaded(3).apply(state, 0, "f1")
    assert first(events, "hare_no_effect") == {"seat": 0, "marker": 0, "result": "back_place"}
    assert state.markers[0].space == 1


def test_one_place_back_never_reaches_start() -> None:
    state = race(players=3, spaces=[0, 30, 0])
    events = loaded(3).apply(state, 0, "f1")  # 2nd, the marker behind is on Start
    assert "hare_no_effect" in kinds(events)
    assert state.markers[0].space == 1


def test_one_place_forward_reaches_the_finish_only_if_allowed() -> None:
    state = race(spaces=[61, 63, 0], carrots=[16], lettuces=[0])
    state.markers[2].space, state.markers[2].finish_place = 64, 1
    state.finish_order, state.standings = [2], [2]
    events = loaded(3).apply(state, 0, "f62")  # 3rd; pays 1, keeps 15 <= 20
    assert first(events, "finished") == {"seat": 0, "marker": 0, "place": 2}
    assert kinds(events)[-1] == "match_over"


def test_one_place_forward_to_a_forbidden_finish_has_no_effect() -> None:
    state = race(spaces=[61, 63, 0], carrots=[16], lettuces=[1])
    state.markers[2].space, state.markers[2].finish_place = 64, 1
    state.finish_order, state.standings = [2], [2]
    events = loaded(3).apply(state, 0, "f62")
    assert "hare_no_effect" in kinds(events)
    assert state.markers[0].space == 62


def test_back_to_a_carrot_space_with_none_behind_has_no_effect() -> None:
    state = race()
    events = loaded(2).apply(state, 0, "f1")  # 1st, only Start behind
    assert first(events, "hare_no_effect")["result"] == "back_carrot"


def test_forward_to_a_carrot_space_with_none_free_ahead_has_no_effect() -> None:
    state = race(players=4, spaces=[60, 63, 0, 0])
    for marker_id in (2, 3):
        state.markers[marker_id].space = 64
        state.finish_order.append(marker_id)
        state.markers[marker_id].finish_place = len(state.finish_order)
        state.standings.append(marker_id)
    events = loaded(2).apply(state, 0, "f62")  # 4th; the carrot space 63 is taken
    assert first(events, "hare_no_effect")["result"] == "forward_carrot"
    assert state.markers[0].space == 62


def test_back_to_a_carrot_space_may_reuse_the_space_just_left() -> None:
    state = race(spaces=[61, 0, 0])
    loaded(2).apply(state, 0, "f62")  # 1st
    assert state.markers[0].space == 61


def test_eat_carrot_with_no_carrot_sends_the_marker_back_to_start() -> None:
    state = race(players=6, spaces=[23, *BEHIND], carrots=[3])
    events = loaded(4).apply(state, 0, "f25")  # 1st, pays 3 and has none left
    assert first(events, "restart") == {"seat": 0, "marker": 0, "from": 25, "carrots": 95}
    assert state.markers[0].space == 0


def test_eat_lettuce_without_a_lettuce_loses_the_next_turn() -> None:
    state = race(players=3, spaces=[23, 40, 0], lettuces=[0])
    loaded(4).apply(state, 0, "f25")  # 2nd
    assert state.players[0].lose_turn and not state.markers[0].must_eat
    ENGINE.apply(state, 1, "f41")
    events = ENGINE.apply(state, 2, "f2")
    assert first(events, "lost_turn") == {"seat": 0}
    assert ENGINE.to_move(state) == {1}
    assert not state.players[0].lose_turn


def test_eat_lettuce_is_eaten_next_turn_on_the_hare_space() -> None:
    state = race(players=3, spaces=[23, 40, 0])
    loaded(4).apply(state, 0, "f25")
    ENGINE.apply(state, 1, "f41")
    events = ENGINE.apply(state, 2, "f2")
    assert first(events, "lettuce_eaten")["carrots"] == 20
    assert state.markers[0].space == 25


def test_lose_turn_skips_the_players_next_turn() -> None:
    state = race(players=3, spaces=[23, 20, 0])
    loaded(1).apply(state, 0, "f25")  # 1st
    ENGINE.apply(state, 1, "f21")
    events = ENGINE.apply(state, 2, "f2")
    assert "lost_turn" in kinds(events)
    assert ENGINE.to_move(state) == {1}
    ENGINE.apply(state, 1, "take")
    ENGINE.apply(state, 2, "take")
    assert ENGINE.to_move(state) == {0}


def test_give_or_take_with_fewer_than_ten_carrots_takes_without_asking() -> None:
    state = race(players=6, spaces=[23, *AHEAD], carrots=[9])
    events = loaded(1).apply(state, 0, "f25")  # 6th: give or take 10, has 6
    assert first(events, "carrots")["reason"] == "hare_take"
    assert state.players[0].carrots == 16
    assert ENGINE.to_move(state) == {1}


def test_hare_choice_answers_only_take_or_give() -> None:
    state, _, _ = land_on_hare(1, 6)
    before = ENGINE.dump(state)
    with pytest.raises(Exception, match="take or give"):
        ENGINE.apply(state, 0, "f26")
    assert ENGINE.dump(state) == before
    decision = ENGINE.decision_point(state)
    ENGINE.apply(state, 0, "take")
    assert state.players[0].carrots == START_CARROTS - PAID + 10
    assert ENGINE.decision_point(state) == decision + 1


def test_move_again_is_a_paid_move_whose_space_is_resolved() -> None:
    state, _, _ = land_on_hare(6, 3)
    decision = ENGINE.decision_point(state)
    events = loaded(5).apply(state, 0, "f31")  # another hare: free move refunds 21
    assert ENGINE.decision_point(state) > decision
    assert first(events, "carrots")["amount"] == 21
    assert state.players[0].carrots == START_CARROTS - PAID
    assert ENGINE.to_move(state) == {1}


def test_move_again_without_any_move_has_no_effect() -> None:
    state = race(spaces=[61, 63, 56], carrots=[1], lettuces=[1])
    events = loaded(6).apply(state, 0, "f62")
    assert first(events, "hare_no_effect")["result"] == "move_again"
    assert ENGINE.to_move(state) == {1}


def test_each_hare_roll_is_a_new_draw() -> None:
    state = race(players=4, spaces=[0, 30, 40, 50])
    draws: list[int] = []
    engine = type(ENGINE)(die=lambda seed, draw: draws.append(draw) or 3)
    engine.apply(state, 0, "f1")  # one place forward to the hare 31, rolls again
    assert draws == [0, 1] and state.draw == 2


def test_answering_the_hare_with_a_newline_after_take_or_give_is_refused() -> None:
    state, _, _ = land_on_hare(1, 6)
    assert set(ENGINE.legal_moves(state, 0)) == {"take", "give"}
    check_padded_codes_refused(ENGINE, state, 0)
