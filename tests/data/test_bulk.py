"""A batch of finished matches written at once (the bench's years of history) reads back as
the same matches written move by move, as the table writes them, on this run's database."""

from __future__ import annotations

import random
from dataclasses import replace

from bench.history_build import finished, play
from data import bulk, career, move_rows, seat_rows, versions
from data import matches as rows
from data.interface import Connection
from tests import databases

PLAYERS = [(1000 + n, f"player {n}") for n in range(8)]


async def move_by_move(db: Connection, match: bulk.Finished) -> int:
    """``match`` written as the table writes it: a lobby, its seats, each move, then finished."""
    match_id = await rows.insert_match(
        db, game=match.game, guild_id=match.guild_id, channel_id=match.channel_id,
        host_id=match.seats[0][0], options=match.options,
    )
    for user, name in match.seats:
        await seat_rows.add_seat(db, match_id, user, name)
    for seat, move, point, events in match.moves:
        await move_rows.append_move(db, match_id, seat=seat, move=move,
                                    decision_point=point, events=events)
    await versions.update_match(db, match_id, expected_version=0, status="finished",
                                state=match.state)
    for (user, _), (won, points) in zip(match.seats, match.results, strict=True):
        await career.record_result(db, match.guild_id, user, match.game, won=won, points=points)
    return match_id


async def read_back(db: Connection, match_id: int) -> tuple:
    """What the bot reads of a stored match: its row and seats, and its move log."""
    match = await rows.fetch_match(db, match_id)
    assert match is not None
    return replace(match, id=0), await move_rows.move_log(db, match_id)


async def test_a_batch_reads_back_as_the_matches_written_move_by_move(tmp_path):
    rng = random.Random(7)
    played = [play(number, rng) for number in range(4)]  # one of each game
    batch = [
        finished(match, 1 + number % 2, rng.sample(PLAYERS, match.seats))
        for number, match in enumerate(played * 2)
    ]
    by_bulk = await databases.open_store(tmp_path / "bulk.db")
    by_moves = await databases.open_store(tmp_path / "moves.db")
    try:
        ids = await by_bulk.writing(lambda db: bulk.insert_finished(db, batch))
        assert len(set(ids)) == len(batch)

        async def each(db: Connection) -> list[int]:
            return [await move_by_move(db, match) for match in batch]

        written = await by_moves.writing(each)
        for bulk_id, moves_id, match in zip(ids, written, batch, strict=True):
            stored = await by_bulk.reading(lambda db, i=bulk_id: read_back(db, i))
            assert stored == await by_moves.reading(lambda db, i=moves_id: read_back(db, i))
            assert len(stored[1]) == len(match.moves) > 0
        for guild in (1, 2):
            for user, _ in PLAYERS:
                assert await by_bulk.reading(
                    lambda db, g=guild, u=user: career.player_totals(db, g, u)
                ) == await by_moves.reading(
                    lambda db, g=guild, u=user: career.player_totals(db, g, u)
                )
    finally:
        await by_bulk.close()
        await by_moves.close()
