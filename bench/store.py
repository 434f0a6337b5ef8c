"""What durable commits cost: persisted moves per second with synchronous FULL and NORMAL.

    python -m bench.store [--moves N] [--writers W]

Each move is what the table writes for a click: read the match row, write a state of a
real match's size and append to the move log, in one transaction on the store's writer
connection. FULL (what the bot runs) syncs the WAL on every commit, so an acknowledged
move survives a power loss; NORMAL is the floor it is compared with, and may lose the
last moves. With several writers (matches moving at once) transactions queued behind one
another share a commit. Figures, not tests.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from data import matches as rows
from data import move_rows, versions
from data.database import Database
from data.postgres import PostgresStore, is_url
from data.store import Store
from rules.whyfirst import ENGINE


async def persisted_moves(
    where: Path | str,
    durable: bool,
    moves: int,
    *,
    state: dict[str, Any] | None = None,
    writers: int = 1,
) -> float:
    """Moves per second, with synchronous FULL (durable) or NORMAL, on the SQLite file or
    PostgreSQL database (its URL; always durable) ``where``.

    ``state``: the state each move writes (default: a 4-player Why First? match's);
    ``writers``: matches moving at once, each in its own row.
    """
    store: Database = (
        await PostgresStore.open(str(where)) if is_url(where) else
        await Store.open(where, durable=durable)
    )
    written = state if state is not None else ENGINE.dump(ENGINE.setup(4, {}, seed=1))

    async def moving(match_id: int, count: int) -> None:
        version = 0
        for move in range(count):
            async with store.transaction() as db:
                await rows.fetch_match(db, match_id)
                version = await versions.update_match(
                    db, match_id, expected_version=version, status="playing", state=written
                )
                await move_rows.append_move(
                    db, match_id, seat=move % 4, move="p7:1", decision_point=move, events=[]
                )

    async with store.transaction() as db:
        matches = [
            await rows.insert_match(
                db, game="whyfirst", guild_id=1, channel_id=2 + n, host_id=3, options={}
            )
            for n in range(writers)
        ]
    started = time.perf_counter()
    await asyncio.gather(*(moving(match_id, moves // writers) for match_id in matches))
    elapsed = time.perf_counter() - started
    await store.close()
    return moves // writers * writers / elapsed


async def main(moves: int, writers: int) -> None:
    print(f"{'synchronous':<12} {'moves/s':>9} {'ms/move':>8}   ({writers} writers)")
    with tempfile.TemporaryDirectory() as folder:
        for mode in ("NORMAL", "FULL"):
            rate = await persisted_moves(
                Path(folder) / f"{mode}.db", mode == "FULL", moves, writers=writers
            )
            print(f"{mode:<12} {rate:>9.0f} {1000 / rate:>8.2f}")
    print("The bot runs FULL; NORMAL is the floor (not durable on power loss).")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--writers", type=int, default=1, help="matches moving at once")
    args = parser.parse_args()
    asyncio.run(main(args.moves, args.writers))
