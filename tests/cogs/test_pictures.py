"""The shared picture pipeline: palette, font coverage, markers, PNG encoding, the renderer."""

from __future__ import annotations

import ast
import asyncio
import io
import threading
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from cogs.common import i18n, pictures
from cogs.common.pictures import SEAT_COLOURS, Shape, palette
from cogs.common.pictures import renderer as rendering


@pytest.fixture(autouse=True)
def fresh_caches() -> None:
    pictures.clear_caches()


def test_every_seat_colour_has_its_own_name_shape_letter_and_emoji() -> None:
    assert [c.index for c in SEAT_COLOURS] == list(range(6))
    for attribute in ("name", "rgb", "shape", "letter", "emoji"):
        values = [getattr(c, attribute) for c in SEAT_COLOURS]
        assert len(set(values)) == len(values), attribute
    assert {c.shape for c in SEAT_COLOURS} == set(Shape)
    assert all(c.emoji in "🟥🟧🟨🟩🟦🟪" for c in SEAT_COLOURS)
    assert pictures.seat_colour(0).hex == 0x0072B2


def test_seat_colours_stay_apart_in_lightness_or_hue() -> None:
    # Okabe-Ito: no two seat colours are the same colour; the letter on each reads well.
    for colour in SEAT_COLOURS:
        assert palette.contrast(colour.rgb, colour.ink) >= 3.0, colour.name
    assert palette.contrast(palette.INK, palette.PAPER) > 15


def test_names_with_latin_extended_letters_draw_real_glyphs() -> None:
    assert pictures.has_glyphs("Zoë Łukasz Şahin")
    assert pictures.has_glyphs("ŁŞĐőñçé ĞğİışțŘůĳ ÆØÅß Ærøskøbing Nguyễn")
    assert not pictures.has_glyphs("Zoë \ue123")  # the check does catch a missing glyph


def test_fonts_are_loaded_once_per_size() -> None:
    assert pictures.font(20) is pictures.font(20)
    assert pictures.font(20) is not pictures.font(20, bold=True)
    assert pictures.font(20).size == 20


def pixels(image: Image.Image) -> list[tuple[int, ...]]:
    data = image.convert("RGB").tobytes()
    return [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]


def test_marker_is_drawn_in_its_seat_colour_with_its_letter() -> None:
    grey = (128, 128, 128)
    for colour in SEAT_COLOURS:
        image = Image.new("RGB", (80, 80), grey)
        pictures.draw_marker(ImageDraw.Draw(image), (40, 40), 25, colour)
        drawn = pixels(image)
        assert drawn.count(colour.rgb) > 600, colour.name
        assert colour.ink in drawn, f"no letter on {colour.name}"
        bare = Image.new("RGB", (80, 80), grey)
        pictures.draw_marker(ImageDraw.Draw(bare), (40, 40), 25, colour, letter="",
                             outline=grey)
        assert set(pixels(bare)) == {grey, colour.rgb}, colour.name


def test_text_centered_puts_the_ink_around_the_centre() -> None:
    image = Image.new("RGB", (200, 100), (0, 0, 0))
    pictures.text_centered(ImageDraw.Draw(image), (100, 50), "Zoë", 30, fill=(255, 255, 255))
    left, top, right, bottom = image.getbbox()
    assert abs((left + right) / 2 - 100) <= 2 and abs((top + bottom) / 2 - 50) <= 4


def test_encode_png_is_small_decodable_and_keeps_flat_colours() -> None:
    image = Image.new("RGB", (700, 800), (238, 232, 218))
    draw = ImageDraw.Draw(image)
    for i, colour in enumerate(SEAT_COLOURS):
        pictures.draw_marker(draw, (60 + i * 100, 100), 30, colour)
        pictures.text_centered(draw, (60 + i * 100, 200), str(i * 7), 26)
    png = pictures.encode_png(image)
    assert png.startswith(b"\x89PNG") and len(png) < pictures.MAX_PNG_BYTES
    decoded = Image.open(io.BytesIO(png)).convert("RGB")
    assert decoded.size == (700, 800)
    for i, colour in enumerate(SEAT_COLOURS):  # flat colours stay within a level or two
        x = 60 + i * 100
        spot = next((x + dx, 100 + dy) for dy in range(-20, 20) for dx in range(-20, 20)
                    if image.getpixel((x + dx, 100 + dy)) == colour.rgb)
        found = decoded.getpixel(spot)
        assert all(abs(a - b) <= 3 for a, b in zip(found, colour.rgb, strict=True)), colour
    assert Image.open(io.BytesIO(png)).mode == "P"
    assert pictures.encode_png(image) == png


def test_digest_is_stable_and_order_free_for_sets() -> None:
    view = {"b": [1, 2], "a": None}
    assert pictures.digest(view, {3, 1}) == pictures.digest({"a": None, "b": [1, 2]}, {1, 3})
    assert pictures.digest(view, frozenset({1, 3})) == pictures.digest(view, [1, 3])
    assert pictures.digest(view) != pictures.digest({"b": [2, 1], "a": None})
    with pytest.raises(TypeError, match="JSON-like"):
        pictures.digest(object())


calls: list[tuple[str, int]] = []


def _picture(label: str, n: int) -> bytes:
    calls.append((label, n))
    return f"{label}:{n}:{threading.current_thread().name}".encode()


async def test_render_draws_in_a_worker_thread_and_remembers_unchanged_pictures() -> None:
    calls.clear()
    first = await pictures.render(_picture, "board", 1)
    assert threading.current_thread().name not in first.decode()
    assert await pictures.render(_picture, "board", 1) is first
    await pictures.render(_picture, "board", 2)
    assert calls == [("board", 1), ("board", 2)]
    assert pictures.cache_info()["pictures"] == 2


async def test_a_picture_asked_for_while_it_is_drawn_is_drawn_once() -> None:
    """Drawn ahead (a replay's next step) and asked for again before it is done: both get
    the one drawing."""
    calls.clear()
    drawn = pictures.cache_info()["drawn"]
    first, second = await asyncio.gather(
        pictures.render(_picture, "ahead", 1), pictures.render(_picture, "ahead", 1)
    )
    assert first is second and calls == [("ahead", 1)]
    assert pictures.cache_info()["drawn"] == drawn + 1


async def test_render_keeps_at_most_cache_size_pictures() -> None:
    calls.clear()
    for n in range(rendering.CACHE_SIZE + 5):
        await pictures.render(_picture, "many", n)
    assert pictures.cache_info()["pictures"] == rendering.CACHE_SIZE
    await pictures.render(_picture, "many", 0)  # the oldest was forgotten: drawn again
    assert calls.count(("many", 0)) == 2


async def test_render_does_not_block_the_event_loop() -> None:
    started = threading.Event()
    release = threading.Event()

    def slow(n: int) -> bytes:
        started.set()
        release.wait(5)
        return b"slow"

    task = asyncio.create_task(pictures.render(slow, 1))
    while not started.is_set():
        await asyncio.sleep(0.001)
    ticks = 0
    for _ in range(5):  # the loop keeps running while the picture is being drawn
        await asyncio.sleep(0)
        ticks += 1
    release.set()
    assert await task == b"slow" and ticks == 5


def test_background_is_built_once_and_handed_out_as_copies() -> None:
    built: list[int] = []

    def build() -> Image.Image:
        built.append(1)
        return Image.new("RGB", (10, 10), (1, 2, 3))

    first = pictures.background("test", build)
    first.putpixel((0, 0), (9, 9, 9))
    second = pictures.background("test", build)
    assert built == [1] and second.getpixel((0, 0)) == (1, 2, 3)


def test_picture_modules_do_not_import_discord() -> None:
    """Pictures are pure: the drawing modules and what they import never name discord (the
    words they draw come from ``cogs.common.i18n``, which names none)."""
    root = Path(__file__).resolve().parents[2]
    modules = [
        *root.glob("cogs/*/picture.py"), *root.glob("cogs/*/symbols.py"),
        *root.glob("cogs/common/pictures/*.py"),
    ]
    assert len(modules) > 2
    drawing = {".".join(m.relative_to(root).with_suffix("").parts) for m in modules}
    for module in modules:
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names] if isinstance(node, ast.Import)
                else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            )
            assert not any(name.split(".")[0] == "discord" for name in names), module
            assert not any(
                name.startswith("cogs.") and not name.startswith("cogs.common.pictures")
                and name != "cogs.common.i18n"  # captions in the language spoken
                and name not in drawing
                for name in names
            ), (module, names)


def _where(n: int) -> bytes:
    import os

    return f"{n}:{os.getpid()}".encode()


async def test_render_draws_in_worker_processes_when_given_some() -> None:
    import multiprocessing
    import os
    from concurrent.futures import ProcessPoolExecutor

    from matches.pool import Workers

    pool = Workers(1, lambda: ProcessPoolExecutor(
        max_workers=1, mp_context=multiprocessing.get_context("forkserver")
    ))
    pictures.draw_in(pool)
    try:
        drawn = await pictures.render(_where, 7)
        assert drawn.startswith(b"7:") and drawn != f"7:{os.getpid()}".encode()
        assert await pictures.render(_where, 7) is drawn, "remembered in this process"
    finally:
        pictures.draw_in(None)
        pool.shutdown()


async def test_a_board_drawn_after_the_painter_died_still_gets_its_picture() -> None:
    import functools
    import os
    import signal

    from matches.pool import Workers
    from matches.workers import worker_pool

    painters = Workers(1, functools.partial(worker_pool, 1))
    pictures.draw_in(painters)
    try:
        painter = int((await pictures.render(_where, 1)).split(b":")[1])
        os.kill(painter, signal.SIGKILL)
        drawn = await pictures.render(_where, 2)
        assert drawn.startswith(b"2:") and int(drawn.split(b":")[1]) not in (painter, os.getpid())
        assert painters.replaced == 1, "a new painter drew it"
    finally:
        pictures.draw_in(None)
        painters.shutdown()


def _caption() -> bytes:
    """A picture whose only content is its caption, in the language spoken."""
    return i18n._("Board").encode()


async def test_a_picture_is_drawn_in_the_language_spoken_where_it_is_asked_for() -> None:
    import functools

    from matches.pool import Workers
    from matches.workers import worker_pool

    pool = Workers(1, functools.partial(worker_pool, 1))
    pictures.draw_in(pool)
    try:
        with i18n.speaking(i18n.PSEUDO):
            marked = await pictures.render(_caption)
        english = await pictures.render(_caption)
    finally:
        pictures.draw_in(None)
        pool.shutdown()
    assert marked == "⟦Board⟧".encode(), "drawn in the worker in the asker's language"
    assert english == b"Board", "each language is a picture of its own"
    pictures.clear_caches()
    with i18n.speaking(i18n.PSEUDO):
        assert await pictures.render(_caption) == marked, "in a worker thread too"
