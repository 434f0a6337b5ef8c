"""Years of history: start-up, the career commands and the bytes of a big database.

    python -m bench.history [--matches N] [--database PATH] [--samples K] [--players P]
    python -m bench.history --build-only [--matches N]
    python -m bench.history --commands-only [--as-is] [--matches N] [--samples K]
    python -m bench.history --database-url postgresql://... [--matches N] ...

Builds (once; later runs reuse it) a database of ``N`` finished matches played by the
engines (``bench.history_build``), as a bot of the version before ratings left it: move
logs in rows, no ratings yet. Each run works on a copy of it:
1. start-up: the real bot connected to the simulated Discord (ready, commands synced), and
   the background work that follows, watched for ``--watch`` seconds at the table's pace:
   the ratings backfill (then the packing of the move logs), with the longest transaction
   (how long the writer is held); the rest of it then done at full speed;
2. bytes per finished match before and after packing (after a VACUUM);
3. each career command on the packed, rated database (``bench.history_commands``);
4. the one-time upgrade of a database of that size from version 11 (its new indexes).
The rated, packed database of step 3 is kept beside the built one (``.ready.db``);
``--commands-only`` times step 3 alone on a copy of it, after the background work that this
version adds (``--as-is``: without it).

With ``--database-url`` the same on PostgreSQL: the database is built there (once, into an
empty database the URL names), each run works on a copy of it (``CREATE DATABASE ...
TEMPLATE``: the URL's user may create databases) and keeps it as ``<name>_ready``; bytes
are its tables' and indexes'; the floor and the upgrade are SQLite's alone. Figures, not
tests.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import asyncpg

from bench.history_build import Where, build, opened
from bench.history_commands import commands
from bench.playing import simulated_discord, table_bot
from data import packing
from data.database import open_database
from data.postgres import is_url
from data.store import Store
from matches import results
from matches import upkeep as matches_upkeep
from matches.service import MatchService
from rules.catalog import ENGINES

GOAL_STARTUP_S = 1.0


async def used_bytes(path: Where, *, vacuum: bool = False) -> int:
    """The pages the database uses (its free pages left out); on PostgreSQL its tables'
    and indexes' bytes. ``vacuum``: once a VACUUM has tidied it."""
    if is_url(path):
        connection = await asyncpg.connect(str(path))
        try:
            if vacuum:
                await connection.execute("VACUUM FULL")
            return int(await connection.fetchval(
                "SELECT SUM(pg_total_relation_size(relid)) FROM pg_stat_user_tables"
            ))
        finally:
            await connection.close()
    with sqlite3.connect(path) as db:
        if vacuum:
            db.execute("VACUUM")
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        free = db.execute("PRAGMA freelist_count").fetchone()[0]
        size = db.execute("PRAGMA page_size").fetchone()[0]
    return int((pages - free) * size)


class Held:
    """The durations of each call of a module's function (the writer held by each batch)."""

    def __init__(self, owner: Any, name: str) -> None:
        self.times: list[float] = []
        self.owner, self.name = owner, name
        self.original = getattr(owner, name)

        async def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await self.original(*args, **kwargs)
            finally:
                self.times.append(time.perf_counter() - started)

        setattr(owner, name, timed)

    def restore(self) -> None:
        setattr(self.owner, self.name, self.original)


async def startup(path: Where, watch: float) -> None:
    """The real bot's start on the database, and its background work for ``watch``
    seconds at the table's pace; the rest of that work is then done at full speed, to
    reach the rated, packed database the commands are timed on."""
    backfill = Held(results, "backfill_step")
    packed = Held(packing, "pack_next")
    upkeep = MatchService.upkeep
    try:
        async with simulated_discord() as backend:

            async def watched(service: MatchService) -> None:
                backend.tracker.ignored.add(asyncio.current_task())  # not part of start-up
                await upkeep(service)

            MatchService.upkeep = watched  # type: ignore[method-assign]
            bot = table_bot(backend.token, path)
            started = time.perf_counter()
            await backend.connect(bot)
            ready = time.perf_counter() - started
            assert bot.upkeep is not None
            print(f"start-up: ready in {ready * 1000:.0f} ms (goal < {GOAL_STARTUP_S:.0f} s); "
                  f"backfill pending: {not bot.upkeep.done()}")
            await asyncio.wait([bot.upkeep], timeout=watch)
            await backend.disconnect()
    finally:
        MatchService.upkeep = upkeep  # type: ignore[method-assign]
        backfill.restore()
        packed.restore()
    for name, held in (("backfill", backfill), ("packing", packed)):
        if held.times:
            print(f"  {name} at the table's pace: {len(held.times):,} transactions in the first "
                  f"{watch:.0f} s ({len(held.times) * results.BATCH / watch:.0f} matches/s), "
                  f"longest {max(held.times) * 1000:.1f} ms, p99 {_p99(held.times):.1f} ms")
    await upkeep_at_full_speed(path)


async def upkeep_at_full_speed(path: Where) -> None:
    """The background work left on the database (earlier results summed up in the
    careers, ratings backfilled, move logs packed), done at full speed."""
    store = await opened(path)
    try:
        rest, matches_upkeep.UPKEEP_SHARE = matches_upkeep.UPKEEP_SHARE, 1.0
        started = time.perf_counter()
        summed = await matches_upkeep.sum_up_career_results(store)
        rated = await matches_upkeep.backfill_ratings(store, ENGINES)
        packed_now = await matches_upkeep.pack_move_logs(store)
        matches_upkeep.UPKEEP_SHARE = rest
        print(f"  the rest at full speed: {summed:,} careers summed up, {rated:,} matches rated"
              f" and {packed_now:,} packed in {time.perf_counter() - started:.0f} s")
    finally:
        await store.close()


def _p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000


async def upgrade(path: Path) -> None:
    """The one-time migrations that bring a database of this size from version 11: its
    indexes built at start-up (the rest of the upgrade runs in the background)."""
    with sqlite3.connect(path) as raw:
        raw.executescript(
            "DROP INDEX seats_by_user; DROP INDEX results_by_player_match;"
            " DROP INDEX results_by_guild_match; DROP INDEX matches_finished_order;"
            " DROP TABLE move_logs; DROP TABLE career_results; DROP INDEX ratings_ranked;"
            " CREATE INDEX ratings_by_rank ON ratings (guild_id, game, ordinal DESC);"
            " DROP TABLE claims; DROP TABLE processes; DROP INDEX player_languages_by_change;"
            " ALTER TABLE player_languages DROP COLUMN changed_at; DROP INDEX settings_by_change;"
            " ALTER TABLE settings DROP COLUMN changed_at;"
            " DELETE FROM meta WHERE key = 'career_results_from'; PRAGMA user_version = 11;"
        )
    started = time.perf_counter()
    store = await Store.open(path)
    took = time.perf_counter() - started
    await store.close()
    print(f"upgrade from version 11 (once): the store opens in {took:.2f} s, its new indexes built")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=3_205)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--database", type=Path, help="the built database (default: in /tmp)")
    parser.add_argument("--database-url", help="a PostgreSQL database to build in instead")
    parser.add_argument(
        "--watch", type=float, default=30.0,
        help="seconds the background work is watched at the table's pace",
    )
    parser.add_argument(
        "--as-is", action="store_true",
        help="with --commands-only: the kept database as it is, its background work unfinished",
    )
    parser.add_argument(
        "--build-only", action="store_true", help="build the database, time nothing",
    )
    parser.add_argument(
        "--commands-only", action="store_true",
        help="time the career commands alone, on the rated, packed database a full run kept",
    )
    args = parser.parse_args()
    if args.database_url:
        await on_postgres(args)
        return
    built = args.database or Path(f"/tmp/bench-history-{args.matches}.db")
    ready, work = built.with_suffix(".ready.db"), built.with_suffix(".run.db")
    if args.commands_only:
        shutil.copyfile(ready, work)
        try:
            if not args.as_is:
                await upkeep_at_full_speed(work)  # what this version adds to the kept one
            await commands(work, args.samples)
        finally:
            _remove(work)
        return
    if not built.exists():
        await build(built, args.matches, args.players)
    if args.build_only:
        return
    shutil.copyfile(built, work)
    try:
        await measured(work, args)
        shutil.copyfile(work, ready)
        await upgrade(work)
    finally:
        _remove(work)


def _remove(database: Path) -> None:
    for leftover in (database, Path(f"{database}-wal"), Path(f"{database}-shm")):
        leftover.unlink(missing_ok=True)


async def measured(work: Where, args: argparse.Namespace) -> None:
    """Start-up, bytes and commands on the work copy."""
    before = await used_bytes(work)
    await startup(work, args.watch)
    store = await opened(work)
    try:
        async with store.read() as db:
            found = await db.execute("SELECT COUNT(*) FROM matches WHERE status = 'finished'")
            (count,) = await found.fetchone()
    finally:
        await store.close()
    after = await used_bytes(work, vacuum=True)
    print(f"bytes per finished match: {before / count / 1024:.1f} KiB with logs in rows, "
          f"{after / count / 1024:.1f} KiB packed and rated ({after / before:.0%}; "
          f"goal at most 33%)")
    await commands(work, args.samples)


async def on_postgres(args: argparse.Namespace) -> None:
    """The same on PostgreSQL: built once at the URL, measured on a copy of it, the rated,
    packed copy kept (``<name>_ready``) for ``--commands-only``."""
    url: str = args.database_url
    base, _, query = url.partition("?")
    server, _, name = base.rpartition("/")

    def at(database: str) -> str:
        return f"{server}/{database}" + (f"?{query}" if query else "")

    admin = await asyncpg.connect(at("postgres"))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}_run" WITH (FORCE)')
        if args.commands_only:
            await admin.execute(f'CREATE DATABASE "{name}_run" TEMPLATE "{name}_ready"')
            try:
                if not args.as_is:
                    await upkeep_at_full_speed(at(f"{name}_run"))
                await commands(at(f"{name}_run"), args.samples)
            finally:
                await admin.execute(f'DROP DATABASE IF EXISTS "{name}_run" WITH (FORCE)')
            return
        if not await _present(url):
            await build(url, args.matches, args.players)
        if args.build_only:
            return
        await admin.execute(f'CREATE DATABASE "{name}_run" TEMPLATE "{name}"')
        await measured(at(f"{name}_run"), args)
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}_ready" WITH (FORCE)')
        await admin.execute(f'ALTER DATABASE "{name}_run" RENAME TO "{name}_ready"')
    finally:
        await admin.close()


async def _present(url: str) -> int:
    """The matches the database at ``url`` holds already (0: to be built)."""
    store = await open_database(url)
    try:
        async with store.read() as db:
            found = await db.execute("SELECT COUNT(*) FROM matches")
            (present,) = await found.fetchone()
    finally:
        await store.close()
    return int(present)


if __name__ == "__main__":
    asyncio.run(main())
