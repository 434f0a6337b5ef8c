"""Sequence Numbers rules and the rulings of GAMES.md, each checked on a constructed board."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pytest

from rules.base import IllegalMove, InvalidOptions
from rules.numbers import DECK, ENGINE, LAYOUT, NumbersState, parse_space, space_name
from rules.numbers.board import CORNERS, SPACES_OF, validate_layout
from rules.numbers.cards import Card, validate_deck
from rules.numbers.table import RUN_OUTS_FOR_A_DRAW
from tests.rules.protocol import check_padded_codes_refused

PLUS_CARDS = [c.id for c in DECK if c.kind == "plus"]
MINUS_CARDS = [c.id for c in DECK if c.kind == "minus"]


def sp(name: str) -> int:
    space = parse_space(name)
    assert space is not None, name
    return space


def card_for(name: str, sign: str = "+") -> int:
    """The equation card (addition by default) whose answer is shown on space ``name``."""
    number = LAYOUT[sp(name)]
    return next(c.id for c in DECK if c.answer == number and f" {sign} " in c.text)


def give(state: NumbersState, seat: int, cards: Iterable[int]) -> None:
    """Put ``cards`` in ``seat``'s hand, swapping out others so every card stays in one place."""
    wanted = list(cards)
    hand = state.hands[seat]
    spare = [c for c in hand if c not in wanted]
    for card in wanted:
        if card in hand:
            continue
        out = spare.pop()
        for pile in [*state.hands, state.draw_pile, *state.discards]:
            if card in pile:
                pile[pile.index(card)] = out
                break
        hand[hand.index(out)] = card


def table(players: int = 2, options: dict[str, Any] | None = None, turn: int = 0) -> NumbersState:
    state = ENGINE.setup(players, ENGINE.options(options or {}, players), seed=7)
    state.turn = turn
    return state


def put(state: NumbersState, side: int, *names: str, locked: bool = False) -> None:
    for name in names:
        state.chips[sp(name)] = side
        state.locked[sp(name)] = locked


def play(state: NumbersState, seat: int, code: str) -> list[str]:
    return [event.kind for event in ENGINE.apply(state, seat, code)]


def sequences_of(state: NumbersState, side: int) -> list[list[str]]:
    return [[space_name(s) for s in spaces] for owner, spaces in state.sequences if owner == side]


# --- Board, cards and codes --------------------------------------------------------------------


def test_every_number_is_on_the_board_twice_far_apart_and_the_corners_are_free() -> None:
    assert len(LAYOUT) == 100
    assert [LAYOUT[c] for c in CORNERS] == [0, 0, 0, 0]
    for number in range(1, 49):
        assert LAYOUT.count(number) == 2
        a, b = SPACES_OF[number]
        assert max(abs(a // 10 - b // 10), abs(a % 10 - b % 10)) >= 5


def test_the_deck_holds_an_addition_and_a_subtraction_per_answer_and_two_plus_two_minus() -> None:
    assert len(DECK) == 100
    assert len(PLUS_CARDS) == 2 and len(MINUS_CARDS) == 2
    for answer in range(1, 49):
        sums = sorted(c.text.split() for c in DECK if c.answer == answer)
        assert sorted(op for _, op, _ in sums) == ["+", "-"]
        for left, op, right in sums:
            assert int(left) + (int(right) if op == "+" else -int(right)) == answer


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda b: b.__setitem__(0, 5), "corners"),
        (lambda b: b.__setitem__(1, b[2]), "exactly twice"),
        (lambda b: b.pop(), "10 rows"),
    ],
)
def test_a_broken_board_is_refused(change: Any, problem: str) -> None:
    layout = list(LAYOUT)
    change(layout)
    with pytest.raises(ValueError, match=problem):
        validate_layout(layout)


def test_two_copies_of_a_number_close_together_are_refused() -> None:
    layout = list(LAYOUT)
    a, b = sp("B2"), sp("B3")
    far = next(s for s in SPACES_OF[layout[a]] if s != a)
    # Swap B3's number with the far copy of B2's number: now B2 and B3 show the same number.
    layout[far], layout[b] = layout[b], layout[far]
    with pytest.raises(ValueError, match="too close"):
        validate_layout(layout)


@pytest.mark.parametrize(
    ("index", "card", "problem"),
    [
        (0, Card(0, "equation", "1 + 1", 1), "is not 1"),
        (0, Card(0, "equation", "1 - 0", 1), "one addition and one subtraction"),
        (0, Card(0, "equation", "99 - 98", 1), "above 50"),
        (0, Card(0, "equation", "one plus zero", 1), "not a sum"),
        (96, Card(96, "minus", "Minus"), "2 Plus|'plus': 2"),
    ],
)
def test_a_broken_deck_is_refused(index: int, card: Card, problem: str) -> None:
    cards = list(DECK)
    cards[index] = card
    with pytest.raises(ValueError, match=problem):
        validate_deck(cards)
    with pytest.raises(ValueError, match="ids"):
        validate_deck(list(DECK)[:-1])


def test_spaces_are_named_by_row_letter_and_column() -> None:
    assert sp("A1") == 0 and sp("C4") == 23 and sp("J10") == 99
    assert all(parse_space(space_name(s)) == s for s in range(100))
    assert parse_space("K1") is None and parse_space("A0") is None and parse_space("A01") is None


# --- Players and teams -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "sides", "needed", "hand"),
    [
        (2, {}, [[0], [1]], 1, 5),
        (3, {}, [[0], [1], [2]], 1, 5),
        (4, {}, [[0, 2], [1, 3]], 2, 4),
        (4, {"teams": 3}, [[0, 2], [1, 3]], 2, 4),  # the option only matters with 6
        (6, {}, [[0, 2, 4], [1, 3, 5]], 2, 4),
        (6, {"teams": 2}, [[0, 2, 4], [1, 3, 5]], 2, 4),
        (6, {"teams": 3}, [[0, 3], [1, 4], [2, 5]], 2, 4),
    ],
)
def test_every_team_arrangement_alternates_seats_between_sides(
    players: int, options: dict[str, Any], sides: list[list[int]], needed: int, hand: int
) -> None:
    state = table(players, options)
    view = ENGINE.view(state, None)
    assert view["sides"] == sides
    assert view["side_of_seat"] == [s % len(sides) for s in range(players)]
    assert view["needed"] == needed
    assert view["hand_sizes"] == [hand] * players
    assert view["draw_pile"] == 100 - hand * players


def test_five_players_are_refused_with_the_reason() -> None:
    with pytest.raises(InvalidOptions, match="5 players"):
        ENGINE.options({}, 5)
    with pytest.raises(InvalidOptions):
        ENGINE.setup(5, {}, seed=1)


@pytest.mark.parametrize(
    ("raw", "players"),
    [({}, 1), ({}, 7), ({"teams": 4}, 6), ({"teams": "3"}, 6), ({"teams": True}, 6), ({"x": 1}, 4)],
)
def test_bad_tables_and_options_are_refused(raw: dict[str, Any], players: int) -> None:
    with pytest.raises(InvalidOptions):
        ENGINE.options(raw, players)


def test_the_lobby_can_check_options_before_players_join() -> None:
    assert ENGINE.options({"teams": 3}, ENGINE.max_players) == {"teams": 3}


# --- Placing chips and sequences ----------------------------------------------------------------


def test_a_play_is_logged_under_its_event_kind() -> None:
    state = table()
    card = card_for("C4")
    give(state, 0, [card])
    (placed, *_) = ENGINE.apply(state, 0, f"p{card}@C4")
    assert placed.to_json()["kind"] == "chip_placed" and placed.to_json()["play"] == "place"
    minus = MINUS_CARDS[0]
    give(state, 1, [minus])
    (removed, *_) = ENGINE.apply(state, 1, f"m{minus}@C4")
    assert removed.to_json()["kind"] == "chip_removed" and removed.to_json()["owner"] == 0


def test_an_equation_card_goes_on_either_open_space_showing_its_answer() -> None:
    state = table()
    card = card_for("C4")
    give(state, 0, [card])
    both = {f"p{card}@{space_name(s)}" for s in SPACES_OF[LAYOUT[sp("C4")]]}
    assert both <= set(ENGINE.legal_moves(state, 0))
    assert play(state, 0, f"p{card}@C4")[0] == "chip_placed"
    assert state.chips[sp("C4")] == 0
    assert card in state.discards[0] and len(state.hands[0]) == 5
    assert ENGINE.view(state, None)["last_move"] == {
        "seat": 0,
        "side": 0,
        "kind": "place",
        "space": sp("C4"),
        "card": DECK[card].to_json(),
    }


def test_corners_count_for_everyone() -> None:
    state = table(4)
    put(state, 0, "A2", "A3", "A4")  # with the corner A1, A5 makes five across
    put(state, 1, "B1", "C1", "D1")  # with the corner A1, E1 makes five down
    give(state, 0, [card_for("A5")])
    give(state, 1, [card_for("E1")])
    assert "sequence_completed" in play(state, 0, f"p{card_for('A5')}@A5")
    assert "sequence_completed" in play(state, 1, f"p{card_for('E1')}@E1")
    assert sequences_of(state, 0) == [["A1", "A2", "A3", "A4", "A5"]]
    assert sequences_of(state, 1) == [["A1", "B1", "C1", "D1", "E1"]]
    assert not state.locked[0]  # a free corner holds no chip to lock


def test_four_chips_in_a_row_without_a_corner_are_not_a_sequence() -> None:
    state = table()
    put(state, 0, "C2", "C3", "C4")
    give(state, 0, [card_for("C5")])
    play(state, 0, f"p{card_for('C5')}@C5")
    assert state.sequences == [] and not any(state.locked)


def test_the_sequence_locks_its_chips_and_wins_alone() -> None:
    state = table(3, turn=1)
    put(state, 1, "D3", "E4", "F5", "G6")
    give(state, 1, [card_for("H7")])
    kinds = play(state, 1, f"p{card_for('H7')}@H7")
    assert kinds[-2:] == ["sequence_completed", "match_over"]
    assert [state.locked[sp(n)] for n in ("D3", "E4", "F5", "G6", "H7")] == [True] * 5
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.winners == {1}
    assert outcome.places == (2, 1, 2)
    assert outcome.scores == (0, 1, 0)
    assert ENGINE.to_move(state) == frozenset() and ENGINE.legal_moves(state, 1) == []


def test_a_sixth_chip_in_a_row_does_not_make_a_second_sequence_by_itself() -> None:
    state = table(4)
    put(state, 0, "B1", "B2", "B3", "B4")
    give(state, 0, [card_for("B5")])
    play(state, 0, f"p{card_for('B5')}@B5")
    state.turn = 2  # the team mate extends the line
    give(state, 2, [card_for("B6")])
    kinds = play(state, 2, f"p{card_for('B6')}@B6")
    assert "sequence_completed" not in kinds
    assert sequences_of(state, 0) == [["B1", "B2", "B3", "B4", "B5"]]
    assert state.locked[sp("B6")]  # every chip of a completed line is locked
    assert not state.over


def test_one_chip_joining_a_line_of_six_makes_one_sequence() -> None:
    state = table(4)
    put(state, 0, "E1", "E2", "E4", "E5", "E6")
    give(state, 0, [card_for("E3")])
    play(state, 0, f"p{card_for('E3')}@E3")
    assert sequences_of(state, 0) == [["E1", "E2", "E3", "E4", "E5"]]
    assert all(state.locked[sp(f"E{c}")] for c in range(1, 7))


def test_nine_in_a_row_completed_by_the_middle_chip_make_two_sequences() -> None:
    state = table(4)
    put(state, 0, "F1", "F2", "F3", "F4", "F6", "F7", "F8", "F9")
    give(state, 0, [card_for("F5")])
    kinds = play(state, 0, f"p{card_for('F5')}@F5")
    assert sequences_of(state, 0) == [
        ["F1", "F2", "F3", "F4", "F5"],
        ["F5", "F6", "F7", "F8", "F9"],
    ]
    assert kinds[-1] == "match_over" and state.winner == 0


def test_nine_in_a_row_built_from_the_middle_outwards_stay_one_sequence() -> None:
    state = table(4)
    put(state, 0, "F3", "F4", "F6", "F7")
    for name in ("F5", "F2", "F8", "F1", "F9"):  # F3 to F7 first, then chip by chip outwards
        state.turn = 0
        give(state, 0, [card_for(name)])
        play(state, 0, f"p{card_for(name)}@{name}")
    # Every later five would share at least two chips with F3 to F7.
    assert sequences_of(state, 0) == [["F3", "F4", "F5", "F6", "F7"]]
    assert all(state.locked[sp(f"F{c}")] for c in range(1, 10))
    assert not state.over


def test_a_second_sequence_may_share_exactly_one_chip_with_the_first() -> None:
    state = table(4)
    put(state, 0, "C1", "C2", "C3", "C4", "C5", locked=True)
    state.sequences = [(0, tuple(sp(f"C{c}") for c in range(1, 6)))]
    put(state, 0, "D5", "E5", "F5")  # down from C5, the first sequence's last chip
    give(state, 0, [card_for("G5")])
    kinds = play(state, 0, f"p{card_for('G5')}@G5")
    assert sequences_of(state, 0)[1] == ["C5", "D5", "E5", "F5", "G5"]
    assert kinds[-1] == "match_over"
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.winners == {0, 2} and outcome.places == (1, 2, 1, 2)
    assert outcome.scores == (2, 0, 2, 0)


def test_a_second_sequence_may_not_share_two_chips_with_the_first() -> None:
    state = table(4)
    put(state, 0, "H1", "H2", "H3", "H4", "H5", locked=True)
    state.sequences = [(0, tuple(sp(f"H{c}") for c in range(1, 6)))]
    put(state, 0, "H6", "H7", locked=True)
    give(state, 0, [card_for("H8")])
    play(state, 0, f"p{card_for('H8')}@H8")  # H4..H8 would share H4 and H5
    assert len(sequences_of(state, 0)) == 1 and not state.over
    assert state.locked[sp("H8")]


def test_two_lines_completed_by_one_chip_both_count() -> None:
    state = table(4)
    put(state, 0, "B3", "C3", "D3", "E3", "F4", "F5", "F6", "F7")
    give(state, 0, [card_for("F3")])
    play(state, 0, f"p{card_for('F3')}@F3")
    assert len(sequences_of(state, 0)) == 2 and state.winner == 0


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


# --- Refusals ----------------------------------------------------------------------------------


BAD_MOVES: list[Any] = [
    None,
    17,
    b"t1",
    ["t1"],
    "",
    "p",
    "P{card}@C4",
    "p0{card}@C4",
    "p{card}@C04",
    "p{card}@c4",
    "p{card}@K1",
    "p{card}@A11",
    "p{card}@A0",
    "p{card}",
    "p{card}@C4 ",
    "t{card}@C4",
    "x{card}",
    "d{card}",
    "m{card}@C4",
    "p{card}@" + "C4" * 30,
    "p{other}@C4",
    "p{card}@A1",
    "p100@C4",
]


@pytest.mark.parametrize("move", BAD_MOVES)
def test_every_bad_move_is_refused_and_changes_nothing(move: Any) -> None:
    state = table(2)
    card = card_for("C4")
    give(state, 0, [card])
    other = state.hands[1][0]
    if isinstance(move, str):
        move = move.format(card=card, other=other)
    before = json.dumps(ENGINE.dump(state))
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 0, move)
    assert refused.value.reason
    assert json.dumps(ENGINE.dump(state)) == before


@pytest.mark.parametrize("seat", [-1, 2, 9, "0", None, 1.0, True])
def test_a_seat_not_in_the_match_or_not_awaited_is_refused(seat: Any) -> None:
    state = table(2)
    move = ENGINE.legal_moves(state, 0)[0]
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, seat, move)
    assert ENGINE.dump(state) == before


def test_the_seat_not_awaited_is_told_it_is_not_their_turn() -> None:
    state = table(3)
    with pytest.raises(IllegalMove, match="not your turn"):
        ENGINE.apply(state, 1, ENGINE.legal_moves(state, 0)[0])
    assert ENGINE.legal_moves(state, 1) == []


def test_a_card_on_the_wrong_number_names_the_right_spaces() -> None:
    state = table()
    card = card_for("C4")
    give(state, 0, [card])
    wrong = next(space_name(s) for s in range(100) if LAYOUT[s] not in (0, LAYOUT[sp("C4")]))
    with pytest.raises(IllegalMove, match="C4"):
        ENGINE.apply(state, 0, f"p{card}@{wrong}")


# --- The view ------------------------------------------------------------------------------------


def test_the_view_shows_the_board_and_only_the_seats_own_hand() -> None:
    state = table(4)
    public = ENGINE.view(state, None)
    for key in (
        "layout",
        "chips",
        "locked",
        "sequences",
        "last_move",
        "sides",
        "side_of_seat",
        "needed",
        "sequence_counts",
        "to_move",
        "awaiting",
        "hand_sizes",
        "draw_pile",
        "discards",
        "rebuilds",
    ):
        assert key in public, key
    assert public["layout"] == list(LAYOUT) and public["chips"] == [None] * 100
    assert public["last_move"] is None and "hand" not in public
    mine = ENGINE.view(state, 1)
    assert [c["id"] for c in mine["hand"]] == state.hands[1]
    assert {"id", "kind", "text", "answer", "targets", "dead"} <= set(mine["hand"][0])
    json.dumps(mine)
    with pytest.raises(ValueError):
        ENGINE.view(state, 4)


def test_decisions_grow_with_every_turn() -> None:
    state = table(2)
    points = [ENGINE.decision_point(state)]
    for _ in range(3):
        seat = state.turn
        assert seat is not None
        play(state, seat, next(m for m in ENGINE.legal_moves(state, seat) if m[0] in "pmd"))
        points.append(ENGINE.decision_point(state))
    assert points == sorted(set(points))


def test_a_move_code_with_a_newline_after_it_is_refused() -> None:
    state = ENGINE.setup(2, {}, 5)
    check_padded_codes_refused(ENGINE, state, state.turn)
