"""Sequence Numbers: Plus and Minus cards, dead cards, and the draw pile running out."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.numbers import DECK, ENGINE, LAYOUT, NumbersState, space_name
from rules.numbers.board import CORNERS, SPACES_OF
from rules.numbers.table import RUN_OUTS_FOR_A_DRAW
from tests.rules.numbers_positions import (
    MINUS_CARDS,
    PLUS_CARDS,
    card_for,
    give,
    play,
    put,
    sp,
    table,
)

# --- Plus and Minus -----------------------------------------------------------------------------


def test_plus_goes_on_any_open_space() -> None:
    state = table()
    put(state, 1, "A2", "J9")
    give(state, 0, [PLUS_CARDS[0]])
    plus = f"p{PLUS_CARDS[0]}@"
    spaces = {m.removeprefix(plus) for m in ENGINE.legal_moves(state, 0) if m.startswith(plus)}
    open_spaces = {space_name(s) for s in range(100) if s not in CORNERS} - {"A2", "J9"}
    assert spaces == open_spaces
    play(state, 0, f"p{PLUS_CARDS[0]}@J8")
    assert state.chips[sp("J8")] == 0 and state.last_move is not None
    assert state.last_move["kind"] == "plus"
    give(state, 1, [PLUS_CARDS[1]])
    with pytest.raises(IllegalMove, match="corners"):
        ENGINE.apply(state, 1, f"p{PLUS_CARDS[1]}@A1")
    with pytest.raises(IllegalMove, match="already covered"):
        ENGINE.apply(state, 1, f"p{PLUS_CARDS[1]}@J8")


def test_minus_cannot_touch_a_locked_chip_nor_a_team_mates_or_own_chip() -> None:
    state = table(4)
    put(state, 1, "D4", locked=True)  # an opponent's chip in a completed line
    put(state, 1, "D5")  # an opponent's loose chip
    put(state, 0, "D6")  # a team mate's chip (seat 2 plays for side 0 too)
    minus = MINUS_CARDS[0]
    give(state, 0, [minus])
    removals = [m for m in ENGINE.legal_moves(state, 0) if m.startswith("m")]
    assert removals == [f"m{minus}@D5"]
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove, match="completed sequence"):
        ENGINE.apply(state, 0, f"m{minus}@D4")
    with pytest.raises(IllegalMove, match="opponent"):
        ENGINE.apply(state, 0, f"m{minus}@D6")
    assert ENGINE.dump(state) == before


def test_minus_removes_an_opponent_chip_and_places_nothing() -> None:
    state = table(3)
    put(state, 2, "G7")
    minus = MINUS_CARDS[1]
    give(state, 0, [minus])
    play(state, 0, f"m{minus}@G7")
    assert state.chips[sp("G7")] is None
    assert sum(c is not None for c in state.chips) == 0
    assert state.turn == 1 and len(state.hands[0]) == 5
    assert state.last_move is not None and state.last_move["kind"] == "remove"


def test_a_minus_card_with_no_chip_to_remove_cannot_be_played() -> None:
    state = table()
    give(state, 0, [MINUS_CARDS[0]])
    assert not any(m.startswith("m") for m in ENGINE.legal_moves(state, 0))


# --- Dead cards ----------------------------------------------------------------------------------


def dead_for(state: NumbersState, name: str) -> int:
    """Cover both spaces of the number on ``name`` and return its addition card."""
    for space in SPACES_OF[LAYOUT[sp(name)]]:
        state.chips[space] = 1
    return card_for(name)


def test_a_dead_card_is_tradeable_once_per_turn_only() -> None:
    state = table()
    first, second = dead_for(state, "C3"), dead_for(state, "C7")
    give(state, 0, [first, second])
    decision = ENGINE.decision_point(state)
    assert {f"t{first}", f"t{second}"} <= set(ENGINE.legal_moves(state, 0))
    kinds = play(state, 0, f"t{first}")
    assert kinds[:2] == ["card_traded", "card_drawn"]
    assert ENGINE.to_move(state) == {0} and ENGINE.decision_point(state) == decision + 1
    assert len(state.hands[0]) == 5 and first in state.discards[0]
    assert not any(m.startswith("t") for m in ENGINE.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="already traded"):
        ENGINE.apply(state, 0, f"t{second}")
    assert ENGINE.view(state, 0)["traded"] is True


def test_the_trade_allowance_returns_next_turn() -> None:
    state = table()
    card = dead_for(state, "C3")
    give(state, 0, [card])
    play(state, 0, f"t{card}")
    play(state, 0, next(m for m in ENGINE.legal_moves(state, 0) if m[0] in "pm"))
    assert state.turn == 1 and state.traded is False


def test_a_card_with_one_open_space_left_is_not_dead() -> None:
    state = table()
    card = card_for("E5")
    covered, still_open = SPACES_OF[LAYOUT[sp("E5")]]
    state.chips[covered] = 1
    give(state, 0, [card])
    moves = ENGINE.legal_moves(state, 0)
    assert f"t{card}" not in moves
    assert [m for m in moves if m.startswith(f"p{card}@")] == [f"p{card}@{space_name(still_open)}"]
    hand = {c["id"]: c for c in ENGINE.view(state, 0)["hand"]}
    assert hand[card]["dead"] is False and hand[card]["targets"] == [still_open]
    with pytest.raises(IllegalMove, match="Only a dead card"):
        ENGINE.apply(state, 0, f"t{card}")


def test_a_player_who_cannot_play_trades_then_discards() -> None:
    state = table(2)
    for space in range(100):  # a full board of locked opponent chips: nothing can be played
        if space not in CORNERS:
            state.chips[space], state.locked[space] = 1, True
    hand = [c.id for c in DECK if c.kind == "equation"][:5]
    give(state, 0, hand)
    assert ENGINE.legal_moves(state, 0) == [f"t{c}" for c in state.hands[0]]
    with pytest.raises(IllegalMove, match="only discard"):
        ENGINE.apply(state, 0, f"d{hand[0]}")
    play(state, 0, f"t{hand[0]}")
    assert ENGINE.legal_moves(state, 0) == [f"d{c}" for c in state.hands[0]]
    card = state.hands[0][0]
    kinds = play(state, 0, f"d{card}")
    assert kinds[:2] == ["card_discarded", "card_drawn"]
    assert state.turn == 1 and card in state.discards[0] and len(state.hands[0]) == 5


# --- Drawing and the end of a stalled match -------------------------------------------------------


def all_cards(state: NumbersState) -> list[int]:
    piles = [*state.hands, state.draw_pile, *state.discards]
    return sorted(card for pile in piles for card in pile)


def test_the_draw_pile_is_rebuilt_from_the_discards_when_it_runs_out() -> None:
    state = table(2)
    state.discards[1] += state.draw_pile[:-1]
    state.draw_pile = state.draw_pile[-1:]
    card = state.hands[0][0]
    moves = [m for m in ENGINE.legal_moves(state, 0) if m[0] in "pm"]
    kinds = play(state, 0, moves[0])
    assert "draw_pile_rebuilt" in kinds
    assert state.rebuilds == 1 and state.quiet_rebuilds == 1
    assert state.discards == [[], []] and len(state.draw_pile) == 90
    assert all_cards(state) == list(range(100)) and card not in state.hands[0]


def test_the_third_run_out_without_a_new_sequence_ends_the_match_in_a_draw() -> None:
    state = table(4)
    state.quiet_rebuilds = RUN_OUTS_FOR_A_DRAW - 1
    put(state, 1, "A2", "A3", "A4", "A5", locked=True)
    state.sequences = [(1, tuple(sp(n) for n in ("A1", "A2", "A3", "A4", "A5")))]
    state.discards[1] += state.draw_pile[:-1]
    state.draw_pile = state.draw_pile[-1:]
    give(state, 0, [card_for("J5")])
    kinds = play(state, 0, f"p{card_for('J5')}@J5")
    assert kinds[-2:] == ["match_stalled", "match_over"]
    assert state.over and state.winner is None
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.winners == frozenset()
    assert outcome.places == (2, 1, 2, 1)  # placed by sequences: side 1 has one
    assert outcome.scores == (0, 1, 0, 1)
    with pytest.raises(IllegalMove, match="over"):
        ENGINE.apply(state, 1, "t1")


def test_a_new_sequence_restarts_the_count_toward_a_draw() -> None:
    state = table(4)
    state.quiet_rebuilds = RUN_OUTS_FOR_A_DRAW - 1
    state.discards[1] += state.draw_pile[:-1]
    state.draw_pile = state.draw_pile[-1:]
    put(state, 0, "J2", "J3", "J4")
    give(state, 0, [card_for("J5")])
    kinds = play(state, 0, f"p{card_for('J5')}@J5")
    assert "sequence_completed" in kinds and "draw_pile_rebuilt" in kinds
    assert not state.over and state.quiet_rebuilds == 1
