"""Great Canyon Race: the second hand's bonuses: six cards and a peek at an action card."""

from __future__ import annotations

import pytest

from rules.canyon import ACTIONS, ENGINE, race
from tests.rules.canyon_positions import ANNE, BEN, CHRIS, DANA, action_ids, play, rigged
from tests.rules.events import only


@pytest.mark.parametrize(
    ("scores", "six", "peek"),
    [
        # 2 players: highest and lowest; a tie, no bonus.
        ([12, 7], [0], [1]),
        ([9, 9], [], []),
        # 3 players: two tied share; all three tied, no bonus.
        ([12, 7, 3], [0], [2]),
        ([12, 12, 3], [0, 1], [2]),
        ([12, 3, 3], [0], [1, 2]),
        ([5, 5, 5], [], []),
        # 4 players: two or three tied share; all four tied, no bonus.
        ([12, 7, 3, 9], [0], [2]),
        ([12, 12, 3, 3], [0, 1], [2, 3]),
        ([12, 12, 12, 3], [0, 1, 2], [3]),
        ([1, 9, 1, 1], [1], [0, 2, 3]),
        ([4, 4, 4, 4], [], []),
        # 5 players: the two highest and two lowest; a tie that makes three shares.
        ([20, 15, 10, 5, 0], [0, 1], [3, 4]),
        ([20, 15, 15, 5, 0], [0, 1, 2], [3, 4]),
        ([20, 15, 10, 5, 5], [0, 1], [3, 4]),
        ([20, 10, 10, 10, 0], [0], [4]),  # four would share: only the clear ones
        ([18, 12, 12, 12, 5], [0], [4]),  # the rulebook's example
        ([10, 10, 10, 10, 0], [], [4]),
        ([7, 7, 7, 7, 7], [], []),
        # 6 players.
        ([20, 15, 10, 8, 5, 0], [0, 1], [4, 5]),
        ([20, 20, 20, 8, 5, 5], [0, 1, 2], [4, 5]),
        ([20, 9, 9, 9, 9, 0], [0], [5]),
        ([20, 9, 9, 9, 9, 9], [0], []),  # five tie: the tied five get nothing
        ([3, 3, 3, 3, 3, 3], [], []),
    ],
)
def test_second_hand_bonus_tables(scores: list[int], six: list[int], peek: list[int]):
    assert race.bonuses(range(len(scores)), scores) == (six, peek)


def test_the_bonus_tables_count_only_the_players_still_racing():
    # Five seats, one eliminated: the four-player table (the highest, the lowest).
    scores = [20, 15, 10, 5, 0]
    assert race.bonuses([0, 1, 2, 3], scores) == ([0], [3])


def finish_first_hand(scores: list[int], eliminated: tuple[int, ...] = ()) -> tuple:
    """Play round 5 with +1 cards under Cancel from ``scores``; return the state and events."""
    players = len(scores)
    state = rigged(
        players, round_no=5, action="cancel", scores=scores, hands={s: [1] for s in range(players)}
    )
    for seat in eliminated:
        state.eliminated_in[seat] = 2
    events = play(state, {s: 1 for s in range(players) if s not in eliminated})
    return state, events


def test_after_round_5_the_highest_gets_six_cards_and_rounds_6_and_9_turn_up():
    state, events = finish_first_hand([12, 7, 3])
    assert [len(h) for h in state.hands] == [6, 5, 5]
    assert only(events, "second_hand").data == {
        "six_cards": [ANNE],
        "peekers": [CHRIS],
        "hand_sizes": [6, 5, 5],
    }
    revealed = [e.data["round"] for e in events if e.kind == "action_revealed"]
    assert revealed == [6, 9] and state.round == 6
    assert state.phase == "peek" and ENGINE.to_move(state) == {CHRIS}
    assert ENGINE.legal_moves(state, CHRIS) == ["k7", "k8", "k10"]


def test_an_eliminated_player_gets_no_second_hand():
    state, _ = finish_first_hand([12, 7, 3, 0], eliminated=(DANA,))
    assert [len(h) for h in state.hands][:3] == [6, 5, 5]
    assert state.peekers == [CHRIS]


def test_the_peeked_action_card_is_shown_only_to_its_player_until_it_flips():
    state, _ = finish_first_hand([12, 7, 3])
    events = ENGINE.apply(state, CHRIS, "k8")
    assert only(events, "peeked").data == {"seat": CHRIS, "round": 8}
    secret = state.row[7]
    mine = ENGINE.view(state, CHRIS)
    assert mine["peeked"] == {"round": 8, **ACTIONS[secret].to_json()}
    for viewer in (None, ANNE, BEN):
        view = ENGINE.view(state, viewer)
        assert view.get("peeked") is None and view["peeks"] == [None, None, 8]
        assert view["row"][7] == {"round": 8, "face_up": False}
        assert secret not in action_ids(view)
    assert state.phase == "commit" and state.round == 6
    # Play rounds 6 and 7: the peek is still shown; round 8 flips it and it is no longer secret.
    for _ in range(2):
        for seat in range(3):
            ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
        while ENGINE.to_move(state) and state.phase != "commit":
            seat = min(ENGINE.to_move(state))
            ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    assert state.round == 8 and state.face_up[7]
    assert ENGINE.view(state, CHRIS)["peeked"] is None
    assert ENGINE.view(state, None)["row"][7]["action"] == secret


def test_a_six_card_hand_plays_five_and_keeps_one():
    state, _ = finish_first_hand([12, 7, 3])
    ENGINE.apply(state, CHRIS, "k7")
    played = 0
    while awaited := ENGINE.to_move(state):
        seat = min(awaited)
        move = ENGINE.legal_moves(state, seat)[0]
        played += seat == ANNE and move.startswith("c")
        ENGINE.apply(state, seat, move)
    assert played == 5
    assert [len(h) for h in state.hands] == [1, 0, 0]
    assert state.phase == "over"
