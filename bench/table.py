"""The table under load, end to end: the real bot, a real database, the simulated Discord.

    python -m bench.table [--quick] [--sections capacity,latency,rest,restart,footprint]
    python -m bench.table --sections capacity --database-url URL|throwaway --processes 2

Prints what players feel, each figure beside the floor or goal it is compared with:
1. capacity (``bench.capacity``): clicks per second the table answers for each game, many
   matches clicking as fast as they are answered, against the bare store transaction of a
   move (read the match row, write a state of that game's real size, log the move), with
   where the time went; on SQLite, and beside it on PostgreSQL (``--database-url``), with
   one bot process and beside it with several sharing the database (``--processes``);
2. latency: open-loop clicks of many live matches (Poisson arrivals), and a burst of a
   six-player Why First? round committed within one second;
3. REST calls per decision and per round at a six-player table of each game, by kind,
   and the busiest channel against Discord's per-channel limit;
4. restart with many stored running matches (``bench.stored``);
5. footprint: memory per open match and database bytes (``bench.stored``).
Figures, not tests: nothing here asserts a time. For capacity and latency the bot runs in
a process of its own (``RemoteBot``) on half the machine's cores, as in production, where
Discord and its players are elsewhere; the other sections keep it in the bench's process,
where the backend's cost is in every figure. Each section runs in a fresh process of its
own, as a bot just started would.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from bench import stored
from bench.apart import let_go, measured, remote_table_bot
from bench.capacity import capacity
from bench.figures import (
    LIMITS_SOURCE,
    answered,
    channel_rates,
    kinds,
    late,
    machine_speed,
    spread,
)
from bench.garbage import described
from bench.playing import (
    DEADLINE,
    GAMES,
    Click,
    Seating,
    decide,
    hand,
    next_control,
    open_all,
    seat_matches,
    send,
    simulated_discord,
    table_bot,
    until_answered,
)
from bench.postgres import THROWAWAY
from cogs.common.pacing import DISCORD_GLOBAL_RATE
from localdiscord import FakeDiscord, User

GOAL_P99 = 0.100
SIX = 6
FULL = dict(
    matches=None, players=2, seconds=5.0, live=500, every=5.0, play=25.0, bursts=10, rounds=3,
    restart="1000,10000", sample=60, stale=20, memory=1000, finished=10,
)
QUICK = dict(
    matches=12, players=2, seconds=1.5, live=80, every=5.0, play=5.0, bursts=3, rounds=1,
    restart="200,1000", sample=16, stale=6, memory=300, finished=2,
)


# -- 2. latency ------------------------------------------------------------------------


async def latency(folder: Path, scale: argparse.Namespace) -> None:
    rate = scale.live / scale.every
    print(
        f"== 2. latency: {scale.live} live matches of {scale.players} ({', '.join(scale.games)} "
        f"in turn), each clicking every {scale.every:g} s on average (Poisson, {rate:.0f} "
        f"clicks/s) for {scale.play:g} s; goal p99 < {1000 * GOAL_P99:.0f} ms, none past "
        f"{DEADLINE:g} s; "
        + (f"Discord's global rate limit {scale.global_rate} calls a second, kept by the bot"
           if scale.global_rate else "no global rate limit (a bot whose limit Discord raised)")
    )
    async with simulated_discord(scale.global_rate) as backend:
        seatings = seat_matches(backend, scale.games, scale.live, scale.players)
        bot = remote_table_bot(backend, folder / "latency.db", scale.global_rate)
        await backend.connect(bot)
        opening = time.perf_counter()
        await open_all(backend, seatings)
        opened = time.perf_counter() - opening

        async def play() -> tuple[tuple[list[Click], int], float]:
            arrived = await _arrivals(backend, seatings, rate, scale.play, random.Random(2))
            answered_all = backend.clock()
            await backend.settle()
            return arrived, backend.clock() - answered_all

        ((clicks, idle), drained), measures = await measured(
            bot, play(), lambda played: len(played[0][0]), scale.profile
        )
        await let_go(backend)
    behind = max((c.result.record.created_at - c.due for c in clicks), default=0.0)
    print(f"open loop : {spread(answered(clicks))}   {len(clicks)} clicks, {late(clicks)}, "
          f"{sum(c.refused for c in clicks)} refused; {idle} arrivals found nothing to click; "
          f"clicks sent up to {1000 * behind:.0f} ms behind time (matches opened in "
          f"{opened:.0f} s); every message up to date {drained:.1f} s after the last answer")
    for game in scale.games:
        of_game = [c for c in clicks if c.game == game]
        print(f"  {game:<9} {spread(answered(of_game))}   {len(of_game)} clicks")
    print(f"  per click: {measures.per_click}")
    moves = sum(1 for c in clicks if c.control.plays and not c.refused)
    busy = sum(measures.cpu.bot.values()) / scale.play
    print(f"  {measures.cpu.per(len(clicks), moves)}; the bot's process "
          f"busy {busy:.0%} of the time, {described(measures.collections, len(clicks))}")
    await _burst(folder, scale)


async def _arrivals(
    backend: FakeDiscord, seatings: Sequence[Seating], rate: float, duration: float,
    rng: random.Random,
) -> tuple[list[Click], int]:
    """Clicks arriving at ``rate`` a second (Poisson), each on a random match, where a
    player it awaits clicks what their hand offers. Returns the clicks, and how many
    arrivals found nothing to click (the match between two decisions, or over)."""
    clicks: list[Click] = []
    idle = 0
    due = backend.clock()
    end = due + duration
    async with backend.simultaneously(settle=False):
        while (due := due + rng.expovariate(rate)) < end:
            await asyncio.sleep(max(0.0, due - backend.clock()))
            seating = rng.choice(seatings)
            offered = [
                (player, message, control)
                for player in seating.players
                if (message := hand(backend, player)) is not None
                and (control := next_control(seating.game, message, rng)) is not None
            ]
            if not offered:
                idle += 1
                continue
            player, message, control = rng.choice(offered)
            clicks.append(await send(backend, seating.game, player, message, control, due=due))
    await asyncio.gather(*(until_answered(backend, c.result) for c in clicks))
    return clicks, idle


async def _burst(folder: Path, scale: argparse.Namespace) -> None:
    """Six players of Why First? commit a round within one second (a card, then its target)."""
    async with simulated_discord() as backend:
        (seating,) = seat_matches(backend, ["whyfirst"], 1, SIX)
        await backend.connect(table_bot(backend.token, folder / "burst.db"))
        await open_all(backend, [seating])
        rng = random.Random(3)
        clicks: list[Click] = []
        before = len(backend.calls)

        async def commit(player: User, delay: float) -> None:
            await asyncio.sleep(delay)
            await decide(backend, "whyfirst", player, rng, clicks)

        for _ in range(scale.bursts):
            await asyncio.gather(*(commit(p, rng.random()) for p in seating.players))
            await backend.settle()
        calls = backend.calls[before:]
        await backend.disconnect()
    print(f"burst     : {spread(answered(clicks))}   {len(clicks)} clicks in {scale.bursts} "
          f"rounds of six commits within 1 s, {late(clicks)}; {channel_rates(backend, calls)}")


# -- 3. REST calls per decision --------------------------------------------------------


async def rest(folder: Path, scale: argparse.Namespace) -> None:
    print(
        f"== 3. REST calls at a six-player table, {scale.rounds} round(s) of six decisions, "
        f"each decision made once the table is quiet; {LIMITS_SOURCE}"
    )
    for game in scale.games:
        await _rest_of(folder, game, scale)


async def _rest_of(folder: Path, game: str, scale: argparse.Namespace) -> None:
    async with simulated_discord() as backend:
        (seating,) = seat_matches(backend, [game], 1, SIX)
        await backend.connect(table_bot(backend.token, folder / f"rest-{game}.db"))
        await open_all(backend, [seating])
        rng = random.Random(4)
        before, decisions = len(backend.calls), 0
        clicks: list[Click] = []
        for _ in range(scale.rounds * SIX):
            waiting = [p for p in seating.players if next_control(game, hand(backend, p), rng)]
            if not waiting:
                break  # the match is over
            await decide(backend, game, waiting[0], rng, clicks)
            await backend.settle()
            decisions += 1
        await backend.disconnect()  # the hands still allowed to wait are shown now
        calls = backend.calls[before:]
    per = max(1, decisions)
    print(f"{game:<9} {len(calls) / per:5.2f} calls per decision, {SIX * len(calls) / per:5.1f} "
          f"per round ({len(clicks) / per:.1f} clicks a decision); {channel_rates(backend, calls)}")
    for kind, count in kinds(calls).most_common():
        print(f"{'':<9} {count / per:5.2f} per decision {SIX * count / per:5.1f} per round  {kind}")
    counted = sum(1 for call in calls if call.with_bot_token) / per
    print(f"{'':<9} {counted:5.2f} per decision count toward Discord's global limit: at its "
          f"{DISCORD_GLOBAL_RATE} calls a second, a bot keeps up with "
          f"{DISCORD_GLOBAL_RATE / max(counted, 0.01):.0f} decisions a second over all its tables")


# -- the run ---------------------------------------------------------------------------

SECTIONS: dict[str, Callable[[Path, argparse.Namespace], Awaitable[None]]] = {
    "capacity": capacity,
    "latency": latency,
    "rest": rest,
    "restart": stored.restart,
    "footprint": stored.footprint,
}


class ErrorCount(logging.Handler):
    """Counts the errors the bot logs while the bench runs."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


async def main(scale: argparse.Namespace) -> None:
    logging.basicConfig(level=logging.CRITICAL)
    errors = ErrorCount()
    logging.getLogger().addHandler(errors)
    print(machine_speed())
    with tempfile.TemporaryDirectory(dir=scale.folder) as folder:
        for name in scale.sections:
            started = time.perf_counter()
            await SECTIONS[name](Path(folder), scale)
            print(f"   ({name}: {time.perf_counter() - started:.0f} s)")
    print(f"errors logged by the bot: {errors.count}")


def arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a fast smoke run of every section")
    parser.add_argument("--sections", default=",".join(SECTIONS), help="comma separated")
    parser.add_argument("--games", default=",".join(GAMES), help="comma separated")
    parser.add_argument("--matches", type=int, help="capacity: matches per game")
    parser.add_argument("--players", type=int, help="players per match (capacity, latency)")
    parser.add_argument("--seconds", type=float, help="capacity: seconds of clicking per game")
    parser.add_argument("--database-url", metavar="URL",
                        help="capacity: also on PostgreSQL, in fresh databases made on the "
                        f"server of URL (its user may create databases); {THROWAWAY!r}: on "
                        "a throwaway server started for the run")
    parser.add_argument("--processes", type=int, default=1, metavar="N",
                        help="capacity: also with N bot processes sharing the database")
    parser.add_argument("--live", type=int, help="latency: live matches")
    parser.add_argument("--every", type=float, help="latency: mean seconds between clicks")
    parser.add_argument("--play", type=float, help="latency: seconds of open-loop play")
    parser.add_argument("--bursts", type=int, help="latency: six-player rounds in the burst")
    parser.add_argument("--global-rate", type=int, default=None,
                        help="latency: Discord's global rate limit, kept by the bot (calls a "
                        "second; default: none)")
    parser.add_argument("--rounds", type=int, help="REST: rounds at each six-player table")
    parser.add_argument("--restart", help="restart: stored running matches, comma separated")
    parser.add_argument("--sample", type=int, help="restart: matches whose messages are posted")
    parser.add_argument("--stale", type=int, help="restart: matches out of date at the restart")
    parser.add_argument("--memory", type=int, help="footprint: matches loaded in the cache")
    parser.add_argument("--finished", type=int, help="footprint: matches per game played out")
    parser.add_argument("--folder", help="where the database files go (default: a temp dir)")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="print the N functions with the most own time while clicks "
                        "are measured (capacity, latency, restart)")
    scale = parser.parse_args(argv)
    for key, value in (QUICK if scale.quick else FULL).items():
        if getattr(scale, key) is None:
            setattr(scale, key, value)
    scale.sections = scale.sections.split(",")
    scale.games = scale.games.split(",")
    scale.restart = [int(size) for size in scale.restart.split(",")]
    unknown = set(scale.sections) - set(SECTIONS) | set(scale.games) - set(GAMES)
    if scale.processes < 1:
        parser.error("--processes must be 1 or more")
    if unknown:
        parser.error(f"unknown sections or games: {', '.join(sorted(unknown))}")
    return scale


def each_in_a_process(sections: Sequence[str], argv: Sequence[str]) -> int:
    """Run every section in a fresh process of its own, as a freshly started bot is: what
    one section left on the heap would otherwise slow the next. Returns the worst exit code."""
    others, skip = [], False
    for arg in argv:
        if skip or arg.startswith("--sections="):
            skip = False
            continue
        if arg == "--sections":
            skip = True
            continue
        others.append(arg)
    return max(
        subprocess.run([sys.executable, "-m", "bench.table", *others, "--sections", name],
                       check=False).returncode
        for name in sections
    )


if __name__ == "__main__":
    scale = arguments()
    if len(scale.sections) > 1:
        sys.exit(each_in_a_process(scale.sections, sys.argv[1:]))
    asyncio.run(main(scale))
