"""Sections of ``bench.table`` built on matches written straight through the data layer:
a restart with thousands of stored running matches, and the footprint of open and
finished matches (memory in the service's cache, bytes in the database file)."""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import random
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.engines import hare_move, random_move
from bench.figures import (
    CHANNEL_LIMIT,
    CHANNEL_WINDOW,
    GLOBAL_LIMIT,
    Timing,
    answered,
    busiest,
    channel_rates,
    late,
    per_kind,
    profiled,
    spread,
)
from bench.playing import (
    PACE,
    Click,
    Seating,
    at_most,
    hand,
    next_control,
    seat_matches,
    send,
    simulated_discord,
    table_bot,
    until_answered,
)
from bot import TableBot
from cogs.common.followups import BOARD, hand_purpose
from cogs.common.table import RESTORE_PER_SECOND, Table
from data import clocks, message_rows, seat_rows, versions
from data import matches as rows
from data.store import Store
from localdiscord import FakeDiscord
from matches import clock, upkeep
from matches.computers import Computers
from matches.match import Player
from matches.service import MatchService
from matches.timekeeper import Timekeeper
from rules.catalog import ENGINES

RESTART_GAME = "whyfirst"
GOAL_RESTART = 3.0
PROBES_EVERY = 0.1
"""Seconds between the later clicks sent while a restart refreshes stale messages."""
CHOOSERS: dict[str, Callable[..., str]] = {"hare": hare_move}
"""How played-out matches pick moves (uniformly random play never finishes a race)."""


@dataclass(frozen=True)
class Stored:
    """A match as the database knows it: where it is played and by whom."""

    guild_id: int
    channel_id: int
    players: list[Player]

    @classmethod
    def of(cls, seating: Seating) -> Stored:
        guild = seating.channel.guild
        assert guild is not None
        return cls(guild.id, seating.channel.id, [Player(u.id, u.name) for u in seating.players])


@dataclass(frozen=True)
class Restarted:
    matches: int
    quiet: float
    """Seconds until ready and quiet with every match up to date."""
    ready: float
    clickable: float
    calls: int
    """REST calls the restart made itself (not the clicks' answers)."""


async def running_matches(store: Store, matches: Sequence[Stored], game: str) -> list[int]:
    """Started matches of ``game``, written through the data layer in one transaction."""
    engine = ENGINES[game]
    now = time.time()
    match_ids = []
    async with store.transaction() as db:
        for n, match in enumerate(matches):
            match_id = await rows.insert_match(
                db, game=game, guild_id=match.guild_id, channel_id=match.channel_id,
                host_id=match.players[0].user_id, options={}, pace=PACE,
            )
            for player in match.players:
                await seat_rows.add_seat(db, match_id, player.user_id, player.name)
            seats = len(match.players)
            state = engine.setup(seats, engine.options({}, seats), seed=n)
            await versions.update_match(
                db, match_id, expected_version=0, status="playing", state=engine.dump(state)
            )
            for kind, lasts in (("idle", clock.IDLE_LIFETIME), ("decision", 3 * clock.MINUTE)):
                await clocks.set_deadline(
                    db, match_id, kind, opened_at=now, due_at=now + lasts, decision_point=0
                )
            match_ids.append(match_id)
    return match_ids


# -- 4. restart ------------------------------------------------------------------------


async def restart(folder: Path, scale: argparse.Namespace) -> None:
    print(
        f"== 4. restart with stored running matches of {RESTART_GAME} (2 players each); goal: "
        f"10,000 clickable within {GOAL_RESTART:g} s, 0 REST calls for up-to-date matches, "
        f"stale ones refreshed in the background at most {RESTORE_PER_SECOND:g}/s (Discord: "
        f"{GLOBAL_LIMIT}/s in all, {CHANNEL_LIMIT} per {CHANNEL_WINDOW:g} s in a channel)"
    )
    results = [await _restart_at(folder, size, scale) for size in scale.restart]
    for small, large in itertools.pairwise(results):
        print(
            f"growth {small.matches} -> {large.matches} matches "
            f"(x{large.matches / small.matches:.1f}): ready and quiet x"
            f"{large.quiet / small.quiet:.1f}, ready x{large.ready / small.ready:.1f}, "
            f"clickable x{large.clickable / small.clickable:.1f}, restart's own REST calls "
            f"{small.calls} -> {large.calls}"
        )


async def _restart_at(folder: Path, size: int, scale: argparse.Namespace) -> Restarted:
    path = folder / f"restart-{size}.db"
    sample = min(size, scale.sample)
    stale = min(scale.stale, sample // 2)
    async with simulated_discord() as backend:
        seatings = seat_matches(backend, [RESTART_GAME], size, 2)
        bot = table_bot(backend.token, path)
        await backend.connect(bot)
        assert bot.store is not None
        writing = time.perf_counter()
        match_ids = await running_matches(bot.store, [Stored.of(s) for s in seatings],
                                          RESTART_GAME)
        written = time.perf_counter() - writing
        posting = time.perf_counter()
        await _post_messages(bot, match_ids[:sample], seatings[:sample])
        await _note_up_to_date(backend, bot.store, match_ids[sample:], seatings[sample:])
        await backend.disconnect()
        print(f"{size:>6} running matches written in {written:.1f} s; the bot posted the "
              f"messages of {sample} of them in {time.perf_counter() - posting:.1f} s (the "
              "others' rows say their messages are up to date: the simulated Discord has none)")

        before, started = len(backend.calls), time.perf_counter()
        await backend.connect(table_bot(backend.token, path))
        quiet = time.perf_counter() - started
        calls = backend.calls[before:]
        await backend.disconnect()
        print(f"       all up to date: ready and quiet in {quiet:5.2f} s with {len(calls)} REST "
              f"calls ({per_kind(calls, 1) or 'none'})")

        await _play_a_round(path, match_ids[:stale], seatings[:stale])
        with profiled(scale.profile):
            found = await _restart_with_clicks(
                backend, path, seatings[:stale], seatings[stale:sample], seatings[sample:]
            )
    return Restarted(size, quiet, *found)


async def _restart_with_clicks(
    backend: FakeDiscord, path: Path, stale: Sequence[Seating], probed: Sequence[Seating],
    untouched: Sequence[Seating],
) -> tuple[float, float, int]:
    """Restart with some matches out of date while the others' players click at once;
    returns seconds until ready, until the first clicks were answered, and the REST
    calls the restart made itself."""
    before = len(backend.calls)
    started = backend.clock()
    with Timing(
        setup=(TableBot, "setup_hook"), opening=(Store, "open"),
        ratings=(upkeep, "backfill_ratings"), downtime=(Timekeeper, "give_back_downtime"),
        resume=(Table, "resume"), computers=(Computers, "wake_all"),
        stale=(MatchService, "stale_messages"),
    ) as timing:
        await backend.connect(table_bot(backend.token, path), settle=False)
        ready = backend.clock() - started
        rng = random.Random(5)
        first = await _probe(backend, probed[: len(probed) // 2], rng)
        clickable = max(c.result.record.responded_at or started for c in first) - started
        later = await _probe(backend, probed[len(probed) // 2 :], rng, every=PROBES_EVERY)
        await backend.settle()
    calls = backend.calls[before:]
    await backend.disconnect()

    def about(seatings: Sequence[Seating]) -> set[int]:
        return {s.channel.id for s in seatings} | {
            backend.dm_channel(p).id for s in seatings for p in s.players
        }

    clicked, restoring, others = about(probed), about(stale), about(untouched)
    by_clicks = [c for c in calls if c.interaction_id is not None or c.channel_id in clicked]
    restored = [c for c in calls if c.channel_id in restoring]
    elsewhere = [c for c in calls if c.channel_id in others]
    span = max((c.at for c in restored), default=started) - started
    clicks: list[Click] = first + later
    print(f"       {len(stale)} stale, {len(probed)} clicked: ready in {ready:5.2f} s; "
          f"{len(first)} clicks sent then, all answered by {clickable:5.2f} s; clicks during "
          f"the restore {spread(answered(clicks))}, {late(clicks)}")
    print(f"       restore: {len(restored)} REST calls in {span:4.1f} s "
          f"({len(restored) / max(span, 1e-9):4.1f}/s), {channel_rates(backend, restored)}; "
          f"{len(elsewhere)} calls about up-to-date matches; busiest second: "
          f"{busiest((c.at for c in calls), 1.0)} calls in all")
    print(f"       where the time went (setup before ready, resume after): {timing.total()}")
    return ready, clickable, len(calls) - len(by_clicks)


async def _probe(
    backend: FakeDiscord, seatings: Sequence[Seating], rng: random.Random, every: float = 0.0
) -> list[Click]:
    """A player of each match clicks their hand, ``every`` seconds apart; all answered."""
    clicks: list[Click] = []
    async with backend.simultaneously(settle=False):
        for seating in seatings:
            await asyncio.sleep(every)
            for player in seating.players:
                message = hand(backend, player)
                control = next_control(seating.game, message, rng)
                if message is not None and control is not None:
                    clicks.append(await send(backend, seating.game, player, message, control))
                    break
    await asyncio.gather(*(until_answered(backend, c.result) for c in clicks))
    return clicks


async def _post_messages(
    bot: TableBot, match_ids: Sequence[int], seatings: Sequence[Seating]
) -> None:
    """The bot posts the boards and hands of these matches, as after their start."""

    async def post(match_id: int, purpose: str) -> None:
        await bot.table.kept.request(match_id, purpose)

    await at_most(32, (
        post(match_id, purpose)
        for match_id, seating in zip(match_ids, seatings, strict=True)
        for purpose in (BOARD, *(hand_purpose(p.id) for p in seating.players))
    ))


async def _note_up_to_date(
    backend: FakeDiscord, store: Store, match_ids: Sequence[int], seatings: Sequence[Seating]
) -> None:
    """Rows saying each match's messages show its current version (none is posted)."""
    async with store.transaction() as db:
        for match_id, seating in zip(match_ids, seatings, strict=True):
            kept = [(BOARD, seating.channel.id)] + [
                (hand_purpose(p.id), backend.dm_channel(p).id) for p in seating.players
            ]
            for purpose, channel_id in kept:
                await message_rows.remember_message(
                    db, match_id, purpose, channel_id, backend.world.snowflakes.next(),
                    "not posted", version=1,
                )


async def _play_a_round(
    path: Path, match_ids: Sequence[int], seatings: Sequence[Seating]
) -> None:
    """With the bot down, each match moves on one decision: its messages fall behind."""
    store = await Store.open(path)
    service = MatchService(store, ENGINES)
    rng = random.Random(6)
    for match_id, seating in zip(match_ids, seatings, strict=True):
        point = (await service.get(match_id)).decision_point()
        while (match := await service.get(match_id)).decision_point() == point:
            seat = min(match.awaited())
            move = rng.choice(match.engine.legal_moves(match.state, seat))
            await service.play(match_id, seating.players[seat].id, point, move)
    await service.close()
    await store.close()


# -- 5. footprint ----------------------------------------------------------------------


async def footprint(folder: Path, scale: argparse.Namespace) -> None:
    print("== 5. footprint: memory per open match in the service's cache; database bytes per "
          "move and per finished match (file growth after a WAL checkpoint)")
    await _memory(folder, scale.memory)
    for game in scale.games:
        await _bytes(folder, game, scale)


async def _memory(folder: Path, count: int) -> None:
    matches = [Stored(1, n, [Player(2 * n + k, f"player {k}") for k in range(2)])
               for n in range(count)]
    store = await Store.open(folder / "memory.db")
    match_ids = await running_matches(store, matches, RESTART_GAME)
    async with store.transaction() as db:
        for match_id, match in zip(match_ids, matches, strict=True):
            for purpose in (BOARD, *(hand_purpose(p.user_id) for p in match.players)):
                await message_rows.remember_message(db, match_id, purpose, 1, match_id, "f" * 64, 1)
    service = MatchService(store, ENGINES)
    gc.collect()
    tracemalloc.start()
    empty, _ = tracemalloc.get_traced_memory()
    for match_id in match_ids:
        await service.get(match_id)
        await service.messages(match_id)
    gc.collect()
    loaded, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    await service.close()
    await store.close()
    print(f"memory    : {(loaded - empty) / count / 1000:5.1f} kB per open match ({count} "
          f"{RESTART_GAME} matches of 2 and their message rows cached; tracemalloc)")


async def _bytes(folder: Path, game: str, scale: argparse.Namespace) -> None:
    """Matches played to the end through the match service, all at once."""
    path = folder / f"bytes-{game}.db"
    await (await Store.open(path)).close()
    empty = path.stat().st_size
    store = await Store.open(path)
    service = MatchService(store, ENGINES)
    moves = sum(await asyncio.gather(*(
        _play_to_the_end(service, game, n, scale.players) for n in range(scale.finished)
    )))
    await service.close()
    await store.close()
    grown = path.stat().st_size - empty
    print(f"{game:<9} {grown / moves:6.0f} bytes per move, {grown / scale.finished / 1000:6.1f} "
          f"kB per finished match of {scale.players} ({moves / scale.finished:.0f} moves)")


async def _play_to_the_end(service: MatchService, game: str, n: int, players: int) -> int:
    """One match from its lobby to its result; returns the moves it took."""
    seated = [Player(100 * n + k, f"player {k}") for k in range(players)]
    match = await service.create(
        game, guild_id=1, channel_id=n, host=seated[0], options={}, pace=PACE
    )
    for player in seated[1:]:
        await service.join(match.id, player)
    await service.start(match.id, seated[0].user_id)
    choose = CHOOSERS.get(game, random_move)
    rng = random.Random(n)
    moves = 0
    while (match := await service.get(match.id)).status == "playing":
        seat = min(match.awaited())
        move = choose(match.engine, match.state, seat, rng)
        await service.play(match.id, seated[seat].user_id, match.decision_point(), move)
        moves += 1
    return moves
