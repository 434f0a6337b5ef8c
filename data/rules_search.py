"""Search over the rulebooks in every language: the index of their analysed sections,
rebuilt when their text or its analysis changes, and the sections ranked for a player's
question.

The index holds stems (``rules.words``): each language's rows are analysed by its own
stemmer, and a question by its asker's, so "cartas" finds "carta". Everything after that
is done here, in Python (``rules.questions``, ``rules.ranking``): the question's other
forms (numbers as words, the rulebooks' words for players' words, longer stems a stem
starts, Dutch compounds split), the games it names, and BM25F over each section's title,
keywords and body with our own weights.

What the index must offer, whatever database holds it: a table of one row per section
and language, with its ``lang``, ``written_in``, ``game``, ``key``, ``heading`` (its title
as written), ``text`` (its body as written) and its ``title``, ``keywords`` and ``body``
as stems separated by spaces (the keywords' phrases by commas); and the rows of one
``lang`` read in one query, in the order they were written (ties keep it). No full-text
operator or ranking function is needed: a language's rows are read once per index digest
and ranked in memory.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from data import meta
from data.interface import Connection, dialect
from data.rules_snippets import HIT_END, HIT_START, snippet
from rules import words as lexicon
from rules.questions import question, with_compound_parts
from rules.ranking import FIELDS, Corpus, Document
from rules.rulebook import OVERVIEW_KEY
from rules.spelling import mended

DIGEST_KEY = "rules_search_digest"
ENGLISH = "en"
_WORD = re.compile(r"[^\W_]+")
_JOINED = re.compile(f"{HIT_END}([^\\w\\s]*){HIT_START}")
"""Found words joined by punctuation alone ("1/5/6"), marked as one."""

CHANNEL_GAME_BOOST = 2.0
"""A preferred game's sections rank as if they matched this much better."""
NAMED_GAME_BOOST = 3.0
"""The sections of a game the question names by its title rank this much better."""
NAMED_OVERVIEW_BOOST = 2.0
"""And that game's overview this much more: naming the game, a question is often about
the whole of it ("how does Great Canyon Race work")."""
NAMED_OVERVIEW_SHARE = 0.5
"""The named game's overview, when no word of the question is in it, ranks as if it
scored this share of the best section ("how does Great Canyon Race work in short")."""
_KEPT = 8
"""How many (digest, language) corpora the process keeps read."""
_corpora: dict[tuple[str, str], tuple[Corpus, dict[tuple[str, str], tuple[str, str, str]]]] = {}


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


ANALYSIS = 2
"""The version of how rule text is analysed into the index's stems (``rules.words``),
raised when that changes in code, so that every index built the older way is rebuilt."""
_STOPWORDS = Path(lexicon.__file__).parent / "stopwords"


async def ensure_index(
    db: Connection, sections: Iterable[IndexedSection], digest: str
) -> bool:
    """Rebuild the index unless it was built from texts with this digest, analysed as now
    (the same filler words, the same version of the analysis); True if rebuilt."""
    digest = f"{digest}/{_analysis()}"
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
def _analysis() -> str:
    """What the index's stems depend on besides the rule texts, in short."""
    sha = hashlib.sha256(str(ANALYSIS).encode())
    for path in sorted(_STOPWORDS.glob("*.txt")):
        sha.update(path.name.encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()[:16]


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
    another game still comes first; a game the question names by its title ranks higher
    still.
    """
    if limit <= 0 or not query_words(text, lang):
        return []
    corpus, shown = await _corpus(db, lang)
    asked = question(text, lang, corpus.vocabulary)
    preferred = set(prefer)

    def boost(section: Document) -> float:
        factor = CHANNEL_GAME_BOOST if section.game in preferred else 1.0
        if section.game in asked.games:
            factor *= NAMED_GAME_BOOST
            factor *= NAMED_OVERVIEW_BOOST if section.key == OVERVIEW_KEY else 1.0
        return factor

    ranked = corpus.ranked(asked.terms, asked.pairs, game=game, boost=boost)
    named = [d for d in corpus.documents if d.key == OVERVIEW_KEY
             and d.game in asked.games and game in (None, d.game)]
    best = ranked[0][0] if ranked else 1.0
    scored = {(d.game, d.key) for _, d in ranked}
    ranked += [(best * NAMED_OVERVIEW_SHARE, d) for d in named if (d.game, d.key) not in scored]
    found = [d for _, d in sorted(ranked, key=lambda found: -found[0])]
    wanted = {form for term in asked.terms for form in term.forms}
    hits = []
    for document in found[:limit]:
        heading, body, written_in = shown[(document.game, document.key)]
        marked = _marked(body, written_in, wanted)
        hits.append(SearchHit(document.game, document.key, heading, snippet(marked)))
    return hits


async def _corpus(
    db: Connection, lang: str
) -> tuple[Corpus, dict[tuple[str, str], tuple[str, str, str]]]:
    """``lang``'s sections as the ranking reads them, and each one's heading, text and
    language as written; read once for each digest of the index."""
    digest = await meta.get_meta(db, DIGEST_KEY) or ""
    kept = _corpora.get((digest, lang))
    if kept is not None:
        return kept
    cursor = await db.execute(
        "SELECT game, key, heading, text, written_in, title, keywords, body FROM rules_search"
        f" WHERE lang = ? ORDER BY {'position' if dialect(db) == 'postgres' else 'rowid'}",
        (lang,),
    )
    rows = await cursor.fetchall()
    fields = [
        {name: value.replace(",", " ").split() for name, value in zip(FIELDS, row[5:], strict=True)}
        for row in rows
    ]
    if lang == "nl":
        fields = with_compound_parts(fields)
    documents, shown = [], {}
    for (game, key, heading, text, written_in, *_), stems in zip(rows, fields, strict=True):
        documents.append(Document(game, key, {name: tuple(s) for name, s in stems.items()}))
        shown[(game, key)] = (heading, text, written_in)
    while len(_corpora) >= _KEPT:
        del _corpora[next(iter(_corpora))]
    _corpora[(digest, lang)] = kept = (Corpus(documents), shown)
    return kept


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
    """``text`` with the words a question found marked, as a full-text highlight would."""
    def mark(found: re.Match[str]) -> str:
        word = found.group()
        hit = lexicon.stem(lexicon.folded(word), lang) in wanted
        return f"{HIT_START}{word}{HIT_END}" if hit else word

    return _JOINED.sub(r"\1", _WORD.sub(mark, text))


def _unmarked(text: str) -> str:
    """``text`` without the characters that mark found words in a highlight."""
    return text.replace(HIT_START, "").replace(HIT_END, "")
