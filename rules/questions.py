"""A player's rules question as the terms search looks for: stems, their other forms, the
rulebooks' words for the player's words, Dutch compounds split, and the games it names."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

from rules import spelling
from rules import words as lexicon
from rules.ranking import Term
from rules.rulebook import LANGUAGES, all_rulebooks

PREFIX_FROM = 4
"""Stems this long or longer also find the longer stems they start ("tort": "tortoise")."""
PREFIX_SHARE = 0.8
"""How much a longer stem found that way counts, against the word itself. A stem the
rulebooks use themselves finds only itself ("over" is not "overview")."""
SYNONYM_SHARE = 0.9
"""How much the rulebooks' word for a player's word counts, against the word itself."""
MENDED_SHARE = 0.8
"""How much the word a misspelt one meant counts ("tortise": "tortoise")."""
MENDED_FROM = 4
"""The shortest stem looked up as misspelt: shorter ones are too often another word."""
SIGNLESS_SHARE = 0.5
"""How much a number found without the sign a question gives it ("+5") counts."""
COMPOUND_PART = 3
"""The shortest part a Dutch compound splits into ("min" of "minkaart")."""
COMPOUND_PART_WEIGHT = 0.5
"""How much each part of a Dutch compound the rulebooks use counts besides the whole."""
_SYNONYMS = Path(__file__).parent / "synonyms"


@dataclass(frozen=True)
class Question:
    terms: tuple[Term, ...]
    pairs: tuple[tuple[str, str], ...]
    """Stems side by side in the question, which count again side by side in a section."""
    games: tuple[str, ...]
    """The games the question names by their title, whose sections it is about."""


def question(text: str, lang: str, vocabulary: frozenset[str]) -> Question:
    """What ``text``, asked in ``lang``, looks for among sections holding ``vocabulary``."""
    typed = lexicon.tokens(text)
    # A question with no known word at all is mended whole by the search, which says so.
    among_known = any(_known(word, lang, vocabulary) for word in typed)
    meant = _meant(typed, lang, vocabulary) if among_known else {}
    tokens, games = _without_game_titles([meant.get(word, word) for word in typed])
    mended = {right: wrong for wrong, right in meant.items()}
    found = lexicon.words(" ".join(_phrases_added(tokens, lang)), lang)
    terms: list[Term] = []
    stems: list[str] = []
    pairs: list[tuple[str, str]] = []
    for word in found:
        parts = _parts(word, lang, vocabulary)
        for part in parts:
            stem = lexicon.stem(part, lang)
            stems.append(stem)
            forms = _forms(part, stem, lang, vocabulary)
            if part in mended:  # as typed, and what it meant at a share
                forms = {lexicon.stem(mended[part], lang): 1.0} | {
                    form: MENDED_SHARE * share for form, share in forms.items()
                }
            terms.append(_mended(Term(forms), vocabulary) if among_known else Term(forms))
        split = _split(word, lang, vocabulary) if len(parts) == 1 else None
        if split:  # "minkaart" is also about "min" and "kaart", and finds "min-kaart"
            left, right = (lexicon.stem(part, lang) for part in split)
            terms += [Term({stem: 1.0}, COMPOUND_PART_WEIGHT) for stem in (left, right)]
            pairs.append((left, right))
    return Question(tuple(dict.fromkeys(terms)), (*pairwise(stems), *pairs), games)


def _meant(typed: list[str], lang: str, vocabulary: frozenset[str]) -> dict[str, str]:
    """The words a player misspelt, each with the known word it was meant as
    (``rules.spelling.closest``): a misspelt word then finds what it meant in every form,
    players' words and pairs included. A word of the language the rulebooks never use is
    no slip ("sent" is not "seat"), nor is the start of a word they use, still being typed
    ("carr" of "carrot", not "card"): its stem finds the longer ones it starts."""
    spelt, meant = _spelt(lang), {}
    for word in typed:
        if (
            len(word) >= MENDED_FROM and word.isalpha() and word not in spelt
            and not _known(word, lang, vocabulary) and _split(word, lang, vocabulary) is None
            and not _begins_known(word, lang, vocabulary) and not spelling.a_word_of(word, lang)
        ):
            close = spelling.closest(word, spelt)
            if close is not None:
                meant[word] = close
    return meant


def _begins_known(word: str, lang: str, vocabulary: frozenset[str]) -> bool:
    stem = lexicon.stem(word, lang)
    return len(stem) >= PREFIX_FROM and any(known.startswith(stem) for known in vocabulary)


def load(lang: str) -> None:
    """Read what a question in ``lang`` is mended from, ahead of the first question."""
    _spelt(lang)
    spelling.load(lang)


@cache
def _spelt(lang: str) -> dict[str, int]:
    """Every word a question in ``lang`` may mean, with how often its rulebooks use it:
    theirs, the players' words and phrases, and the filler words."""
    spelt = dict.fromkeys(lexicon.stopwords(lang), 0)
    for said, _ in _synonym_lines(lang):
        spelt.update(dict.fromkeys((word for word in said if word.isalpha()), 0))
    return spelt | spelling.rulebook_word_counts(lang)


def _mended(term: Term, vocabulary: frozenset[str]) -> Term:
    """``term``, or, when no form of it is in the rulebooks (a word of the language they
    never use: "salgo" of "salir"), with the closest stem they use that starts alike as
    another form, as close as ``rules.spelling`` mends a word."""
    if vocabulary.intersection(term.forms):
        return term
    forms = dict(term.forms)
    for typed in term.forms:
        if len(typed) >= MENDED_FROM and typed.isalpha():
            alike = [stem for stem in vocabulary if stem[:2] == typed[:2]]
            for close in difflib.get_close_matches(typed, alike, n=1, cutoff=spelling.CLOSE_ENOUGH):
                forms.setdefault(close, MENDED_SHARE * term.forms[typed])
    return Term(forms, term.weight)


def _forms(word: str, stem: str, lang: str, vocabulary: frozenset[str]) -> dict[str, float]:
    """The stems that find ``word``, with their shares."""
    forms = {stem: 1.0}
    for other in lexicon.alike(word, lang):
        forms.setdefault(lexicon.stem(other, lang), SIGNLESS_SHARE if word[0] in "+-" else 1.0)
    for meant in synonyms(lang).get(stem, ()):
        forms.setdefault(meant, SYNONYM_SHARE)
    for known in list(forms):
        if len(known) >= PREFIX_FROM and known.isalpha() and known not in vocabulary:
            for longer in vocabulary:
                if longer.startswith(known):
                    forms.setdefault(longer, PREFIX_SHARE * forms[known])
    if lang == "nl" and stem not in vocabulary and stem[-1:] == "t":
        forms.setdefault(stem[:-1], 1.0)  # "speelt" is "speel" of "spelen"
    if lang == "es":
        for other in _stem_changed(stem):
            if other in vocabulary:
                forms.setdefault(other, 1.0)
    return forms


_STEM_CHANGES = (("ie", "e"), ("ue", "o"), ("ue", "u"), ("e", "ie"), ("o", "ue"), ("u", "ue"))
"""The vowels a Spanish verb changes in some of its forms ("empiezo", "empezamos";
"puedo", "podemos"; "juego", "jugamos"), which its stemmer keeps apart."""


def _stem_changed(stem: str) -> list[str]:
    """``stem`` with one of its vowels changed as a Spanish verb's are, each way."""
    return [
        stem[:at] + to + stem[at + len(was):]
        for was, to in _STEM_CHANGES
        for at in range(len(stem))
        if stem.startswith(was, at)
    ]


ANY_NUMBER = "#"
"""In a players' phrase, stands for any number ("space #": "space 27"); ``#>30`` for any
number above 30, ``#<16`` for any below 16, ``+#`` and ``-#`` for a number with that
sign (a card's value: "+3 and -2")."""
SIGNED = ("+" + ANY_NUMBER, "-" + ANY_NUMBER)


def _phrases_added(tokens: list[str], lang: str) -> list[str]:
    """``tokens`` with the rulebooks' words for each players' phrase of several words
    after it ("give up": "resign")."""
    out = list(tokens)
    for phrase, meant in synonym_phrases(lang).items():
        n = len(phrase)
        at = 0
        while at <= len(out) - n:
            if all(map(_said, phrase, out[at : at + n])):
                out[at + n : at + n] = meant
                at += n + len(meant)
            else:
                at += 1
    return out


def _said(wanted: str, word: str) -> bool:
    """Whether ``word`` is the ``wanted`` word of a players' phrase."""
    if wanted in SIGNED:
        return word[:1] == wanted[0] and word[1:].isdecimal()
    if not wanted.startswith(ANY_NUMBER):
        return word == wanted
    if not word.lstrip("+-").isdecimal():
        return False
    bound = wanted[2:]
    return (
        wanted == ANY_NUMBER
        or (wanted[1] == ">" and int(word) > int(bound))
        or (wanted[1] == "<" and int(word) < int(bound))
    )


def _parts(word: str, lang: str, vocabulary: frozenset[str]) -> list[str]:
    """``word``, or the two words a Dutch compound the rulebooks never use is made of
    ("wortelkaart": "wortel", "kaart")."""
    if _known(word, lang, vocabulary):
        return [word]
    return _split(word, lang, vocabulary) or [word]


def _split(word: str, lang: str, vocabulary: frozenset[str]) -> list[str] | None:
    """The two parts of a Dutch compound whose parts the rulebooks use, or None."""
    if lang != "nl":
        return None
    return split_compound(word, lambda part: _known(part, lang, vocabulary))


def split_compound(word: str, known: Callable[[str], bool]) -> list[str] | None:
    """The two ``known`` parts a Dutch compound is made of, the longest tail first, a
    linking "s", "en" or "e" aside ("hazenvak": "haz", "vak"); None if it has none."""
    for cut in range(len(word) - COMPOUND_PART, COMPOUND_PART - 1, -1):
        head, tail = word[:cut], word[cut:]
        for link in ("", "s", "en", "e"):
            left = head[: len(head) - len(link)]
            if head.endswith(link) and len(left) >= COMPOUND_PART and known(left) and known(tail):
                return [left, tail]
    return None


def with_compound_parts(sections: list[dict[str, list[str]]]) -> list[dict[str, list[str]]]:
    """Dutch sections' fields of stems with each compound followed by its parts
    ("schildpadvak", "schildpad", "vak"), so "schildpad vakje" finds the rulebooks' word."""
    known = {stem for fields in sections for stems in fields.values() for stem in stems}
    return [
        {
            name: [
                part
                for stem in stems
                for part in [stem, *(split_compound(stem, known.__contains__) or ())]
            ]
            for name, stems in fields.items()
        }
        for fields in sections
    ]


def _known(word: str, lang: str, vocabulary: frozenset[str]) -> bool:
    return lexicon.stem(word, lang) in vocabulary or word in synonyms_by_word(lang)


def _without_game_titles(tokens: list[str]) -> tuple[list[str], tuple[str, ...]]:
    """``tokens`` without the games' titles they spell, and those games."""
    named = []
    for title, game in _titles():
        n = len(title)
        for at in range(len(tokens) - n + 1):
            if tuple(tokens[at : at + n]) == title:
                tokens = tokens[:at] + tokens[at + n :]
                named.append(game)
                break
    return tokens, tuple(dict.fromkeys(named))


@cache
def _titles() -> tuple[tuple[tuple[str, ...], str], ...]:
    """Each game's title and other names in every language as words, longest first."""
    titles = {
        (tuple(lexicon.tokens(name)), game)
        for lang in LANGUAGES
        for game, book in all_rulebooks(lang).items()
        for name in book.names
    }
    return tuple(sorted(titles, key=lambda title: -len(title[0])))


@cache
def _synonym_lines(lang: str) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """Each players' word or phrase of ``lang`` (folded words) with the rulebooks' words
    for it (``rules/synonyms/<lang>.txt``: ``rulebook words = player words, ...``)."""
    path = _SYNONYMS / f"{lang}.txt"
    if not path.exists():
        return ()
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or "=" not in line:
            continue
        meant, said = line.split("=", 1)
        rulebook = tuple(lexicon.tokens(meant))
        out += [(_phrase(phrase), rulebook) for phrase in said.split(",")]
    return tuple((said, meant) for said, meant in out if said)


def _phrase(said: str) -> tuple[str, ...]:
    """The folded words of a players' phrase, ``ANY_NUMBER`` kept."""
    return tuple(
        word for part in said.split() for word in
        ([part] if part.startswith(ANY_NUMBER) or part in SIGNED else lexicon.tokens(part))
    )


@cache
def synonym_phrases(lang: str) -> dict[tuple[str, ...], tuple[str, ...]]:
    """The players' phrases of several words, with the rulebooks' words for each."""
    return {said: meant for said, meant in _synonym_lines(lang) if len(said) > 1}


@cache
def synonyms_by_word(lang: str) -> dict[str, tuple[str, ...]]:
    """Each players' single word of ``lang`` with the rulebooks' words for it."""
    out: dict[str, list[str]] = {}
    for said, meant in _synonym_lines(lang):
        if len(said) == 1:
            out.setdefault(said[0], []).extend(meant)
    return {word: tuple(dict.fromkeys(meant)) for word, meant in out.items()}


@cache
def synonyms(lang: str) -> dict[str, tuple[str, ...]]:
    """``synonyms_by_word`` as stems: a player's stem, the rulebooks' stems for it."""
    out: dict[str, list[str]] = {}
    for word, meant in synonyms_by_word(lang).items():
        out.setdefault(lexicon.stem(word, lang), []).extend(
            lexicon.stem(m, lang) for m in meant
        )
    return {stem: tuple(dict.fromkeys(meant)) for stem, meant in out.items()}
