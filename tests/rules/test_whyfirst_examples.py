"""Why First?: the rulebook's worked examples and the rulings of GAMES.md, one test per rule."""

from __future__ import annotations

import json

import pytest

from rules.base import IllegalMove, InvalidOptions
from rules.whyfirst import DECK, ENGINE, StageScore, WhyFirstState
from tests.rules.protocol import check_padded_codes_refused

DECK_COUNTS = {-4: 1, -3: 3, -2: 4, -1: 5, 1: 6, 2: 5, 3: 4, 4: 3, 5: 1}
"""The 32 cards of the ruling in GAMES.md (not the Italian table's 34)."""

ANNE, BEN, CHRIS, DANA = 0, 1, 2, 3
LEO = 2


def rigged(
    players: int = 4,
    variant: str = "standard",
    *,
    card_round: int = 1,
    stage: int = 1,
    positions: list[int] | None = None,
    hands: dict[int, list[int]] | None = None,
    leo: list[int] | None = None,
) -> WhyFirstState:
    """A match at ``card_round`` with the given positions and hands (values; the rest filled in).

    Cards are taken from one pool of all 32 so the stage's cards stay conserved.
    """
    state = ENGINE.setup(players, {"variant": variant}, seed=7)
    state.stage = stage
    state.card_round = card_round
    if positions is not None:
        state.positions = list(positions)
    pool = list(range(len(DECK)))

    def take(value: int | None) -> int:
        card = next(c for c in pool if value is None or DECK[c].value == value)
        pool.remove(card)
        return card

    # The wanted cards first, then the fillers, so no filler takes a wanted value.
    hands_wanted = [[take(v) for v in (hands or {}).get(seat, [])] for seat in range(players)]
    leo_wanted = [take(v) for v in leo or []]
    size = 6 - card_round
    state.hands = [sorted(h + [take(None) for _ in range(size - len(h))]) for h in hands_wanted]
    if state.leo is not None:
        state.leo_stack = leo_wanted + [take(None) for _ in range(5 - card_round - len(leo_wanted))]
    state.played = [pool.pop() for _ in range(card_round - 1) for _ in range(state.figures)]
    state.undealt = sorted(pool)
    return state


def card_in_hand(state: WhyFirstState, seat: int, value: int) -> int:
    return next(c for c in state.hands[seat] if DECK[c].value == value)


def play(state: WhyFirstState, plays: dict[int, tuple[int, int]]) -> list:
    """Standard card round: each seat plays a card of ``value`` on ``target``."""
    events = []
    for seat, (value, target) in plays.items():
        events += ENGINE.apply(state, seat, f"p{card_in_hand(state, seat, value)}:{target}")
    return events


def commit(state: WhyFirstState, values: dict[int, int]) -> list:
    """Tactical card round: each seat plays a card of ``value`` in front of itself."""
    events = []
    for seat, value in values.items():
        events += ENGINE.apply(state, seat, f"p{card_in_hand(state, seat, value)}")
    return events


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def only(events: list, kind: str):
    (event,) = [e for e in events if e.kind == kind]
    return event


# -- components --------------------------------------------------------------------------


def test_deck_has_the_32_cards_of_the_ruling():
    assert len(DECK) == 32
    assert {v: sum(c.value == v for c in DECK) for v in DECK_COUNTS} == DECK_COUNTS
    assert sorted(c.white for c in DECK) == list(range(1, 33))


def test_white_numbers_grow_with_absolute_value_and_alternate_negative_first():
    by_white = sorted(DECK, key=lambda c: c.white)
    assert [c.value for c in by_white[:11]] == [-1, 1, -1, 1, -1, 1, -1, 1, -1, 1, 1]
    assert [c.value for c in by_white[28 - 1 :]] == [-4, 4, 4, 4, 5]
    assert ENGINE.card(0).label == "-4"
    assert ENGINE.card(31).label == "+5"


def test_options_default_to_standard_and_reject_the_unknown():
    assert ENGINE.options({}, 3) == {"variant": "standard"}
    assert ENGINE.options({"variant": "tactical"}, 3) == {"variant": "tactical"}
    with pytest.raises(InvalidOptions):
        ENGINE.options({"variant": "chaos"}, 3)
    with pytest.raises(InvalidOptions):
        ENGINE.options({"turbo": True}, 3)


def test_each_stage_starts_on_the_start_space_with_five_cards_each():
    state = ENGINE.setup(5, {}, seed=1)
    assert state.positions == [0] * 5
    assert [len(h) for h in state.hands] == [5] * 5
    assert len(state.undealt) == 32 - 25
    assert ENGINE.figures(state) == 5
    assert ENGINE.phantoms(state) == {}


# -- a card round ------------------------------------------------------------------------


def test_anne_gets_plus_two_and_moves_two_ben_gets_nothing_chris_gets_minus_one_and_minus_three():
    state = rigged(4, hands={ANNE: [2], BEN: [1], CHRIS: [-1], DANA: [-3]})
    events = play(state, {ANNE: (2, ANNE), BEN: (1, DANA), CHRIS: (-1, CHRIS), DANA: (-3, CHRIS)})
    assert state.positions == [2, 0, -4, 1]
    moves = {m["figure"]: m for m in only(events, "revealed").data["moves"]}
    assert moves[ANNE] == {"figure": ANNE, "cards": [2], "from": 0, "to": 2}
    assert BEN not in moves
    assert sorted(moves[CHRIS]["cards"]) == [-3, -1]
    assert moves[CHRIS]["to"] == -4


def test_cards_are_summed_before_stopping_at_sixteen_ben_on_15_with_plus_3_and_minus_4_ends_on_14():
    state = rigged(3, positions=[0, 15, 0], hands={ANNE: [3], BEN: [-4], CHRIS: [1]})
    play(state, {ANNE: (3, BEN), BEN: (-4, BEN), CHRIS: (1, CHRIS)})
    assert state.positions[BEN] == 14


def test_a_figure_stops_on_16_and_on_minus_12():
    state = rigged(3, positions=[14, -10, 0], hands={ANNE: [4], BEN: [-3], CHRIS: [-4]})
    play(state, {ANNE: (4, ANNE), BEN: (-3, BEN), CHRIS: (-4, BEN)})
    assert state.positions[:2] == [16, -12]


def test_anyone_may_be_the_target_including_yourself():
    state = ENGINE.setup(3, {}, seed=3)
    card = state.hands[ANNE][0]
    assert {f"p{card}:{t}" for t in range(3)} <= set(ENGINE.legal_moves(state, ANNE))


def test_fifth_card_round_must_be_played_on_yourself():
    state = rigged(3, card_round=5, hands={ANNE: [2], BEN: [1], CHRIS: [1]})
    card = state.hands[ANNE][0]
    assert ENGINE.legal_moves(state, ANNE) == [f"p{card}:{ANNE}"]
    with pytest.raises(IllegalMove, match="fifth card round you must play on yourself"):
        ENGINE.apply(state, ANNE, f"p{card}:{BEN}")


def test_the_round_is_revealed_only_when_the_last_seat_commits():
    state = rigged(3, hands={ANNE: [2], BEN: [1], CHRIS: [1]})
    point = ENGINE.decision_point(state)
    events = play(state, {ANNE: (2, BEN), BEN: (1, ANNE)})
    assert kinds(events) == ["committed", "committed"]
    assert all(set(e.data) == {"seat", "stage", "card_round"} for e in events)
    assert ENGINE.to_move(state) == {CHRIS}
    assert ENGINE.decision_point(state) == point
    assert state.positions == [0, 0, 0]
    events = play(state, {CHRIS: (1, CHRIS)})
    assert kinds(events) == ["committed", "revealed"]
    assert ENGINE.decision_point(state) == point + 1
    assert state.card_round == 2
    assert ENGINE.to_move(state) == {ANNE, BEN, CHRIS}


# -- scoring -----------------------------------------------------------------------------


def finish_stage(positions: list[int], values: list[int], players: int = 4) -> list:
    """Play the fifth card round from ``positions``, each seat playing ``values[seat]``."""
    state = rigged(
        players, card_round=5, positions=positions, hands={s: [v] for s, v in enumerate(values)}
    )
    return play(state, {s: (v, s) for s, v in enumerate(values)})


def test_scoring_example_a_second_place_on_6_anne_scores_6():
    events = finish_stage([5, 9, 0, -3], [1, 1, 1, 1])
    scored = only(events, "stage_scored").data
    assert scored["second_place_space"] == 6
    assert scored["scorers"] == [ANNE]
    assert scored["scores"] == [6, 0, 0, 0]


def test_scoring_example_b_second_place_on_1_ben_scores_1():
    events = finish_stage([10, -1, -5, -2], [2, 2, -1, -3])
    scored = only(events, "stage_scored").data
    assert (scored["second_place_space"], scored["scorers"], scored["points"]) == (1, [BEN], 1)


def test_scoring_example_c_second_place_on_minus_2_ben_chris_and_dana_score_minus_2_each():
    events = finish_stage([3, -1, -3, 0], [1, -1, 1, -2])
    scored = only(events, "stage_scored").data
    assert scored["second_place_space"] == -2
    assert scored["scorers"] == [BEN, CHRIS, DANA]
    assert scored["scores"] == [0, -2, -2, -2]


def test_second_place_is_the_second_highest_occupied_space_even_when_first_is_shared():
    events = finish_stage([4, 4, 1, 0], [1, 1, 1, 1])
    assert only(events, "stage_scored").data["scorers"] == [CHRIS]


def test_nobody_scores_when_all_figures_share_one_space():
    events = finish_stage([1, 2, 3], [3, 2, 1], players=3)
    scored = only(events, "stage_scored").data
    assert scored["second_place_space"] is None
    assert scored["scorers"] == []
    assert scored["scores"] == [0, 0, 0]


def test_after_scoring_the_next_stage_starts_from_the_start_space_with_a_new_deal():
    state = rigged(3, card_round=5, positions=[3, 2, 1], hands={0: [1], 1: [1], 2: [1]})
    events = play(state, {0: (1, 0), 1: (1, 1), 2: (1, 2)})
    assert kinds(events)[-3:] == ["revealed", "stage_scored", "stage_started"]
    assert (state.stage, state.card_round, state.positions) == (2, 1, [0, 0, 0])
    assert [len(h) for h in state.hands] == [5, 5, 5]


# -- the end -----------------------------------------------------------------------------


def finished(totals_by_stage: list[list[int]], players: int = 4) -> WhyFirstState:
    """A finished match whose stages scored so that participants have these points."""
    state = ENGINE.setup(players, {}, seed=1)
    state.scoring = []
    for stage, points in enumerate(totals_by_stage, start=1):
        (space,) = {p for p in points if p} or {None}
        scorers = tuple(f for f, p in enumerate(points) if p)
        state.scoring.append(StageScore(stage, space, scorers))
    return state


def test_the_second_highest_total_wins():
    state = finished([[5, 0, 0, 0], [0, 3, 0, 0], [0, 0, 2, 0], [0, 0, 0, 1], [0, 0, 0, 0]])
    outcome = ENGINE.outcome(state)
    assert outcome.scores == (5, 3, 2, 1)
    assert outcome.winners == {BEN}
    assert outcome.places == (2, 1, 3, 4)
    assert ENGINE.to_move(state) == frozenset()


def test_players_tied_for_the_highest_total_do_not_block_the_next_one():
    state = finished([[6, 6, 0, 0], [0, 0, 4, 0], [0, 0, 0, 4], [0, 0, 0, 0], [0, 0, 0, 0]])
    outcome = ENGINE.outcome(state)
    assert outcome.winners == {CHRIS, DANA}
    assert outcome.places == (3, 3, 1, 1)


def test_when_everybody_has_the_same_total_all_share_the_victory():
    state = finished([[2, 2, 2, 2], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    outcome = ENGINE.outcome(state)
    assert outcome.winners == {ANNE, BEN, CHRIS, DANA}
    assert outcome.places == (1, 1, 1, 1)


def test_negative_totals_count_like_any_other():
    state = finished([[0, -2, -2, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    outcome = ENGINE.outcome(state)
    assert outcome.scores == (1, -2, -2, 0)
    assert outcome.winners == {DANA}
    assert outcome.places == (2, 3, 3, 1)


def test_the_last_card_round_ends_the_match():
    state = rigged(3, card_round=5, stage=5, hands={0: [1], 1: [2], 2: [3]})
    state.scoring = [StageScore(s, 1, (ANNE,)) for s in range(1, 5)]
    events = play(state, {0: (1, 0), 1: (2, 1), 2: (3, 2)})
    assert kinds(events)[-2:] == ["stage_scored", "match_over"]
    assert only(events, "match_over").data["scores"] == [4, 2, 0]
    assert only(events, "match_over").data["winners"] == [BEN]
    assert ENGINE.to_move(state) == frozenset()
    assert ENGINE.legal_moves(state, ANNE) == []
    with pytest.raises(IllegalMove, match="over"):
        ENGINE.apply(state, ANNE, "p1:0")


# -- Leo, the phantom of the 2-player game ----------------------------------------------


def test_leo_gets_four_face_down_cards_every_stage():
    state = ENGINE.setup(2, {}, seed=11)
    assert ENGINE.figures(state) == 3
    assert ENGINE.phantoms(state) == {LEO: "Leo"}
    assert len(state.leo_stack) == 4
    assert len(state.undealt) == 32 - 10 - 4
    for _ in range(5):
        for seat in (0, 1):
            ENGINE.apply(state, seat, f"p{state.hands[seat][0]}:{seat}")
    assert state.stage == 2
    assert len(state.leo_stack) == 4


def test_leo_reveals_his_top_card_on_himself_in_rounds_one_to_four():
    state = rigged(2, hands={0: [1], 1: [2]}, leo=[3])
    events = play(state, {0: (1, 1), 1: (2, 0)})
    reveal = only(events, "revealed").data
    assert reveal["leo"]["value"] == 3
    assert state.positions == [2, 1, 3]
    assert len(state.leo_stack) == 3


def test_players_may_play_on_leo():
    state = rigged(2, hands={0: [2], 1: [-1]}, leo=[1])
    assert any(m.endswith(":2") for m in ENGINE.legal_moves(state, 0))
    play(state, {0: (2, LEO), 1: (-1, LEO)})
    assert state.positions[LEO] == 2


def test_leo_plays_nothing_in_the_fifth_card_round():
    state = rigged(2, card_round=5, positions=[0, 0, 5], hands={0: [1], 1: [2]})
    assert state.leo_stack == []
    events = play(state, {0: (1, 0), 1: (2, 1)})
    assert only(events, "revealed").data["leo"] is None
    assert only(events, "stage_scored").data["positions"] == [1, 2, 5]


def test_leo_scores():
    state = rigged(2, card_round=5, positions=[5, 0, 3], hands={0: [1], 1: [1]})
    events = play(state, {0: (1, 0), 1: (1, 1)})
    assert only(events, "stage_scored").data["scorers"] == [LEO]


def test_leo_can_win():
    state = finished([[5, 0, 0], [0, 0, 3], [0, 1, 0], [0, 0, 0], [0, 0, 0]], players=2)
    outcome = ENGINE.outcome(state)
    assert outcome.scores == (5, 1, 3)
    assert outcome.winners == {LEO}
    assert outcome.phantoms == {LEO: "Leo"}
    assert outcome.places == (2, 3, 1)


# -- the tactical variant ----------------------------------------------------------------


def test_tactical_figures_move_in_descending_white_number_order():
    state = rigged(3, "tactical", hands={ANNE: [1], BEN: [-4], CHRIS: [2]})
    assert ENGINE.legal_moves(state, ANNE) == [f"p{c}" for c in state.hands[ANNE]]
    events = commit(state, {ANNE: 1, BEN: -4, CHRIS: 2})
    assert only(events, "revealed").data["order"] == [BEN, CHRIS, ANNE]
    assert ENGINE.to_move(state) == {BEN}
    with pytest.raises(IllegalMove, match="not your turn to move a figure"):
        ENGINE.apply(state, ANNE, "f0")
    point = ENGINE.decision_point(state)
    ENGINE.apply(state, BEN, f"f{CHRIS}")
    assert ENGINE.to_move(state) == {CHRIS}
    assert ENGINE.decision_point(state) == point + 1
    ENGINE.apply(state, CHRIS, f"f{CHRIS}")
    events = ENGINE.apply(state, ANNE, f"f{BEN}")
    assert state.positions == [0, 1, -2]
    moved = only(events, "figure_moved").data
    assert moved == {
        "seat": ANNE,
        **ENGINE.card(state.played[0]).to_json(),
        "figure": BEN,
        "from": 0,
        "to": 1,
        "automatic": False,
    }
    assert state.card_round == 2


def test_tactical_any_figure_may_be_moved_and_the_same_one_several_times():
    state = rigged(3, "tactical", hands={ANNE: [2], BEN: [3], CHRIS: [1]})
    commit(state, {ANNE: 2, BEN: 3, CHRIS: 1})
    assert ENGINE.legal_moves(state, BEN) == ["f0", "f1", "f2"]
    for seat in (BEN, ANNE, CHRIS):
        ENGINE.apply(state, seat, f"f{ANNE}")
    assert state.positions == [6, 0, 0]


def test_tactical_each_move_stops_at_the_ends_on_its_own():
    # On 15, +4 stops on 16, then -3 leaves 13 (the standard sum would give 16).
    state = rigged(3, "tactical", positions=[0, 15, 0], hands={ANNE: [4], BEN: [-3], CHRIS: [1]})
    commit(state, {ANNE: 4, BEN: -3, CHRIS: 1})
    ENGINE.apply(state, ANNE, f"f{BEN}")
    assert state.positions[BEN] == 16
    ENGINE.apply(state, BEN, f"f{BEN}")
    assert state.positions[BEN] == 13


def test_tactical_leos_card_moves_leo_at_its_white_number_turn():
    state = rigged(2, "tactical", hands={0: [-1], 1: [4]}, leo=[2])
    events = commit(state, {0: -1, 1: 4})
    assert only(events, "revealed").data["order"] == [1, LEO, 0]
    assert ENGINE.to_move(state) == {1}
    events = ENGINE.apply(state, 1, "f0")
    assert kinds(events) == ["figure_moved", "figure_moved"]
    moved = events[1].data
    assert (moved["seat"], moved["figure"], moved["to"], moved["automatic"]) == (LEO, LEO, 2, True)
    assert ENGINE.to_move(state) == {0}
    assert state.positions == [4, 0, 2]


def test_tactical_fifth_card_round_works_the_same():
    state = rigged(3, "tactical", card_round=5, hands={ANNE: [2], BEN: [1], CHRIS: [-1]})
    commit(state, {ANNE: 2, BEN: 1, CHRIS: -1})
    ENGINE.apply(state, ANNE, f"f{BEN}")
    ENGINE.apply(state, BEN, f"f{BEN}")
    events = ENGINE.apply(state, CHRIS, f"f{CHRIS}")
    assert only(events, "stage_scored").data["positions"] == [0, 3, -1]
    assert only(events, "stage_scored").data["scorers"] == [ANNE]


def test_tactical_play_codes_have_no_target():
    state = rigged(3, "tactical", hands={ANNE: [2]})
    with pytest.raises(IllegalMove, match="in front of yourself"):
        ENGINE.apply(state, ANNE, f"p{card_in_hand(state, ANNE, 2)}:1")


# -- illegal moves and hidden information ------------------------------------------------


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("p99:0", "not in your hand"),
        ("x", "Play one card"),
        ("f1", "Play one card"),
        ("", "Play one card"),
        ("p1:1" + "0" * 50, "Play one card"),
    ],
)
def test_illegal_move_leaves_the_state_untouched(move: str, reason: str):
    state = ENGINE.setup(4, {}, seed=5)
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove, match=reason):
        ENGINE.apply(state, ANNE, move)
    assert ENGINE.dump(state) == before


def test_illegal_moves_in_every_situation_leave_the_state_untouched():
    state = rigged(2, card_round=5, hands={0: [2], 1: [1]})
    card = state.hands[0][0]
    other = state.hands[1][0]
    cases = [
        (0, f"p{other}:0", "not in your hand"),
        (0, f"p{card}:1", "fifth card round"),
        (0, f"p{card}:7", "no such figure"),
        (0, f"p{card}", "Choose the figure"),
    ]
    for seat, move, reason in cases:
        before = ENGINE.dump(state)
        with pytest.raises(IllegalMove, match=reason):
            ENGINE.apply(state, seat, move)
        assert ENGINE.dump(state) == before
    ENGINE.apply(state, 0, f"p{card}:0")
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove, match="already played this round"):
        ENGINE.apply(state, 0, f"p{card}:0")
    assert ENGINE.dump(state) == before


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


@pytest.mark.parametrize(
    ("seat", "move"),
    [
        (7, "p0:0"),  # a seat not in the match
        (-1, "p0:0"),
        ("0", "p0:0"),
        (0, 7),  # a move that is not text
        (0, None),
        (0, ["p0:0"]),
        (0, "p" + "0" * 60),
    ],
)
def test_input_from_outside_the_rules_is_refused_as_an_illegal_move(seat, move):
    state = ENGINE.setup(3, {}, seed=5)
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, seat, move)
    assert ENGINE.dump(state) == before


def test_only_the_listed_codes_are_played_not_leading_zeros():
    state = ENGINE.setup(3, {}, seed=5)
    card = state.hands[ANNE][0]
    before = ENGINE.dump(state)
    for typed in (f"p0{card}:1", f"p{card}:01", f"p{card}:1 ", f"P{card}:1"):
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, ANNE, typed)
        assert ENGINE.dump(state) == before
    ENGINE.apply(state, ANNE, f"p{card}:1")


def test_the_deck_data_is_the_only_place_of_its_contents():
    """A corrected deck.json loads: the engine checks its shape, not the counts or numbers."""
    from rules.whyfirst import cards

    corrected = [cards.Card(i, -c.value, 33 - c.white) for i, c in enumerate(DECK)]
    cards._validate_deck(corrected)
    with pytest.raises(ValueError, match="white numbers"):
        cards._validate_deck([*corrected[:-1], cards.Card(31, 2, corrected[0].white)])


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


@pytest.mark.parametrize("variant", ["standard", "tactical"])
def test_a_move_code_with_a_newline_after_it_is_refused(variant: str) -> None:
    state = ENGINE.setup(3, {"variant": variant}, 5)
    for seat in sorted(ENGINE.to_move(state)):
        check_padded_codes_refused(ENGINE, state, seat)
