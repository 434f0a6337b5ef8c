"""The rules search on a database without FTS5 (PostgreSQL): the same query ranked by the
same bm25 as SQLite's FTS5 computes it, so both backends give the same answers.

The index rows are the stems ``data.rules_search`` writes on either backend. A query is
``rules_search.fts_query``'s: quoted phrases joined by OR, a ``*`` after a phrase making
its last word a prefix. FTS5's bm25: each phrase's IDF counts the rows of the whole index
it is found in, each row's frequency of it is weighted per column, and a row's length is
its stems in all columns against the average row's. The parsed index is kept per process
and read again whenever the rows change.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from data.interface import Connection

K1 = 1.2
B = 0.75
"""FTS5's bm25 constants."""
COLUMNS = ("title", "keywords", "body")
_PHRASE = re.compile(r'"([^"]*)"(\*?)')
_TOKEN = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Row:
    """One section of the index: what a hit shows, and its columns' stems."""

    position: int
    lang: str
    written_in: str
    game: str
    key: str
    heading: str
    text: str
    columns: tuple[tuple[str, ...], ...]

    @property
    def size(self) -> int:
        return sum(len(column) for column in self.columns)


@dataclass(frozen=True)
class Phrase:
    words: tuple[str, ...]
    prefix: bool

    def count(self, column: tuple[str, ...]) -> int:
        """How many times the phrase is found in a column's stems."""
        n = len(self.words)
        if not n:
            return 0
        found = 0
        for at in range(len(column) - n + 1):
            if column[at : at + n - 1] != self.words[:-1]:
                continue
            last = column[at + n - 1]
            if last == self.words[-1] or (self.prefix and last.startswith(self.words[-1])):
                found += 1
        return found


def phrases(query: str) -> list[Phrase]:
    """The phrases of an FTS5 query of quoted phrases joined by OR."""
    return [
        Phrase(tuple(_TOKEN.findall(text.lower())), star == "*")
        for text, star in _PHRASE.findall(query)
    ]


_kept: dict[tuple[object, ...], list[Row]] = {}


async def index(db: Connection) -> list[Row]:
    """Every row of the index, in the order written; read again when the rows change."""
    cursor = await db.execute(
        "SELECT COUNT(*), MAX(position), SUM(LENGTH(title) + LENGTH(keywords) + LENGTH(body)),"
        " (SELECT value FROM meta WHERE key = 'rules_search_digest') FROM rules_search"
    )
    mark = tuple(await cursor.fetchone())
    if mark not in _kept:
        cursor = await db.execute(
            "SELECT position, lang, written_in, game, key, heading, text, title, keywords, body"
            " FROM rules_search ORDER BY position"
        )
        rows = [
            Row(*row[:7], tuple(tuple(_TOKEN.findall(row[name].lower())) for name in COLUMNS))
            for row in await cursor.fetchall()
        ]
        _kept.clear()
        _kept[mark] = rows
    return _kept[mark]


def ranked(
    rows: list[Row],
    query: str,
    weights: dict[str, float],
    *,
    lang: str,
    game: str | None,
    boosted: set[str],
    boost: float,
    limit: int,
) -> list[Row]:
    """The best rows of ``lang`` (and ``game``) for ``query``, best first, as FTS5's
    ``ORDER BY bm25(...) * boost`` ranks them (ties in the order written)."""
    wanted = phrases(query)
    if not rows or not wanted:
        return []
    weight = [weights[name] for name in COLUMNS]
    counts = [[[p.count(column) for column in row.columns] for p in wanted] for row in rows]
    average = sum(row.size for row in rows) / len(rows)
    idf = []
    for i in range(len(wanted)):
        hit = sum(1 for found in counts if any(found[i]))
        value = math.log((len(rows) - hit + 0.5) / (hit + 0.5))
        idf.append(value if value > 0 else 1e-6)
    scored = []
    for row, found in zip(rows, counts, strict=True):
        if row.lang != lang or (game is not None and row.game != game):
            continue
        if not any(any(per_column) for per_column in found):
            continue
        score = 0.0
        for i, per_column in enumerate(found):
            frequency = sum(w * n for w, n in zip(weight, per_column, strict=True))
            length = 1 - B + B * row.size / average
            score += idf[i] * (frequency * (K1 + 1)) / (frequency + K1 * length)
        rank = -score * (boost if row.game in boosted else 1.0)
        scored.append((rank, row.position, row))
    scored.sort(key=lambda entry: (entry[0], entry[1]))
    return [row for _, _, row in scored[:limit]]
