"""Board pictures: the shared seat palette, font, drawing helpers and the off-loop renderer.

Nothing here imports discord: a game's ``picture.py`` is a pure function from its public view
to PNG bytes, and the cogs send those bytes as a ``discord.File``.
"""

from .draw import (
    MAX_PNG_BYTES,
    draw_marker,
    encode_png,
    fit_size,
    fit_text,
    has_glyphs,
    ring,
    text_centered,
    text_left,
    text_right,
)
from .fonts import font
from .legibility import PHONE_WIDTH, READABLE_PX, recording, smallest_size
from .palette import INK, PAPER, RGB, SEAT_COLOURS, SeatColour, Shape, seat_colour
from .renderer import (
    background,
    cache_info,
    clear_caches,
    digest,
    draw_in,
    render,
    render_sync,
)

__all__ = [
    "INK",
    "MAX_PNG_BYTES",
    "PAPER",
    "PHONE_WIDTH",
    "READABLE_PX",
    "RGB",
    "SEAT_COLOURS",
    "SeatColour",
    "Shape",
    "background",
    "cache_info",
    "clear_caches",
    "digest",
    "draw_in",
    "draw_marker",
    "encode_png",
    "fit_size",
    "fit_text",
    "font",
    "has_glyphs",
    "recording",
    "render",
    "render_sync",
    "ring",
    "seat_colour",
    "smallest_size",
    "text_centered",
    "text_left",
    "text_right",
]
