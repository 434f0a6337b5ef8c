"""How often /rules search puts the section that answers a player's question first.

    python -m bench.rules_search [--lang LANG ...] [--misses] [--slips SHARE]

Runs every question of ``bench/rules_questions/<lang>.tsv``, of
``bench/rules_questions/held-out/<lang>.tsv``, ``held-out-2/<lang>.tsv``,
``held-out-3/<lang>.tsv`` and ``held-out-4/<lang>.tsv`` (four sets each written before a round
of tuning, held out then, tuned against since), of ``held-out-5/<lang>.tsv`` and
``held-out-6/<lang>.tsv`` (the held-out sets of the rounds before, never read) and of
``held-out-7/<lang>.tsv`` (written blind, never read), each
``game<TAB>section-key<TAB>question`` as players type them, through the search the bot runs, in
the question's language and its misspelt words mended as the bot mends them, over every game's
rulebook, and prints per language how many questions find their section first and in the top
three: asked at the question's game's table (that game open in the channel, whose sections the
bot ranks higher, as during play), each set apart and all together, and all of them asked
anywhere (every game alike). ``--misses`` lists the questions of the sets tuned against that
are not first at the table; the unread sets' stay unread. ``--slips SHARE`` asks the tuned
sets' questions again with a slip in that share of their words of five letters or more (a
letter missing, extra, changed, or two swapped; the same slips every run): how well the search
reads a player typing fast.
Figures, not tests.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import random
import tempfile
from dataclasses import dataclass
from pathlib import Path

from data import rules_search
from data.store import Store
from rules.rulebook import LANGUAGES, all_rulebooks, digest

QUESTIONS = Path(__file__).parent / "rules_questions"
SETS = {"first": QUESTIONS, "second": QUESTIONS / "held-out", "third": QUESTIONS / "held-out-2",
        "fourth": QUESTIONS / "held-out-3", "fifth": QUESTIONS / "held-out-4",
        "sixth": QUESTIONS / "held-out-5", "seventh": QUESTIONS / "held-out-6",
        "held out": QUESTIONS / "held-out-7"}
"""Each set of questions by name, and its folder, in the order they were written."""
TUNED_ON = ("first", "second", "third", "fourth", "fifth")
"""The sets the search has been tuned against; the sixth and the seventh are not (never read),
and the last one written is held out."""
TOP = 3


@dataclass(frozen=True)
class Question:
    game: str
    key: str
    text: str


@dataclass(frozen=True)
class Answer:
    question: Question
    found: list[tuple[str, str]]
    """The (game, key) of the hits, best first."""

    @property
    def place(self) -> int | None:
        """1 when the answering section came first, None when not in the top three."""
        wanted = (self.question.game, self.question.key)
        return self.found.index(wanted) + 1 if wanted in self.found else None


def questions(lang: str, part: str | None = None) -> list[Question]:
    """``lang``'s questions of the set named ``part`` (one of ``SETS``), or of every set
    in turn (None); none where it has no file."""
    if part is None:
        return [question for name in SETS for question in questions(lang, name)]
    path = SETS[part] / f"{lang}.tsv"
    if not path.exists():
        return []
    with path.open(encoding="utf-8", newline="") as rows:
        reader = csv.reader(rows, delimiter="\t", quoting=csv.QUOTE_NONE)
        return [Question(*row) for row in reader if row and not row[0].startswith("#")]


def sections() -> list[rules_search.IndexedSection]:
    """Every language's sections, as the bot indexes them."""
    return [
        rules_search.IndexedSection(s.game, s.key, s.title, s.keywords, s.body, lang, book.lang)
        for lang in LANGUAGES
        for book in all_rulebooks(lang).values()
        for s in book.sections
    ]


async def answers(
    store: Store, lang: str, at_table: bool, part: str | None = None, slips: float = 0.0
) -> list[Answer]:
    """Each of ``lang``'s questions (``part`` as for ``questions``) with the top three
    sections the search finds, asked at its game's table or anywhere; ``slips``: the share
    of long words typed with a slip."""
    out = []
    rng = random.Random(f"{lang}:{part}")
    async with store.read() as db:
        for question in questions(lang, part):
            prefer = [question.game] if at_table else []
            text = " ".join(
                slipped(word, rng) if len(word) >= 5 and word.isalpha() and rng.random() < slips
                else word
                for word in question.text.split()
            )
            hits, _ = await rules_search.search_or_mend(
                db, text, lang=lang, prefer=prefer, limit=TOP
            )
            out.append(Answer(question, [(hit.game, hit.key) for hit in hits]))
    return out


def slipped(word: str, rng: random.Random) -> str:
    """``word`` with one slip after its first letter: a letter missing, extra or changed, or
    two side by side swapped."""
    at = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(4)
    if kind == 0:
        return word[:at] + word[at + 1] + word[at] + word[at + 2 :]
    if kind == 1:
        return word[:at] + word[at + 1 :]
    if kind == 2:
        return word[:at] + word[at] + word[at:]
    return word[:at] + rng.choice("aeiourstnl") + word[at + 1 :]


async def run(langs: list[str], misses: bool, slips: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db")
        try:
            async with store.transaction() as db:
                await rules_search.ensure_index(db, sections(), digest())
            print(f"{'':<20}{'at the table':^28}{'anywhere':^28}")
            print(f"{'language':<20}" + f"{'first':>14}{'top three':>14}" * 2)
            for lang in langs:
                parts = {part: await answers(store, lang, True, part) for part in SETS}
                found = [answer for answered in parts.values() for answer in answered]
                if not found:
                    print(f"{lang:<20}none")
                    continue
                anywhere = await answers(store, lang, at_table=False)
                print(f"{f'{lang}, {len(found)} asked':<20}{_places(found)}{_places(anywhere)}")
                for part, answered in parts.items():
                    print(f"{f'  {len(answered)} {part}':<20}{_places(answered)}")
                    for answer in answered if misses and part in TUNED_ON else ():
                        if answer.place != 1:
                            q = answer.question
                            print(f"    {answer.place or '-'}  {q.game}:{q.key}  {q.text}"
                                  f"  -> {', '.join(key for _, key in answer.found)}")
                if slips:
                    slipping = [answer for part in TUNED_ON
                                for answer in await answers(store, lang, True, part, slips)]
                    print(f"{f'  tuned, {slips:.0%} slips':<20}{_places(slipping)}")
        finally:
            await store.close()


def _places(found: list[Answer]) -> str:
    """How many answers came first and in the top three, with their shares."""
    if not found:
        return f"{'-':>14}{'-':>14}"
    first = sum(1 for answer in found if answer.place == 1)
    top = sum(1 for answer in found if answer.place is not None)
    return "".join(f"{f'{n} ({n / len(found):.0%})':>14}" for n in (first, top))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", nargs="*", choices=LANGUAGES, default=list(LANGUAGES))
    parser.add_argument("--misses", action="store_true", help="list the questions not first")
    parser.add_argument("--slips", type=float, default=0.0,
                        help="the tuned sets again, this share of long words misspelt")
    args = parser.parse_args()
    asyncio.run(run(args.lang, args.misses, args.slips))


if __name__ == "__main__":
    main()
