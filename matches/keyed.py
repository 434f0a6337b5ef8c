"""Per-match memory that forgets idle matches: locks held only while in use, and caches of a
bounded size. A bot that runs for months sees matches without end; what it keeps about them
must not grow with them (every full garbage collection scans all of it)."""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")


class Locks(Generic[Key]):
    """One ``asyncio.Lock`` per key. A lock lives while someone holds it or waits for it
    (their ``async with`` keeps it alive), so the same key always finds the same lock then;
    an idle one is dropped and made anew when next asked for."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[Key, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    def __getitem__(self, key: Key) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    def __len__(self) -> int:
        return len(self._locks)


class Recent(Generic[Key, Value]):
    """A cache of the ``size`` keys used last; using a key keeps it, the oldest goes first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Key, Value] = OrderedDict()

    def get(self, key: Key) -> Value | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def __setitem__(self, key: Key, value: Value) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def setdefault(self, key: Key, value: Value) -> Value:
        """The cached value, else ``value`` now cached."""
        found = self.get(key)
        if found is not None:
            return found
        self[key] = value
        return value

    def pop(self, key: Key) -> Value | None:
        return self._items.pop(key, None)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)


class Fading(Generic[Key, Value]):
    """A map whose entries fade: each is set with the time until which it matters, and once
    the map holds more than ``keep``, those past their time are forgotten. The next such look
    waits until the map has grown to twice what was left, so a busy table with more live
    entries than ``keep`` is scanned now and then, not on every change."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self._items: dict[Key, tuple[float, Value]] = {}
        self._look_above = keep

    def get(self, key: Key) -> Value | None:
        found = self._items.get(key)
        return None if found is None else found[1]

    def set(self, key: Key, value: Value, *, until: float, now: float) -> None:
        """``value`` for ``key``, to be kept at least until ``until`` (``now`` is the time)."""
        self._items[key] = (until, value)
        if len(self._items) > self._look_above:
            self._items = {k: kept for k, kept in self._items.items() if kept[0] > now}
            self._look_above = max(self.keep, 2 * len(self._items))

    def __len__(self) -> int:
        return len(self._items)
