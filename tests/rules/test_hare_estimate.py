"""The computer's judgement of a Hare and Tortoise position: turns still needed, prospects."""

from __future__ import annotations

from itertools import pairwise

import pytest

from rules.hare import ENGINE
from rules.hare.estimate import TEMPO, moves_home, seat_turns, seat_values
from rules.hare.state import HareState, race_places


def race(spaces: list[int], carrots: list[int], lettuces: list[int], turn: int = 0) -> HareState:
    state = ENGINE.setup(len(spaces), {"two_markers": False}, seed=1)
    for marker, player, where, many, lettuce in zip(
        state.markers, state.players, spaces, carrots, lettuces, strict=True
    ):
        marker.space, player.carrots, player.lettuces = where, many, lettuce
    state.turn = turn
    return state


def test_one_jump_home_when_the_carrots_pay_for_it_within_the_limit() -> None:
    # 10 spaces cost 55 carrots; keeping 10 at most is the limit of the first finisher
    assert moves_home(10, 55, limit=10, least=1) == 1
    assert moves_home(10, 65, limit=10, least=1) == 1


def test_carrots_beyond_the_limit_cost_turns_giving_them_away() -> None:
    assert moves_home(10, 200, limit=10, least=1) > moves_home(10, 100, limit=10, least=1) > 1


def test_too_few_carrots_cost_more_moves_or_gathering() -> None:
    assert moves_home(30, 40, limit=10, least=1) > moves_home(30, 120, limit=10, least=1)


def test_every_carrot_shows_between_whole_moves() -> None:
    short = [moves_home(30, c, limit=10, least=1) for c in range(60, 130, 5)]
    assert all(a > b for a, b in pairwise(short))


def test_lettuces_to_eat_cost_turns() -> None:
    hungry = race([20, 20 + 1], [60, 60], [3, 0])
    places = race_places(hungry)
    assert seat_turns(hungry, 0, places) > seat_turns(hungry, 1, places)


def test_a_lettuce_with_no_lettuce_space_ahead_means_going_back_for_one() -> None:
    stuck = race([63, 60], [6, 30], [1, 0])
    places = race_places(stuck)
    assert seat_turns(stuck, 0, places) > seat_turns(stuck, 1, places) + 2


def test_the_runner_near_home_with_the_right_carrots_is_the_favourite() -> None:
    state = race([60, 30, 10], [10, 60, 65], [0, 1, 3])
    values = seat_values(state)
    assert values[0] > values[1] > values[2]


def test_the_winner_of_a_finished_match_has_the_best_value() -> None:
    state = race([60, 30, 10], [10, 60, 65], [0, 1, 3])
    state.turn, state.standings = None, [1, 0, 2]
    assert seat_values(state) == pytest.approx([0.5 + TEMPO, 1.0 + TEMPO, TEMPO])


def test_a_hoard_of_carrots_is_judged_without_overflow() -> None:
    state = race([5, 10, 15], [10**7, 65, 65], [3, 3, 3])
    values = seat_values(state)
    assert values[0] < min(values[1:]) and all(0 <= v < 1.1 for v in values)
