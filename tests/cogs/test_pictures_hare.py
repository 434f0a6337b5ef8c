"""The Hare and Tortoise board picture, drawn from public views of real engine states."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image

from cogs.common import pictures
from cogs.common.pictures import seat_colour
from cogs.hare import picture
from cogs.hare.picture import (
    board_facts,
    board_png,
    finish_slots,
    picture_size,
    space_box,
    start_slots,
)
from cogs.hare.symbols import CARROT, LETTUCE, SHELL
from rules.hare import ENGINE, HareState
from rules.hare.board import FINISH

NAMES = ["Zoë", "Łukasz", "Şahin", "Ann", "Bob", "Cy"]


def state(players: int = 3, **options: Any) -> HareState:
    return ENGINE.setup(players, ENGINE.options(options, players), seed=1)


def spread(players: int = 3) -> HareState:
    """Every marker on its own action space, seat 1 to move."""
    race = state(players)
    for seat, marker in enumerate(race.markers):
        marker.space = (2, 9, 13, 20, 26, 35)[seat]
    race.turn = 1
    return race


def view(race: HareState) -> dict[str, Any]:
    return ENGINE.view(race, None)


def draw(race: HareState, names: list[str] = NAMES) -> Image.Image:
    facts = board_facts(view(race))
    return decode(board_png(facts, names[: race.seats]))


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def count_colour(image: Image.Image, box: tuple[float, ...], rgb: tuple[int, int, int]) -> int:
    crop = image.crop(tuple(round(v) for v in box))
    return sum(count for count, px in crop.getcolors(crop.width * crop.height) if near(px, rgb))


def crop(image: Image.Image, box: tuple[float, ...]) -> bytes:
    return image.crop(tuple(round(v) for v in box)).tobytes()


def alike(a: Image.Image, b: Image.Image, box: tuple[float, ...]) -> bool:
    """The area looks the same in both pictures (the PNG palette may move a rare
    anti-aliasing shade by a few levels when something elsewhere changes)."""
    old, new = crop(a, box), crop(b, box)
    return all(abs(x - y) <= 24 for x, y in zip(old, new, strict=True))


def panel_row(seat: int) -> tuple[float, float, float, float]:
    top = picture.PANEL_TOP + seat * picture.PANEL_ROW
    return 0, top, picture.WIDTH, top + picture.PANEL_ROW


@pytest.fixture(autouse=True)
def fresh_caches() -> None:
    pictures.clear_caches()


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_picture_is_a_small_png_of_its_size(players: int) -> None:
    png = board_png(board_facts(view(state(players))), NAMES[:players])
    assert png.startswith(b"\x89PNG")
    image = decode(png)
    assert image.size == picture_size(players)
    assert 700 <= image.width <= 900 and image.height < 960
    assert len(png) < pictures.MAX_PNG_BYTES


def test_the_same_view_gives_identical_bytes() -> None:
    first = board_png(board_facts(view(spread())), NAMES[:3])
    pictures.clear_caches()  # also when the background is drawn afresh
    again = board_png(board_facts(copy.deepcopy(view(spread()))), NAMES[:3])
    assert again == first


def test_what_the_picture_does_not_show_keeps_the_facts_and_the_bytes() -> None:
    race = spread()
    before = board_facts(view(race))
    race.markers[0].must_eat = True
    race.markers[1].position_pending = True
    race.players[2].lose_turn = True
    race.decision += 5
    race.draw += 3
    assert board_facts(view(race)) == before
    assert board_png(board_facts(view(race)), NAMES[:3]) == board_png(before, NAMES[:3])


def test_a_move_changes_the_picture_at_the_two_spaces_only() -> None:
    race = spread()
    old = draw(race)
    race.markers[0].space = 5
    new = draw(race)
    assert old.tobytes() != new.tobytes()
    for index in (2, 5):
        assert crop(old, space_box(index)) != crop(new, space_box(index))
    for index in (1, 3, 4, 6, 9, 13, 20, 40, 63):
        assert crop(old, space_box(index)) == crop(new, space_box(index)), index


@pytest.mark.parametrize("seat", range(6))
def test_a_marker_wears_its_seat_colour_on_its_space(seat: int) -> None:
    race = state(6)
    race.markers[seat].space = 30
    image = draw(race)
    colour = seat_colour(seat).rgb
    assert count_colour(image, space_box(30), colour) > 300
    for other in (29, 31):
        assert count_colour(image, space_box(other), colour) == 0


def test_the_two_markers_of_a_player_are_told_apart() -> None:
    race = state(2)
    race.markers[0].space, race.markers[1].space = 2, 5  # marker 1 on 2, marker 2 on 5
    swapped = copy.deepcopy(race)
    swapped.markers[0].space, swapped.markers[1].space = 5, 2
    image, other = draw(race), draw(swapped)
    for index in (2, 5):
        assert count_colour(image, space_box(index), seat_colour(0).rgb) > 300
        assert crop(image, space_box(index)) != crop(other, space_box(index))


@pytest.mark.parametrize(
    ("index", "colour"), [(2, CARROT), (10, LETTUCE), (11, SHELL), (15, SHELL), (22, LETTUCE)]
)
def test_each_space_shows_its_symbol(index: int, colour: tuple[int, int, int]) -> None:
    image = draw(state())
    assert count_colour(image, space_box(index), colour) > 40
    for elsewhere in (4, 7, 8):  # number spaces show no carrot, lettuce or shell
        assert count_colour(image, space_box(elsewhere), colour) == 0


def test_spaces_of_one_kind_look_alike_but_for_their_number() -> None:
    image = draw(state())
    hares = [crop(image, _below_number(index)) for index in (1, 3, 6, 14, 25)]
    assert len(set(hares)) == 1
    assert crop(image, _below_number(4)) != crop(image, _below_number(8)), "3 and 2 differ"


def _below_number(index: int) -> tuple[float, float, float, float]:
    left, top, right, bottom = space_box(index)
    return left + 4, top + 28, right - 4, bottom - 4


def test_six_markers_fit_on_start_and_five_finishers_in_the_finish() -> None:
    for slots, index, count in ((start_slots, 0, 6), (finish_slots, FINISH, 5)):
        left, top, right, bottom = space_box(index)
        for x, y in slots(count):
            reach = picture.END_RADIUS + picture.RING
            assert left < x - reach and x + reach < right and top < y - reach
            assert y + reach < bottom
    image = draw(state(6))
    for seat in range(6):
        assert count_colour(image, space_box(0), seat_colour(seat).rgb) > 150


def test_finished_markers_stand_in_the_finish_in_their_order() -> None:
    race = spread()
    for place, seat in enumerate((2, 0), start=1):
        race.markers[seat].space = FINISH
        race.markers[seat].finish_place = place
        race.finish_order.append(seat)
    image = draw(race)
    (first, second) = finish_slots(2)
    for (x, y), seat in ((first, 2), (second, 0)):
        assert count_colour(image, (x - 8, y - 8, x + 8, y + 8), seat_colour(seat).rgb) > 50


def test_the_player_to_move_is_lit_in_the_panel_and_on_the_track() -> None:
    race = spread()
    image = draw(race)
    assert count_colour(image, panel_row(1), picture.HIGHLIGHT) > 10000
    for seat in (0, 2):
        assert count_colour(image, panel_row(seat), picture.HIGHLIGHT) == 0
    assert count_colour(image, space_box(9), picture.HIGHLIGHT) > 200  # seat 1's marker
    assert count_colour(image, space_box(2), picture.HIGHLIGHT) == 0
    race.turn, race.standings = None, [0, 1, 2]  # the race is over: nobody is lit
    over = draw(race)
    assert count_colour(over, panel_row(1), picture.HIGHLIGHT) == 0


def test_carrots_and_lettuces_show_in_the_panel_only() -> None:
    race = spread()
    old = draw(race)
    race.players[2].carrots -= 15
    race.players[2].lettuces -= 1
    new = draw(race)
    assert crop(old, panel_row(2)) != crop(new, panel_row(2))
    track = (0, 0, picture.WIDTH, picture.PANEL_TOP)
    assert alike(old, new, track)
    for seat in (0, 1):
        assert alike(old, new, panel_row(seat))


def test_long_and_extended_latin_names_fit_in_the_panel() -> None:
    race = spread()
    long_names = ["W" * 32, "Zoë Łukasz Şahin", "ann"]
    image = draw(race, long_names)
    row = panel_row(0)
    names = image.crop((picture.MARGIN + 100, row[1], picture.MARGIN + 420, row[3]))
    assert count_colour(names, (251, 0, 255, picture.PANEL_ROW), pictures.INK) == 0
    assert pictures.has_glyphs("".join(long_names))


def test_more_players_than_the_game_seats_is_a_programmer_error() -> None:
    facts = board_facts(view(state(6)))
    facts["supplies"].append([65, 3])
    with pytest.raises(ValueError, match="at most 6 players"):
        board_png(facts, [*NAMES, "Dee"])


async def test_the_board_renders_off_the_loop_and_is_not_redrawn_when_unchanged() -> None:
    facts = board_facts(view(spread()))
    first = await pictures.render(board_png, facts, NAMES[:3])
    again = await pictures.render(board_png, copy.deepcopy(facts), NAMES[:3])
    assert again is first and first == board_png(facts, NAMES[:3])
