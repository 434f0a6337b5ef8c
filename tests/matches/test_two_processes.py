"""Two processes on one database: each its own store, service and caches, one SQLite file."""

from __future__ import annotations

import random

import pytest

from data import move_rows
from matches.match import MatchError, Player
from matches.service import MatchService
from matches.timekeeper import Timekeeper
from rules.defaults import default_move
from rules.whyfirst import ENGINE
from tests.databases import open_store

ANNE, BEN, CHRIS = Player(1, "Anne"), Player(2, "Ben"), Player(3, "Chris")
PLAYERS = {p.user_id: p for p in (ANNE, BEN, CHRIS)}


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def clock():
    return Clock()


@pytest.fixture
async def two(tmp_path, clock):
    """Two processes' services over one database file."""
    stores = [await open_store(tmp_path / "table.db") for _ in range(2)]
    yield [MatchService(s, {"whyfirst": ENGINE}, new_seed=lambda: 7, now=clock) for s in stores]
    for store in stores:
        await store.close()


async def _started(first, second):
    """A match opened and joined on the first process, started on the second: each has
    it cached as of some version."""
    match = await first.create("whyfirst", guild_id=1, channel_id=10, host=ANNE, options={})
    await first.join(match.id, BEN)
    await first.join(match.id, CHRIS)
    return await second.start(match.id, ANNE.user_id)


async def test_moves_alternating_between_processes_are_each_played_once(two):
    first, second = two
    match = await _started(first, second)
    rng, played = random.Random(3), []
    for turn in range(200):
        here = two[turn % 2]
        match = await here.get(match.id)  # possibly this process's older copy
        current = await two[(turn + 1) % 2].get(match.id)
        if current.status != "playing":
            break
        seat = min(current.awaited())
        view = current.engine.view(current.state, seat)
        move = default_move("whyfirst", view, seat, rng.randrange(1000))
        user = current.seats[seat].user_id
        result = await here.play(match.id, user, current.decision_point(), move)
        played.append((seat, move, current.decision_point()))
        assert result.match.version == current.version + 1
    async with first.store.read() as db:
        logged = await move_rows.move_log(db, match.id)
    assert [(m.seat, m.move, m.decision_point) for m in logged] == played
    assert len(played) > 20


async def test_a_stale_button_is_refused_as_stale_by_the_process_that_missed_the_move(two):
    first, second = two
    match = await _started(first, second)
    await first.get(match.id)  # the first process keeps the match as it started
    seat = min(match.awaited())
    move = default_move("whyfirst", match.engine.view(match.state, seat), seat, 1)
    point = match.decision_point()
    moved = await second.play(match.id, match.seats[seat].user_id, point, move)
    with pytest.raises(MatchError, match="already played this round"):
        await first.play(match.id, match.seats[seat].user_id, point, move)
    # The next decision, clicked on the process that missed the move, is played there.
    after = moved.match
    seat = min(after.awaited())
    move = default_move("whyfirst", after.engine.view(after.state, seat), seat, 2)
    result = await first.play(match.id, after.seats[seat].user_id, after.decision_point(), move)
    assert result.match.version == after.version + 1


async def test_a_deadline_both_clocks_find_is_claimed_by_one(two, clock):
    first, second = two
    await _started(first, second)
    keepers = [Timekeeper(service) for service in two]
    clock.now += 2 * 86400  # past the daily decision's deadline
    (due,) = [d for d in await keepers[0].due() if d.kind == "decision"]
    claimed = [await keeper.claim(due, "time-out") for keeper in keepers]
    assert claimed == [True, False]
    assert await keepers[0].claim(due, "time-out"), "the holder may carry on"
    clock.now += first.lease + 1  # the holder was killed: its claim lapses, one takes over
    assert await keepers[1].claim(due, "time-out")
    assert not await keepers[0].claim(due, "time-out")
    await second.close()  # a process that stops gives its claims back at once
    assert await keepers[0].claim(due, "time-out")


async def test_a_time_out_carried_out_by_both_processes_plays_once(two, clock):
    """Claims keep the work to one process; should two still carry a deadline out (a
    claim that lapsed while its holder was slow), the move is played once all the same."""
    first, second = two
    match = await _started(first, second)
    await second.get(match.id)
    clock.now += 2 * 86400
    keepers = [Timekeeper(service) for service in two]
    (due,) = [d for d in await keepers[0].due() if d.kind == "decision"]

    async def decide(match, seat):
        return default_move("whyfirst", match.engine.view(match.state, seat), seat, 1)

    done = await keepers[0].time_out(due, decide)
    assert done is not None and done.timed_out
    assert await keepers[1].time_out(due, decide) is None
    async with first.store.read() as db:
        logged = await move_rows.move_log(db, match.id)
    assert [m.how for m in logged] == ["timeout"] * len(done.timed_out)
