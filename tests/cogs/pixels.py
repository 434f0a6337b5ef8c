"""Reading board pictures back in tests: decode the PNG, count a colour in a region."""

from __future__ import annotations

import io

from PIL import Image

Box = tuple[float, float, float, float]


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 10) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def count_colour(image: Image.Image, box: Box, rgb: tuple[int, int, int], *,
                 tolerance: int = 10) -> int:
    """How many pixels of ``box`` (left, top, right, bottom) are ``rgb``, give or take."""
    region = image.crop(tuple(round(v) for v in box))
    data = region.tobytes()
    return sum(
        near(tuple(data[i:i + 3]), rgb, tolerance) for i in range(0, len(data), 3)
    )


def around(x: float, y: float, radius: float) -> Box:
    """The square box of ``radius`` around a point."""
    return x - radius, y - radius, x + radius, y + radius


def region(image: Image.Image, box: Box) -> bytes:
    """The raw pixels of ``box``, to compare two pictures there."""
    return image.crop(tuple(round(v) for v in box)).tobytes()


def looks_same(a: Image.Image, b: Image.Image, box: Box) -> bool:
    """``box`` looks the same in both pictures: the palette may move a rare anti-aliasing
    shade by a few levels when something elsewhere in the picture changes."""
    one, other = region(a, box), region(b, box)
    return all(abs(x - y) <= 24 for x, y in zip(one, other, strict=True))
