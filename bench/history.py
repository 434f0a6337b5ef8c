"""Years of history: start-up, the career commands and the bytes of a big database.

    python -m bench.history [--matches N] [--database PATH] [--samples K] [--players P]
    python -m bench.history --commands-only [--matches N] [--samples K]
    python -m bench.history --database-url postgresql://... [--matches N] ...

Builds (once; later runs reuse it) a database of ``N`` finished matches played by the
engines and written through the store and the data layer, as a bot of the version before
ratings left it: move logs in rows, no ratings yet. Each run works on a copy of it:
1. start-up: the real bot connected to the simulated Discord (ready, commands synced), and
   the background work that follows, watched for ``--watch`` seconds at the table's pace:
   the ratings backfill (then the packing of the move logs), with the longest transaction
   (how long the writer is held); the rest of it then done at full speed;
2. bytes per finished match before and after packing (after a VACUUM);
3. each career command, built by the cog's own code on the packed, rated database: p50 and
   p99 over ``K`` samples, beside the bare query floor (the same statements on a plain
   sqlite3 connection, nothing built from them);
4. the one-time upgrade of a database of that size from version 11 (its new indexes).
The rated, packed database of step 3 is kept beside the built one (``.ready.db``);
``--commands-only`` times step 3 alone on a copy of it, after the background work that this
version adds.

With ``--database-url`` the same on PostgreSQL: the database is built there (once, into an
empty database the URL names), each run works on a copy of it (``CREATE DATABASE ...
TEMPLATE``: the URL's user may create databases); bytes are its tables' and indexes'; the
floor and the upgrade are SQLite's alone. Figures, not tests.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sqlite3
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import asyncpg

from bench.engines import hare_move, random_move
from bench.playing import simulated_discord, table_bot
from cogs.career.history import history_page
from cogs.career.replay import load_replay, replay_message
from cogs.career.stats import Stats, leaderboard_page
from cogs.common.pictures import renderer
from cogs.games import PRESENTERS
from data import career, meta, move_rows, packing, seat_rows, versions
from data import matches as rows
from data import store as store_module
from data.database import Database, open_database
from data.interface import Connection
from data.postgres import is_url
from data.store import Store
from matches import results
from matches import service as matches_service
from matches.match import Player
from matches.service import MatchService
from rules.base import Engine
from rules.catalog import ENGINES

GAMES = ("whyfirst", "hare", "canyon", "numbers")
GUILDS = 6
BUILD_BATCH = 100
"""Matches written per transaction while building."""
GOAL_COMMAND_MS = 50.0
GOAL_STARTUP_S = 1.0


PLAYED = 2_000
"""Distinct matches the engines play; the database holds them again and again, each time
at other seats and on another server (a replay of each is exact all the same)."""


@dataclass(frozen=True)
class Played:
    """A match played by the engines, ready to be written for any players."""

    game: str
    seats: int
    options: dict[str, Any]
    state: dict[str, Any]
    moves: list[tuple[int, str, int, list[dict[str, Any]]]]
    """(seat, move, decision point, events) of each move."""
    outcome: Any


def play(number: int, rng: random.Random) -> Played:
    """Match ``number`` played to its end with seeded random (Hare: purposeful) moves."""
    game = GAMES[number % len(GAMES)]
    engine: Engine[Any] = ENGINES[game]
    seats = rng.randint(engine.min_players, min(engine.max_players, 4))
    options = engine.options({}, seats)
    seed = rng.randrange(1 << 62)
    state = engine.setup(seats, options, seed)
    choose = hare_move if game == "hare" else random_move
    moves = []
    while awaited := engine.to_move(state):
        seat = rng.choice(sorted(awaited))
        point = engine.decision_point(state)
        move = choose(engine, state, seat, rng)
        events = [event.to_json() for event in engine.apply(state, seat, move)]
        moves.append((seat, move, point, events))
    return Played(game, seats, {}, engine.dump(state), moves, engine.outcome(state))


Where = Path | str
"""A SQLite file, or a PostgreSQL URL."""


async def _opened(where: Where, **sqlite: Any) -> Database:
    return await open_database(where) if is_url(where) else await Store.open(where, **sqlite)


async def write(
    db: Connection, match: Played, guild_id: int, players: list[Player]
) -> None:
    """One finished match through the data layer, as the table writes it, less the ratings
    (this database predates them: the bot backfills them)."""
    match_id = await rows.insert_match(
        db, game=match.game, guild_id=guild_id, channel_id=100 + guild_id,
        host_id=players[0].user_id, options=match.options,
    )
    for player in players:
        await seat_rows.add_seat(db, match_id, player.user_id, player.name)
    for seat, move, point, events in match.moves:
        await move_rows.append_move(
            db, match_id, seat=seat, move=move, decision_point=point, events=events
        )
    await versions.update_match(
        db, match_id, expected_version=0, status="finished", state=match.state
    )
    for seat, player in enumerate(players):
        await career.record_result(
            db, guild_id, player.user_id, match.game,
            won=match.outcome.seat_won(seat), points=match.outcome.scores[seat],
        )


async def build(path: Where, matches: int, players: int) -> None:
    """The database of ``matches`` finished matches, unrated, logs in rows."""
    print(f"building {path}: {matches:,} matches of {players:,} players on {GUILDS} servers")
    started = time.perf_counter()
    store = await _opened(path, durable=False)
    try:
        pool = [Player(1000 + n, f"player {n}") for n in range(players)]
        rng = random.Random(26)
        played = [play(n, rng) for n in range(min(PLAYED, matches))]
        print(f"  {len(played):,} distinct matches played, {time.perf_counter() - started:.0f} s")
        for first in range(0, matches, BUILD_BATCH):
            batch = [
                (played[n % len(played)], 1 + n % GUILDS)
                for n in range(first, min(first + BUILD_BATCH, matches))
            ]
            seated = [rng.sample(pool, match.seats) for match, _ in batch]

            async def write_batch(
                db: Connection,
                batch: list[tuple[Played, int]] = batch,
                seated: list[list[Player]] = seated,
            ) -> None:
                for (match, guild_id), players in zip(batch, seated, strict=True):
                    await write(db, match, guild_id, players)

            await store.writing(write_batch)
            if (first // BUILD_BATCH) % 100 == 99:
                print(f"  {first + BUILD_BATCH:,} written, {time.perf_counter() - started:.0f} s")

        async def before_ratings(db: Connection) -> None:
            await meta.delete_meta(db, results.BACKFILLED)
            await meta.set_meta(db, results.BACKFILL_FROM, "")

        await store.writing(before_ratings)
    finally:
        await store.close()
    print(f"built in {time.perf_counter() - started:.0f} s")


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
    store = await _opened(path)
    try:
        service = MatchService(store, ENGINES)
        rest, matches_service.UPKEEP_SHARE = matches_service.UPKEEP_SHARE, 1.0
        started = time.perf_counter()
        summed = await service.sum_up_career_results()
        rated = await service.backfill_ratings()
        packed_now = await service.pack_move_logs()
        matches_service.UPKEEP_SHARE = rest
        print(f"  the rest at full speed: {summed:,} careers summed up, {rated:,} matches rated"
              f" and {packed_now:,} packed in {time.perf_counter() - started:.0f} s")
    finally:
        await store.close()


def _p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000


class Asking:
    """What the career cogs read of an interaction: the server and the bot's table."""

    def __init__(self, service: MatchService, guild_id: int, user_id: int) -> None:
        self.guild_id = guild_id
        self.user = SimpleNamespace(id=user_id, display_name=f"player {user_id}")
        self.client = SimpleNamespace(table=SimpleNamespace(service=service, presenters=PRESENTERS))


Command = Callable[[Asking, random.Random], Awaitable[Any]]


async def commands(path: Where, samples: int) -> None:
    """Each career command's p50 and p99, beside its bare query floor (SQLite's)."""
    statements: list[str] = []
    connect = store_module._connect

    async def traced(*args: Any, **kwargs: Any) -> Any:
        connection = await connect(*args, **kwargs)
        await connection.set_trace_callback(statements.append)
        return connection

    store_module._connect = traced
    try:
        store = await _opened(path)
    finally:
        store_module._connect = connect
    renderer.draw_in(None)
    service = MatchService(store, ENGINES)
    async with store.read() as db:
        found = await db.execute("SELECT DISTINCT user_id FROM career")
        players = [r[0] for r in await found.fetchall()]
        found = await db.execute("SELECT id FROM matches WHERE status = 'finished'")
        finished = [r[0] for r in await found.fetchall()]
        found = await db.execute("SELECT match_id, LENGTH(packed) FROM move_logs")
        lengths = {r[0]: r[1] for r in await found.fetchall()}
    stats = Stats(None)  # type: ignore[arg-type]

    async def history(asking: Asking, rng: random.Random) -> Any:
        return await history_page(asking, 0, "all", 0)  # type: ignore[arg-type]

    async def history_deep(asking: Asking, rng: random.Random) -> Any:
        anchor = rng.choice(finished)
        return await history_page(asking, 0, "all", 50, "o", anchor)  # type: ignore[arg-type]

    async def history_player(asking: Asking, rng: random.Random) -> Any:
        user = asking.user.id
        return await history_page(asking, user, "all", 0)  # type: ignore[arg-type]

    async def leaderboard(asking: Asking, rng: random.Random) -> Any:
        game = rng.choice(GAMES)
        return await leaderboard_page(asking, game, "server", rng.randrange(3))  # type: ignore[arg-type]

    async def leaderboard_global(asking: Asking, rng: random.Random) -> Any:
        game = rng.choice(GAMES)
        return await leaderboard_page(asking, game, "global", rng.randrange(3))  # type: ignore[arg-type]

    async def stats_of(asking: Asking, rng: random.Random) -> Any:
        return await stats._fields(asking, asking.user.id, None)  # type: ignore[arg-type]

    async def replay_first(asking: Asking, rng: random.Random) -> Any:
        match_id = _on_server(rng, finished, asking.guild_id)
        service.replays = type(service.replays)()  # a match nobody replayed lately
        rebuilt = await load_replay(asking, match_id)  # type: ignore[arg-type]
        return await replay_message(asking, rebuilt, 0, asking.user.id)  # type: ignore[arg-type]

    async def replay_step(asking: Asking, rng: random.Random) -> Any:
        match_id = _on_server(rng, finished, asking.guild_id)
        rebuilt = await load_replay(asking, match_id)  # type: ignore[arg-type]
        step = rng.randrange(rebuilt.last + 1)
        started = time.perf_counter()
        shown = await replay_message(asking, rebuilt, step, asking.user.id)  # type: ignore[arg-type]
        return shown, time.perf_counter() - started

    async def replay_state(asking: Asking, rng: random.Random) -> Any:
        match_id = _on_server(rng, finished, asking.guild_id)
        rebuilt = await load_replay(asking, match_id)  # type: ignore[arg-type]
        step = rng.randrange(rebuilt.last + 1)
        started = time.perf_counter()
        state = rebuilt.state_at(step)
        return state, time.perf_counter() - started

    async def mygames(asking: Asking, rng: random.Random) -> Any:
        async with store.read() as db:
            return await rows.open_matches_of(db, asking.user.id)

    table: list[tuple[str, Command]] = [
        ("/history", history), ("/history, 50 pages back", history_deep),
        ("/history player", history_player), ("/leaderboard", leaderboard),
        ("/leaderboard global", leaderboard_global), ("/stats", stats_of),
        ("/replay, first step", replay_first), ("/replay, a further step", replay_step),
        ("  its state alone", replay_state),
        ("/mygames", mygames),
    ]
    print(f"commands on {len(finished):,} finished matches (packed logs: mean "
          f"{statistics.fmean(lengths.values()) if lengths else 0:.0f} bytes), {samples} samples"
          f" each (goal p99 < {GOAL_COMMAND_MS:.0f} ms; replay first < 200, further < 20):")
    print(f"  {'command':<26}{'p50 ms':>8}{'p99 ms':>8}{'floor p50':>11}{'floor p99':>11}")
    try:
        for name, command in table:
            rng = random.Random(name)
            times, floors = [], []
            for _ in range(samples):
                user = rng.choice(players)
                asking = Asking(service, 1 + user % GUILDS, user)
                statements.clear()
                started = time.perf_counter()
                answer = await command(asking, rng)
                took = time.perf_counter() - started
                if isinstance(answer, tuple) and isinstance(answer[1], float):
                    took = answer[1]  # the step alone, the replay already built
                    statements.clear()
                times.append(took)
                if not is_url(path):
                    floors.append(_floor(path, list(statements)))
            floor = (f"{'-':>11}{'-':>11}" if is_url(path)
                     else f"{_ms(floors, 50):>11.2f}{_ms(floors, 99):>11.2f}")
            print(f"  {name:<26}{_ms(times, 50):>8.1f}{_ms(times, 99):>8.1f}{floor}")
    finally:
        await store.close()


async def upgrade(path: Path) -> None:
    """The one-time migrations that bring a database of this size from version 11: its
    indexes built at start-up (the rest of the upgrade runs in the background)."""
    with sqlite3.connect(path) as raw:
        raw.executescript(
            "DROP INDEX seats_by_user; DROP INDEX results_by_player_match;"
            " DROP INDEX results_by_guild_match; DROP INDEX matches_finished_order;"
            " DROP TABLE move_logs; DROP TABLE career_results; DROP INDEX ratings_ranked;"
            " CREATE INDEX ratings_by_rank ON ratings (guild_id, game, ordinal DESC);"
            " DELETE FROM meta WHERE key = 'career_results_from'; PRAGMA user_version = 11;"
        )
    started = time.perf_counter()
    store = await Store.open(path)
    took = time.perf_counter() - started
    await store.close()
    print(f"upgrade from version 11 (once): the store opens in {took:.2f} s, its new indexes built")


def _on_server(rng: random.Random, finished: list[int], guild_id: int) -> int:
    """A finished match of this server (match n is on server 1 + (n - 1) % GUILDS)."""
    while True:
        match_id = rng.choice(finished)
        if 1 + (match_id - 1) % GUILDS == guild_id:
            return match_id


def _floor(path: Path, statements: list[str]) -> float:
    """The bare cost of the statements a command made: run again on a plain connection."""
    queries = [s for s in statements if s.lstrip().upper().startswith(("SELECT", "WITH"))]
    with sqlite3.connect(path) as raw:
        started = time.perf_counter()
        for query in queries:
            raw.execute(query).fetchall()
        return time.perf_counter() - started


def _ms(times: list[float], percent: int) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * percent / 100))] * 1000


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
            await upkeep_at_full_speed(work)  # what this version adds to the kept one
            await commands(work, args.samples)
        finally:
            _remove(work)
        return
    if not built.exists():
        await build(built, args.matches, args.players)
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
    store = await _opened(work)
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
    """The same on PostgreSQL: built once at the URL, measured on a copy of it."""
    url: str = args.database_url
    store = await open_database(url)
    try:
        async with store.read() as db:
            found = await db.execute("SELECT COUNT(*) FROM matches")
            (present,) = await found.fetchone()
    finally:
        await store.close()
    if not present:
        await build(url, args.matches, args.players)
    base, _, query = url.partition("?")
    server, _, name = base.rpartition("/")
    work = f"{server}/{name}_run" + (f"?{query}" if query else "")
    admin = await asyncpg.connect(f"{server}/postgres" + (f"?{query}" if query else ""))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}_run"')
        await admin.execute(f'CREATE DATABASE "{name}_run" TEMPLATE "{name}"')
        try:
            await measured(work, args)
        finally:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}_run" WITH (FORCE)')
    finally:
        await admin.close()


if __name__ == "__main__":
    asyncio.run(main())
