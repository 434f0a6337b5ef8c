"""Each player's results summed up per server and game, kept as each result is recorded.

A row holds how many results a player has in a game on a server, their draws and where
their best result is, so /stats reads one row instead of counting every result. It changes
in the transaction that records a result (``add_all``, called by ``ratings.record_results``);
results recorded before the rows existed are summed up in the background (``sum_up_next``),
and until that is done ``of_player`` counts them from the results, as exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from data import meta
from data.interface import Connection
from data.lists import one_of

if TYPE_CHECKING:
    from data.ratings import SeatResult

SUM_UP_FROM = "career_results_from"
"""Meta key: earlier results are being summed up; the last player and game done
('guild user game', '' before the first)."""


@dataclass(frozen=True)
class CareerResults:
    """A player's results in one game on one server."""

    game: str
    matches: int
    draws: int
    """Matches that ended with nobody winning, forfeits left out."""
    best_match: int
    best_seat: int
    """Where the best result is: a win, else a draw, else the best place (then the most
    points, then the earliest); a forfeit only when every result is one."""


def _best_first(
    won: bool, forfeited: bool, decided: bool, place: int, points: int, match_id: int
) -> tuple[bool, bool, bool, int, int, int]:
    """The order of results from the best, as ``_BEST_FIRST`` sorts them."""
    return (not won, forfeited, decided, place, -points, match_id)


_BEST_FIRST = "ORDER BY won DESC, forfeited, decided, place, points DESC, match_id"
_OF = "guild_id = ? AND user_id = ? AND game = ?"


Key = tuple[int, int, str]
"""(guild id, user id, game) of a player's results in one game on one server."""
Best = tuple[tuple[bool, bool, bool, int, int, int], int]
"""A best result: its order (``_best_first``) and its seat."""


@dataclass
class _Change:
    """What more results change in a player's row: counts to add, and the best result."""

    best: Best | None
    matches: int = 0
    draws: int = 0


async def add_all(db: Connection, results: Sequence[SeatResult]) -> None:
    """Count more results of players, in order (call in the transaction that records
    them): the rows they change read at once, then written at once."""
    players = [result for result in results if result.user_id is not None]
    if not players:
        return
    kept = await _kept(db, {(r.guild_id, r.user_id, r.game) for r in players})
    changed: dict[Key, _Change] = {}
    for result in players:
        key = (result.guild_id, result.user_id, result.game)
        new = _best_first(
            result.won, result.forfeited, result.decided, result.place, result.points,
            result.match_id,
        )
        change = changed.get(key) or _Change(best=kept.get(key))
        change.matches += 1
        change.draws += int(not result.decided and not result.forfeited)
        if change.best is None or new < change.best[0]:
            change.best = (new, result.seat)
        changed[key] = change
    await db.executemany(
        "INSERT INTO career_results (guild_id, user_id, game, matches, draws, best_match,"
        " best_seat) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id, game)"
        " DO UPDATE SET matches = career_results.matches + excluded.matches,"
        " draws = career_results.draws + excluded.draws, best_match = excluded.best_match,"
        " best_seat = excluded.best_seat",
        [
            (*key, change.matches, change.draws, change.best[0][-1], change.best[1])
            for key, change in changed.items()
            if change.best is not None
        ],
    )


async def _kept(db: Connection, keys: set[Key]) -> dict[Key, Best | None]:
    """The best result of each kept row of ``keys`` (None where that result is missing)."""
    conditions, values = [], []
    for column, index in (("guild_id", 0), ("user_id", 1), ("game", 2)):
        condition, found = one_of(db, column, sorted({key[index] for key in keys}))
        conditions.append(condition)
        values += found
    cursor = await db.execute(
        "SELECT guild_id, user_id, game, best_match, best_seat FROM career_results"
        f" WHERE {' AND '.join(conditions)}",
        values,
    )
    rows = {
        key: (row[3], row[4])
        for row in await cursor.fetchall()
        if (key := (row[0], row[1], row[2])) in keys
    }
    if not rows:
        return {}
    condition, values = one_of(db, "match_id", sorted({match for match, _ in rows.values()}))
    cursor = await db.execute(
        "SELECT match_id, seat, won, forfeited, decided, place, points FROM results"
        f" WHERE {condition}",
        values,
    )
    results = {(row[0], row[1]): row for row in await cursor.fetchall()}
    best: dict[Key, Best | None] = {}
    for key, (match_id, seat) in rows.items():
        row = results.get((match_id, seat))
        best[key] = None if row is None else (
            _best_first(bool(row[2]), bool(row[3]), bool(row[4]), row[5], row[6], match_id),
            seat,
        )
    return best


async def counted(
    db: Connection, guild_id: int, user_id: int, game: str
) -> CareerResults | None:
    """The player's results in a game counted from every result (None without any)."""
    key = (guild_id, user_id, game)
    cursor = await db.execute(
        "SELECT COUNT(*), SUM(CASE WHEN decided = 0 AND forfeited = 0 THEN 1 ELSE 0 END)"
        f" FROM results WHERE {_OF}",
        key,
    )
    matches, draws = await cursor.fetchone()
    if not matches:
        return None
    cursor = await db.execute(
        f"SELECT match_id, seat FROM results WHERE {_OF} {_BEST_FIRST} LIMIT 1", key
    )
    best = await cursor.fetchone()
    return CareerResults(game, int(matches), int(draws), best[0], best[1])


async def of_player(
    db: Connection, guild_id: int, user_id: int
) -> list[CareerResults]:
    """The player's results per game on a server, by game: the kept rows, or while earlier
    results are still being summed up, counted from the results."""
    if await meta.get_meta(db, SUM_UP_FROM) is not None:
        cursor = await db.execute(
            "SELECT DISTINCT game FROM results WHERE guild_id = ? AND user_id = ? ORDER BY game",
            (guild_id, user_id),
        )
        games = [row[0] for row in await cursor.fetchall()]
        found = [await counted(db, guild_id, user_id, game) for game in games]
        return [line for line in found if line is not None]
    cursor = await db.execute(
        "SELECT game, matches, draws, best_match, best_seat FROM career_results"
        " WHERE guild_id = ? AND user_id = ? ORDER BY game",
        (guild_id, user_id),
    )
    return [CareerResults(*row) for row in await cursor.fetchall()]


async def sum_up_next(db: Connection, batch: int) -> int | None:
    """Sum up the earlier results of the next ``batch`` players and games (the rows
    counted afresh, results added since included): how many, or None once all are."""
    after = await meta.get_meta(db, SUM_UP_FROM)
    if after is None:
        return None
    guild_id, user_id, game = _position(after)
    cursor = await db.execute(
        "SELECT DISTINCT guild_id, user_id, game FROM results"
        " WHERE (guild_id, user_id, game) > (?, ?, ?) AND user_id IS NOT NULL"
        " ORDER BY guild_id, user_id, game LIMIT ?",
        (guild_id, user_id, game, batch),
    )
    keys: list[Key] = [(row[0], row[1], row[2]) for row in await cursor.fetchall()]
    if keys:
        lines = await _counted_between(db, (guild_id, user_id, game), keys[-1])
        await db.executemany(
            "INSERT INTO career_results (guild_id, user_id, game, matches, draws, best_match,"
            " best_seat) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id, game)"
            " DO UPDATE SET matches = excluded.matches, draws = excluded.draws,"
            " best_match = excluded.best_match, best_seat = excluded.best_seat",
            [
                (*key, line.matches, line.draws, line.best_match, line.best_seat)
                for key in keys
                for line in (lines[key],)
            ],
        )
    if len(keys) < batch:
        await meta.delete_meta(db, SUM_UP_FROM)
    else:
        await meta.set_meta(db, SUM_UP_FROM, " ".join(str(part) for part in keys[-1]))
    return len(keys)


async def _counted_between(db: Connection, after: Key, last: Key) -> dict[Key, CareerResults]:
    """Each player's results counted from every result (``counted``), for the players and
    games after ``after`` up to ``last``: two statements however many."""
    within = (
        "(guild_id, user_id, game) > (?, ?, ?) AND (guild_id, user_id, game) <= (?, ?, ?)"
        " AND user_id IS NOT NULL"
    )
    cursor = await db.execute(
        "SELECT guild_id, user_id, game, COUNT(*),"
        " SUM(CASE WHEN decided = 0 AND forfeited = 0 THEN 1 ELSE 0 END)"
        f" FROM results WHERE {within} GROUP BY guild_id, user_id, game",
        (*after, *last),
    )
    counts = {
        (row[0], row[1], row[2]): (int(row[3]), int(row[4])) for row in await cursor.fetchall()
    }
    cursor = await db.execute(
        "SELECT guild_id, user_id, game, match_id, seat FROM (SELECT guild_id, user_id, game,"
        " match_id, seat, ROW_NUMBER() OVER (PARTITION BY guild_id, user_id, game"
        f" {_BEST_FIRST}) AS best_first FROM results WHERE {within}) AS ranked"
        " WHERE best_first = 1",
        (*after, *last),
    )
    return {
        key: CareerResults(key[2], *counts[key], row[3], row[4])
        for row in await cursor.fetchall()
        for key in ((row[0], row[1], row[2]),)
    }


def _position(after: str) -> tuple[int, int, str]:
    """(guild, user, game) of the last player and game summed up (before all of them)."""
    if not after:
        return -1, -1, ""
    guild_id, user_id, game = after.split(" ", 2)
    return int(guild_id), int(user_id), game
