"""Great Canyon Race: collisions, who chooses the action card, elimination, and the action deck."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.canyon import ACTIONS, ENGINE
from tests.rules.canyon_positions import ANNE, BEN, CHRIS, DANA, action_id, code, play, rigged
from tests.rules.events import kinds, only

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
