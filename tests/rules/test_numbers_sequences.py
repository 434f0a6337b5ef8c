"""Sequence Numbers: placing chips and making sequences, corners and shared chips included."""

from __future__ import annotations

from rules.numbers import DECK, ENGINE, LAYOUT, NumbersState, space_name
from rules.numbers.board import SPACES_OF
from tests.rules.numbers_positions import MINUS_CARDS, card_for, give, play, put, sp, table


def sequences_of(state: NumbersState, side: int) -> list[list[str]]:
    return [[space_name(s) for s in spaces] for owner, spaces in state.sequences if owner == side]


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
