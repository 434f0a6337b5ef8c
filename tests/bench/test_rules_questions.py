"""The bench's player questions, tuned and held out, find their sections at least as often
as measured (bench/README.md): a change that loses questions fails here."""

from __future__ import annotations

import pytest

from bench import rules_search as bench
from data import rules_search
from data.store import Store
from rules.rulebook import LANGUAGES, digest

GOAL_FIRST, GOAL_TOP = 0.85, 1.0
"""The aim (issue 25), in every language: 85% found first, all in the top three."""
REACHED = {
    "en": (0.95, 1.0),
    "es": (0.98, 1.0),
    "it": (0.94, 1.0),
    "nl": (0.95, 1.0),
}
"""The shares first and in the top three that each language reaches, asked at the
question's game's table, which may only rise (every language reaches the aim)."""


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "rules.db")
    async with store.transaction() as db:
        await rules_search.ensure_index(db, bench.sections(), digest())
    yield store
    await store.close()


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_each_languages_questions_find_their_sections(store, lang):
    answers = await bench.answers(store, lang, at_table=True)
    assert len(bench.questions(lang, "tuned")) >= 40
    assert len(bench.questions(lang, "held out")) >= 15
    assert len(bench.questions(lang, "second held out")) >= 15
    first = sum(answer.place == 1 for answer in answers) / len(answers)
    top = sum(answer.place is not None for answer in answers) / len(answers)
    floor_first, floor_top = REACHED[lang]
    assert first >= max(GOAL_FIRST, floor_first), _misses(answers)
    assert top >= max(GOAL_TOP, floor_top), _misses(answers)


def _misses(answers: list[bench.Answer]) -> str:
    return "\n".join(
        f"{a.place or '-'} {a.question.game}:{a.question.key} {a.question.text} -> {a.found}"
        for a in answers if a.place != 1
    )
