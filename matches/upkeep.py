"""The background work a database of earlier versions needs, a few rows per transaction."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from typing import Any

from data import career_results, packing
from data.database import Database
from data.errors import StoreUnavailable
from matches import results
from rules.base import Engine

log = logging.getLogger(__name__)

UPKEEP_SHARE = 0.5
"""The share of time the background work (``upkeep``) may take: it works in the writer's
thread, and Python runs one thread at a time, so it rests as long again after each batch
and the table's own work is never held up for more than a batch."""

CAREERS_BATCH = 50
"""Players and games whose earlier results are summed up per transaction."""


async def _rest_after(worked: float) -> None:
    await asyncio.sleep(worked * (1 - UPKEEP_SHARE) / UPKEEP_SHARE)


async def upkeep(store: Database, engines: Mapping[str, Engine[Any]]) -> None:
    """Earlier results summed up in the careers, the ratings backfilled, then the move logs
    of finished matches packed (``data.packing``). What it did is committed: a database it
    cannot write to now is done next start."""
    try:
        await sum_up_career_results(store)
        await backfill_ratings(store, engines)
        await pack_move_logs(store)
    except StoreUnavailable as error:
        log.warning("the database's background work stops until the next start: %s", error)


async def backfill_ratings(store: Database, engines: Mapping[str, Engine[Any]]) -> int:
    """Rate the matches finished before ratings existed, a few per transaction, letting
    the table's own writes go between them; how many were rated. Meanwhile the commands
    showing ratings say they are being computed."""
    done = 0
    while True:
        started = time.perf_counter()
        rated = await results.backfill_step(store, engines)
        if rated is None:
            return done
        done += rated
        await _rest_after(time.perf_counter() - started)


async def sum_up_career_results(store: Database) -> int:
    """Sum up the results recorded before careers kept them (``data.career_results``),
    a few players per transaction; how many players and games."""
    done = 0
    while True:
        started = time.perf_counter()
        summed = await store.writing(lambda db: career_results.sum_up_next(db, CAREERS_BATCH))
        if summed is None:
            return done
        done += summed
        await _rest_after(time.perf_counter() - started)


async def pack_move_logs(store: Database) -> int:
    """Pack the move logs of finished matches, a few per transaction; how many."""
    packed, after = 0, 0
    while True:
        started = time.perf_counter()
        done, after = await store.writing(
            lambda db, after=after: packing.pack_next(db, after)  # type: ignore[misc]
        )
        if not done:
            return packed
        packed += done
        await _rest_after(time.perf_counter() - started)
