"""The Great Canyon Race board picture, drawn from the public views of seeded races."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from cogs.canyon import picture
from cogs.canyon.picture import (
    board_facts,
    board_png,
    card_box,
    lane_y,
    picture_size,
    space_x,
)
from cogs.common import pictures
from cogs.common.pictures import INK, seat_colour
from rules.canyon import ENGINE, CanyonState
from tests.cogs.pixels import around, count_colour, decode, looks_same

NAMES = ["Zoë", "Łukasz", "Şahin", "Ann", "Bob", "a-very-long-display-name-of-32ch"]


def race(seats: int, *, rounds: int = 0, seed: int = 3) -> CanyonState:
    """A seeded race played at random until round ``rounds + 1`` opens (or it is over)."""
    state = ENGINE.setup(seats, {}, seed)
    rng = random.Random(seed)
    while ENGINE.view(state, None)["round"] <= rounds and ENGINE.outcome(state) is None:
        seat = min(ENGINE.to_move(state))
        ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
    return state


def public(state: CanyonState) -> dict[str, Any]:
    return ENGINE.view(state, None)


def png(view: dict[str, Any]) -> bytes:
    return board_png(board_facts(view), NAMES[: view["players"]])


def facts_of(seats: int) -> dict[str, Any]:
    return board_facts(public(race(seats)))


def lanes_box(drivers: int) -> tuple[float, float, float, float]:
    return 0, picture.TRACK_TOP_Y, picture.WIDTH, picture.TRACK_TOP_Y + drivers * picture.LANE


@pytest.fixture(autouse=True)
def fresh_caches() -> None:
    pictures.clear_caches()


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_board_decodes_at_its_size_and_stays_small(seats: int) -> None:
    data = png(public(race(seats, rounds=4)))
    image = decode(data)
    assert image.size == picture_size(seats)
    assert 600 <= image.width <= 900
    assert len(data) < pictures.MAX_PNG_BYTES


def test_identical_views_give_identical_bytes() -> None:
    view = public(race(4, rounds=3))
    first = png(view)
    pictures.clear_caches()
    assert png(copy.deepcopy(view)) == first


def test_a_sealed_card_is_not_in_the_picture_so_the_bytes_stay() -> None:
    state = race(4, rounds=2)
    before = public(state)
    seat = min(ENGINE.to_move(state))
    ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    after = public(state)
    assert after["committed"] != before["committed"]
    assert after["hand_sizes"] != before["hand_sizes"]
    assert png(after) == png(before)


def test_a_scored_round_moves_the_cars() -> None:
    before = public(race(4, rounds=2))
    after = public(race(4, rounds=3))
    moved = [s for s in range(4) if before["scores"][s] != after["scores"][s]]
    assert moved, "the seed moves some car in round 3"
    old, new = decode(png(before)), decode(png(after))
    for seat in moved:
        colour = seat_colour(seat).rgb
        spot = around(space_x(after["scores"][seat]), lane_y(seat), 6)
        assert count_colour(new, spot, colour) > 40
        assert count_colour(old, spot, colour) == 0


def test_each_car_wears_its_seat_colour_in_its_own_lane() -> None:
    facts = facts_of(4)
    facts["scores"] = [0, 17, 30, 50]
    image = decode(board_png(facts, NAMES[:4]))
    for seat, score in enumerate(facts["scores"]):
        colour = seat_colour(seat).rgb
        for lane in range(4):
            found = count_colour(image, around(space_x(score), lane_y(lane), 6), colour)
            assert (found > 40) if lane == seat else (found == 0)


def test_the_circled_spaces_are_marked_in_every_lane() -> None:
    image = decode(board_png(facts_of(3), NAMES[:3]))
    for lane in range(3):
        for space in range(1, picture.SPACES):
            band = count_colour(image, around(space_x(space), lane_y(lane) + 10, 2),
                                picture.CIRCLE_BAND)
            assert (band > 0) == (space in picture.CIRCLED), space


def test_collision_tokens_fill_one_slot_per_collision() -> None:
    facts = facts_of(3)
    facts["collisions"] = [0, 2, 3]
    image = decode(board_png(facts, NAMES[:3]))
    column = picture.TRACK_RIGHT
    counts = [
        count_colour(image, (column, lane_y(s) - 10, picture.WIDTH, lane_y(s) + 10),
                     picture.TOKEN)
        for s in range(3)
    ]
    assert counts[0] == 0 and 0 < counts[1] < counts[2]
    assert counts[2] == pytest.approx(counts[1] * 3 / 2, rel=0.1)


def test_an_eliminated_car_is_crossed_out() -> None:
    facts = facts_of(3)
    facts["scores"][1], facts["collisions"][1] = 22, 4
    burning = copy.deepcopy(facts)
    burning["eliminated"][1] = True
    racing, out = decode(board_png(facts, NAMES[:3])), decode(board_png(burning, NAMES[:3]))
    car = around(space_x(22), lane_y(1), 12)
    assert count_colour(out, car, INK, tolerance=30) > count_colour(racing, car, INK, tolerance=30)
    assert looks_same(racing, out, around(space_x(22), lane_y(0), 12))


def test_the_action_row_shows_face_up_cards_and_card_backs_as_the_public_sees_them() -> None:
    view = public(race(4))
    facts = board_facts(view)
    assert facts["row"][0] is not None and facts["row"][1] is None  # round 1 up, round 2 down
    image = decode(board_png(facts, NAMES[:4]))
    for index, kind in enumerate(facts["row"]):
        box = card_box(4, index, now=index + 1 == facts["round"])
        backs = count_colour(image, box, picture.CARD_BACK)
        assert (backs > 1000) if kind is None else (backs == 0)


def test_this_rounds_card_is_raised_and_outlined() -> None:
    facts = facts_of(4)
    later = copy.deepcopy(facts)
    later["round"] = 2
    first, second = decode(board_png(facts, NAMES[:4])), decode(board_png(later, NAMES[:4]))
    for index in (0, 1):
        assert not looks_same(first, second, card_box(4, index, now=True))
    assert looks_same(first, second, card_box(4, 5))
    assert looks_same(first, second, lanes_box(4))


def test_every_driver_needs_a_name() -> None:
    with pytest.raises(ValueError, match="4 drivers need 4 names"):
        board_png(facts_of(4), NAMES[:3])


async def test_board_renders_off_the_loop_and_is_not_redrawn_when_unchanged() -> None:
    view = public(race(3, rounds=2))
    first = await pictures.render(board_png, board_facts(view), NAMES[:3])
    again = await pictures.render(board_png, board_facts(copy.deepcopy(view)), NAMES[:3])
    assert again is first and first == png(view)
