"""Board pictures' cost: every step of a few built matches drawn in order, as a table sends
them move after move, then steps picked at random (replays jumping about).

    python -m bench.boards [--database PATH] [--matches N]

Reads a database ``bench.history`` built (``/tmp/bench-history-N.db``). Each picture is
drawn in this process's thread, the CPU it took counted (``time.process_time``: the same on
a busy machine as on a quiet one, where the wall clock is not); a board unchanged since the
last one is taken from the renderer's cache, as the table takes it.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from collections import defaultdict
from pathlib import Path

from bench.history_build import opened
from cogs.common.pictures import renderer
from cogs.games import PRESENTERS
from data import matches as rows
from data import move_rows
from matches.match import Match
from matches.replay import Replay, replay
from rules.catalog import ENGINES


async def rebuilt(path: Path, matches: int) -> list[Replay]:
    """The first ``matches`` matches of the database, rebuilt step by step."""
    store = await opened(path)
    try:
        async with store.read() as db:
            found = []
            for match_id in range(1, matches + 1):
                record = await rows.fetch_match(db, match_id)
                assert record is not None, f"the database has no match {match_id}"
                moves = await move_rows.move_log(db, match_id)
                found.append(replay(ENGINES[record.game], record, moves))
            return found
    finally:
        await store.close()


async def drawn(steps: list[tuple[Replay, int]]) -> dict[str, list[float]]:
    """The CPU each step's pictures took, by game."""
    took: dict[str, list[float]] = defaultdict(list)
    for rebuilt, step in steps:
        record = rebuilt.record
        match = Match(record, rebuilt.engine, rebuilt.state_at(step))
        started = time.process_time()
        await PRESENTERS[record.game].board_pictures(match)
        took[record.game].append(time.process_time() - started)
    return took


def report(label: str, took: dict[str, list[float]]) -> None:
    every = [t for times in took.values() for t in times]
    games = ", ".join(
        f"{game} {sum(times) / len(times) * 1000:.1f}" for game, times in sorted(took.items())
    )
    print(f"  {label}: {sum(every) / len(every) * 1000:.1f} ms CPU a board over {len(every):,}"
          f" ({games})")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", type=Path, default=Path("/tmp/bench-history-100000.db"))
    parser.add_argument("--matches", type=int, default=12)
    args = parser.parse_args()
    renderer.draw_in(None)
    replays = await rebuilt(args.database, args.matches)
    in_order = [(r, step) for r in replays for step in range(r.last + 1)]
    print(f"board pictures of {len(replays)} matches, {len(in_order):,} steps:")
    report("every step in order", await drawn(in_order))
    renderer.clear_caches()
    at_random = random.Random(26).sample(in_order, min(240, len(in_order)))
    report("steps at random (pictures forgotten, the fonts' words kept)", await drawn(at_random))


if __name__ == "__main__":
    asyncio.run(main())
