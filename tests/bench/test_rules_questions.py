"""The bench's player questions, tuned and held out, find their sections at least as often
as measured (bench/README.md): a change that loses questions fails here."""

from __future__ import annotations

import pytest

from bench import rules_search as bench
from data import rules_search
from data.store import Store
from rules.rulebook import LANGUAGES, all_rulebooks, digest

GOAL_FIRST, GOAL_TOP = 0.85, 1.0
"""The aim (issue 25), in every language: 85% found first, all in the top three."""
REACHED = {
    "en": (0.78, 0.91),
    "es": (0.84, 0.98),
    "it": (0.84, 0.98),
    "nl": (0.86, 0.94),
}
"""Not every language reaches the aim yet: the shares first and in the top three that each
does reach, asked at the question's game's table, which may only rise."""
MEASURED = ("tuned", "held out", "second held out")
"""The sets those shares were measured on: a newer held-out set joins once it is measured."""


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "rules.db")
    async with store.transaction() as db:
        await rules_search.ensure_index(db, bench.sections(), digest())
    yield store
    await store.close()


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_each_languages_questions_find_their_sections(store, lang):
    answers = [
        answer for part in MEASURED for answer in await bench.answers(store, lang, True, part)
    ]
    assert len(bench.questions(lang, "tuned")) >= 40
    assert len(bench.questions(lang, "held out")) >= 15
    assert len(bench.questions(lang, "second held out")) >= 15
    assert len(bench.questions(lang, "third held out")) >= 40
    first = sum(answer.place == 1 for answer in answers) / len(answers)
    top = sum(answer.place is not None for answer in answers) / len(answers)
    floor_first, floor_top = REACHED[lang]
    assert first >= min(GOAL_FIRST, floor_first), _misses(answers)
    assert top >= min(GOAL_TOP, floor_top), _misses(answers)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_question_names_a_section_of_its_game(lang):
    keys = {(book.game, s.key) for book in all_rulebooks(lang).values() for s in book.sections}
    unknown = [
        f"{part}: {q.game}:{q.key} {q.text}"
        for part in bench.SETS
        for q in bench.questions(lang, part)
        if (q.game, q.key) not in keys or not q.text.strip()
    ]
    assert not unknown, "\n".join(unknown)


def _misses(answers: list[bench.Answer]) -> str:
    return "\n".join(
        f"{a.place or '-'} {a.question.game}:{a.question.key} {a.question.text} -> {a.found}"
        for a in answers if a.place != 1
    )
