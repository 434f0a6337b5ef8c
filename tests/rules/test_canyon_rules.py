"""Great Canyon Race: the rulebook's examples and every ruling, one constructed position each."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.base import IllegalMove, InvalidOptions
from rules.canyon import ACCELERATION, ACTIONS, ENGINE, CanyonState, race
from rules.canyon.cards import (
    ACTION_KINDS,
    Acceleration,
    Action,
    validate_acceleration,
    validate_actions,
)
from tests.rules.protocol import check_padded_codes_refused

ANNE, BEN, CHRIS, DANA, EVE, FINN = range(6)
Card = int | str
"""A wanted acceleration card: a value such as 4 or -3, or a double card such as "±4"."""


def card_matches(card: Acceleration, wanted: Card) -> bool:
    if isinstance(wanted, str):
        return card.double and card.value == int(wanted.removeprefix("±"))
    return not card.double and card.value == wanted


def rigged(
    players: int = 4,
    *,
    round_no: int = 1,
    action: str = "keep_value",
    hands: dict[int, list[Card]] | None = None,
    scores: list[int] | None = None,
    collisions: list[int] | None = None,
    deck: list[str] | None = None,
    row: dict[int, str] | None = None,
) -> CanyonState:
    """A match at the start of ``round_no``, whose action card is ``action``.

    ``hands`` gives the wanted cards (the rest are filled in), ``deck`` the kinds of the action
    deck from the top, ``row`` the kinds of other rounds' action cards. Every card stays in
    exactly one place.
    """
    state = ENGINE.setup(players, {}, seed=11)
    pool = list(range(len(ACCELERATION)))

    def take(wanted: Card | None) -> int:
        card = next(c for c in pool if wanted is None or card_matches(ACCELERATION[c], wanted))
        pool.remove(card)
        return card

    wanted = [[take(v) for v in (hands or {}).get(s, [])] for s in range(players)]
    size = 5 - (round_no - 1) % 5
    state.hands = [sorted(h + [take(None) for _ in range(size - len(h))]) for h in wanted]
    state.stock = pool

    actions = list(range(len(ACTIONS)))

    def take_action(kind: str) -> int:
        card = next(a for a in actions if ACTIONS[a].kind == kind)
        actions.remove(card)
        return card

    kinds = {**(row or {}), round_no: action}
    chosen = {r: take_action(kind) for r, kind in kinds.items()}
    top = [take_action(kind) for kind in deck or []]
    state.row = [chosen[r] if r in chosen else actions.pop() for r in range(1, 11)]
    state.action_deck = top + (actions if deck is None else [])
    if deck is not None:
        state.action_discard = []
    # Rounds 1 and 4 are face up from the start, 6 and 9 from the second hand.
    face_up = {1, 4} | ({6, 9} if round_no >= 6 else set())
    state.face_up = [r <= round_no or r in face_up for r in range(1, 11)]
    state.round = round_no
    if scores is not None:
        state.scores = list(scores)
    if collisions is not None:
        state.collisions = list(collisions)
    return state


def code(state: CanyonState, seat: int, wanted: Card, call: bool = False) -> str:
    card = next(c for c in state.hands[seat] if card_matches(ACCELERATION[c], wanted))
    return f"c{card}" + (":x" if call else "")


def play(state: CanyonState, cards: dict[int, Card], calls: tuple[int, ...] = ()) -> list:
    """Every seat in ``cards`` commits that card; the seats in ``calls`` call a collision."""
    events = []
    for seat, wanted in cards.items():
        events += ENGINE.apply(state, seat, code(state, seat, wanted, seat in calls))
    return events


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def only(events: list, kind: str):
    (event,) = [e for e in events if e.kind == kind]
    return event


def action_ids(data) -> set[int]:
    """Every action card id in JSON data: action cards always carry an "action" id."""
    if isinstance(data, dict):
        found = {data["action"]} if isinstance(data.get("action"), int) else set()
        return found.union(*(action_ids(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(action_ids(v) for v in data))
    return set()


def action_id(state: CanyonState, kind: str) -> int:
    """The id of the offered action card of ``kind``."""
    return next(a for a in state.offer if ACTIONS[a].kind == kind)


# -- components --------------------------------------------------------------------------


def test_the_decks_are_the_rulebooks_data_default():
    values = Counter(c.label for c in ACCELERATION)
    assert len(ACCELERATION) == 63
    assert values["+1"] == 6 and values["+8"] == 3 and values["-4"] == 2
    assert sorted(c.label for c in ACCELERATION if c.double) == [f"±{n}" for n in range(2, 8)]
    assert len(ACTIONS) == 21
    assert Counter(a.kind for a in ACTIONS) == {
        "divide_by_2": 3,
        "multiply_by_2": 3,
        "multiply_by_3": 1,
        "keep_value": 3,
        "change_sign": 2,
        "change_sign_multiply_by_2": 2,
        "cancel": 3,
        "send_left": 2,
        "send_right": 2,
    }


def test_broken_card_data_is_refused_on_load():
    with pytest.raises(ValueError, match="ids"):
        validate_acceleration((Acceleration(1, 3),))
    with pytest.raises(ValueError, match="at least"):
        validate_acceleration(tuple(Acceleration(i, 1) for i in range(10)))
    with pytest.raises(ValueError, match="non-zero"):
        validate_acceleration((Acceleration(0, 0), *ACCELERATION[1:]))
    with pytest.raises(ValueError, match="unknown action kind"):
        validate_actions((Action(0, "teleport"), *ACTIONS[1:]))
    with pytest.raises(ValueError, match="row needs"):
        validate_actions(ACTIONS[:5])


def test_options_are_none():
    assert ENGINE.options({}, 4) == {}
    with pytest.raises(InvalidOptions):
        ENGINE.options({"turbo": True}, 4)


def test_setup_deals_five_cards_and_shows_the_action_cards_of_rounds_1_and_4():
    state = ENGINE.setup(6, {}, seed=5)
    assert [len(h) for h in state.hands] == [5] * 6
    assert len(state.stock) == 63 - 30
    assert len(state.row) == 10 and len(state.action_deck) == 11
    view = ENGINE.view(state, None)
    assert [cell["round"] for cell in view["row"] if cell["face_up"]] == [1, 4]
    assert all("action" not in cell for cell in view["row"] if not cell["face_up"])
    assert view["scores"] == [0] * 6 and view["awaiting"] == list(range(6))


# -- scoring -----------------------------------------------------------------------------


def test_multiply_by_2_example_a_4_and_a_7_move_8_and_14():
    state = rigged(2, action="multiply_by_2", hands={ANNE: [4], BEN: [7]})
    events = play(state, {ANNE: 4, BEN: 7})
    assert state.scores == [8, 14]
    moves = only(events, "round_scored").data["moves"]
    assert [(m["value"], m["effect"], m["from"], m["to"]) for m in moves] == [
        (4, 8, 0, 8),
        (7, 14, 0, 14),
    ]


def test_a_negative_result_from_zero_stays_on_zero():
    state = rigged(2, action="multiply_by_2", hands={ANNE: [-2], BEN: [3]})
    play(state, {ANNE: -2, BEN: 3})
    assert state.scores == [0, 6]


def test_a_negative_result_stops_on_zero_from_a_higher_score():
    state = rigged(
        2, action="change_sign_multiply_by_2", hands={ANNE: [4], BEN: [-1]}, scores=[3, 0]
    )
    play(state, {ANNE: 4, BEN: -1})
    assert state.scores == [0, 2]


def test_divide_by_2_truncates_toward_zero():
    halve = ACTION_KINDS["divide_by_2"]
    assert [halve.apply(v) for v in (7, -7, 1, -1, 8, -3)] == [3, -3, 0, 0, 4, -1]
    state = rigged(2, action="divide_by_2", hands={ANNE: [7], BEN: [-3]}, scores=[0, 10])
    play(state, {ANNE: 7, BEN: -3})
    assert state.scores == [3, 9]


def test_every_action_kind_changes_the_value_as_printed():
    effects = {kind: effect.apply(-3) for kind, effect in ACTION_KINDS.items()}
    assert effects == {
        "divide_by_2": -1,
        "multiply_by_2": -6,
        "multiply_by_3": -9,
        "keep_value": -3,
        "change_sign": 3,
        "change_sign_multiply_by_2": 6,
        "cancel": 0,
        "send_left": -3,
        "send_right": -3,
    }


def test_a_score_stops_on_50_the_last_space_of_the_track():
    state = rigged(2, action="multiply_by_3", hands={ANNE: [8], BEN: [1]}, scores=[40, 0])
    play(state, {ANNE: 8, BEN: 1})
    assert state.scores == [50, 3]


def test_cards_are_revealed_only_when_the_last_racer_commits():
    state = rigged(3, hands={ANNE: [2], BEN: [3], CHRIS: [4]})
    point = ENGINE.decision_point(state)
    events = play(state, {ANNE: 2, BEN: 3}, calls=(BEN,))
    assert kinds(events) == ["committed", "committed"]
    assert all(set(e.data) == {"seat", "round"} for e in events)
    assert ENGINE.view(state, None)["committed"] == [ANNE, BEN]
    assert ENGINE.decision_point(state) == point
    events = play(state, {CHRIS: 4})
    assert kinds(events)[:2] == ["committed", "revealed"]
    assert only(events, "revealed").data["callers"] == [BEN]
    assert ENGINE.decision_point(state) == point + 1


# -- collisions --------------------------------------------------------------------------


def test_collision_victim_is_the_highest_card_without_its_sign():
    state = rigged(3, hands={ANNE: [3], BEN: [-4], CHRIS: ["±2"]}, deck=["cancel", "multiply_by_2"])
    events = play(state, {ANNE: 3, BEN: -4, CHRIS: "±2"}, calls=(ANNE,))
    revealed = only(events, "revealed").data
    assert revealed["victims"] == [BEN] and revealed["chooser"] == BEN
    assert state.collisions == [0, 1, 0]
    assert ENGINE.to_move(state) == {BEN}


def test_a_double_card_counts_its_size_for_the_collision():
    state = rigged(2, hands={ANNE: ["±7"], BEN: [6]})
    play(state, {ANNE: "±7", BEN: 6}, calls=(BEN,))
    assert state.victims == [ANNE]


def test_a_circled_space_overrides_the_cards():
    state = rigged(3, hands={ANNE: [8], BEN: [1], CHRIS: [2]}, scores=[3, 15, 12])
    play(state, {ANNE: 8, BEN: 1, CHRIS: 2}, calls=(CHRIS,))
    assert state.victims == [BEN]


def test_the_highest_circled_space_takes_the_collision():
    state = rigged(3, hands={ANNE: [8], BEN: [1], CHRIS: [2]}, scores=[10, 25, 20])
    play(state, {ANNE: 8, BEN: 1, CHRIS: 2}, calls=(ANNE,))
    assert state.victims == [BEN]


def test_on_the_same_circled_space_the_higher_card_takes_the_collision():
    state = rigged(3, hands={ANNE: [8], BEN: [2], CHRIS: [-3]}, scores=[12, 20, 20])
    play(state, {ANNE: 8, BEN: 2, CHRIS: -3}, calls=(ANNE,))
    assert state.victims == [CHRIS]


def test_a_full_tie_makes_every_tied_player_a_victim_and_the_first_in_seat_order_chooses():
    state = rigged(4, hands={ANNE: [2], BEN: [4], CHRIS: [1], DANA: [-4]})
    events = play(state, {ANNE: 2, BEN: 4, CHRIS: 1, DANA: -4}, calls=(CHRIS,))
    assert only(events, "revealed").data["victims"] == [BEN, DANA]
    assert state.collisions == [0, 1, 0, 1]
    assert ENGINE.to_move(state) == {BEN}
    assert ENGINE.legal_moves(state, DANA) == []
    with pytest.raises(IllegalMove, match="Only the collision victim"):
        ENGINE.apply(state, DANA, f"a{state.offer[0]}")


def test_the_victim_chooses_among_the_round_card_and_two_drawn_which_are_then_discarded():
    state = rigged(2, hands={ANNE: [4], BEN: [2]}, deck=["multiply_by_2", "cancel", "change_sign"])
    round_card = state.row[0]
    events = play(state, {ANNE: 4, BEN: 2}, calls=(BEN,))
    offer = [a["kind"] for a in only(events, "revealed").data["offer"]]
    assert offer == ["keep_value", "multiply_by_2", "cancel"]
    assert ENGINE.legal_moves(state, ANNE) == [f"a{a}" for a in state.offer]
    doubled = action_id(state, "multiply_by_2")
    events = ENGINE.apply(state, ANNE, f"a{doubled}")
    chosen = only(events, "action_chosen")
    assert chosen.data["card"]["kind"] == "multiply_by_2"
    assert chosen.to_json()["kind"] == "action_chosen", "the card's kind stays the card's"
    assert state.scores == [8, 4]
    assert doubled in state.action_discard and round_card not in state.action_discard
    assert len(state.action_discard) == 2 and len(state.action_deck) == 1
    assert state.row[0] == round_card
    assert only(events, "round_scored").data["applied"]["kind"] == "multiply_by_2"


def test_no_collision_may_be_called_in_a_send_round():
    state = rigged(3, action="send_left", hands={ANNE: [2]})
    moves = ENGINE.legal_moves(state, ANNE)
    assert moves and not any(m.endswith(":x") for m in moves)
    with pytest.raises(IllegalMove, match="No collision may be called in a send round"):
        ENGINE.apply(state, ANNE, code(state, ANNE, 2, call=True))


def test_the_fourth_collision_eliminates_and_the_car_plays_no_more_cards():
    state = rigged(3, hands={ANNE: [8], BEN: [1], CHRIS: [2]}, collisions=[3, 0, 0])
    play(state, {ANNE: 8, BEN: 1, CHRIS: 2}, calls=(BEN,))
    events = ENGINE.apply(state, ANNE, f"a{state.offer[0]}")
    assert only(events, "round_scored").data["eliminated"] == [ANNE]
    assert state.eliminated_in == [1, 0, 0] and state.scores == [8, 1, 2]
    assert ENGINE.to_move(state) == {BEN, CHRIS}
    assert ENGINE.legal_moves(state, ANNE) == []
    with pytest.raises(IllegalMove, match="out of the race"):
        ENGINE.apply(state, ANNE, f"c{state.hands[ANNE][0]}")
    assert ENGINE.view(state, None)["eliminated"] == [True, False, False]


def test_a_fourth_collision_in_round_10_on_exactly_30_is_a_hero_finish_that_wins():
    state = rigged(
        3,
        round_no=10,
        hands={ANNE: [5], BEN: [1], CHRIS: [2]},
        scores=[25, 28, 27],
        collisions=[3, 0, 0],
    )
    play(state, {ANNE: 5, BEN: 1, CHRIS: 2}, calls=(BEN,))
    assert state.victims == [ANNE]  # 25 is a circled space
    events = ENGINE.apply(state, ANNE, f"a{state.offer[0]}")
    assert only(events, "round_scored").data["hero"] == [ANNE]
    over = only(events, "match_over").data
    assert over["fates"] == ["hero", "edge", "edge"]
    assert over["winners"] == [ANNE] and over["points"] == [30, 29, 29]


def test_a_fourth_collision_in_round_10_off_30_still_eliminates():
    state = rigged(2, round_no=10, hands={ANNE: [4], BEN: [1]}, scores=[25, 20], collisions=[3, 0])
    play(state, {ANNE: 4, BEN: 1}, calls=(BEN,))
    events = ENGINE.apply(state, ANNE, f"a{state.offer[0]}")
    over = only(events, "match_over").data
    assert over["fates"] == ["eliminated", "edge"]
    assert over["winners"] == [BEN] and over["points"] == [0, 21]


def test_when_everybody_is_eliminated_the_race_ends_at_once():
    state = rigged(2, round_no=3, hands={ANNE: [4], BEN: [-4]}, collisions=[3, 3])
    play(state, {ANNE: 4, BEN: -4}, calls=(ANNE,))
    events = ENGINE.apply(state, ANNE, f"a{state.offer[0]}")
    assert only(events, "match_over").data["winners"] == []
    assert ENGINE.to_move(state) == frozenset()
    assert ENGINE.outcome(state).places == (1, 1)


# -- the action deck ---------------------------------------------------------------------


def test_an_empty_action_deck_takes_back_the_discarded_drawn_cards():
    state = rigged(2, hands={ANNE: [4], BEN: [2]}, deck=["cancel"])
    spare = next(a for a in range(len(ACTIONS)) if a not in state.row + state.action_deck)
    state.action_discard = [spare]
    draw = state.draw
    play(state, {ANNE: 4, BEN: 2}, calls=(ANNE,))
    assert len(state.offer) == 3
    assert {ACTIONS[a].kind for a in state.offer[1:]} == {"cancel", ACTIONS[spare].kind}
    assert spare in state.offer
    assert state.action_deck == [] and state.action_discard == [] and state.draw == draw + 1


def test_with_fewer_than_two_action_cards_in_all_the_victim_chooses_among_what_there_is():
    state = rigged(2, hands={ANNE: [4], BEN: [2]}, deck=["cancel"])
    play(state, {ANNE: 4, BEN: 2}, calls=(ANNE,))
    assert [ACTIONS[a].kind for a in state.offer] == ["keep_value", "cancel"]
    ENGINE.apply(state, ANNE, f"a{action_id(state, 'cancel')}")
    assert state.scores == [0, 0]


def test_with_no_action_card_left_the_round_card_applies():
    state = rigged(2, hands={ANNE: [4], BEN: [2]}, deck=[])
    events = play(state, {ANNE: 4, BEN: 2}, calls=(ANNE,))
    assert "round_scored" in kinds(events)
    assert state.scores == [4, 2] and state.collisions == [1, 0]


# -- send rounds -------------------------------------------------------------------------


def test_send_left_each_card_is_scored_by_the_next_seat():
    state = rigged(3, action="send_left", hands={ANNE: [1], BEN: [2], CHRIS: [3]})
    events = play(state, {ANNE: 1, BEN: 2, CHRIS: 3})
    assert state.scores == [3, 1, 2]
    record = only(events, "round_scored").data
    assert record["send"] == "left"
    assert [m["played_by"] for m in record["moves"]] == [CHRIS, ANNE, BEN]


def test_send_right_each_card_is_scored_by_the_previous_seat():
    state = rigged(3, action="send_right", hands={ANNE: [1], BEN: [2], CHRIS: [3]})
    play(state, {ANNE: 1, BEN: 2, CHRIS: 3})
    assert state.scores == [2, 3, 1]


def test_a_send_round_passes_between_the_players_still_racing():
    state = rigged(4, round_no=2, action="send_left", hands={ANNE: [1], CHRIS: [3], DANA: [4]})
    state.eliminated_in[BEN] = 1
    play(state, {ANNE: 1, CHRIS: 3, DANA: 4})
    assert state.scores == [4, 0, 1, 3]


def test_a_send_card_drawn_after_a_collision_may_be_chosen_and_scores_as_a_send_round():
    state = rigged(3, hands={ANNE: [5], BEN: [1], CHRIS: [2]}, deck=["send_right", "cancel"])
    play(state, {ANNE: 5, BEN: 1, CHRIS: 2}, calls=(BEN,))
    events = ENGINE.apply(state, ANNE, f"a{action_id(state, 'send_right')}")
    assert state.scores == [1, 2, 5]
    assert only(events, "round_scored").data["send"] == "right"


# -- double-value cards ------------------------------------------------------------------


def test_a_double_value_card_takes_the_sign_its_scorer_chooses_after_the_reveal():
    state = rigged(2, action="multiply_by_2", hands={ANNE: ["±5"], BEN: [3]}, scores=[20, 0])
    point = ENGINE.decision_point(state)
    events = play(state, {ANNE: "±5", BEN: 3})
    assert kinds(events)[-1] == "signs_awaited"
    assert ENGINE.to_move(state) == {ANNE} and ENGINE.decision_point(state) == point + 1
    assert ENGINE.legal_moves(state, ANNE) == ["s+", "s-"]
    assert ENGINE.view(state, None)["current"]["applied"]["kind"] == "multiply_by_2"
    events = ENGINE.apply(state, ANNE, "s-")
    assert state.scores == [10, 6]
    move = only(events, "round_scored").data["moves"][ANNE]
    assert (move["sign"], move["value"], move["effect"]) == (-1, -5, -10)


def test_signs_are_chosen_after_the_victim_picks_the_action_card():
    state = rigged(2, hands={ANNE: ["±7"], BEN: [3]}, deck=["change_sign", "cancel"])
    play(state, {ANNE: "±7", BEN: 3}, calls=(BEN,))
    assert state.phase == "choose"
    ENGINE.apply(state, ANNE, f"a{action_id(state, 'change_sign')}")
    assert state.phase == "sign"
    ENGINE.apply(state, ANNE, "s-")
    assert state.scores == [7, 0]


def test_no_sign_is_asked_when_both_signs_give_the_same_result():
    state = rigged(2, action="cancel", hands={ANNE: ["±4"], BEN: [3]})
    events = play(state, {ANNE: "±4", BEN: 3})
    assert "round_scored" in kinds(events) and state.scores == [0, 0]


def test_in_a_send_round_the_receiver_chooses_the_sign():
    state = rigged(2, action="send_left", hands={ANNE: ["±3"], BEN: [2]}, scores=[0, 10])
    play(state, {ANNE: "±3", BEN: 2})
    assert ENGINE.to_move(state) == {BEN}
    with pytest.raises(IllegalMove, match="Nobody is waiting for a sign"):
        ENGINE.apply(state, ANNE, "s+")
    ENGINE.apply(state, BEN, "s-")
    assert state.scores == [2, 7]


# -- the second hand ---------------------------------------------------------------------


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


# -- the end -----------------------------------------------------------------------------


def final_round(scores: list[int], collisions: list[int] | None = None) -> dict:
    """Play round 10 under Cancel from ``scores``; return the match_over data."""
    players = len(scores)
    state = rigged(
        players,
        round_no=10,
        action="cancel",
        scores=scores,
        collisions=collisions,
        hands={s: [1] for s in range(players)},
    )
    events = play(state, {s: 1 for s in range(players)})
    return only(events, "match_over").data


def test_over_30_falls_into_the_canyon_and_under_16_is_a_chicken():
    over = final_round([31, 15, 16, 30])
    assert over["fates"] == ["canyon", "chicken", "edge", "edge"]
    assert over["winners"] == [DANA]


def test_a_tie_on_the_best_score_goes_to_the_car_with_more_collisions():
    over = final_round([28, 28, 28], collisions=[1, 2, 0])
    assert over["winners"] == [BEN]
    assert over["places"] == [2, 1, 3]


def test_a_tie_on_score_and_collisions_is_shared():
    over = final_round([28, 28, 20], collisions=[1, 1, 3])
    assert over["winners"] == [ANNE, BEN]
    assert over["places"] == [1, 1, 3]


def test_nobody_wins_when_nobody_qualifies():
    over = final_round([31, 12, 45])
    assert over["winners"] == []
    # The others are placed by how close to 30 they ended: 31, then 45, then 12.
    assert over["places"] == [1, 3, 2]


def test_places_put_qualifiers_first_then_the_others_by_distance_to_30_then_the_eliminated():
    fates = ["edge", "canyon", "chicken", "eliminated", "eliminated", "edge"]
    scores = [17, 33, 14, 29, 10, 25]
    collisions = [0, 1, 0, 4, 4, 2]
    eliminated_in = [0, 0, 0, 3, 7, 0]
    assert race.places(fates, scores, collisions, eliminated_in) == (2, 3, 4, 6, 5, 1)


def test_career_points_are_the_final_score_of_drivers_who_stopped_at_the_edge():
    state = rigged(
        4, round_no=10, action="cancel", scores=[31, 12, 40, 22], hands={s: [1] for s in range(4)}
    )
    state.eliminated_in[CHRIS] = 4
    play(state, {ANNE: 1, BEN: 1, DANA: 1})
    outcome = ENGINE.outcome(state)
    assert outcome.scores == (0, 0, 0, 22)  # fell, chicken, eliminated, on the edge
    assert outcome.winners == frozenset({DANA})


# -- refusals ----------------------------------------------------------------------------


@pytest.mark.parametrize("move", [None, 12, b"c1", ["c1"], ""])
def test_a_move_that_is_not_text_or_empty_is_refused(move):
    state = ENGINE.setup(3, {}, seed=2)
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, ANNE, move)
    assert ENGINE.dump(state) == before


@pytest.mark.parametrize("seat", [-1, 3, 99, True, "0", None, 1.0])
def test_a_seat_not_in_the_match_is_refused(seat):
    state = ENGINE.setup(3, {}, seed=2)
    move = ENGINE.legal_moves(state, ANNE)[0]
    with pytest.raises(IllegalMove, match="no such seat"):
        ENGINE.apply(state, seat, move)


def test_codes_must_be_exactly_as_listed():
    state = ENGINE.setup(3, {}, seed=2)
    card = state.hands[ANNE][0]
    other = state.hands[BEN][0]
    before = ENGINE.dump(state)
    bad = [
        f"c0{card}",
        f"c{card} ",
        f" c{card}",
        f"C{card}",
        f"c{card}:X",
        f"c{card}:xx",
        f"c{card}!",
        f"c+{card}",
        f"c{other}",
        "c",
        "c999",
        "s+",
        "a0",
        "k7",
        "x" * 100,
    ]
    for move in bad:
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, ANNE, move)
        assert ENGINE.dump(state) == before
    with pytest.raises(IllegalMove, match="not in your hand"):
        ENGINE.apply(state, ANNE, f"c{other}")


def test_a_seat_that_is_not_awaited_is_refused():
    state = rigged(2, hands={ANNE: [4], BEN: [2]})
    play(state, {ANNE: 4})
    with pytest.raises(IllegalMove, match="already committed"):
        ENGINE.apply(state, ANNE, f"c{state.hands[ANNE][0]}")


def test_no_move_is_accepted_once_the_race_is_over():
    state = rigged(2, round_no=10, action="cancel", hands={ANNE: [1], BEN: [1]})
    play(state, {ANNE: 1, BEN: 1})
    assert ENGINE.outcome(state) is not None
    with pytest.raises(IllegalMove, match="over"):
        ENGINE.apply(state, ANNE, "c1")


def test_every_listed_code_fits_the_button_format():
    import re

    state = ENGINE.setup(6, {}, seed=9)
    for seat in range(6):
        for move in ENGINE.legal_moves(state, seat):
            assert re.fullmatch(r"[A-Za-z0-9:@+.\-]{1,40}", move)


def test_a_move_code_with_a_newline_after_it_is_refused() -> None:
    state = ENGINE.setup(3, {}, 5)
    for seat in sorted(ENGINE.to_move(state)):
        check_padded_codes_refused(ENGINE, state, seat)
