"""Full-text search over the real rulebooks finds what players ask about."""

from __future__ import annotations

import pytest

from data import rules_search
from data.store import Store
from rules.rulebook import all_rulebooks, digest

SECTIONS = [
    rules_search.IndexedSection(s.game, s.key, s.title, s.body)
    for book in all_rulebooks().values()
    for s in book.sections
]


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "table.db")
    async with store.transaction() as db:
        assert await rules_search.ensure_index(db, SECTIONS, digest())
    yield store
    await store.close()


async def _search(store, text, limit=5):
    async with store.read() as db:
        return await rules_search.search(db, text, limit)


@pytest.mark.parametrize(
    ("question", "game", "key"),
    [
        ("tortoise", "hare", "tortoise-spaces"),
        ("second place", "whyfirst", "second-place"),
        ("collision", "canyon", "collisions"),
        ("dead card", "numbers", "dead-cards"),
        ("Leo", "whyfirst", "leo"),
        ("what happens on a hare space", "hare", "hare-spaces"),
        ("lettuce", "hare", "lettuce-spaces"),
        ("plus minus cards", "numbers", "plus-minus"),
        ("send left", "canyon", "send-rounds"),
        ("tactical variant", "whyfirst", "tactical-variant"),
        ("fifth card round", "whyfirst", "fifth-round"),
    ],
)
async def test_search_finds_the_obvious_section(store, question, game, key):
    hits = await _search(store, question, limit=3)
    assert (game, key) in [(hit.game, hit.key) for hit in hits]


async def test_search_highlights_the_words_found(store):
    (hit, *_) = await _search(store, "tortoise")
    assert "**" in hit.snippet


@pytest.mark.parametrize("text", ["", "   ", '"', "AND OR NOT", "*", "col:lision", "NEAR("])
async def test_odd_queries_never_break_the_search(store, text):
    await _search(store, text)


async def test_nonsense_finds_nothing(store):
    assert await _search(store, "xylophonequark") == []


async def test_index_is_rebuilt_only_when_the_texts_change(store):
    async with store.transaction() as db:
        assert not await rules_search.ensure_index(db, SECTIONS, digest())
        changed = [*SECTIONS[1:], rules_search.IndexedSection("hare", "x", "Zebra", "zebra")]
        assert await rules_search.ensure_index(db, changed, "another digest")
    assert [h.key for h in await _search(store, "zebra")] == ["x"]
