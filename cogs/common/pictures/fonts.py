"""The one font of every board picture, loaded once per size, its drawn words remembered.

Roboto (Apache License 2.0) comes from the ``font-roboto`` package in requirements.txt; it
covers Latin Extended, so names such as "Zoë Łukasz Şahin" draw without missing-glyph boxes.

Laying out and rasterising a word is most of what drawing a board costs (a millisecond a
word through the text shaper), and a board draws the same words move after move: each size
keeps the masks of the words it drew last (:class:`KeptFont`), so a word drawn again at the
same place within a pixel is stamped, not shaped again. The masks are the font's own, so
the pictures are the same to the pixel.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from typing import Any

import font_roboto
from PIL import ImageFont

REGULAR = font_roboto.RobotoMedium
BOLD = font_roboto.RobotoBold
KEPT_MASKS = 4096
"""Word masks each size keeps (a few KiB each)."""
KEPT_LENGTHS = 4096
"""Word widths each size keeps (what fitting a name to its room asks again and again)."""


class KeptFont(ImageFont.FreeTypeFont):
    """A FreeType font that remembers the masks and widths of the words it drew last.

    Only plain drawing is remembered (no stroke, direction, features or language: the
    boards use none); anything else is drawn afresh."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._masks: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._lengths: OrderedDict[tuple[str, str], float] = OrderedDict()

    def getmask2(  # type: ignore[override]
        self, text: str | bytes, mode: str = "", direction: str | None = None,
        features: list[str] | None = None, language: str | None = None,
        stroke_width: float = 0, anchor: str | None = None, ink: int = 0,
        start: tuple[float, float] | None = None, *args: Any, **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        plain = (direction is None and features is None and language is None
                 and not stroke_width and mode in ("L", "1") and not args)
        if not plain:
            return super().getmask2(text, mode, direction, features, language, stroke_width,
                                    anchor, ink, start, *args, **kwargs)
        key = (text, mode, anchor, start, tuple(sorted(kwargs.items())))
        found = self._masks.get(key)
        if found is None:
            found = super().getmask2(text, mode, anchor=anchor, ink=ink, start=start, **kwargs)
            self._masks[key] = found
            if len(self._masks) > KEPT_MASKS:
                self._masks.popitem(last=False)
        else:
            self._masks.move_to_end(key)
        return found  # type: ignore[no-any-return]

    def getlength(  # type: ignore[override]
        self, text: str | bytes, mode: str = "", direction: str | None = None,
        features: list[str] | None = None, language: str | None = None,
    ) -> float:
        if direction is not None or features is not None or language is not None:
            return super().getlength(text, mode, direction, features, language)
        key = (str(text), mode)
        found = self._lengths.get(key)
        if found is None:
            found = super().getlength(text, mode)
            self._lengths[key] = found
            if len(self._lengths) > KEPT_LENGTHS:
                self._lengths.popitem(last=False)
        return found


@lru_cache(maxsize=32)
def font(size: int, *, bold: bool = False) -> KeptFont:
    """Roboto at ``size`` pixels (Medium, or Bold)."""
    return KeptFont(BOLD if bold else REGULAR, size)
