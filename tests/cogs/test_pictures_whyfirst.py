"""The Why First? board picture, drawn from the public views of seeded matches."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from cogs.common import pictures
from cogs.common.pictures import seat_colour
from cogs.whyfirst import picture
from cogs.whyfirst.picture import (
    LEO,
    board_facts,
    board_png,
    lane_y,
    picture_size,
    space_x,
)
from rules.whyfirst import ENGINE, WhyFirstState
from tests.cogs.pixels import around, count_colour, decode, looks_same

NAMES = ["Zoë", "Łukasz", "Şahin", "Ann", "Bob", "Cy"]


def match(seats: int, variant: str = "standard", *, decisions: int = 0,
          seed: int = 3) -> WhyFirstState:
    """A seeded match after ``decisions`` random decisions (lowest awaited seat first)."""
    state = ENGINE.setup(seats, {"variant": variant}, seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        seat = min(ENGINE.to_move(state))
        ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
    return state


def public(state: WhyFirstState) -> dict[str, Any]:
    return ENGINE.view(state, None)


def names_of(view: dict[str, Any]) -> list[str]:
    return NAMES[: view["players"]] + (["Leo"] if view["leo"] is not None else [])


def png(view: dict[str, Any]) -> bytes:
    return board_png(board_facts(view), names_of(view))


def track_box(figures: int) -> tuple[float, float, float, float]:
    return 0, picture.TRACK_TOP, picture.WIDTH, picture.TRACK_TOP + figures * picture.LANE


def table_box(figures: int, tactical: bool) -> tuple[float, float, float, float]:
    width, height = picture_size(figures, tactical)
    return 0, height - (figures + 2) * picture.TABLE_ROW - picture.MARGIN, width, height


@pytest.fixture(autouse=True)
def fresh_caches() -> None:
    pictures.clear_caches()


@pytest.mark.parametrize(("seats", "variant"), [(2, "standard"), (4, "standard"),
                                                (6, "tactical")])
def test_board_decodes_at_its_size_and_stays_small(seats: int, variant: str) -> None:
    view = public(match(seats, variant, decisions=seats * 7))
    data = png(view)
    image = decode(data)
    figures = len(view["positions"])
    assert image.size == picture_size(figures, variant == "tactical")
    assert 600 <= image.width <= 900
    assert len(data) < pictures.MAX_PNG_BYTES


def test_identical_views_give_identical_bytes() -> None:
    view = public(match(4, decisions=30))
    first = png(view)
    pictures.clear_caches()  # also when the background is drawn afresh
    assert png(copy.deepcopy(view)) == first


def test_a_sealed_card_is_not_in_the_picture_only_who_still_chooses() -> None:
    state = match(3)
    before = public(state)
    seat = min(ENGINE.to_move(state))
    ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    after = public(state)
    assert after["committed"] != before["committed"]
    old, new = board_facts(before), board_facts(after)
    changed = {key for key in new if new[key] != old[key]}
    assert changed == {"awaiting"}
    assert board_facts(after)["awaiting"] == [s for s in before["awaiting"] if s != seat]
    assert looks_same(decode(png(after)), decode(png(before)), track_box(3))


def test_a_reveal_moves_the_figures_in_the_picture() -> None:
    state = match(3)
    before = public(state)
    while public(state)["card_round"] == 1:
        seat = min(ENGINE.to_move(state))
        ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    after = public(state)
    moves = [m for m in after["last_reveal"]["moves"] if m["from"] != m["to"]]
    assert moves, "the seed moves some figure in the first card round"
    old, new = decode(png(before)), decode(png(after))
    for move in moves:
        colour = seat_colour(move["figure"]).rgb
        y = lane_y(move["figure"])
        assert count_colour(new, around(space_x(move["to"]), y, 10), colour) > 60
        assert count_colour(new, around(space_x(move["from"]), y, 10), colour) == 0
        assert count_colour(old, around(space_x(move["from"]), y, 10), colour) > 60


def test_each_figure_wears_its_seat_colour_in_its_own_lane() -> None:
    facts = board_facts(public(match(4)))
    facts["positions"] = [-12, 16, 3, 7]
    image = decode(board_png(facts, NAMES[:4]))
    for figure, space in enumerate(facts["positions"]):
        colour = seat_colour(figure).rgb
        for lane in range(4):
            found = count_colour(image, around(space_x(space), lane_y(lane), 10), colour)
            assert (found > 60) if lane == figure else (found == 0)


def test_the_second_place_is_lit_across_every_lane() -> None:
    facts = board_facts(public(match(4)))
    facts["positions"] = [5, 3, 3, -2]
    image = decode(board_png(facts, NAMES[:4]))
    lit = around(space_x(3), lane_y(3), 8)  # figure 3 is on -2: its lane shows the column
    assert count_colour(image, lit, picture.SECOND) > 150
    assert count_colour(image, around(space_x(5), lane_y(3), 8), picture.SECOND) == 0

    facts["positions"] = [4, 4, 4, 4]  # all on one space: no second place, nobody scores
    level = decode(board_png(facts, NAMES[:4]))
    assert count_colour(level, track_box(4), picture.SECOND) == 0


def test_leo_races_in_grey_with_his_letter() -> None:
    view = public(match(2, decisions=6))
    assert view["leo"] == 2
    image = decode(png(view))
    leo_space = view["positions"][2]
    assert count_colour(image, around(space_x(leo_space), lane_y(2), 10), LEO.rgb) > 60
    assert LEO.letter == "L" and LEO.rgb not in {c.rgb for c in pictures.SEAT_COLOURS}


def test_the_tactical_order_of_moves_is_drawn_under_the_track() -> None:
    state = match(3, "tactical")
    while not public(state)["pending_moves"]:
        seat = min(ENGINE.to_move(state))
        ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0])
    facts = board_facts(public(state))
    assert [turn["white"] for turn in facts["order"]] == sorted(
        (turn["white"] for turn in facts["order"]), reverse=True
    )
    waiting = copy.deepcopy(facts)
    waiting["order"], waiting["moving"] = [], False
    shown, empty = decode(board_png(facts, NAMES[:3])), decode(board_png(waiting, NAMES[:3]))
    top = picture.TRACK_TOP + 3 * picture.LANE + picture.SECOND_TAG
    row = (0, top, picture.WIDTH, top + picture.ORDER_ROW)
    assert not looks_same(shown, empty, row)
    assert looks_same(shown, empty, track_box(3))
    first = seat_colour(facts["order"][0]["seat"]).rgb
    assert count_colour(shown, row, first) > 60


def test_stage_scores_fill_the_table_and_leave_the_track_alone() -> None:
    state = match(3, decisions=3 * 5)  # the first stage is scored
    view = public(state)
    assert view["stage"] == 2 and len(view["stage_scores"]) == 1
    facts = board_facts(view)
    changed = copy.deepcopy(facts)
    changed["stages"][0]["scores"] = [9, 0, 0]
    changed["totals"] = [9, 0, 0]
    one, other = decode(board_png(facts, NAMES[:3])), decode(board_png(changed, NAMES[:3]))
    assert not looks_same(one, other, table_box(3, False))
    assert looks_same(one, other, track_box(3))


def test_every_figure_needs_a_name() -> None:
    view = public(match(2))
    with pytest.raises(ValueError, match="3 figures need 3 names"):
        board_png(board_facts(view), NAMES[:2])


async def test_board_renders_off_the_loop_and_is_not_redrawn_when_unchanged() -> None:
    view = public(match(4, decisions=9))
    first = await pictures.render(board_png, board_facts(view), names_of(view))
    again = await pictures.render(board_png, board_facts(copy.deepcopy(view)), names_of(view))
    assert again is first and first == png(view)
