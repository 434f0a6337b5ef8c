"""What durable commits cost: persisted moves per second with synchronous FULL and NORMAL.

    python -m bench.store [--moves N]

Each move is what the table writes for a click: read the match row, write a state of a
real match's size and append to the move log, in one transaction on the store's writer
connection. FULL (what the bot runs) syncs the WAL on every commit, so an acknowledged
move survives a power loss; NORMAL is the floor it is compared with, and may lose the
last moves. Figures, not tests.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from data import matches as rows
from data.store import Store
from rules.whyfirst import ENGINE


async def persisted_moves(path: Path, durable: bool, moves: int) -> float:
    """Moves per second, with synchronous FULL (durable) or NORMAL."""
    store = await Store.open(path, durable=durable)
    state = ENGINE.dump(ENGINE.setup(4, {}, seed=1))
    async with store.transaction() as db:
        match_id = await rows.insert_match(
            db, game="whyfirst", guild_id=1, channel_id=2, host_id=3, options={}
        )
    version = 0
    started = time.perf_counter()
    for move in range(moves):
        async with store.transaction() as db:
            await rows.fetch_match(db, match_id)
            version = await rows.update_match(
                db, match_id, expected_version=version, status="playing", state=state
            )
            await rows.append_move(
                db, match_id, seat=move % 4, move="p7:1", decision_point=move, events=[]
            )
    elapsed = time.perf_counter() - started
    await store.close()
    return moves / elapsed


async def main(moves: int) -> None:
    print(f"{'synchronous':<12} {'moves/s':>9} {'ms/move':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for mode in ("NORMAL", "FULL"):
            rate = await persisted_moves(Path(folder) / f"{mode}.db", mode == "FULL", moves)
            print(f"{mode:<12} {rate:>9.0f} {1000 / rate:>8.2f}")
    print("The bot runs FULL; NORMAL is the floor (not durable on power loss).")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    asyncio.run(main(parser.parse_args().moves))
