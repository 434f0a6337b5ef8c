"""Full-text search over the rulebooks (SQLite FTS5), rebuilt when their text changes."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import aiosqlite

from data import meta

DIGEST_KEY = "rules_search_digest"
_WORD = re.compile(r"\w+", re.UNICODE)
# Titles weigh more than bodies: a question about "collisions" should find that section.
_QUESTION_WORDS = frozenset(
    """a an and are can do does for happen happens how i if in is it me my of on or the to
    what when where which who with you your""".split()  # noqa: SIM905 - a word list reads best
)
_RANK = "bm25(rules_search, 0.0, 0.0, 8.0, 1.0)"


@dataclass(frozen=True)
class IndexedSection:
    game: str
    key: str
    title: str
    body: str


@dataclass(frozen=True)
class SearchHit:
    game: str
    key: str
    title: str
    snippet: str


async def ensure_index(
    db: aiosqlite.Connection, sections: Iterable[IndexedSection], digest: str
) -> bool:
    """Rebuild the index unless it was built from texts with this digest; True if rebuilt."""
    if await meta.get_meta(db, DIGEST_KEY) == digest:
        return False
    await db.execute("DELETE FROM rules_search")
    await db.executemany(
        "INSERT INTO rules_search (game, key, title, body) VALUES (?, ?, ?, ?)",
        [(s.game, s.key, s.title, s.body) for s in sections],
    )
    await meta.set_meta(db, DIGEST_KEY, digest)
    return True


def fts_query(text: str) -> str | None:
    """A safe FTS5 query from what a player typed: any of its words, as prefix terms.

    Question words are dropped; bm25 ranks sections matching more (and rarer) words
    higher, so a whole question finds the section about its subject.
    """
    words = [w for w in _WORD.findall(text.lower()) if w not in _QUESTION_WORDS]
    if not words:
        return None
    return " OR ".join(f'"{word}"*' for word in words)


async def search(db: aiosqlite.Connection, text: str, limit: int = 5) -> list[SearchHit]:
    """The best sections for ``text``, best first."""
    query = fts_query(text)
    if query is None:
        return []
    cursor = await db.execute(
        "SELECT game, key, title,"
        " snippet(rules_search, 3, '**', '**', '…', 16) AS snippet"
        f" FROM rules_search WHERE rules_search MATCH ? ORDER BY {_RANK} LIMIT ?",
        (query, limit),
    )
    return [SearchHit(*row) for row in await cursor.fetchall()]
