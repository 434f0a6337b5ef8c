"""Great Canyon Race: the end of the race: fates, winners, places and career points."""

from __future__ import annotations

from rules.canyon import ENGINE, race
from tests.rules.canyon_positions import ANNE, BEN, CHRIS, DANA, play, rigged
from tests.rules.events import only


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
