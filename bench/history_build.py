"""Years of history built: a database of finished matches played by the engines.

The engines play ``PLAYED`` distinct matches (seeded random moves, Hare's purposeful
player); the database holds them again and again, each time at other seats and on another
server, written through the store, the migrations and the data layer (``data.bulk``: a
batch of matches a transaction, each table's rows of a batch in one ``executemany``) as a
bot of the version before ratings left them: move logs in rows, no results, no ratings.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.engines import hare_move, random_move
from data import bulk, meta
from data.database import Database, open_database
from data.interface import Connection
from data.postgres import is_url
from data.store import Store
from matches import results
from rules.base import Engine
from rules.catalog import ENGINES

GAMES = ("whyfirst", "hare", "canyon", "numbers")
GUILDS = 6
BUILD_BATCH = 500
"""Matches written per transaction while building."""
PLAYED = 2_000
"""Distinct matches the engines play; the database holds them again and again, each time
at other seats and on another server (a replay of each is exact all the same)."""

Where = Path | str
"""A SQLite file, or a PostgreSQL URL."""


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


async def opened(where: Where, **sqlite: Any) -> Database:
    """The store on ``where``, migrated."""
    return await open_database(where) if is_url(where) else await Store.open(where, **sqlite)


def finished(match: Played, guild_id: int, seated: list[tuple[int, str]]) -> bulk.Finished:
    """``match`` as finished on server ``guild_id`` by the players ``seated``."""
    return bulk.Finished(
        game=match.game, guild_id=guild_id, channel_id=100 + guild_id, options=match.options,
        state=match.state, seats=seated, moves=match.moves,
        results=[(match.outcome.seat_won(seat), match.outcome.scores[seat])
                 for seat in range(match.seats)],
    )


async def build(path: Where, matches: int, players: int) -> None:
    """The database of ``matches`` finished matches, unrated, logs in rows."""
    print(f"building {path}: {matches:,} matches of {players:,} players on {GUILDS} servers",
          flush=True)
    started = time.perf_counter()
    store = await opened(path, durable=False)
    try:
        pool = [(1000 + n, f"player {n}") for n in range(players)]
        rng = random.Random(26)
        played = [play(n, rng) for n in range(min(PLAYED, matches))]
        print(f"  {len(played):,} distinct matches played, {time.perf_counter() - started:.0f} s",
              flush=True)
        for first in range(0, matches, BUILD_BATCH):
            batch = [
                finished(match, 1 + n % GUILDS, rng.sample(pool, match.seats))
                for n in range(first, min(first + BUILD_BATCH, matches))
                for match in (played[n % len(played)],)
            ]

            async def write_batch(db: Connection, batch: list[bulk.Finished] = batch) -> None:
                await bulk.insert_finished(db, batch)

            await store.writing(write_batch)
            if (first // BUILD_BATCH) % 20 == 19:
                print(f"  {first + BUILD_BATCH:,} written, {time.perf_counter() - started:.0f} s",
                      flush=True)

        async def before_ratings(db: Connection) -> None:
            await meta.delete_meta(db, results.BACKFILLED)
            await meta.set_meta(db, results.BACKFILL_FROM, "")

        await store.writing(before_ratings)
    finally:
        await store.close()
    print(f"built in {time.perf_counter() - started:.0f} s", flush=True)
