"""The Sequence Numbers board picture, drawn from fabricated public views."""

from __future__ import annotations

import copy
import io
import random
from typing import Any

import pytest
from PIL import Image

from cogs.common import pictures
from cogs.common.pictures import seat_colour
from cogs.numbers import picture
from cogs.numbers.picture import board_png, cell_box, cell_centre

CORNERS = (0, 9, 90, 99)
NAMES = ["Zoë", "Łukasz", "Şahin", "Ann", "Bob", "Cy"]


def layout() -> list[int]:
    """Every number 1-48 twice on the 96 spaces that are not corners."""
    numbers = [n for n in range(1, 49) for _ in range(2)]
    random.Random(7).shuffle(numbers)
    return [0 if i in CORNERS else numbers.pop() for i in range(100)]


def empty_view(sides: int = 2) -> dict[str, Any]:
    return {
        "layout": layout(),
        "chips": [None] * 100,
        "locked": [],
        "sequences": [],
        "last_move": None,
        "sides": [[s] for s in range(sides)],
        "side_of_seat": list(range(sides)),
        "awaiting": [0],
        "over": False,
        "winner_side": None,
    }


def played_view() -> dict[str, Any]:
    """Blue has a sequence along row B, orange and green have scattered chips."""
    view = empty_view(3)
    row_b = [11, 12, 13, 14, 15]
    for space in row_b:
        view["chips"][space] = 0
    for space in (22, 33, 44, 27):
        view["chips"][space] = 1
    for space in (50, 61):
        view["chips"][space] = 2
    view["locked"] = row_b
    view["sequences"] = [{"side": 0, "spaces": row_b}]
    view["last_move"] = {"seat": 1, "side": 1, "kind": "place", "space": 27}
    return view


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 10) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def pixels(image: Image.Image) -> list[tuple[int, ...]]:
    data = image.tobytes()
    return [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]


def count_colour(image: Image.Image, box: tuple[int, int, int, int],
                 rgb: tuple[int, int, int], *, tolerance: int = 10) -> int:
    return sum(near(px, rgb, tolerance) for px in pixels(image.crop(box)))


def same_cell(a: Image.Image, b: Image.Image, index: int) -> bool:
    """The space looks the same in both pictures (the palette may move a rare anti-aliasing
    shade by a few levels when something elsewhere changes)."""
    box = cell_box(index)
    return all(near(p, q, 24) for p, q in zip(pixels(a.crop(box)), pixels(b.crop(box)),
                                                strict=True))


@pytest.fixture(autouse=True)
def fresh_caches() -> None:
    pictures.clear_caches()


def test_board_decodes_at_its_size_and_stays_small() -> None:
    for view in (empty_view(), played_view()):
        png = board_png(view, NAMES)
        image = decode(png)
        assert image.size == (picture.WIDTH, picture.HEIGHT)
        assert 600 <= image.width <= 800
        assert len(png) < pictures.MAX_PNG_BYTES


def test_identical_views_give_identical_bytes() -> None:
    first = board_png(played_view(), NAMES, highlight={40, 48})
    pictures.clear_caches()  # also when the background is drawn afresh
    assert board_png(copy.deepcopy(played_view()), NAMES, highlight=frozenset({48, 40})) == first


def test_a_new_chip_changes_the_picture_at_its_space_only() -> None:
    before = played_view()
    after = copy.deepcopy(before)
    after["chips"][77] = 2
    old, new = decode(board_png(before)), decode(board_png(after))
    assert old.tobytes() != new.tobytes()
    outside = [i for i in range(100) if i != 77]
    assert not same_cell(old, new, 77)
    for index in outside[::7]:
        assert same_cell(old, new, index)


@pytest.mark.parametrize("side", [0, 1, 2])
def test_a_chip_shows_its_side_colour_on_its_space(side: int) -> None:
    view = empty_view(3)
    view["chips"][56] = side
    image = decode(board_png(view))
    colour = seat_colour(side).rgb
    assert count_colour(image, cell_box(56), colour) > 500
    for other in (55, 57, 46, 66):
        assert count_colour(image, cell_box(other), colour) == 0


def test_a_chip_covers_the_number_of_its_space() -> None:
    view = empty_view()
    bare = decode(board_png(view))
    view["chips"][23] = 0
    covered = decode(board_png(view))
    x, y = cell_centre(23)
    assert bare.getpixel((int(x) + 18, int(y) + 18)) != covered.getpixel((int(x), int(y)))
    assert near(covered.getpixel((int(x), int(y) + 18)), seat_colour(0).rgb)


def test_highlight_marks_the_highlighted_spaces() -> None:
    view = played_view()
    plain = decode(board_png(view))
    marked = decode(board_png(view, highlight={40, 98}))
    for index in (40, 98):
        assert not same_cell(plain, marked, index)
        assert count_colour(marked, cell_box(index), picture.HIGHLIGHT) > 1500
    for index in (41, 97, 30):
        assert same_cell(plain, marked, index)


def test_free_corners_are_marked_and_never_show_a_number() -> None:
    image = decode(board_png(empty_view()))
    for corner in CORNERS:
        assert count_colour(image, cell_box(corner), picture.CORNER) > 500
    for space in (1, 10, 89, 98):
        assert count_colour(image, cell_box(space), picture.CORNER, tolerance=0) == 0


def test_completed_sequence_is_joined_by_a_line_and_its_chips_are_locked() -> None:
    view = played_view()
    unlocked = copy.deepcopy(view)
    unlocked["locked"], unlocked["sequences"] = [], []
    with_line, without = decode(board_png(view)), decode(board_png(unlocked))
    # between two chips of the sequence, the line shows in blue
    x = cell_box(12)[2]
    _, y = cell_centre(12)
    assert near(with_line.getpixel((x, int(y))), seat_colour(0).rgb)
    assert not near(without.getpixel((x, int(y))), seat_colour(0).rgb)


def test_last_move_is_ringed_and_a_removal_leaves_a_broken_ring() -> None:
    view = played_view()
    quiet = copy.deepcopy(view)
    quiet["last_move"] = None
    ringed, plain = decode(board_png(view)), decode(board_png(quiet))
    box = cell_box(27)
    assert ringed.crop(box).tobytes() != plain.crop(box).tobytes()

    removed = copy.deepcopy(quiet)
    removed["chips"][44] = None
    removed["last_move"] = {"seat": 0, "side": 0, "kind": "remove", "space": 44}
    cleared = copy.deepcopy(removed)
    cleared["last_move"] = None
    assert (decode(board_png(removed)).crop(cell_box(44)).tobytes()
            != decode(board_png(cleared)).crop(cell_box(44)).tobytes())


def test_legend_names_each_side_with_extended_latin_names() -> None:
    view = played_view()
    named, anonymous = decode(board_png(view, NAMES)), decode(board_png(view))
    legend = (0, picture.LEGEND_TOP, picture.WIDTH, picture.HEIGHT)
    assert named.crop(legend).tobytes() != anonymous.crop(legend).tobytes()
    assert pictures.has_glyphs("".join(NAMES))


def test_more_sides_than_the_game_has_is_a_programmer_error() -> None:
    view = empty_view()
    view["sides"] = [[0], [1], [2], [3]]
    with pytest.raises(ValueError, match="at most 3 sides"):
        board_png(view)


async def test_board_renders_off_the_loop_and_is_not_redrawn_when_unchanged() -> None:
    view = played_view()
    first = await pictures.render(board_png, view, NAMES, frozenset({40}))
    again = await pictures.render(board_png, copy.deepcopy(view), NAMES, {40})
    assert again is first and first == board_png(view, NAMES, {40})
