"""Rulebook sections ranked for a question: BM25F over their analysed title, keywords and body.

Pure computation over stems (``rules.words``), so any store that keeps each section's
stems can serve the search: the weights, the saturation and the bonuses are ours, not a
database's.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise

FIELDS = ("title", "keywords", "body")
WEIGHTS = {"title": 10.0, "keywords": 6.0, "body": 1.0}
"""How much a word found in each field counts: a section is about what its title says."""
K1 = 2.0
"""How soon more of the same word stops adding (BM25's saturation)."""
B = {"title": 0.3, "keywords": 0.75, "body": 0.75}
"""How much a longer field dilutes each word in it (BM25's length normalization)."""
PAIR_WEIGHT = 1.0
"""Two words of the question side by side in a field count as a word this important."""


@dataclass(frozen=True)
class Term:
    """One word of a question: the stems that count as finding it, each with its share
    (1 for the word itself, less for a looser form of it)."""

    forms: dict[str, float]
    weight: float = 1.0
    """How much finding this word counts, before its rarity."""

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.forms.items())))


@dataclass(frozen=True)
class Document:
    """A section as the ranking sees it: its stems per field, in order."""

    game: str
    key: str
    fields: dict[str, tuple[str, ...]]

    @cached_property
    def counts(self) -> dict[str, Counter[str]]:
        return {name: Counter(stems) for name, stems in self.fields.items()}

    @cached_property
    def pairs(self) -> dict[str, Counter[tuple[str, str]]]:
        return {name: Counter(pairwise(stems)) for name, stems in self.fields.items()}

    @cached_property
    def stems(self) -> frozenset[str]:
        return frozenset(stem for stems in self.fields.values() for stem in stems)


@dataclass
class Corpus:
    """Every section of one language's rulebooks, with what ranking needs of them all."""

    documents: Sequence[Document]
    _df: dict[str, int] = field(default_factory=dict, repr=False)

    @cached_property
    def average_length(self) -> dict[str, float]:
        count = max(len(self.documents), 1)
        return {
            name: max(sum(len(d.fields.get(name, ())) for d in self.documents) / count, 1.0)
            for name in FIELDS
        }

    @cached_property
    def vocabulary(self) -> frozenset[str]:
        """Every stem any section holds."""
        return frozenset(stem for d in self.documents for stem in d.stems)

    def idf(self, term: Term) -> float:
        """How rare the word is among the sections: rarer words tell more."""
        found = sum(
            max((share for form, share in term.forms.items() if form in d.stems), default=0.0)
            for d in self.documents
        )
        n = len(self.documents)
        return math.log(1 + (n - found + 0.5) / (found + 0.5))

    def ranked(
        self,
        terms: Sequence[Term],
        pairs: Iterable[tuple[str, str]] = (),
        *,
        game: str | None = None,
        boost: Callable[[Document], float] | None = None,
    ) -> list[tuple[float, Document]]:
        """The sections that find at least one term, best first, with their scores.

        ``game``: only that game's sections; ``boost``: the factor of each section's score
        (above 1 for the sections that rank higher).
        """
        idf = {term: self.idf(term) for term in terms}
        pairs = list(dict.fromkeys(pairs))
        out = []
        for d in self.documents:
            if game is not None and d.game != game:
                continue
            score = sum(
                term.weight * idf[term] * self._saturated(d, term.forms) for term in terms
            )
            if score <= 0:
                continue
            score += sum(PAIR_WEIGHT * self._saturated_pair(d, pair) for pair in pairs)
            out.append((score * (boost(d) if boost else 1.0), d))
        out.sort(key=lambda found: -found[0])
        return out

    def _saturated(self, d: Document, forms: dict[str, float]) -> float:
        tf = 0.0
        for name in FIELDS:
            counts = d.counts.get(name)
            if not counts:
                continue
            found = sum(share * counts[form] for form, share in forms.items() if form in counts)
            if found:
                tf += WEIGHTS[name] * found / self._norm(d, name)
        return tf / (K1 + tf) if tf else 0.0

    def _saturated_pair(self, d: Document, pair: tuple[str, str]) -> float:
        tf = sum(
            WEIGHTS[name] * d.pairs[name][pair] / self._norm(d, name)
            for name in FIELDS
            if name in d.pairs and d.pairs[name][pair]
        )
        return tf / (K1 + tf) if tf else 0.0

    def _norm(self, d: Document, name: str) -> float:
        return 1 - B[name] + B[name] * len(d.fields.get(name, ())) / self.average_length[name]
