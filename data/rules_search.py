"""Full-text search over the rulebooks in every language (SQLite FTS5; on PostgreSQL the
same ranking by ``data.rules_ranking``), rebuilt when their text changes.

The index holds stems (``rules.words``): each language's rows are analysed by its own
stemmer, and a question by its asker's, so "cartas" finds "carta". A question becomes an
FTS5 query of its stems, or their other forms (numbers as words), and stems of three
letters or more also match longer ones they start ("tort" finds the tortoise). bm25 ranks
a section's title and keywords (the words players use for its topic) far above its body.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from data import meta, rules_ranking
from data.interface import Connection, dialect
from data.rules_snippets import HIT_END, HIT_START, snippet
from rules import words as lexicon
from rules.spelling import mended

DIGEST_KEY = "rules_search_digest"
ENGLISH = "en"
_PREFIX_FROM = 4
"""Stems this long or longer also match the longer stems they start."""
_WORD = re.compile(r"[^\W_]+")
_JOINED = re.compile(f"{HIT_END}([^\\w\\s]*){HIT_START}")
"""Found words joined by punctuation alone ("1/5/6"), marked as one."""

WEIGHTS = {"title": 10.0, "keywords": 6.0, "body": 1.0}
"""bm25 weight of each indexed column: a section is about what its title says."""
CHANNEL_GAME_BOOST = 2.0
"""A preferred game's sections rank as if they matched this many times better."""
_RANK = "bm25(rules_search, 0, 0, 0, 0, 0, 0, {title}, {keywords}, {body})".format_map(WEIGHTS)


@dataclass(frozen=True)
class IndexedSection:
    game: str
    key: str
    title: str
    keywords: tuple[str, ...]
    body: str
    lang: str = ENGLISH
    """The language of the players whose search finds it."""
    written_in: str = ENGLISH
    """The language its text is written in (English where ``lang`` has no rulebook)."""


@dataclass(frozen=True)
class SearchHit:
    game: str
    key: str
    title: str
    snippet: str
    """A line of the section around the words found, in valid markdown."""


async def ensure_index(
    db: Connection, sections: Iterable[IndexedSection], digest: str
) -> bool:
    """Rebuild the index unless it was built from texts with this digest; True if rebuilt."""
    if await meta.get_meta(db, DIGEST_KEY) == digest:
        return False
    await db.execute("DELETE FROM rules_search")
    await db.executemany(
        "INSERT INTO rules_search (lang, written_in, game, key, heading, text, title, keywords,"
        " body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [_row(section) for section in sections],
    )
    await meta.set_meta(db, DIGEST_KEY, digest)
    return True


@cache
def _row(s: IndexedSection) -> tuple[str, ...]:
    """The index row of a section; kept, since every start indexes the same rulebooks."""
    def stems(text: str) -> str:
        return " ".join(lexicon.terms(text, s.written_in))

    keywords = ", ".join(stems(phrase) for phrase in s.keywords)
    return (s.lang, s.written_in, s.game, s.key, s.title, _unmarked(s.body),
            stems(s.title), keywords, stems(s.body))


def query_words(text: str, lang: str = ENGLISH) -> list[str]:
    """The words of ``text`` that can find a section: filler and single letters dropped."""
    return lexicon.words(text, lang)


def fts_query(text: str, lang: str = ENGLISH) -> str | None:
    """A safe FTS5 query from what a player typed: any of its stems, or their other forms.

    bm25 ranks sections matching more (and rarer) words higher, so a whole question
    finds the section about its subject; two words side by side in the question and
    the text ("over 30", "dead card") count once more. None when no word is left.
    """
    found = query_words(text, lang)
    stems = list(dict.fromkeys(lexicon.stem(word, lang) for word in found))
    groups = []
    for word in dict.fromkeys(found):
        stem = lexicon.stem(word, lang)
        others = (lexicon.stem(other, lang) for other in lexicon.alike(word, lang))
        forms = [f'"{form}"' for form in dict.fromkeys((stem, *others))]
        if len(stem) >= _PREFIX_FROM and stem.isalpha():
            forms.append(f'"{stem}"*')
        group = f"({' OR '.join(forms)})"
        if group not in groups:
            groups.append(group)
    groups += [f'"{first} {second}"' for first, second in itertools.pairwise(stems)]
    return " OR ".join(groups) or None


async def search(
    db: Connection,
    text: str,
    *,
    lang: str = ENGLISH,
    game: str | None = None,
    prefer: Iterable[str] = (),
    limit: int = 5,
) -> list[SearchHit]:
    """The best sections of ``lang``'s rulebooks for ``text``, asked in ``lang``, best first.

    ``game``: only that game's sections. ``prefer``: games whose sections rank higher
    (the games open in the player's channel), though a clearly better answer from
    another game still comes first.
    """
    query = fts_query(text, lang)
    if query is None or limit <= 0:
        return []
    if dialect(db) == "postgres":
        found = await _ranked_here(db, query, lang, game, set(prefer), limit)
    else:
        found = await _ranked_by_fts5(db, query, lang, game, prefer, limit)
    wanted = set(lexicon.terms(text, lang))
    return [
        SearchHit(row_game, key, heading, snippet(_marked(body, written_in, wanted)))
        for row_game, key, heading, body, written_in in found
    ]


async def _ranked_by_fts5(
    db: Connection, query: str, lang: str, game: str | None, prefer: Iterable[str], limit: int
) -> list[tuple[str, str, str, str, str]]:
    """The best rows for ``query`` as FTS5 ranks them: game, key, heading, text, language."""
    where, rank, values = "rules_search MATCH ? AND lang = ?", _RANK, [query, lang]
    if game is not None:
        where += " AND game = ?"
        values.append(game)
    preferred = sorted(set(prefer))
    if preferred:
        rank += f" * (CASE WHEN game IN ({', '.join(['?'] * len(preferred))}) THEN ? ELSE 1 END)"
        values += [*preferred, CHANNEL_GAME_BOOST]
    cursor = await db.execute(
        f"SELECT game, key, heading, text, written_in FROM rules_search"
        f" WHERE {where} ORDER BY {rank} LIMIT ?",
        (*values, limit),
    )
    return [tuple(row) for row in await cursor.fetchall()]


async def _ranked_here(
    db: Connection, query: str, lang: str, game: str | None, prefer: set[str], limit: int
) -> list[tuple[str, str, str, str, str]]:
    """The same rows, ranked as FTS5 would on a database without it (``rules_ranking``)."""
    rows = rules_ranking.ranked(
        await rules_ranking.index(db), query, WEIGHTS, lang=lang, game=game, boosted=prefer,
        boost=CHANNEL_GAME_BOOST, limit=limit,
    )
    return [(r.game, r.key, r.heading, r.text, r.written_in) for r in rows]


async def search_or_mend(
    db: Connection,
    text: str,
    *,
    lang: str = ENGLISH,
    game: str | None = None,
    prefer: Iterable[str] = (),
    limit: int,
) -> tuple[list[SearchHit], str]:
    """The hits for ``text`` in ``lang``'s rulebooks or, if there are none, for ``text``
    with its misspelt words mended from that language's words; and what was searched for."""
    where = {"lang": lang, "game": game, "prefer": prefer, "limit": limit}
    hits = await search(db, text, **where)
    fixed = None if hits else mended(text, lang)
    if fixed is None:
        return hits, text
    return await search(db, fixed, **where), fixed


def _marked(text: str, lang: str, wanted: set[str]) -> str:
    """``text`` with the words a question found marked, as FTS5's ``highlight()`` would."""
    longer = tuple(stem for stem in wanted if len(stem) >= _PREFIX_FROM and stem.isalpha())

    def mark(found: re.Match[str]) -> str:
        word = found.group()
        stem = lexicon.stem(lexicon.folded(word), lang)
        hit = stem in wanted or stem.startswith(longer)
        return f"{HIT_START}{word}{HIT_END}" if hit else word

    return _JOINED.sub(r"\1", _WORD.sub(mark, text))


def _unmarked(text: str) -> str:
    """``text`` without the characters that mark found words in a highlight."""
    return text.replace(HIT_START, "").replace(HIT_END, "")
