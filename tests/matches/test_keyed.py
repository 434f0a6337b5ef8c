"""Per-match locks and caches that forget idle matches."""

from __future__ import annotations

import asyncio
import gc

from matches.keyed import Fading, Locks, Recent


async def test_a_lock_is_shared_while_in_use_and_forgotten_when_idle() -> None:
    locks: Locks[int] = Locks()
    order: list[str] = []

    async def hold(name: str, pause: float) -> None:
        async with locks[7]:
            order.append(f"{name} in")
            await asyncio.sleep(pause)
            order.append(f"{name} out")

    first = asyncio.create_task(hold("first", 0.02))
    await asyncio.sleep(0)
    second = asyncio.create_task(hold("second", 0))
    await asyncio.gather(first, second)
    assert order == ["first in", "first out", "second in", "second out"]
    del first, second
    gc.collect()
    assert len(locks) == 0
    for match_id in range(1000):
        async with locks[match_id]:
            pass
    gc.collect()
    assert len(locks) == 0


async def test_a_waiter_keeps_the_lock_it_waits_for() -> None:
    locks: Locks[str] = Locks()
    lock = locks["board"]
    await lock.acquire()
    waiter = asyncio.create_task(_take(locks, "board"))
    await asyncio.sleep(0)
    del lock
    gc.collect()
    assert locks["board"].locked()
    locks["board"].release()
    await waiter


async def _take(locks: Locks[str], key: str) -> None:
    async with locks[key]:
        pass


def test_recent_keeps_the_most_recently_used() -> None:
    recent: Recent[int, str] = Recent(3)
    for key in range(3):
        recent[key] = f"match {key}"
    assert recent.get(0) == "match 0"  # used: kept over 1
    recent[3] = "match 3"
    assert 1 not in recent and len(recent) == 3
    assert [recent.get(k) for k in (0, 2, 3)] == ["match 0", "match 2", "match 3"]
    assert recent.setdefault(2, "newer") == "match 2"
    assert recent.setdefault(4, "match 4") == "match 4"
    assert recent.pop(4) == "match 4" and recent.pop(4) is None
    assert len(recent) == 2


def test_fading_entries_are_forgotten_past_their_time_once_the_map_is_full():
    fading: Fading[int, str] = Fading(keep=4)
    for key in range(5):  # more than it keeps, but all still matter at time 0
        fading.set(key, f"old {key}", until=10.0, now=0.0)
    assert len(fading) == 5 and fading.get(0) == "old 0"
    # It looked, kept all five, and looks again only once it holds ten.
    for key in range(5, 10):
        fading.set(key, f"new {key}", until=30.0, now=20.0)
    assert len(fading) == 10, "not looked at again before it doubled"
    fading.set(10, "new 10", until=30.0, now=20.0)
    assert len(fading) == 6, "the five past their time are forgotten"
    assert fading.get(0) is None and fading.get(10) == "new 10"
