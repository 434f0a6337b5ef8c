"""Playing whole matches through the service, with seeded random legal moves."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

from data import packing
from matches.match import Player
from matches.service import MatchService
from matches.timekeeper import Timekeeper
from rules.defaults import default_move


async def play_match(
    service: MatchService,
    game: str,
    players: list[Player],
    *,
    guild_id: int = 1,
    channel_id: int = 10,
    options: dict | None = None,
    seed: int = 1,
    resign: Player | None = None,
) -> int:
    """Open, fill, start and play a match to its end; its id.

    ``resign``: a player who resigns at once (their seat plays on autopilot).
    """
    match = await service.create(
        game, guild_id=guild_id, channel_id=channel_id, host=players[0], options=options or {}
    )
    for player in players[1:]:
        await service.join(match.id, player)
    match = await service.start(match.id, players[0].user_id)
    if resign is not None:
        await Timekeeper(service).resign(match.id, resign.user_id)
    rng = random.Random(seed)
    for _ in range(5000):
        match = await service.get(match.id)
        if match.status != "playing":
            return match.id
        seat = min(match.awaited())
        # Mostly the table's own purposeful move (a random Hare race can run for ever).
        move = (
            default_move(match.record.game, match.engine.view(match.state, seat), seat, seed)
            if rng.random() < 0.7 or seat in match.played_by_table()
            else rng.choice(match.engine.legal_moves(match.state, seat))
        )
        point = match.decision_point()
        if seat in match.played_by_table():  # the autopilot's move, as the table makes it
            await service.play_for_table(match.id, seat, point, move, "autopilot")
        else:
            await service.play(match.id, match.seats[seat].user_id, point, move)
    raise AssertionError("the match did not end")


def to_version_5(path: Path) -> None:
    """The database (closed) as version 5 left it: no ratings, no results, no computer
    levels, nothing of later versions; its finished matches wait for their ratings, their
    move logs unpacked."""
    with sqlite3.connect(path) as raw:
        for match_id, packed in raw.execute("SELECT match_id, packed FROM move_logs").fetchall():
            raw.executemany(
                f"INSERT INTO moves (match_id, {', '.join(packing.COLUMNS)})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (match_id, *(move[c] for c in packing.COLUMNS))
                    for move in packing.unpack(packed)
                ],
            )
        raw.executescript(
            "DROP TABLE ratings; DROP TABLE results; DROP TABLE career_results;"
            " DROP INDEX seats_playing_for_players;"
            " DROP TABLE player_languages; DROP TABLE settings;"
            " ALTER TABLE seats DROP COLUMN level; DROP INDEX seats_by_user;"
            " DROP INDEX matches_finished_order; DROP TABLE move_logs; DELETE FROM meta;"
            " DROP TABLE claims; DROP TABLE processes;"
            " PRAGMA user_version = 5;"
        )


SINCE_15 = "ALTER TABLE settings DROP COLUMN pace; ALTER TABLE settings DROP COLUMN notices;"
"""What versions 15 and later added to a database and an older one lacks: a server's pace
and its channel for notices."""


def to_version_13(path: Path) -> None:
    """The database (closed) as version 13 left it: its results recorded, not yet summed up
    in the careers (``data.career_results``), no server's pace or notice channel."""
    with sqlite3.connect(path) as raw:
        raw.executescript(
            SINCE_15
            + " DROP TABLE career_results; DROP INDEX ratings_ranked;"
            " CREATE INDEX ratings_by_rank ON ratings (guild_id, game, ordinal DESC);"
            " PRAGMA user_version = 13;"
        )


async def unpack_every_log(store: Any) -> None:
    """Every packed log back into rows of ``moves``, as versions before packing kept them."""
    async with store.transaction() as db:
        cursor = await db.execute("SELECT match_id, packed FROM move_logs")
        for match_id, packed in await cursor.fetchall():
            for move in packing.unpack(packed):
                await db.execute(
                    "INSERT INTO moves (match_id, seq, seat, move, decision_point, events, how,"
                    " played_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (match_id, *(move[column] for column in packing.COLUMNS)),
                )
        await db.execute("DELETE FROM move_logs")
