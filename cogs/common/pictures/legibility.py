"""How small a board picture's text may be, so it still reads on a phone, and a record of it.

Discord shows an embed's picture about ``PHONE_WIDTH`` pixels wide on a phone, whatever its
own width: a picture ``w`` pixels wide is shrunk by ``PHONE_WIDTH / w``. Every text a picture
draws must still be ``READABLE_PX`` there.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager

PHONE_WIDTH = 400
"""The width, in CSS pixels, at which Discord's phone apps show an embed's picture."""

READABLE_PX = 11
"""The smallest font size (em, in CSS pixels) a text may have once the picture is shrunk to
``PHONE_WIDTH``. 11 is the smallest text size of Apple's and Google's phone guidelines (11 pt,
11 sp); Discord's own smallest text, a message's time, is 12. In Roboto a digit or capital
stands 0.71 em, so about 8 pixels at this size: a space number or a letter on a marker stays
legible at arm's length, where the 5 to 7 pixels the boards drew before were a blur."""


def smallest_size(width: int) -> int:
    """The smallest font size a picture ``width`` pixels wide may draw."""
    return math.ceil(READABLE_PX * width / PHONE_WIDTH)


_record = threading.local()


@contextmanager
def recording() -> Iterator[list[tuple[str, int]]]:
    """Every text drawn in this thread while open, as ``(text, font size)``."""
    drawn: list[tuple[str, int]] = []
    _record.texts = drawn
    try:
        yield drawn
    finally:
        _record.texts = None


def note(text: str, size: int) -> None:
    """Remember a drawn text, when :func:`recording` is open."""
    drawn = getattr(_record, "texts", None)
    if drawn is not None:
        drawn.append((text, size))
