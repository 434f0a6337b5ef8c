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
    "en": (0.93, 1.0),
    "es": (0.94, 1.0),
    "it": (0.92, 1.0),
    "nl": (0.92, 1.0),
}
"""The shares first and in the top three that each language reaches over the sets the
search is tuned against, asked at the question's game's table, which may only rise."""
UNREAD = {
    "sixth": {"en": (33, 40), "es": (36, 39), "it": (35, 40), "nl": (29, 40)},
    "seventh": {"en": (32, 37), "es": (37, 39), "it": (35, 39), "nl": (35, 40)},
    "held out": {"en": (36, 38), "es": (35, 40), "it": (36, 40), "nl": (35, 38)},
}
"""Of the 40 questions of each language in the sets never read (``held-out-5/`` and
``held-out-6/``, the held-out sets of the rounds before, and ``held-out-7/``), how many come
first and in the top three (only these totals are looked at): a change may not lose them
unless ``bench/README.md`` says what it gained for it (reading slips as the words they meant
lost one Italian question first and won one Dutch one in the top three)."""


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
        answer for part in bench.TUNED_ON for answer in await bench.answers(store, lang, True, part)
    ]
    assert len(bench.questions(lang, "first")) >= 40
    assert len(bench.questions(lang, "second")) >= 15
    assert len(bench.questions(lang, "third")) >= 15
    assert len(bench.questions(lang, "fourth")) >= 40
    assert len(bench.questions(lang, "fifth")) >= 40
    assert len(bench.questions(lang, "sixth")) >= 40
    assert len(bench.questions(lang, "seventh")) >= 40
    assert len(bench.questions(lang, "held out")) >= 40
    first = sum(answer.place == 1 for answer in answers) / len(answers)
    top = sum(answer.place is not None for answer in answers) / len(answers)
    floor_first, floor_top = REACHED[lang]
    assert first >= max(GOAL_FIRST, floor_first), _misses(answers)
    assert top >= max(GOAL_TOP, floor_top), _misses(answers)


@pytest.mark.parametrize("part", UNREAD)
@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_unread_questions_lose_nothing(store, part, lang):
    answers = await bench.answers(store, lang, True, part)
    first = sum(answer.place == 1 for answer in answers)
    top = sum(answer.place is not None for answer in answers)
    # Only the totals are said: the questions stay unread, or they would be tuned against.
    floor_first, floor_top = UNREAD[part][lang]
    assert first >= floor_first and top >= floor_top, (first, top)


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
