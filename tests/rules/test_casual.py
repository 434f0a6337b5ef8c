"""The casual players the computers are measured against: legal, repeatable, from the view
only, and playing as the rulebook's sensible player would."""

from __future__ import annotations

import random

import pytest

from bench.players import casual_player
from rules.catalog import ENGINES
from rules.hare import ENGINE as HARE
from rules.hare.board import CARROT_SPACES, FINISH, LETTUCE_SPACES
from rules.hare.casual import casual_move as hare_casual
from rules.hare.computer import determinize as hare_race
from rules.hare.moves import legal_moves as hare_moves
from rules.whyfirst.casual import casual_move as whyfirst_casual
from rules.whyfirst.scoring import StageScore
from tests.rules.hare_positions import finished, race

TABLES = [
    ("hare", 2, {}), ("hare", 2, {"two_markers": False}), ("hare", 4, {}),
    ("whyfirst", 2, {}), ("whyfirst", 4, {}), ("whyfirst", 3, {"variant": "tactical"}),
]


def _match(game: str, seats: int, options: dict, seed: int) -> list[str]:
    """A whole match of casual players: every move, each checked legal when played."""
    engine = ENGINES[game]
    play = casual_player(game)
    assert play is not None
    state = engine.setup(seats, engine.options(options, seats), seed)
    rng = random.Random(seed)
    moves = []
    while awaited := engine.to_move(state):
        assert len(moves) < 3_000, "a casual match that does not end"
        seat = min(awaited)
        move = play(engine.view(state, seat), seat, rng)
        assert move in engine.legal_moves(state, seat)
        engine.apply(state, seat, move)
        moves.append(move)
    assert engine.outcome(state) is not None
    return moves


@pytest.mark.parametrize(("game", "seats", "options"), TABLES)
def test_casual_players_play_legal_moves_to_the_end_and_repeat_with_the_seed(
    game, seats, options
):
    for seed in (3, 4):
        assert _match(game, seats, options, seed) == _match(game, seats, options, seed)
    assert _match(game, seats, options, 3) != _match(game, seats, options, 4)


@pytest.mark.parametrize(("game", "seats"), [("hare", 2), ("whyfirst", 4)])
def test_casual_players_decide_from_the_view_alone(game, seats):
    """Two matches that differ only in what the seat cannot see get the same move."""
    engine = ENGINES[game]
    play = casual_player(game)
    assert play is not None
    for seed in range(6):
        view = engine.view(engine.setup(seats, engine.options({}, seats), seed), 0)
        other = engine.view(engine.setup(seats, engine.options({}, seats), seed + 100), 0)
        if view == other:  # the same position seen: the same answer whatever lies hidden
            assert play(view, 0, random.Random(1)) == play(other, 0, random.Random(1))
        assert play(view, 0, random.Random(1)) == play(dict(view), 0, random.Random(1))


def _hare_view(spaces: list[int], carrots: int, lettuces: int) -> dict:
    """A one-marker 2-player race, seat 0 to move with ``carrots`` and ``lettuces``."""
    engine = ENGINES["hare"]
    state = engine.setup(2, engine.options({"two_markers": False}, 2), 1)
    for marker, space in zip(state.markers, spaces, strict=True):
        marker.space = space
    state.players[0].carrots = carrots
    state.players[0].lettuces = lettuces
    return engine.view(state, 0)


def test_hare_casual_crosses_the_finish_when_the_carrot_limit_allows():
    view = _hare_view([60, 30], carrots=20, lettuces=0)  # 4 spaces cost 10, keeps 10
    assert hare_casual(view, 0, random.Random(1)) == f"f{FINISH}"


def test_hare_casual_heads_for_a_lettuce_while_it_holds_one():
    view = _hare_view([3, 1], carrots=65, lettuces=3)
    assert hare_casual(view, 0, random.Random(1)) == f"f{LETTUCE_SPACES[0]}"


def test_hare_casual_goes_back_for_a_lettuce_none_left_ahead():
    view = _hare_view([58, 1], carrots=40, lettuces=1)
    move = hare_casual(view, 0, random.Random(1))
    assert move.startswith("b")


def test_hare_casual_keeps_its_carrots_in_line_with_the_distance_left():
    """Rich, it runs further than when it is poor."""
    def furthest(carrots: int) -> int:
        view = _hare_view([23, 1], carrots=carrots, lettuces=0)
        move = hare_casual(view, 0, random.Random(1))
        legal = hare_moves(hare_race(view, 1), 0)
        assert move in legal
        return int(move[1:]) if move[0] == "f" else 23
    assert furthest(150) > furthest(60) > 23


def _blocked_near_the_finish(carrots: int):
    """Seats 0 and 3 home; seat 2 on the last carrot space (63) with two lettuces it cannot
    eat ahead; seat 1 on the tortoise space 56 with ``carrots`` and no lettuce, to move."""
    state = race(4, spaces=[0, 56, 63, 0], carrots=[10, carrots, 40, 10], lettuces=[0, 0, 2, 0])
    finished(state, 3)
    finished(state, 0)
    state.turn = 1
    return state


def test_hare_casual_over_the_finish_limit_stops_on_a_carrot_space():
    """With far more carrots than the Finish lets it keep, the space beside the occupied 63
    (the hare space 62) leaves it nothing but going back to 56 for more carrots."""
    state = _blocked_near_the_finish(carrots=130)
    move = hare_casual(HARE.view(state, 1), 1, random.Random(1))
    assert move[0] == "f" and int(move[1:]) in CARROT_SPACES


def test_hare_casual_over_the_finish_limit_gives_its_carrots_away_and_finishes():
    """The stalled bench matches: beside a seat that keeps to 63, the casual player finishes
    (third, ending the match) instead of going back and forth between 56 and 62."""
    state = _blocked_near_the_finish(carrots=130)
    rng = random.Random(3)
    decisions = 0
    while HARE.to_move(state) and decisions < 60:
        (seat,) = HARE.to_move(state)
        if seat == 2:  # stays on 63, never going back for its lettuces
            move = next(m for m in HARE.legal_moves(state, 2) if m in ("give", "take"))
        else:
            move = hare_casual(HARE.view(state, seat), seat, rng)
        HARE.apply(state, seat, move)
        decisions += 1
    assert HARE.outcome(state) is not None
    assert state.standings == [3, 0, 1, 2]


def _whyfirst_view(positions: list[int], hand: list[int], seat: int, leader: int | None):
    """A 4-player stage in its first card round: ``seat`` holds ``hand``; ``leader`` (if any)
    scored 5 in each of the two stages before."""
    engine = ENGINES["whyfirst"]
    state = engine.setup(4, engine.options({}, 4), 2)
    if leader is not None:
        state.scoring = [StageScore(stage, 5, (leader,)) for stage in (1, 2)]
        state.stage = 3
    state.positions = positions
    state.hands[seat] = hand
    return engine.view(state, seat)


def test_whyfirst_casual_puts_its_figure_on_the_second_place():
    """Cards -4, -3, -2, -1, +3: the +3 brings its figure level with the second place."""
    view = _whyfirst_view([6, 0, 3, 1], [24, 8, 4, 13, 1], seat=1, leader=None)
    assert whyfirst_casual(view, 1, random.Random(1)) == "p24:1"


def test_whyfirst_casual_leading_plays_for_another_figure_to_score():
    view = _whyfirst_view([0, 2, 4, 0], [31, 28, 29, 24, 25], seat=0, leader=0)
    move = whyfirst_casual(view, 0, random.Random(1))
    assert not move.endswith(":0")
