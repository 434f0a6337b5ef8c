"""The bot keeps Discord's global rate limit itself, wherever Discord counts its calls."""

from __future__ import annotations

import asyncio
import random

import pytest
from discord.http import Route

from cogs.common.pacing import LATER, GlobalPace, pace_requests

HANG = 30.0
"""Seconds after which a wait that should end is taken for a hang: a guard, not a measure."""


async def _call(pace: GlobalPace, sending: float, landed: list[float]) -> None:
    await pace.acquire()
    try:
        await asyncio.sleep(sending)  # a busy event loop sends the call late
        landed.append(asyncio.get_running_loop().time())  # Discord counts it now
        await asyncio.sleep(sending)  # and its answer comes back
    finally:
        pace.release()


async def test_calls_land_within_the_rate_however_late_each_is_sent():
    pace = GlobalPace(3, window=0.1)
    rng = random.Random(7)
    landed: list[float] = []
    await asyncio.gather(*(_call(pace, rng.choice([0.0, 0.0, 0.02, 0.06]), landed)
                           for _ in range(10)))
    assert len(landed) == 10
    for i, at in enumerate(sorted(landed)):
        within = [later for later in sorted(landed)[i:] if later < at + pace.window]
        assert len(within) <= pace.most, f"{len(within)} calls within {pace.window} s"


async def test_callers_are_let_go_in_the_order_they_came():
    pace = GlobalPace(2, window=0.05)
    order: list[int] = []

    async def call(n: int) -> None:
        await pace.acquire()
        order.append(n)
        pace.release()

    tasks = []
    for n in range(8):
        tasks.append(asyncio.create_task(call(n)))
        await asyncio.sleep(0)  # each caller arrives after the one before
    await asyncio.gather(*tasks)
    assert order == list(range(8))


async def _turns(n: int = 10) -> None:
    """Let the event loop run ``n`` times round."""
    for _ in range(n):
        await asyncio.sleep(0)


async def test_a_call_still_in_flight_holds_its_slot():
    pace = GlobalPace(1, window=3600.0)  # no window ends while the test looks
    await pace.acquire()  # a call Discord has not answered yet
    waiting = asyncio.create_task(pace.acquire())
    await _turns()
    assert not waiting.done(), "no second call while the first is in flight"
    pace.release()
    await _turns()
    assert not waiting.done(), "nor within a window after it is over"
    waiting.cancel()


async def test_a_slot_frees_a_window_after_its_call_is_over():
    pace = GlobalPace(1, window=0.05)
    await pace.acquire()
    waiting = asyncio.create_task(pace.acquire())
    pace.release()
    await asyncio.wait_for(waiting, HANG)
    pace.release()


async def test_calls_that_may_wait_let_the_others_go_first():
    pace = GlobalPace(1, window=0.02)
    order: list[str] = []

    async def call(name: str, later: bool) -> None:
        LATER.set(later)
        await pace.acquire()
        order.append(name)
        pace.release()

    await pace.acquire()  # every slot is taken while the others come
    waiting = [asyncio.create_task(call("waiting hand 1", True)),
               asyncio.create_task(call("waiting hand 2", True))]
    await asyncio.sleep(0)
    waiting.append(asyncio.create_task(call("hand on turn", False)))
    await asyncio.sleep(0)
    pace.release()
    await asyncio.wait_for(asyncio.gather(*waiting), HANG)
    assert order == ["hand on turn", "waiting hand 1", "waiting hand 2"]


async def test_asking_for_the_gateway_goes_ahead_of_every_edit():
    pace = GlobalPace(1, window=0.02)
    sent: list[str] = []

    class Http:
        async def request(self, route: Route, **kwargs: object) -> None:
            sent.append(route.path)

    http = Http()
    pace_requests(http, pace)  # type: ignore[arg-type]
    await pace.acquire()  # every slot is taken while the calls come
    edit = Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=1,
                 message_id=2)
    calls = [asyncio.create_task(http.request(edit))]
    await asyncio.sleep(0)
    calls.append(asyncio.create_task(http.request(Route("GET", "/gateway/bot"))))
    await asyncio.sleep(0)
    pace.release()
    await asyncio.wait_for(asyncio.gather(*calls), HANG)
    assert sent == ["/gateway/bot", "/channels/{channel_id}/messages/{message_id}"]


async def test_a_caller_that_gives_up_leaves_no_slot_taken():
    pace = GlobalPace(1, window=0.02)
    await pace.acquire()
    gave_up = asyncio.create_task(pace.acquire())
    await asyncio.sleep(0)
    gave_up.cancel()
    pace.release()
    await asyncio.wait_for(pace.acquire(), HANG)  # its slot was not kept: never granted
    pace.release()


def test_a_rate_allows_at_least_one_call():
    with pytest.raises(ValueError):
        GlobalPace(0)
