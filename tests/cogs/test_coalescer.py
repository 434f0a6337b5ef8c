"""Board edits are coalesced: at most one in flight per key, the latest state wins."""

from __future__ import annotations

import asyncio

from cogs.common.coalescer import Coalescer
from cogs.common.pacing import LATER

HANG = 30.0
"""Seconds after which a wait that should end is taken for a hang: a guard, not a measure."""


async def test_a_burst_of_requests_leads_to_one_more_update_with_the_latest_state():
    state = {"value": 0}
    shown: list[int] = []
    gate = asyncio.Event()

    async def update(key: str) -> None:
        shown.append(state["value"])  # what the edit in flight carries
        await gate.wait()  # the edit is slow: Discord has not answered yet

    coalescer = Coalescer(update)
    first = coalescer.request("board")
    await asyncio.sleep(0)
    for value in range(1, 50):
        state["value"] = value
        assert coalescer.request("board") is first, "no second update starts while one runs"
    gate.set()
    await first
    assert shown == [0, 49], "the first edit, then one more with the latest state"


async def test_keys_update_independently_and_failures_do_not_stop_later_updates():
    calls: list[str] = []

    async def update(key: str) -> None:
        calls.append(key)
        if key == "broken" and calls.count("broken") == 1:
            raise RuntimeError("Discord said no")

    coalescer = Coalescer(update)
    await asyncio.gather(coalescer.request("a"), coalescer.request("broken"))
    await coalescer.request("broken")
    await coalescer.wait_idle()
    assert sorted(calls) == ["a", "broken", "broken"]



async def test_the_rate_holds_where_discord_sees_the_calls_however_late_they_are_sent():
    most, window = 2, 0.2
    sent: list[float] = []
    slow = [0.1, 0.0, 0.0, 0.0]  # the first call waits its turn on a busy event loop
    loop = asyncio.get_running_loop()

    async def update(key: str) -> None:
        await asyncio.sleep(slow[len(sent)])
        sent.append(loop.time())  # the edit leaves for Discord only now

    coalescer = Coalescer(update, lambda key: (most, window))
    for _ in slow:
        await coalescer.request("hand")
    for i, at in enumerate(sent):
        within = [later for later in sent[i:] if later < at + window]
        assert len(within) <= most, f"{len(within)} calls within {window} s: {sent}"


def _timed() -> tuple[Coalescer[str], list[float]]:
    """A coalescer whose updates note when they were made."""
    made: list[float] = []

    async def update(key: str) -> None:
        made.append(asyncio.get_running_loop().time())

    return Coalescer(update), made


async def test_requests_that_may_wait_fold_into_one_update_when_due():
    coalescer, updates = _timed()
    asked = asyncio.get_running_loop().time()
    task = coalescer.request("hand", within=0.1)
    for _ in range(5):  # asked again before the first falls due, however busy the machine
        assert coalescer.request("hand", within=0.1) is task
    await asyncio.wait_for(task, HANG)
    assert len(updates) == 1, "six requests, one update"
    assert updates[0] - asked >= 0.1, "made when the first request fell due"


async def test_a_request_that_cannot_wait_brings_a_waiting_update_forward():
    coalescer, updates = _timed()
    waiting = coalescer.request("hand", within=3600.0)
    await asyncio.sleep(0)  # it sleeps until it falls due, an hour from now
    await asyncio.wait_for(coalescer.request("hand"), HANG)  # made at once, not in an hour
    assert len(updates) == 1
    await asyncio.wait_for(waiting, HANG)  # woken, not left asleep for an hour
    assert len(updates) == 1, "the waiting request was carried out by that update"


async def test_waiting_updates_are_made_at_once_when_the_bot_closes():
    shown: list[str] = []

    async def update(key: str) -> None:
        shown.append(key)

    coalescer = Coalescer(update)
    coalescer.request("ben's hand", within=3600.0)
    coalescer.request("cy's hand", within=3600.0)
    await asyncio.wait_for(coalescer.wait_idle(), HANG)  # not in an hour
    assert sorted(shown) == ["ben's hand", "cy's hand"]


async def test_an_update_every_request_let_wait_lets_the_others_calls_go_first():
    later: list[bool] = []

    async def update(key: str) -> None:
        later.append(LATER.get())

    coalescer = Coalescer(update)
    await coalescer.request("waiting hand", within=0.01)
    coalescer.request("hand on turn", within=0.01)
    await coalescer.request("hand on turn")
    assert later == [True, False], "one that could not wait is not held back"
