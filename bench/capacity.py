"""Section 1 of ``bench.table``: clicks a second the table answers for each game, on SQLite
and on PostgreSQL, with one bot process and with several sharing the database.

Many matches click as fast as they are answered, against two floors: the bare store
transaction of a move (read the match row, write a state of that game's real size, log the
move) on the same database, and a bare bot that only edits the clicked message. Each run
after the first says its figures beside SQLite's with one process, and a run with several
processes beside one process on the same database.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from dataclasses import dataclass
from pathlib import Path

from bench import bare
from bench.apart import apart_cores, let_go, measured, remote_table_bot
from bench.figures import (
    answered,
    channel_rates,
    hands_ceiling,
    late,
    per_kind,
    reference_loop,
    spread,
)
from bench.garbage import described
from bench.playing import (
    Click,
    keep_clicking,
    open_all,
    process_of,
    seat_matches,
    simulated_discord,
)
from bench.postgres import Databases
from bench.store import persisted_moves
from localdiscord import RemoteBot

GOAL_CLICKS = 500
CAPACITY_MATCHES = 200
CAPACITY_MATCHES_OF = {"hare": 300}
"""Matches whose clicks measure a game's capacity. Nearly every click in a two-player Hare
and Tortoise match passes the turn, which edits the hand of the player whose turn comes,
and Discord edits a message at most 5 times in 5 s: 200 matches could not make 500 clicks
a second, however quick the bot."""


@dataclass(frozen=True)
class Setup:
    """Where a run's bot keeps its matches, and in how many processes it runs."""

    postgres: bool
    processes: int

    def __str__(self) -> str:
        database = "PostgreSQL" if self.postgres else "SQLite"
        return f"{database}, {self.processes} process" + ("es" if self.processes > 1 else "")


@dataclass(frozen=True)
class Figures:
    """What a run found: clicks and moves answered a second while players clicked, and the
    bots' CPU a click."""

    clicks: float
    moves: float
    cpu: float


def setups(scale: argparse.Namespace) -> list[Setup]:
    """SQLite, then PostgreSQL with ``--database-url``; on each, one process, then
    ``--processes`` of them."""
    backends = [False, True] if scale.database_url else [False]
    counts = sorted({1, scale.processes})
    return [Setup(postgres, n) for postgres in backends for n in counts]


async def capacity(folder: Path, scale: argparse.Namespace) -> None:
    runs = setups(scale)
    print(
        f"== 1. capacity: {_described_matches(scale)} of {scale.players} players, every player "
        f"clicking as soon as answered for {scale.seconds:g} s; goal {GOAL_CLICKS} clicks/s; "
        "floors: the same moves as bare store transactions, as many at once, on the same "
        "database; and clicks on a bare bot. Clicks answered while players click, a second. "
        f"The bot runs in a process of its own on {apart_cores()}"
    )
    if scale.processes > 1:
        print(
            f"   {scale.processes} processes: each on {apart_cores(scale.processes)}; each "
            "runs every shard, and the simulated Discord sends each match's interactions, "
            "from its opening on, to one of them, the matches dealt in turn (with Discord's "
            "own shards every hand click, a DM, would reach shard 0's process). Processes add "
            "capacity only where each has cores of its own: on a machine with fewer than "
            f"{2 * scale.processes} cores they take turns on the same ones, and this shows "
            "what sharing the database costs, not how the table scales"
        )
    databases = Databases(scale.database_url) if scale.database_url else None
    if databases:
        print(f"   PostgreSQL: {databases.where()}; its server's processes are not pinned, "
              "and their CPU is not counted in the bot's")
    try:
        players = (scale.matches or CAPACITY_MATCHES) * scale.players
        rate, clicks, cpu = await bare.clicks_per_second(players, scale.seconds)
        print(f"bare bot  {rate:8.0f} clicks/s: {players} players clicking a bot that only "
              "edits the clicked message (discord.py, aiohttp and the simulated Discord, none "
              f"of the table); {cpu.per(clicks, clicks)}")
        print(f"{'game':<9} {'clicks/s':>8} {'moves/s':>8} {'floor moves/s':>14} {'state':>8}  "
              "click latency")
        for game in scale.games:
            found: dict[Setup, Figures] = {}
            floors: dict[bool, float] = {}
            for setup in runs:
                print(f"{game:<9} {setup}")
                found[setup] = await _capacity_of(folder, game, scale, setup, databases, floors)
            for said in _beside(found):
                print(f"{'':<9} {said}")
    finally:
        if databases:
            await databases.close()


def _beside(found: dict[Setup, Figures]) -> list[str]:
    """Each run's clicks a second and CPU a click beside SQLite's with one process, and
    beside one process on the same database."""
    first = next(iter(found.values()))
    said = []
    for setup, figures in list(found.items())[1:]:
        one = found[Setup(setup.postgres, 1)]
        against = [f"{figures.clicks / max(first.clicks, 1):.0%} of SQLite's with one"]
        if setup.processes > 1 and setup.postgres:
            against.append(f"{figures.clicks / max(one.clicks, 1):.0%} of one process's")
        said.append(f"{setup}: {figures.clicks:.0f} clicks/s ({', '.join(against)}), "
                    f"{figures.cpu:.1f} ms CPU a click (against {first.cpu:.1f})")
    return said


def _matches_of(game: str, scale: argparse.Namespace) -> int:
    return scale.matches or CAPACITY_MATCHES_OF.get(game, CAPACITY_MATCHES)


def _described_matches(scale: argparse.Namespace) -> str:
    if scale.matches:
        return f"{scale.matches} matches per game"
    more = ", ".join(f"{CAPACITY_MATCHES_OF[game]} of {game}"
                     for game in scale.games if game in CAPACITY_MATCHES_OF)
    return f"{CAPACITY_MATCHES} matches per game" + (f" ({more})" if more else "")


async def _database(
    folder: Path, label: str, databases: Databases | None
) -> Path | str:
    """A fresh database for one run: a SQLite file, or a PostgreSQL database's URL."""
    return await databases.fresh(label) if databases else folder / f"{label}.db"


async def _capacity_of(
    folder: Path, game: str, scale: argparse.Namespace, setup: Setup,
    databases: Databases | None, floors: dict[bool, float],
) -> Figures:
    matches, speed = _matches_of(game, scale), reference_loop()
    where = await _database(
        folder, f"capacity-{game}-{setup.processes}", databases if setup.postgres else None
    )
    async with simulated_discord() as backend:
        seatings = seat_matches(backend, [game], matches, scale.players)
        bots: list[RemoteBot] = []
        for n in range(setup.processes):  # one after the other: the first migrates
            bots.append(remote_table_bot(backend, where, process=n, processes=setup.processes))
            await backend.connect(bots[-1])
        await open_all(backend, seatings, bots)
        before, rng = len(backend.calls), random.Random(1)
        clicks: list[Click] = []

        async def play() -> tuple[float, float]:
            """When the clicking began (once every process measures), and how long until
            every message was up to date."""
            started = backend.clock()
            await asyncio.gather(*(
                keep_clicking(backend, game, player, started + scale.seconds, rng, clicks,
                              process_of(bots, n))
                for n, seating in enumerate(seatings) for player in seating.players
            ))
            await backend.settle()
            return started, backend.clock() - started

        (started, quiet), measures = await measured(
            bots, play(), lambda _: len(clicks), scale.profile
        )
        count = max(1, len(clicks))
        calls = backend.calls[before:]
        state = await bots[0].call("bench.apart:median_state", game=game)
        for bot in bots[1:]:
            await backend.disconnect(bot)
        await let_go(backend)
    size = len(json.dumps(state, separators=(",", ":")))
    if setup.postgres not in floors:
        floor_at = await _database(folder, f"floor-{game}", databases if setup.postgres else None)
        floors[setup.postgres] = await persisted_moves(
            floor_at, True, 40 * matches, state=state, writers=matches
        )
    floor = floors[setup.postgres]
    moves = sum(1 for c in clicks if c.control.plays and not c.refused)
    until = started + scale.seconds
    sustained = [c for c in clicks if (c.result.record.responded_at or until + 1) <= until]
    moved = sum(1 for c in sustained if c.control.plays and not c.refused)
    print(f"{'':<9} {len(sustained) / scale.seconds:8.0f} {moved / scale.seconds:8.0f} "
          f"{floor:14.0f} {size / 1000:6.1f}kB  {spread(answered(clicks))}")
    print(f"{'':<9} {len(clicks)} clicks in all, {len(clicks) / quiet:.0f} a second counting "
          f"until every message was up to date ({quiet:.1f} s), "
          f"{sum(c.refused for c in clicks)} refused, {late(clicks)}; "
          f"{measures.per_commit:.1f} transactions per commit; "
          f"{channel_rates(backend, calls)}")
    clicking, hands = [call for call in calls if call.at <= until], matches * scale.players
    dms = {channel.id for channel in backend.world.channels.values() if channel.is_dm}
    ceiling = hands_ceiling(clicking, dms, len(sustained), hands, scale.seconds)
    print(f"{'':<9} {ceiling}")
    print(f"{'':<9} per click (times it ran, mean wall time): {measures.per_click}")
    print(f"{'':<9} REST per click: {per_kind(calls, count)}")
    print(f"{'':<9} {measures.cpu.per(count, moves)}; "
          f"the floor's move: {1000 / floor:.1f} ms; the reference loop took "
          f"{1000 * speed:.0f} ms just before the game")
    whose = "the bot's process" if setup.processes == 1 else "its processes together"
    print(f"{'':<9} {whose}: {described(measures.collections, count)}")
    return Figures(len(sustained) / scale.seconds, moved / scale.seconds,
                   1000 * sum(measures.cpu.bot.values()) / count)
