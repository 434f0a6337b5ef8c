"""The table under load, end to end: the real bot, a real SQLite file, the simulated Discord.

    python -m bench.table [--matches N] [--rounds R] [--restart N]

Prints, beside the floor each is compared with:
- capacity: clicks per second the whole table answers, with Why First? matches of two
  players clicking as fast as the backend delivers; the floor is a bare aiosqlite
  transaction that reads a match row, writes a state of the same size and logs a move;
- latency of those clicks (p50 / p99 from the interaction's creation to its answer);
- database transactions and reads, and REST calls by kind, per click;
- restart with N open matches (lobbies of two): time until the table is ready and every
  stale message refreshed, and REST calls made, when nothing is stale, when nothing was
  posted yet and when everything is stale.
Figures, not tests: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench.store import persisted_moves
from bot import Settings, TableBot
from data.store import Store
from matches.service import Player
from tests.fakediscord import FakeDiscord
from tests.fakediscord.model import Channel, User

MOVE, CHOICE = "mv:", "ch:"


class Counting:
    """Counts the store's transactions and reads while the bench runs."""

    def __init__(self, store: Store) -> None:
        self.counts: Counter[str] = Counter()
        for name in ("transaction", "read"):
            original = getattr(store, name)

            def counted(original=original, name=name):  # type: ignore[no-untyped-def]
                self.counts[name] += 1
                return original()

            setattr(store, name, counted)


async def _open_matches(
    backend: FakeDiscord, guild, count: int
) -> list[tuple[Channel, User, User]]:
    tables = []
    for n in range(count):
        channel = backend.add_text_channel(guild, f"table-{n}")
        anne = backend.add_user(f"anne{n}", guild=guild)
        ben = backend.add_user(f"ben{n}", guild=guild)
        await backend.slash(anne, channel, "whyfirst new")
        board = backend.channel_messages(channel)[0]
        await backend.click(ben, board, label="Join")
        await backend.click(anne, backend.channel_messages(channel)[0], label="Start")
        tables.append((channel, anne, ben))
    return tables


def _first(message, prefix: str) -> str | None:
    return next(
        (b.custom_id for b in message.buttons if b.custom_id and b.custom_id.startswith(prefix)),
        None,
    )


async def _click_all(backend: FakeDiscord, players: list[User], prefix: str) -> list:
    """Every player clicks the first button with ``prefix`` on their hand, all at once."""
    results = []
    async with backend.simultaneously():
        for player in players:
            hand = backend.dm_messages(player)[0]
            custom_id = _first(hand, prefix)
            if custom_id is not None:
                results.append(await backend.click(player, hand, custom_id=custom_id))
    return results


async def capacity(folder: Path, matches: int, rounds: int) -> None:
    async with FakeDiscord(settle_timeout=600) as backend:
        guild = backend.add_guild("Bench")
        settings = Settings(backend.token, folder / "capacity.db", None, "WARNING")
        bot = TableBot(settings, new_seed=lambda: 7)
        await backend.connect(bot)
        tables = await _open_matches(backend, guild, matches)
        players = [p for _, anne, ben in tables for p in (anne, ben)]
        assert bot.store is not None
        counting = Counting(bot.store)
        calls_before = len(backend.calls)
        results = []
        started = time.perf_counter()
        for _ in range(rounds):
            results += await _click_all(backend, players, CHOICE)
            results += await _click_all(backend, players, MOVE)
        elapsed = time.perf_counter() - started
        latencies = sorted(
            r.record.responded_at - r.record.created_at
            for r in results
            if r.record.responded_at is not None
        )
        kinds = Counter(
            f"{c.method} {c.route}" for c in backend.calls[calls_before:] if c.route
        )
        await backend.disconnect()
    clicks = len(results)
    floor = await persisted_moves(folder / "floor.db", True, 500)
    print(f"capacity: {clicks / elapsed:8.0f} clicks/s   floor {floor:8.0f} moves/s "
          f"({clicks} clicks, {matches} matches)")
    print(f"latency : p50 {1000 * statistics.median(latencies):6.1f} ms   "
          f"p99 {1000 * latencies[int(0.99 * (len(latencies) - 1))]:6.1f} ms   goal p99 < 100 ms")
    print(f"store   : {counting.counts['transaction'] / clicks:5.2f} transactions and "
          f"{counting.counts['read'] / clicks:5.2f} reads per click")
    for kind, count in kinds.most_common():
        print(f"  REST {kind:<60} {count / clicks:5.2f} per click")


async def _restart(backend: FakeDiscord, settings: Settings) -> tuple[float, int]:
    """A new bot on the same database: seconds until ready and refreshed, REST calls made."""
    await backend.disconnect()
    calls = len(backend.calls)
    started = time.perf_counter()
    await backend.connect(TableBot(settings, new_seed=lambda: 7))  # waits until quiet
    return time.perf_counter() - started, len(backend.calls) - calls


async def restart(folder: Path, matches: int) -> None:
    async with FakeDiscord(settle_timeout=3600) as backend:
        guild = backend.add_guild("Bench")
        settings = Settings(backend.token, folder / "restart.db", None, "WARNING")
        bot = TableBot(settings, new_seed=lambda: 7)
        await backend.connect(bot)
        service = bot.table.service
        # Many lobbies, one per channel, made through the service: nothing posted yet.
        for n in range(matches):
            channel = backend.add_text_channel(guild, f"table-{n}")
            anne = Player(10_000 + 2 * n, f"anne{n}")
            ben = Player(10_001 + 2 * n, f"ben{n}")
            match = await service.create(
                "whyfirst", guild_id=guild.id, channel_id=channel.id, host=anne,
                options={},
            )
            await service.join(match.id, ben)
        fresh, fresh_calls = await _restart(backend, settings)
        assert backend.bot is not None
        async with backend.bot.store.transaction() as db:  # every message out of date
            await db.execute("UPDATE match_messages SET fingerprint = ''")
        await backend.disconnect()
        stale_start = time.perf_counter()
        calls = len(backend.calls)
        await backend.connect(TableBot(settings, new_seed=lambda: 7))
        stale, stale_calls = time.perf_counter() - stale_start, len(backend.calls) - calls
        again, again_calls = await _restart(backend, settings)
        await backend.disconnect()
    print(f"restart : {matches} open matches, all up to date: ready in {again:5.2f} s with "
          f"{again_calls} REST calls (goal: 0 calls; 10,000 matches within 3 s)")
    print(f"          none posted yet: {fresh:5.2f} s, {fresh_calls} REST calls; all stale: "
          f"{stale:5.2f} s, {stale_calls} REST calls "
          f"({stale_calls / max(stale, 1e-9):5.0f} per second)")


async def main(matches: int, rounds: int, restart_matches: int) -> None:
    logging.basicConfig(level=logging.ERROR)
    with tempfile.TemporaryDirectory() as folder:
        await capacity(Path(folder), matches, rounds)
        await restart(Path(folder), restart_matches)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--restart", type=int, default=200)
    args = parser.parse_args()
    asyncio.run(main(args.matches, args.rounds, args.restart))
