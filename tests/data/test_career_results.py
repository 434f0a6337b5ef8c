"""Careers' results summed up as they are recorded equal a full recount, whatever the
results and whenever the background sums up those recorded before (version 13)."""

from __future__ import annotations

import asyncio
import itertools
import tempfile
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data import career_results, ratings
from data import matches as rows
from data.store import Store
from tests import databases
from tests.matches.helpers import to_version_13

USERS = (11, 12, 13, 14)
CHANNELS = itertools.count(100)
"""A channel per match: each stays open (one open match per game and channel)."""
GAMES = ("canyon", "hare")


@st.composite
def finished_match(draw: st.DrawFn) -> list[ratings.SeatResult]:
    """One finished match's results: humans and computer seats (no user), ties, draws
    (nobody won) and forfeits."""
    seats = draw(st.integers(2, 4))
    users = draw(st.permutations([*USERS, None, None]))[:seats]
    decided = draw(st.booleans())
    guild, game = draw(st.sampled_from((1, 2))), draw(st.sampled_from(GAMES))
    results = []
    for seat, user_id in enumerate(users):
        forfeited = draw(st.booleans()) and draw(st.booleans())
        place = draw(st.integers(1, seats))
        results.append(
            ratings.SeatResult(
                match_id=0, seat=seat, guild_id=guild, game=game, user_id=user_id,
                players=seats, place=place, points=0 if forfeited else draw(st.integers(0, 3)),
                won=decided and place == 1 and not forfeited, forfeited=forfeited,
                finished_at="2026-01-01", decided=decided,
            )
        )
    return results


def recount(recorded: list[ratings.SeatResult]) -> dict[tuple[int, int, str], tuple]:
    """(matches, draws, best match, best seat) of every player and game, counted here."""
    found: dict[tuple[int, int, str], list[ratings.SeatResult]] = {}
    for result in recorded:
        if result.user_id is not None:
            found.setdefault((result.guild_id, result.user_id, result.game), []).append(result)
    counted = {}
    for key, results in found.items():
        best = min(
            results,
            key=lambda r: (not r.won, r.forfeited, r.decided, r.place, -r.points, r.match_id),
        )
        draws = sum(not r.decided and not r.forfeited for r in results)
        counted[key] = (len(results), draws, best.match_id, best.seat)
    return counted


async def kept(store: Store) -> dict[tuple[int, int, str], tuple]:
    async with store.read() as db:
        cursor = await db.execute(
            "SELECT guild_id, user_id, game, matches, draws, best_match, best_seat"
            " FROM career_results"
        )
        return {tuple(row[:3]): tuple(row[3:]) for row in await cursor.fetchall()}


async def read_per_player(store: Store) -> dict[tuple[int, int, str], tuple]:
    """What ``of_player`` answers for every player: kept, or counted while summing up."""
    found = {}
    for guild in (1, 2):
        for user_id in USERS:
            lines = await store.reading(
                lambda db, guild=guild, user_id=user_id: career_results.of_player(
                    db, guild, user_id
                )
            )
            for line in lines:
                found[(guild, user_id, line.game)] = (
                    line.matches, line.draws, line.best_match, line.best_seat
                )
    return found


async def record(store: Store, match: list[ratings.SeatResult]) -> list[ratings.SeatResult]:
    """The match stored and its results recorded as the table records them."""
    first = match[0]

    async def write(db):
        match_id = await rows.insert_match(
            db, game=first.game, guild_id=first.guild_id,
            channel_id=next(CHANNELS), host_id=1, options={}
        )
        stored = [replace(result, match_id=match_id) for result in match]
        for result in stored:
            await ratings.record_result(db, result)
        return stored

    return await store.writing(write)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    before=st.lists(finished_match(), max_size=12),
    after=st.lists(finished_match(), max_size=12),
    last=finished_match(),
    batch=st.integers(1, 3),
    steps_between=st.lists(st.integers(0, 2), min_size=12, max_size=12),
)
def test_kept_results_equal_a_recount_live_and_after_summing_up_an_older_database(
    before, after, last, batch, steps_between
):
    """Matches recorded, then the database taken back to version 13 (no summed results),
    then more matches recorded while the background sums up the earlier ones a few players
    at a time: at every point the answer per player is the recount, and once summed up
    the kept rows are."""

    async def run(path: Path) -> None:
        store = await Store.open(path, durable=False)
        recorded = [r for match in before for r in await record(store, match)]
        assert await kept(store) == recount(recorded), "kept live"
        await store.close()
        to_version_13(path)
        store = await Store.open(path, durable=False)
        try:
            assert await kept(store) == {}
            for match, steps in zip(after, steps_between, strict=False):
                recorded += await record(store, match)
                for _ in range(steps):
                    await store.writing(lambda db: career_results.sum_up_next(db, batch))
                assert await read_per_player(store) == recount(recorded)
            while await store.writing(lambda db: career_results.sum_up_next(db, batch)) is not None:
                pass
            assert await kept(store) == recount(recorded), "kept after summing up"
            assert await read_per_player(store) == recount(recorded)
            recorded += await record(store, last)
            assert await kept(store) == recount(recorded), "kept live again"
        finally:
            await store.close()

    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(Path(folder) / "table.db"))


async def test_a_result_is_kept_for_discords_own_ids(tmp_path):
    """Servers, players and matches by ids as large as Discord's (64-bit snowflakes), on
    this run's database: the result is recorded and the player's career reads it back."""
    guild, user = 1575663891059310592, 1575663897388515328
    store = await databases.open_store(tmp_path / "table.db")
    try:
        match = [
            ratings.SeatResult(
                match_id=0, seat=seat, guild_id=guild, game="hare", user_id=user_id,
                players=2, place=seat + 1, points=2 - seat, won=seat == 0, forfeited=False,
                finished_at="2026-01-01", decided=True,
            )
            for seat, user_id in enumerate((user, user + 1))
        ]
        (first, _) = await record(store, match)
        lines = await store.reading(lambda db: career_results.of_player(db, guild, user))
        assert [(line.game, line.matches, line.best_match, line.best_seat) for line in lines] == [
            ("hare", 1, first.match_id, 0)
        ]
    finally:
        await store.close()
