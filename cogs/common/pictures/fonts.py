"""The one font of every board picture, loaded once per size.

Roboto (Apache License 2.0) comes from the ``font-roboto`` package in requirements.txt; it
covers Latin Extended, so names such as "Zoë Łukasz Şahin" draw without missing-glyph boxes.
"""

from __future__ import annotations

from functools import lru_cache

import font_roboto
from PIL import ImageFont

REGULAR = font_roboto.RobotoMedium
BOLD = font_roboto.RobotoBold


@lru_cache(maxsize=32)
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Roboto at ``size`` pixels (Medium, or Bold)."""
    return ImageFont.truetype(BOLD if bold else REGULAR, size)
