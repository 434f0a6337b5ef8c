"""Ratings, per-seat results and match history rows; functions take an open connection.

A rating belongs to a player and a game on one server (``guild_id``) or across every
server (``GLOBAL``). ``matches.results`` decides the numbers; this module only keeps them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from data import career_results
from data.interface import Connection, Row
from data.lists import id_rows, one_of

GLOBAL = 0
"""The guild id of the ratings that count every server."""


@dataclass(frozen=True)
class Rating:
    user_id: int
    mu: float
    sigma: float
    ordinal: float
    matches: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0


@dataclass(frozen=True)
class SeatResult:
    """One seat's result in a finished match (forfeits applied)."""

    match_id: int
    seat: int
    guild_id: int
    game: str
    user_id: int | None
    players: int
    place: int
    points: int
    won: bool
    forfeited: bool
    finished_at: str
    name: str = ""
    """The seat's display name (filled in when read back), or the phantom's name."""
    phantom: str | None = None
    """A phantom participant's name (Leo); None for a seat."""
    decided: bool = True
    """Whether the match had a winner; False when it ended with nobody winning."""
    level: str | None = None
    """How well a computer seat played (filled in when read back); None for a player or a
    phantom."""


async def record_result(db: Connection, result: SeatResult) -> None:
    """Store a seat's result (see ``record_results``)."""
    await record_results(db, [result])


async def record_results(db: Connection, results: Sequence[SeatResult]) -> None:
    """Store seats' results, and count each in its player's career (``career_results``),
    in order: a few statements however many."""
    if not results:
        return
    await db.executemany(
        "INSERT INTO results (match_id, seat, guild_id, game, user_id, players, place, points,"
        " won, forfeited, finished_at, phantom, decided)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                result.match_id, result.seat, result.guild_id, result.game, result.user_id,
                result.players, result.place, result.points, int(result.won),
                int(result.forfeited), result.finished_at, result.phantom, int(result.decided),
            )
            for result in results
        ],
    )
    await career_results.add_all(db, results)


async def ratings_of(
    db: Connection, guild_id: int, game: str, user_ids: list[int]
) -> dict[int, Rating]:
    """The stored ratings of these players (players never rated are left out)."""
    found = await ratings_among(db, [(guild_id, game, user) for user in user_ids])
    return {user: rating for (_, _, user), rating in found.items()}


RatingKey = tuple[int, str, int]
"""(guild id, game, user id) of a rating."""


async def ratings_among(db: Connection, keys: Iterable[RatingKey]) -> dict[RatingKey, Rating]:
    """The stored ratings of these players, games and servers, by key (those never rated
    left out): one statement."""
    wanted = set(keys)
    if not wanted:
        return {}
    conditions, values = [], []
    for column, index in (("guild_id", 0), ("game", 1), ("user_id", 2)):
        condition, found = one_of(db, column, sorted({key[index] for key in wanted}))
        conditions.append(condition)
        values += found
    cursor = await db.execute(
        "SELECT guild_id, game, user_id, mu, sigma, ordinal, matches, wins FROM ratings"
        f" WHERE {' AND '.join(conditions)}",
        values,
    )
    return {
        key: Rating(*row[2:])
        for row in await cursor.fetchall()
        if (key := (row[0], row[1], row[2])) in wanted
    }


@dataclass(frozen=True)
class RatingChange:
    """A player's rating after one more rated match."""

    guild_id: int
    game: str
    user_id: int
    mu: float
    sigma: float
    ordinal: float
    won: bool
    match_id: int


async def save_rating(
    db: Connection,
    guild_id: int,
    game: str,
    user_id: int,
    *,
    mu: float,
    sigma: float,
    ordinal: float,
    won: bool,
    match_id: int,
) -> None:
    """Store a player's rating after one more rated match."""
    await save_ratings(
        db, [RatingChange(guild_id, game, user_id, mu, sigma, ordinal, won, match_id)]
    )


async def save_ratings(db: Connection, changes: Sequence[RatingChange]) -> None:
    """Store players' ratings, each after one more rated match, in order."""
    if not changes:
        return
    await db.executemany(
        "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, ordinal, matches, wins,"
        " last_match) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)"
        " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu,"
        " sigma = excluded.sigma, ordinal = excluded.ordinal, matches = ratings.matches + 1,"
        " wins = ratings.wins + excluded.wins, last_match = excluded.last_match",
        [
            (c.guild_id, c.game, c.user_id, c.mu, c.sigma, c.ordinal, int(c.won), c.match_id)
            for c in changes
        ],
    )


async def has_results(db: Connection, match_id: int) -> bool:
    """Whether the match's results are stored."""
    return bool(await with_results(db, [match_id]))


async def with_results(db: Connection, match_ids: list[int]) -> set[int]:
    """Those of the matches whose results are stored."""
    if not match_ids:
        return set()
    condition, values = one_of(db, "match_id", match_ids)
    cursor = await db.execute(
        f"SELECT DISTINCT match_id FROM results WHERE {condition}", values
    )
    return {row[0] for row in await cursor.fetchall()}


async def leaderboard(
    db: Connection,
    guild_id: int,
    game: str,
    *,
    min_matches: int,
    offset: int,
    limit: int,
) -> tuple[list[Rating], int]:
    """One page of the ranked players (best ordinal first) and how many are ranked in all."""
    cursor = await db.execute(
        "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ? AND matches >= ?",
        (guild_id, game, min_matches),
    )
    (total,) = await cursor.fetchone()
    cursor = await db.execute(
        "SELECT user_id, mu, sigma, ordinal, matches, wins FROM ratings"
        " WHERE guild_id = ? AND game = ? AND matches >= ?"
        " ORDER BY ordinal DESC, matches DESC, user_id LIMIT ? OFFSET ?",
        (guild_id, game, min_matches, limit, offset),
    )
    return [Rating(*row) for row in await cursor.fetchall()], int(total)


async def rank_of(
    db: Connection, guild_id: int, game: str, user_id: int, *, min_matches: int
) -> tuple[Rating | None, int | None]:
    """A player's rating and rank (None until they have ``min_matches`` rated matches)."""
    rating = (await ratings_of(db, guild_id, game, [user_id])).get(user_id)
    if rating is None or rating.matches < min_matches:
        return rating, None
    return rating, await _rank(db, guild_id, game, rating, min_matches)


async def ranks(
    db: Connection, guild_id: int, game: str, lines: list[Rating], *, min_matches: int,
    offset: int,
) -> list[int]:
    """The rank of each line of a leaderboard's page (read from ``offset``), in its order:
    a line of the same rating and matches as the line above shares its rank."""
    found: list[int] = []
    for at, line in enumerate(lines):
        above = lines[at - 1] if at else None
        if above is not None and (above.ordinal, above.matches) == (line.ordinal, line.matches):
            found.append(found[-1])
        elif above is not None:
            found.append(offset + at + 1)
        else:  # the first line may share the rank of the previous page's last
            found.append(await _rank(db, guild_id, game, line, min_matches))
    return found


async def _rank(
    db: Connection, guild_id: int, game: str, rating: Rating, min_matches: int
) -> int:
    """1 and the ranked players above ``rating``: players of the same rating and matches
    share a rank (the next rank counts them all)."""
    cursor = await db.execute(  # the players above, in the leaderboard's order
        "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ? AND ordinal >= ?"
        " AND matches >= ? AND (ordinal > ? OR (ordinal = ? AND matches > ?))",
        (
            guild_id, game, rating.ordinal, min_matches, rating.ordinal, rating.ordinal,
            rating.matches,
        ),
    )
    (better,) = await cursor.fetchone()
    return int(better) + 1


_RESULTS = (
    "SELECT results.*, COALESCE(results.phantom, seats.display_name) AS display_name,"
    " seats.level"
    " FROM results LEFT JOIN seats"
    " ON seats.match_id = results.match_id AND seats.seat = results.seat"
)


def _result(row: Row) -> SeatResult:
    return SeatResult(
        row["match_id"], row["seat"], row["guild_id"], row["game"], row["user_id"],
        row["players"], row["place"], row["points"], bool(row["won"]),
        bool(row["forfeited"]), row["finished_at"], row["display_name"] or "",
        row["phantom"], bool(row["decided"]), row["level"],
    )


async def names_of(
    db: Connection, user_ids: list[int], guild_id: int = GLOBAL
) -> dict[int, str]:
    """Each player's latest display name at a table of that server (``GLOBAL``: of any):
    the name a server knows them by, never a nickname from another server. One statement
    however many players (each an index seek for their latest seat)."""
    wanted = list(dict.fromkeys(user_ids))
    if not wanted:
        return {}
    rows, values = id_rows(db, wanted)
    on_server = "" if guild_id == GLOBAL else " AND matches.guild_id = ?"
    cursor = await db.execute(
        f"WITH wanted (user_id) AS ({rows})"
        " SELECT wanted.user_id, (SELECT seats.display_name FROM seats"
        " JOIN matches ON matches.id = seats.match_id"
        f" WHERE seats.user_id = wanted.user_id{on_server}"
        " ORDER BY seats.match_id DESC LIMIT 1) FROM wanted",
        values if guild_id == GLOBAL else [*values, guild_id],
    )
    return {user_id: name for user_id, name in await cursor.fetchall() if name is not None}


async def results_of_player(
    db: Connection, guild_id: int, user_id: int, game: str, *, limit: int
) -> list[SeatResult]:
    """A player's latest results in a game on a server, newest first."""
    cursor = await db.execute(
        f"{_RESULTS} WHERE results.guild_id = ? AND results.user_id = ? AND game = ?"
        " ORDER BY results.match_id DESC LIMIT ?",
        (guild_id, user_id, game, limit),
    )
    return [_result(row) for row in await cursor.fetchall()]


async def result_at(db: Connection, match_id: int, seat: int) -> SeatResult | None:
    """A seat's result in a match."""
    cursor = await db.execute(
        f"{_RESULTS} WHERE results.match_id = ? AND results.seat = ?", (match_id, seat)
    )
    row = await cursor.fetchone()
    return _result(row) if row else None


@dataclass(frozen=True)
class HistoryPage:
    """Finished matches newest first, each as its seats' results, and whether there are
    newer and older ones beyond them."""

    matches: list[list[SeatResult]]
    newer: bool
    older: bool


async def history(
    db: Connection,
    guild_id: int,
    *,
    user_id: int | None,
    game: str | None,
    before: int | None = None,
    after: int | None = None,
    limit: int,
) -> HistoryPage:
    """A page of the server's finished matches: the newest, those just older than match
    ``before``, or those just newer than match ``after`` (keyset paging: each page is a
    few index seeks, however long the history). ``user_id``/``game`` narrow it down."""
    where, args = ["guild_id = ?"], [guild_id]
    if user_id is not None:
        where.append("user_id = ?")  # one seat per player and match: no DISTINCT
        args.append(user_id)
    if game is not None:
        where.append("game = ?")
        args.append(game)  # type: ignore[arg-type]
    condition = " AND ".join(where)
    distinct = "DISTINCT " if user_id is None else ""

    async def ids(edge: str, order: str, bound: int | None, count: int) -> list[int]:
        bounded = f" AND match_id {edge} ?" if bound is not None else ""
        cursor = await db.execute(
            f"SELECT {distinct}match_id FROM results WHERE {condition}{bounded}"
            f" ORDER BY match_id {order} LIMIT ?",
            (*args, *([bound] if bound is not None else []), count),
        )
        return [row[0] for row in await cursor.fetchall()]

    if after is not None:
        found = (await ids(">", "ASC", after, limit))[::-1]
    else:
        found = await ids("<", "DESC", before, limit)
    if not found:
        return HistoryPage([], False, False)
    newer = bool(await ids(">", "ASC", found[0], 1))
    older = bool(await ids("<", "DESC", found[-1], 1))
    condition, values = one_of(db, "results.match_id", found)
    cursor = await db.execute(
        f"{_RESULTS} WHERE {condition} ORDER BY results.match_id DESC, place, results.seat",
        values,
    )
    matches: dict[int, list[SeatResult]] = {match_id: [] for match_id in found}
    for row in await cursor.fetchall():
        matches[row["match_id"]].append(_result(row))
    return HistoryPage(list(matches.values()), newer, older)
