"""Full-text search over the rulebooks (SQLite FTS5), rebuilt when their text changes.

A player's question becomes an FTS5 query: filler words are dropped, "myself" becomes
the rulebooks' "yourself", numbers match their words, and words of three letters or
more also match longer words they start ("tort" finds the tortoise). bm25 ranks a
section's title and keywords (the words players use for its topic) far above its body.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass

import aiosqlite

from data import meta
from data.rules_snippets import HIT_END, HIT_START, snippet

DIGEST_KEY = "rules_search_digest"
_WORD = re.compile(r"\w+", re.UNICODE)
_NOT = re.compile(r"\b(?:(can)|(won)|(\w+)n)['\u2019]t\b")
"""A contraction with "not": "can't" is the rulebooks' "cannot", "don't" is "do not"."""
_FILLER = frozenset(
    """a about am an and are as at be been being but by can could did do does doing done for
    from get gets go goes going got had happen happens has have having how i if in into is it
    its just let me mean means my now of on or our please rule rules say says should so than
    that the their them then there these they this those to us want was we were what whats
    when where which while who whose why will with work works would you your""".split()  # noqa: SIM905 - a word list reads best
)
"""Words of a question that say nothing about its topic."""
_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "eleven", "twelve")
_ORDINALS = (("1st", "first"), ("2nd", "second"), ("3rd", "third"), ("4th", "fourth"),
             ("5th", "fifth"), ("6th", "sixth"))
_ALIKE = [
    ("myself", "yourself"),  # the rulebooks speak to the player
    ("ourselves", "yourselves"),
    ("tie", "ties", "tied", "tying"),  # the stemmer leaves these apart
    ("back", "backward", "backwards"),
    ("forward", "forwards"),
    *((str(number), word) for number, word in enumerate(_NUMBERS)),
    *_ORDINALS,
]
_SAME_AS = {word: tuple(w for w in group if w != word) for group in _ALIKE for word in group}
"""Words the rulebooks may write another way ("5" or "five")."""
_PREFIX_FROM = 3
"""Words this long or longer also match the longer words they start."""

WEIGHTS = {"title": 10.0, "keywords": 6.0, "body": 1.0}
"""bm25 weight of each indexed column: a section is about what its title says."""
CHANNEL_GAME_BOOST = 2.0
"""A preferred game's sections rank as if they matched this many times better."""
_RANK = "bm25(rules_search, 0.0, 0.0, {title}, {keywords}, {body})".format_map(WEIGHTS)
_BODY_COLUMN = 4
"""The body's place among the index's columns: game, key, title, keywords, body."""


@dataclass(frozen=True)
class IndexedSection:
    game: str
    key: str
    title: str
    keywords: tuple[str, ...]
    body: str


@dataclass(frozen=True)
class SearchHit:
    game: str
    key: str
    title: str
    snippet: str
    """A line of the section around the words found, in valid markdown."""


async def ensure_index(
    db: aiosqlite.Connection, sections: Iterable[IndexedSection], digest: str
) -> bool:
    """Rebuild the index unless it was built from texts with this digest; True if rebuilt."""
    if await meta.get_meta(db, DIGEST_KEY) == digest:
        return False
    await db.execute("DELETE FROM rules_search")
    await db.executemany(
        "INSERT INTO rules_search (game, key, title, keywords, body) VALUES (?, ?, ?, ?, ?)",
        [(s.game, s.key, s.title, ", ".join(s.keywords), _unmarked(s.body)) for s in sections],
    )
    await meta.set_meta(db, DIGEST_KEY, digest)
    return True


def query_words(text: str) -> list[str]:
    """The words of ``text`` that can find a section: filler and single letters dropped."""
    spelt_out = _NOT.sub(_without_contraction, text.lower())
    words = (w for w in _WORD.findall(spelt_out) if w not in _FILLER)
    return [w for w in words if len(w) > 1 or w.isdigit()]


def fts_query(text: str) -> str | None:
    """A safe FTS5 query from what a player typed: any of its words, or their other forms.

    bm25 ranks sections matching more (and rarer) words higher, so a whole question
    finds the section about its subject; two words side by side in the question and
    the text ("over 30", "dead card") count once more. None when no word is left.
    """
    words = list(dict.fromkeys(query_words(text)))
    groups = []
    for word in words:
        forms = [f'"{form}"' for form in (word, *_SAME_AS.get(word, ()))]
        if len(word) >= _PREFIX_FROM and word.isalpha():
            forms.append(f'"{word}"*')
        groups.append(f"({' OR '.join(forms)})")
    groups += [f'"{first} {second}"' for first, second in itertools.pairwise(words)]
    return " OR ".join(groups) or None


async def search(
    db: aiosqlite.Connection,
    text: str,
    *,
    game: str | None = None,
    prefer: Iterable[str] = (),
    limit: int = 5,
) -> list[SearchHit]:
    """The best sections for ``text``, best first.

    ``game``: only that game's sections. ``prefer``: games whose sections rank higher
    (the games open in the player's channel), though a clearly better answer from
    another game still comes first.
    """
    query = fts_query(text)
    if query is None or limit <= 0:
        return []
    where, rank, values = "rules_search MATCH ?", _RANK, [query]
    if game is not None:
        where += " AND game = ?"
        values.append(game)
    preferred = sorted(set(prefer))
    if preferred:
        rank += f" * (CASE WHEN game IN ({', '.join(['?'] * len(preferred))}) THEN ? ELSE 1 END)"
        values += [*preferred, CHANNEL_GAME_BOOST]
    cursor = await db.execute(
        f"SELECT game, key, title, highlight(rules_search, {_BODY_COLUMN}, ?, ?)"
        f" FROM rules_search WHERE {where} ORDER BY {rank} LIMIT ?",
        (HIT_START, HIT_END, *values, limit),
    )
    return [
        SearchHit(row_game, key, title, snippet(marked))
        for row_game, key, title, marked in await cursor.fetchall()
    ]


def _without_contraction(found: re.Match[str]) -> str:
    can, won, verb = found.groups()
    return "cannot" if can else "will not" if won else f"{verb} not"


def _unmarked(text: str) -> str:
    """``text`` without the characters that mark found words in a highlight."""
    return text.replace(HIT_START, "").replace(HIT_END, "")
