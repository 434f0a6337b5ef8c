"""Misspelt words of a rules question, mended to the closest words its language's
rulebooks use."""

from __future__ import annotations

import difflib
import re
from functools import cache

from rules.rulebook import ENGLISH, all_rulebooks
from rules.words import folded, stem, stopwords

_WORD = re.compile(r"[^\W\d_]+")
CLOSE_ENOUGH = 0.8
"""How alike (difflib's ratio, 0 to 1) a typed word and a rulebook word must be."""


@cache
def rulebook_words(lang: str = ENGLISH) -> frozenset[str]:
    """Every word of ``lang``'s rulebooks' titles, keywords and text, folded."""
    words: set[str] = set()
    for book in all_rulebooks(lang).values():
        for section in book.sections:
            for text in (section.title, section.body, *section.keywords):
                words.update(_WORD.findall(folded(text)))
    return frozenset(words)


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
