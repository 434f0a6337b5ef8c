"""Running picture functions off the event loop, and not redrawing what has not changed.

A picture function is pure: JSON-like arguments in, PNG bytes out. :func:`render` runs it in a
worker process when the bot gave it some (:func:`draw_in`), else in a worker thread, so drawing
never delays an interaction's answer (a painter that died or hangs is replaced, and the picture
is then drawn in a thread), and remembers the last pictures
by a digest of their arguments, so an unchanged board costs nothing (and a picture asked
for while it is being drawn is waited for, not drawn twice). A picture is drawn in the
language spoken where :func:`render` is called (its captions wrapped in ``_``), in the worker
too. :func:`background` keeps
the static part of a board (grid, labels) drawn once; each picture draws on a copy.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import importlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from PIL import Image

from cogs.common.i18n import language, speaking
from matches.pool import WorkerLost, Workers

PAINT_LIMIT = 60.0
"""Seconds a picture may take in a worker process before its painter counts as stuck."""

CACHE_SIZE = 64
"""Pictures remembered: a few per open match is plenty (board plus a private picture or two)."""

PictureFn = Callable[..., bytes]

_draw_lock = threading.Lock()
"""One picture is drawn at a time: Pillow's font objects are shared and FreeType faces are not
thread-safe. The event loop never waits on this lock, only worker threads do."""
_cache_lock = threading.Lock()
_pictures: OrderedDict[tuple[str, str], bytes] = OrderedDict()
_backgrounds: dict[str, Image.Image] = {}
_workers: Workers | None = None
_drawing: dict[tuple[str, str], asyncio.Task[bytes]] = {}
"""The pictures being drawn now, by their identity."""
_drawn = 0
"""Pictures drawn (not taken from the cache) since the caches were last cleared."""


def draw_in(workers: Workers | None) -> None:
    """Draw pictures in these worker processes from now on (None: a thread of this one)."""
    global _workers
    _workers = workers


def digest(*parts: Any) -> str:
    """A stable digest of JSON-like values (sets count as sorted lists), used as a picture's
    identity: equal views give equal digests."""
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=_jsonable)
    return hashlib.sha256(text.encode()).hexdigest()


def _jsonable(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value)
    raise TypeError(f"picture arguments must be JSON-like, not {type(value).__name__}")


def _name(fn: PictureFn) -> str:
    return f"{fn.__module__}.{fn.__qualname__}"


def render_sync(fn: PictureFn, *args: Any, **kwargs: Any) -> bytes:
    """``fn(*args, **kwargs)`` in the language spoken now, or the remembered bytes of an
    identical earlier call."""
    key = (_name(fn), digest(language(), args, kwargs))
    with _cache_lock:
        found = _pictures.get(key)
        if found is not None:
            _pictures.move_to_end(key)
            return found
    with _draw_lock:
        png = fn(*args, **kwargs)
    return _remember(key, png)


async def render(fn: PictureFn, *args: Any, **kwargs: Any) -> bytes:
    """Draw a picture in a worker process or thread (or take it from the cache), in the
    language spoken now. A picture already being drawn (drawn ahead, or asked for twice at
    once) is waited for, not drawn again."""
    lang = language()
    key = (_name(fn), digest(lang, args, kwargs))
    with _cache_lock:
        found = _pictures.get(key)
        if found is not None:
            _pictures.move_to_end(key)
            return found
    loop = asyncio.get_running_loop()
    drawing = _drawing.get(key)
    if drawing is None or drawing.get_loop() is not loop:
        drawing = loop.create_task(_draw(fn, lang, key, args, kwargs), name="picture")
        _drawing[key] = drawing
        drawing.add_done_callback(lambda done: _forget(key, done))
    return await asyncio.shield(drawing)


def _forget(key: tuple[str, str], drawn: asyncio.Task[bytes]) -> None:
    if _drawing.get(key) is drawn:
        del _drawing[key]
    if not drawn.cancelled():
        drawn.exception()  # read here: whoever waited for it was told


async def _draw(
    fn: PictureFn, lang: str, key: tuple[str, str], args: Any, kwargs: Any
) -> bytes:
    global _drawn
    _drawn += 1
    if _workers is None:
        return await asyncio.to_thread(render_sync, fn, *args, **kwargs)
    try:
        png: bytes = await _workers.run(
            functools.partial(_draw_by_name, fn.__module__, fn.__qualname__, lang, args, kwargs),
            PAINT_LIMIT,
        )
    except (WorkerLost, TimeoutError):
        return await asyncio.to_thread(render_sync, fn, *args, **kwargs)
    return _remember(key, png)


def _draw_by_name(module: str, name: str, lang: str, args: Any, kwargs: Any) -> bytes:
    """In a worker process: the picture function found by its name (the function object
    itself may belong to a module the bot has since loaded again), called in ``lang``."""
    fn: PictureFn = getattr(importlib.import_module(module), name)
    with speaking(lang):
        return fn(*args, **kwargs)


def _remember(key: tuple[str, str], png: bytes) -> bytes:
    with _cache_lock:
        _pictures[key] = png
        _pictures.move_to_end(key)
        while len(_pictures) > CACHE_SIZE:
            _pictures.popitem(last=False)
    return png


def background(name: str, build: Callable[[], Image.Image]) -> Image.Image:
    """A copy of the static background ``name`` in the language spoken now (its labels may
    be words), built by ``build`` the first time only."""
    key = f"{name}:{language()}"
    with _cache_lock:
        image = _backgrounds.get(key)
    if image is None:
        image = build()
        with _cache_lock:
            image = _backgrounds.setdefault(key, image)
    return image.copy()


def clear_caches() -> None:
    """Forget every remembered picture and background (tests, or after a font change)."""
    global _drawn
    _drawn = 0
    with _cache_lock:
        _pictures.clear()
        _backgrounds.clear()


def cache_info() -> dict[str, int]:
    """How many pictures and backgrounds are remembered, and how many pictures were drawn
    (not found remembered) since the caches were cleared."""
    with _cache_lock:
        return {"pictures": len(_pictures), "backgrounds": len(_backgrounds), "drawn": _drawn}
