"""Misspelt words of a rules question, mended to the closest words its language's
rulebooks use."""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Mapping
from functools import cache

from rapidfuzz import process
from rapidfuzz.distance import OSA
from spellchecker import SpellChecker

from rules.rulebook import ENGLISH, all_rulebooks
from rules.words import FALLBACK, STEMMERS, folded, stem, stopwords

_WORD = re.compile(r"[^\W\d_]+")
CLOSE_ENOUGH = 0.8
"""How alike (difflib's ratio, 0 to 1) a typed word and a rulebook word must be."""
WORD_FROM = 100
"""How often a word must occur in its language's frequency list (pyspellchecker's, drawn
from film subtitles) for its forms to be words of the language, not slips."""
SLIPS = ((8, 2), (0, 1))
"""How many slips a misspelt word may hold, by its length: two from eight letters, else one
(a slip: a letter missing, extra or changed, or two side by side swapped)."""


@cache
def rulebook_word_counts(lang: str = ENGLISH) -> Counter[str]:
    """How often ``lang``'s rulebooks' titles, keywords and text use each word, folded."""
    counts: Counter[str] = Counter()
    for book in all_rulebooks(lang).values():
        for section in book.sections:
            for text in (section.title, section.body, *section.keywords):
                counts.update(_WORD.findall(folded(text)))
    return counts


@cache
def rulebook_words(lang: str = ENGLISH) -> frozenset[str]:
    """Every word of ``lang``'s rulebooks' titles, keywords and text, folded."""
    return frozenset(rulebook_word_counts(lang))


@cache
def rulebook_stems(lang: str = ENGLISH) -> frozenset[str]:
    """The stems of every word of ``lang``'s rulebooks: what its search can find."""
    return frozenset(stem(word, lang) for word in rulebook_words(lang))


def findable(word: str, lang: str = ENGLISH) -> bool:
    """Whether the folded ``word`` finds something in ``lang``'s rulebooks: a word they
    use, in any of its forms, or a filler word that finds nothing by design."""
    return (
        word in rulebook_words(lang)
        or word in stopwords(lang)
        or stem(word, lang) in rulebook_stems(lang)
    )


def mended(text: str, lang: str = ENGLISH) -> str | None:
    """``text`` with each word ``lang``'s rulebooks never use, in any form, replaced by the
    closest one that they do, accents aside ("mi" is "mí").

    None when nothing changes: every word is known, or none is close to a known one.
    """
    known = rulebook_words(lang)

    def mend(found: re.Match[str]) -> str:
        word = folded(found.group())
        if findable(word, lang):
            return found.group()
        closest = difflib.get_close_matches(word, known, n=1, cutoff=CLOSE_ENOUGH)
        return closest[0] if closest else found.group()

    result = _WORD.sub(mend, text)
    return result if result != text else None


def closest(word: str, known: Mapping[str, int]) -> str | None:
    """The ``known`` word ``word`` was meant as, ``SLIPS`` away at most: the fewest slips,
    then the word used most (``known``'s counts), then one starting alike; None if none."""
    allowed = next(slips for length, slips in SLIPS if len(word) >= length)
    near = process.extract(word, known.keys(), scorer=OSA.distance,
                           score_cutoff=allowed, limit=None)
    if not near:
        return None
    best = min(near, key=lambda found: (found[1], -known[found[0]], found[0][0] != word[0]))
    return best[0]


def load(lang: str) -> None:
    """Read what mending ``lang``'s words looks at, ahead of the first question."""
    rulebook_stems(lang)
    _stems_of_words(lang)


def a_word_of(word: str, lang: str) -> bool:
    """Whether the folded ``word`` is a word of ``lang`` in some form (its stem is one of
    the language's words'), whether its rulebooks use it or not: "sent", "salgo"."""
    return stem(word, lang) in _stems_of_words(lang)


@cache
def _stems_of_words(lang: str) -> frozenset[str]:
    """The stems of ``lang``'s words, so any form of them counts (the list has "salga"
    but not "salgo")."""
    listed = SpellChecker(language=lang if lang in STEMMERS else FALLBACK).word_frequency
    return frozenset(stem(word, lang) for word, count in listed.items() if count >= WORD_FROM)
