"""Words of rule text and of players' questions as search compares them: folded and stemmed.

Each language has its own Snowball stemmer (PyStemmer), so "cartas" and "carta", "speelt"
and "spelen" meet; accents are folded away first, since players type "mi mismo" for
"mí mismo"; and each language's filler words (``rules/stopwords/<lang>.txt``, kept short
because the libraries' lists drop words these rules turn on, such as "second" and "last")
are left out of questions and index alike.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

import Stemmer

STEMMERS = {"en": "english", "es": "spanish", "it": "italian", "nl": "dutch"}
"""The Snowball algorithm for each language the rulebooks are written in."""
FALLBACK = "en"

_STOPWORDS = Path(__file__).parent / "stopwords"
_WORD = re.compile(r"(?<![\w+-])[+-]\d+(?!\w)|[^\W_]+")
"""A word, or a number with its sign ("+5", a card's value), which is a word of its own."""
_MARKS = re.compile("[\u0300-\u036f]")
"""The combining accents that decomposing a Latin letter leaves ("í" is "i" and one)."""
_NOT = re.compile(r"\b(?:(can)|(won)|(\w+?)n)['\u2019]t\b", re.IGNORECASE)
"""An English contraction with "not": "can't" is the rulebooks' "cannot"."""


def folded(text: str) -> str:
    """``text`` in lowercase without accents: "Mí Mismo" and "mi mismo" agree."""
    return _MARKS.sub("", unicodedata.normalize("NFKD", text.casefold()))


def tokens(text: str) -> list[str]:
    """The words of ``text``, folded, in order (apostrophes split them: "all'inizio")."""
    if "'" in text or "\u2019" in text:
        text = _NOT.sub(_spelt_out, text)
    return _WORD.findall(folded(text))


@cache
def stopwords(lang: str) -> frozenset[str]:
    """The filler words of ``lang``'s questions, folded."""
    path = _STOPWORDS / f"{lang if lang in STEMMERS else FALLBACK}.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(
        word for line in lines if not line.startswith("#") for word in tokens(line)
    )


@cache
def _stemmer(lang: str) -> Stemmer.Stemmer:
    return Stemmer.Stemmer(STEMMERS.get(lang, STEMMERS[FALLBACK]))


def stem(word: str, lang: str) -> str:
    """The stem of one folded word in ``lang``."""
    return _stemmer(lang).stemWord(word)


def words(text: str, lang: str) -> list[str]:
    """The folded words of ``text`` that say something, in order: filler words and
    single letters left out."""
    dropped = stopwords(lang)
    return [w for w in tokens(text) if w not in dropped and (len(w) > 1 or w.isdigit())]


def terms(text: str, lang: str) -> list[str]:
    """The stems of ``text``'s words that say something, in order: what the index holds
    and what a question looks for."""
    return _stemmer(lang).stemWords(words(text, lang))


_NUMBERS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve",
    "es": "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce",
    "it": "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici",
    "nl": "nul een twee drie vier vijf zes zeven acht negen tien elf twaalf",
}
_ALIKE = {
    "en": [
        ("myself", "yourself"),  # the rulebooks speak to the player
        ("ourselves", "yourselves"),
        ("back", "backward", "backwards"),
        ("forward", "forwards"),
        ("1st", "first"), ("2nd", "second"), ("3rd", "third"), ("4th", "fourth"),
        ("5th", "fifth"), ("6th", "sixth"),
    ],
}
"""Words each language may write another way, besides its numbers ("5" or "five")."""


@cache
def _same_as(lang: str) -> dict[str, tuple[str, ...]]:
    groups = [*_ALIKE.get(lang, ()), *enumerate(_NUMBERS.get(lang, "").split())]
    groups = [tuple(str(word) for word in group) for group in groups]
    return {word: tuple(w for w in group if w != word) for group in groups for word in group}


def alike(word: str, lang: str) -> tuple[str, ...]:
    """The other ways ``lang``'s rulebooks may write the folded ``word`` ("5": "five"; a
    number with its sign, as the number)."""
    if word[:1] in "+-" and word[1:].isdigit():
        return (word[1:], *_same_as(lang).get(word[1:], ()))
    return _same_as(lang).get(word, ())


def _spelt_out(found: re.Match[str]) -> str:
    can, won, verb = found.groups()
    return "cannot" if can else "will not" if won else f"{verb} not"
