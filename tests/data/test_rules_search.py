"""Full-text search over the real rulebooks answers what players ask."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data import meta, rules_search
from data.schema import migrations
from data.store import Store
from rules import words as lexicon
from rules.questions import MENDED_SHARE, SIGNLESS_SHARE, SYNONYM_SHARE, question
from rules.rulebook import RULEBOOK_GAMES, all_rulebooks, digest
from tests.data.snippet_checks import markdown_problems, runs
from tests.databases import open_store, sqlite_only

SECTIONS = [
    rules_search.IndexedSection(s.game, s.key, s.title, s.keywords, s.body)
    for book in all_rulebooks().values()
    for s in book.sections
]


@pytest.fixture
async def store(tmp_path):
    store = await open_store(tmp_path / "table.db")
    async with store.transaction() as db:
        assert await rules_search.ensure_index(db, SECTIONS, digest())
    yield store
    await store.close()


async def _search(store, text, **where):
    async with store.read() as db:
        return await rules_search.search(db, text, **where)


async def _found(store, text, **where):
    return [(hit.game, hit.key) for hit in await _search(store, text, **where)]


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
    assert (game, key) in (await _found(store, question, limit=3))


# Questions as players ask them at the table, each answered by one section.
PLAYER_QUESTIONS = [
    ("why can I only play on myself now", "whyfirst", "fifth-round"),
    ("who scores at the end of a stage", "whyfirst", "second-place"),
    ("what if everyone ends on the same space", "whyfirst", "second-place"),
    ("what happens if my figure goes past 16", "whyfirst", "moving"),
    ("who wins if two players tie for the highest score", "whyfirst", "end-of-game"),
    ("how many cards are in the deck", "whyfirst", "components"),
    ("who moves first in the tactical variant", "whyfirst", "tactical-variant"),
    ("what are the white numbers for", "whyfirst", "white-numbers"),
    ("how many carrots can I finish with", "hare", "finishing"),
    ("what happens when I land on a hare", "hare", "hare-spaces"),
    ("I can't move anywhere", "hare", "forced-restart"),
    ("how much does it cost to move 5 spaces", "hare", "carrot-costs"),
    ("can I go backwards", "hare", "moving-back"),
    ("when do I eat my lettuce", "hare", "lettuce-spaces"),
    ("can I stay on a carrot space", "hare", "carrot-spaces"),
    ("how many carrots do I start with", "hare", "setup"),
    ("what happens if I go over 30", "canyon", "end-of-game"),
    ("who gets hit in a collision", "canyon", "collision-victim"),
    ("what happens after four collisions", "canyon", "collision-limit"),
    ("can my score go below zero", "canyon", "scoring"),
    ("who gets 6 cards", "canyon", "bonuses"),
    ("what does divide by 2 do to odd numbers", "canyon", "action-cards"),
    ("when do I choose plus or minus for a double card", "canyon", "acceleration-cards"),
    ("what is a dead card", "numbers", "dead-cards"),
    ("can I use the corners", "numbers", "corners"),
    ("how do I remove a chip", "numbers", "plus-minus"),
    ("can 5 people play", "numbers", "teams"),
    ("does a line of six count as two sequences", "numbers", "sequences"),
    ("what happens when the draw pile runs out", "numbers", "drawing"),
    ("how many sequences do we need to win", "numbers", "winning"),
    ("can I tell my team mate what to play", "numbers", "table-talk"),
]


@pytest.mark.parametrize(("question", "game", "key"), PLAYER_QUESTIONS)
async def test_a_players_question_finds_its_section_first(store, question, game, key):
    found = await _found(store, question)
    assert found and found[0] == (game, key), found


@pytest.mark.parametrize("game", RULEBOOK_GAMES)
async def test_the_game_filter_keeps_to_that_rulebook(store, game):
    found = await _found(store, "how do I win", game=game)
    assert found and {g for g, _ in found} == {game}


@pytest.mark.parametrize("game", RULEBOOK_GAMES)
async def test_the_channels_game_ranks_first_when_every_rulebook_answers_alike(store, game):
    # Every rulebook has the same section on resigning.
    assert {g for g, _ in await _found(store, "how do I resign", limit=4)} == set(RULEBOOK_GAMES)
    assert (await _found(store, "how do I resign", prefer=[game]))[0] == (game, "clocks")


@pytest.mark.parametrize(
    ("question", "game", "key"),
    [
        ("why can I only play on myself now", "whyfirst", "fifth-round"),
        ("how many carrots can I finish with", "hare", "finishing"),
        ("what happens if I go over 30", "canyon", "end-of-game"),
        ("what is a dead card", "numbers", "dead-cards"),
        ("who is Leo", "whyfirst", "leo"),
        ("when do I eat my lettuce", "hare", "lettuce-spaces"),
        ("who gets hit in a collision", "canyon", "collision-victim"),
        ("can I use the corners", "numbers", "corners"),
    ],
)
async def test_a_clear_answer_from_another_game_still_comes_first(store, question, game, key):
    others = [other for other in RULEBOOK_GAMES if other != game]
    assert (await _found(store, question, prefer=others))[0] == (game, key)


async def test_keywords_find_a_section_whose_text_never_says_the_word(store):
    tortoise = all_rulebooks()["hare"].section("tortoise-spaces")
    assert "turtle" in tortoise.keywords and "turtle" not in tortoise.text.lower()
    assert (await _found(store, "turtle"))[0] == ("hare", "tortoise-spaces")


async def test_search_highlights_the_words_found(store):
    (hit, *_) = await _search(store, "tortoise")
    assert "**Tortoise**" in hit.snippet


async def test_a_word_found_in_bold_text_is_highlighted_without_nesting(store):
    # Position spaces print **1/5/6**; the old snippets made that ``****1**/5/6**``.
    (hit, *others) = await _search(store, "1/5/6 position", game="hare")
    assert hit.key == "position-spaces"
    assert "**Position** spaces show a race place: 2, 3, 4, or **1/5/6**." in hit.snippet
    assert all(not markdown_problems(other.snippet) for other in [hit, *others])


def _forms(text: str, lang: str = "en") -> list[dict[str, float]]:
    texts = (f"{s.title} {s.body} {' '.join(s.keywords)}" for s in SECTIONS)
    vocabulary = frozenset(stem for text in texts for stem in lexicon.terms(text, "en"))
    return [term.forms for term in question(text, lang, vocabulary).terms]


@pytest.mark.parametrize(
    ("text", "forms"),
    [
        ("", []),
        ("how do I", []),
        ("I can't", [{"cannot": 1.0}]),
        ("don't go over 30", [{"not": 1.0}, {"over": 1.0}, {"30": 1.0}]),
        ("five", [{"five": 1.0, "5": 1.0}]),
        ("myself", [{"myself": 1.0, "yourself": 1.0}]),
        ("hedgehog", [{"hedgehog": 1.0, "tortois": SYNONYM_SHARE}]),
        ("a +5 card", [{"+5": 1.0, "5": SIGNLESS_SHARE, "five": SIGNLESS_SHARE}, {"card": 1.0}]),
        ("space 27", [{"space": 1.0}, {"27": 1.0}, {"map": 1.0}, {"number": 1.0}]),
        ("I got 33", [{"33": 1.0}, {"over": 1.0}, {"30": 1.0}]),
        ("I got 13", [{"13": 1.0}]),
        ("-1 and +4", [{"-1": 1.0, "1": 0.5, "one": 0.5}, {"+4": 1.0, "4": 0.5, "four": 0.5},
                       {"add": 1.0}, {"up": 1.0}, {"total": 1.0}]),
        ("1 and 4", [{"1": 1.0, "one": 1.0}, {"4": 1.0, "four": 1.0}]),
    ],
)
def test_a_questions_words_become_the_stems_that_find_them(text, forms):
    assert _forms(text) == forms


def test_a_spanish_verb_also_finds_its_forms_with_the_other_vowel():
    (empezamos,) = question("empezamos", "es", frozenset({"empez", "empiez"})).terms
    (vuelves,) = question("vuelves", "es", frozenset({"volv", "vuelv", "vuelt"})).terms
    assert empezamos.forms == {"empez": 1.0, "empiez": 1.0}
    assert vuelves.forms == {"vuelv": 1.0, "volv": 1.0}


def test_a_stem_the_rulebooks_never_use_finds_the_longer_ones_it_starts():
    ((tortoise, *_),) = _forms("tort")  # as typed so far, in the autocomplete
    assert [*_forms("tort")[0]][1:] == ["tortois"] and tortoise == "tort"
    assert _forms("over") == [{"over": 1.0}]  # a word of its own is not "overview"


def test_a_misspelt_word_among_known_ones_also_finds_the_word_it_meant():
    assert _forms("tortise square") == [
        {"tortis": 1.0, "tortois": MENDED_SHARE}, {"squar": 1.0, "space": SYNONYM_SHARE}
    ]
    assert _forms("tortise") == [{"tortis": 1.0}]  # mended whole, and said so, if no hit


async def test_a_misspelt_word_among_known_ones_finds_its_section(store):
    found = await _found(store, "what happens on a tortise space")
    assert found[0] == ("hare", "tortoise-spaces")


@pytest.mark.parametrize(
    ("text", "games"),
    [
        ("how do you play sequence numbers", ("numbers",)),
        ("como se juega a liebre y tortuga", ("hare",)),
        ("hoe win ik volgnummers", ("numbers",)),  # the Dutch edition's name
        ("reglas de liebres y tortugas", ("hare",)),  # the Spanish edition's
        ("hare spaces", ()),
    ],
)
def test_a_game_named_by_its_title_is_what_the_question_is_about(text, games):
    assert question(text, "en", frozenset()).games == games


async def test_a_game_named_alone_finds_its_overview(store):
    assert (await _found(store, "great canyon race"))[0] == ("canyon", "overview")


@pytest.mark.parametrize("text", ["", "   ", '"', "AND OR NOT", "*", "col:lision", "NEAR(", "a'b"])
async def test_odd_queries_never_break_the_search(store, text):
    await _search(store, text)


async def test_nonsense_finds_nothing(store):
    assert await _search(store, "xylophonequark") == []


async def test_index_is_rebuilt_only_when_the_texts_change(store):
    async with store.transaction() as db:
        assert not await rules_search.ensure_index(db, SECTIONS, digest())
        changed = [*SECTIONS[1:], rules_search.IndexedSection("hare", "x", "Zebra", (), "zebra")]
        assert await rules_search.ensure_index(db, changed, "another digest")
    assert [h.key for h in await _search(store, "zebra")] == ["x"]


async def test_index_built_by_an_older_analysis_is_rebuilt(store, monkeypatch):
    async with store.transaction() as db:  # as a bot that knew nothing of the analysis
        await meta.set_meta(db, rules_search.DIGEST_KEY, digest())
        assert await rules_search.ensure_index(db, SECTIONS, digest())
        assert not await rules_search.ensure_index(db, SECTIONS, digest())
        monkeypatch.setattr(rules_search, "_analysis", lambda: "a newer analysis")
        assert await rules_search.ensure_index(db, SECTIONS, digest())


@sqlite_only
async def test_migrating_an_older_database_rebuilds_the_index_with_keywords(tmp_path):
    path = tmp_path / "table.db"
    with closing(sqlite3.connect(path)) as raw:  # as the bot before keywords left it
        for migration in migrations():
            if migration.number == 8:
                break
            raw.executescript(migration.script("sqlite"))
            raw.execute(f"PRAGMA user_version = {migration.number}")
        raw.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (rules_search.DIGEST_KEY, "x"))
        raw.commit()
    store = await Store.open(path)
    try:
        async with store.transaction() as db:
            assert await meta.get_meta(db, rules_search.DIGEST_KEY) is None
            assert await rules_search.ensure_index(db, SECTIONS, digest())
        assert (await _found(store, "turtle"))[0] == ("hare", "tortoise-spaces")
    finally:
        await store.close()


# Random sections: words, some of them asked about, in the markdown the rulebooks use.
words = st.sampled_from(["carrot", "lettuce", "tortoise", "figure", "stage", "chip", "x1", "42"])
markup = st.sampled_from(["**", "*", "`", "\n", "\n- ", "\n### ", "\n```\n", " _", "|", " "])
section_text = st.lists(st.one_of(words, markup), min_size=1, max_size=120).map(" ".join)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    bodies=st.lists(section_text, min_size=1, max_size=4),
    query=st.lists(words, min_size=1, max_size=3).map(" ".join),
)
async def test_snippets_of_any_section_and_query_are_valid_markdown(store, bodies, query):
    sections = [
        rules_search.IndexedSection("hare", f"s{n}", f"Section {n}", (), body)
        for n, body in enumerate(bodies)
    ]
    async with store.transaction() as db:
        await rules_search.ensure_index(db, sections, repr(bodies))
    for hit in await _search(store, query):
        assert not markdown_problems(hit.snippet), hit.snippet
        assert len(hit.snippet) <= 1024
        body = sections[int(hit.key[1:])].body
        if any(word in body.split() for word in query.split()):
            assert any(bold for bold, _ in runs(hit.snippet)), (body, query, hit.snippet)
