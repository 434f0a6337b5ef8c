"""Misspelt words of a rules question, mended to the closest words the rulebooks use."""

from __future__ import annotations

import difflib
import re
from functools import cache

from rules.rulebook import all_rulebooks

_WORD = re.compile(r"[^\W\d_]+")
CLOSE_ENOUGH = 0.8
"""How alike (difflib's ratio, 0 to 1) a typed word and a rulebook word must be."""


@cache
def rulebook_words() -> frozenset[str]:
    """Every word of every rulebook's titles, keywords and text, lowercase."""
    words: set[str] = set()
    for book in all_rulebooks().values():
        for section in book.sections:
            for text in (section.title, section.body, *section.keywords):
                words.update(word.lower() for word in _WORD.findall(text))
    return frozenset(words)


def mended(text: str) -> str | None:
    """``text`` with each word no rulebook uses replaced by the closest one that does.

    None when nothing changes: every word is known, or none is close to a known one.
    """
    known = rulebook_words()

    def mend(found: re.Match[str]) -> str:
        word = found.group().lower()
        if word in known:
            return found.group()
        closest = difflib.get_close_matches(word, known, n=1, cutoff=CLOSE_ENOUGH)
        return closest[0] if closest else found.group()

    result = _WORD.sub(mend, text)
    return result if result != text else None
