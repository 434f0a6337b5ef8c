"""Years of history timed: each career command on a big database, beside its query floor.

Each command is built by the cogs' own code (the bench stands in for the interaction):
p50 and p99 over ``K`` samples, beside the bare query floor on SQLite (the same statements
on a plain sqlite3 connection, nothing built from them).
"""

from __future__ import annotations

import functools
import random
import sqlite3
import statistics
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bench.history_build import GAMES, GUILDS, Where, opened
from bot import PAINTER_NICE
from cogs.career.history import history_page
from cogs.career.replay import drawn_ahead, load_replay, replay_message
from cogs.career.stats import Stats, leaderboard_page
from cogs.common.pictures import renderer
from cogs.games import PRESENTERS
from data import matches as rows
from data import store as store_module
from data.postgres import is_url
from matches.pool import Workers
from matches.service import MatchService
from matches.workers import worker_pool
from rules.catalog import ENGINES

GOAL_COMMAND_MS = 50.0


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
        store = await opened(path)
    finally:
        store_module._connect = connect
    painters = Workers(1, functools.partial(worker_pool, 1, nice=PAINTER_NICE))
    renderer.draw_in(painters)  # as the bot draws: in its painter's process
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
        renderer.clear_caches()  # its picture not drawn for another replay
        return await replay_message(asking, rebuilt, 0, asking.user.id)  # type: ignore[arg-type]

    async def replay_next(asking: Asking, rng: random.Random) -> Any:
        match_id = _on_server(rng, finished, asking.guild_id)
        rebuilt = await load_replay(asking, match_id)  # type: ignore[arg-type]
        step = rng.randrange(rebuilt.last)
        await replay_message(asking, rebuilt, step, asking.user.id)  # type: ignore[arg-type]
        await drawn_ahead()  # the player looks at it before clicking
        started = time.perf_counter()
        shown = await replay_message(asking, rebuilt, step + 1, asking.user.id)  # type: ignore[arg-type]
        return shown, time.perf_counter() - started

    async def replay_jump(asking: Asking, rng: random.Random) -> Any:
        match_id = _on_server(rng, finished, asking.guild_id)
        rebuilt = await load_replay(asking, match_id)  # type: ignore[arg-type]
        step = rng.randrange(rebuilt.last + 1)
        renderer.clear_caches()  # a step not drawn ahead: Last, or a round away
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
        ("/replay, first step", replay_first), ("/replay, Next ▶", replay_next),
        ("/replay, a step not drawn", replay_jump),
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
            # Once untimed: what a running bot has warm (its painter started, its fonts).
            await command(Asking(service, 1 + players[0] % GUILDS, players[0]), rng)
            for _ in range(samples):
                user = rng.choice(players)
                asking = Asking(service, 1 + user % GUILDS, user)
                await drawn_ahead()  # the replay's next picture, drawn before the next sample
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
        renderer.draw_in(None)
        painters.shutdown()
        await store.close()


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
