"""The background upkeep a few matches a transaction: the same numbers as one at a time,
in a number of statements that does not grow with the batch, on either database."""

from __future__ import annotations

from typing import Any

import pytest

from data import career_results, meta, packing
from data.interface import Connection, Work
from matches import results
from matches.match import Player
from matches.service import MatchService
from rules.catalog import ENGINES
from tests.databases import open_store
from tests.matches.helpers import play_match, unpack_every_log

ANNE, BEN, CHRIS, DORA = (Player(n, name) for n, name in enumerate("abcd", start=1))
KEPT = ("ratings", "results", "career_results")
"""The tables the backfill writes."""


@pytest.fixture
async def service(tmp_path):
    store = await open_store(tmp_path / "table.db", durable=False)
    yield MatchService(store, ENGINES, new_seed=iter(range(100, 10_000)).__next__)
    await store.close()


async def _play_a_season(service: MatchService) -> None:
    """Matches sharing players, so a batch rates a player after their own earlier match."""
    await play_match(service, "whyfirst", [ANNE, BEN, CHRIS], seed=1)
    await play_match(service, "hare", [BEN, CHRIS, DORA], resign=DORA, seed=2)
    await play_match(service, "whyfirst", [DORA, ANNE], guild_id=2, channel_id=20)
    await play_match(service, "numbers", [ANNE, BEN, CHRIS, DORA], options={"teams": 2})
    await play_match(service, "whyfirst", [CHRIS, ANNE, BEN, DORA], seed=5)
    await play_match(service, "whyfirst", [ANNE, BEN], seed=6)


async def _kept(store: Any) -> dict[str, list[tuple[Any, ...]]]:
    async with store.read() as db:
        found = {}
        for table in KEPT:
            cursor = await db.execute(f"SELECT * FROM {table} ORDER BY 1, 2, 3")
            found[table] = [tuple(row) for row in await cursor.fetchall()]
        return found


async def _as_before_ratings(store: Any) -> None:
    """The season's results, ratings and careers forgotten, the backfill to come."""
    async with store.transaction() as db:
        for table in KEPT:
            await db.execute(f"DELETE FROM {table}")
        await meta.delete_meta(db, results.BACKFILLED)
        await meta.set_meta(db, results.BACKFILL_FROM, "")


@pytest.mark.parametrize("batch", [1, 4, 8])
async def test_the_backfill_in_batches_equals_rating_each_match_as_it_finished(service, batch):
    await _play_a_season(service)
    live = await _kept(service.store)
    assert len(live["ratings"]) > 8 and len(live["career_results"]) > 8
    await _as_before_ratings(service.store)

    steps = []
    while (rated := await results.backfill_step(service.store, ENGINES, batch)) is not None:
        steps.append(rated)
    assert sum(steps) == 6 and max(steps) == min(batch, 6)
    assert await _kept(service.store) == live


class _Counted:
    """A store whose writes count the statements they send."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self.statements = 0

    async def writing(self, change: Work[Any]) -> Any:
        return await self._store.writing(lambda db: change(_Counting(db, self)))


class _Counting:
    def __init__(self, db: Connection, counted: _Counted) -> None:
        self._db, self._counted = db, counted
        self.dialect = getattr(db, "dialect", "sqlite")

    async def execute(self, sql: str, parameters: Any = ()) -> Any:
        self._counted.statements += 1
        return await self._db.execute(sql, parameters)

    async def executemany(self, sql: str, parameters: Any) -> Any:
        self._counted.statements += 1
        return await self._db.executemany(sql, parameters)


async def test_a_backfill_step_sends_as_many_statements_for_six_matches_as_for_one(service):
    await _play_a_season(service)
    counts = {}
    for batch in (1, 6):
        await _as_before_ratings(service.store)
        counted = _Counted(service.store)
        assert await results.backfill_step(counted, ENGINES, batch) == batch  # type: ignore[arg-type]
        counts[batch] = counted.statements
    assert counts[6] == counts[1]


async def test_packing_sends_as_many_statements_for_four_logs_as_for_one(service):
    await _play_a_season(service)
    await unpack_every_log(service.store)
    counts = {}
    for batch in (1, 4):
        counted = _Counted(service.store)
        packed, _ = await counted.writing(
            lambda db, batch=batch: packing.pack_next(db, 0, batch)
        )
        assert packed == batch
        counts[batch] = counted.statements
    assert counts[4] == counts[1]


async def test_careers_summed_up_in_batches_equal_those_kept_as_each_match_finished(service):
    await _play_a_season(service)
    live = (await _kept(service.store))["career_results"]
    first_steps = {}
    for batch in (1, 3, 50):
        async with service.store.transaction() as db:  # as a database of the version before
            await db.execute("DELETE FROM career_results")
            await meta.set_meta(db, career_results.SUM_UP_FROM, "")
        summed, statements = [], []
        while True:
            counted = _Counted(service.store)
            done = await counted.writing(
                lambda db, batch=batch: career_results.sum_up_next(db, batch)
            )
            if done is None:
                break
            summed.append(done)
            statements.append(counted.statements)
        assert sum(summed) == len(live) and max(summed) == min(batch, len(live))
        assert (await _kept(service.store))["career_results"] == live
        first_steps[batch] = statements[0]
    assert first_steps[1] == first_steps[3] == first_steps[50], "a few statements a step"
