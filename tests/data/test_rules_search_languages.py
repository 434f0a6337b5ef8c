"""The rules search in every language: each asker's rulebooks, stems, accents and spelling."""

from __future__ import annotations

import pytest

from data import rules_search
from rules import words as lexicon
from rules.questions import question
from rules.rulebook import LANGUAGES, all_rulebooks, digest
from tests.databases import open_store

SECTIONS = [
    rules_search.IndexedSection(s.game, s.key, s.title, s.keywords, s.body, lang, book.lang)
    for lang in LANGUAGES
    for book in all_rulebooks(lang).values()
    for s in book.sections
]


@pytest.fixture
async def store(tmp_path):
    store = await open_store(tmp_path / "table.db")
    async with store.transaction() as db:
        assert await rules_search.ensure_index(db, SECTIONS, digest())
    yield store
    await store.close()


async def _found(store, text, lang, **where):
    async with store.read() as db:
        hits, _ = await rules_search.search_or_mend(db, text, lang=lang, limit=3, **where)
    return [(hit.game, hit.key) for hit in hits]


# Questions as players of each language ask them, each answered by one section.
QUESTIONS = [
    ("es", "¿puedo poner la carta delante de mí mismo?", "whyfirst", "card-round"),
    ("es", "puedo poner la carta delante de mi mismo", "whyfirst", "card-round"),
    ("es", "cuántas zanahorias hacen falta para entrar en la meta", "hare", "finishing"),
    ("es", "que pasa cuando caigo en una casilla de liebre", "hare", "hare-spaces"),
    ("es", "para que sirve la carta de dividir", "canyon", "action-cards"),
    ("es", "las esquinas valen para todos?", "numbers", "corners"),
    ("es", "con cuantas zanahorias empezamos", "hare", "setup"),  # "empiezo" in the book
    ("it", "quante carote servono per arrivare al traguardo", "hare", "finishing"),
    ("it", "cosa succede quando finisce il mazzo", "numbers", "drawing"),
    ("it", "come funziona la variante tattica", "whyfirst", "tactical-variant"),
    ("it", "quando si mangia la lattuga", "hare", "lettuce-spaces"),
    ("it", "siamo in 2, leo cosa fa?", "whyfirst", "leo"),  # not "numero" (bianco)
    ("nl", "hoe werkt de tactische variant", "whyfirst", "tactical-variant"),
    ("nl", "hoeveel rijen heb je nodig om te winnen", "numbers", "winning"),
    ("nl", "wat doet de minkaart bij sequence numbers", "numbers", "plus-minus"),
    ("nl", "wat gebeurt er op een schildpad vakje", "hare", "tortoise-spaces"),
    ("nl", "wie is leo", "whyfirst", "leo"),
    ("nl", "hoe win ik volgnummers", "numbers", "winning"),  # the edition's name is the game
]


@pytest.mark.parametrize(("lang", "question", "game", "key"), QUESTIONS)
async def test_a_question_finds_its_section_first_in_its_language(
    store, lang, question, game, key
):
    assert (await _found(store, question, lang))[0] == (game, key)


# Questions that name what they ask about by a number: a space of the board, a card's
# value, a score; asked at that game's table.
NUMBERED = [
    ("en", "what is on space 38", "hare", "track"),
    ("es", "la casilla 45 que es", "hare", "track"),
    ("it", "cosa c'è sulla casella 33", "hare", "track"),
    ("nl", "wat is vak 50", "hare", "track"),
    ("nl", "ik stond op een 4 vak, wanneer krijg ik wortels", "hare", "position-spaces"),
    ("nl", "ik kom op 33 uit, heb ik verloren", "canyon", "end-of-game"),
    ("en", "got 34 at the end, is that bad", "canyon", "end-of-game"),
    ("it", "arrivo a 36 alla fine, che succede", "canyon", "end-of-game"),
    ("en", "finished on 9 is that ok", "canyon", "end-of-game"),
]


@pytest.mark.parametrize(("lang", "question", "game", "key"), NUMBERED)
async def test_a_question_naming_its_subject_by_a_number_finds_it(
    store, lang, question, game, key
):
    assert (await _found(store, question, lang, prefer=[game]))[0] == (game, key)


@pytest.mark.parametrize(
    ("game", "key"), [("numbers", "plus-minus"), ("canyon", "acceleration-cards")]
)
async def test_the_channels_game_decides_what_a_dutch_compound_means(store, game, key):
    # Both games have a "minkaart": Sequence Numbers' Minus card, Canyon's minus cards.
    assert (await _found(store, "wat doet de minkaart", "nl", prefer=[game]))[0] == (game, key)


async def test_each_language_searches_its_own_rulebooks(store):
    assert await _found(store, "lechuga", "es")
    assert await _found(store, "lechuga", "en") == []
    async with store.read() as db:
        (hit, *_) = await rules_search.search(db, "lechugas", lang="es", game="hare")
    spanish = all_rulebooks("es")["hare"]
    assert hit.title == spanish.section(hit.key).title != all_rulebooks()["hare"].title


@pytest.mark.parametrize(
    ("lang", "one", "other"),
    [
        ("es", "jugadores", "jugador"),
        ("es", "avanzar casillas", "avanza una casilla"),
        ("it", "lattughe", "lattuga"),
        ("it", "giocare carte", "gioca una carta"),
        ("nl", "pionnen", "pion"),
        ("nl", "kaarten zetten", "kaart zet"),
    ],
)
async def test_plurals_and_verb_forms_find_the_same_sections(store, lang, one, other):
    found = await _found(store, one, lang)
    assert found and found == await _found(store, other, lang)


async def test_the_words_found_are_bolded_in_the_forms_the_text_uses(store):
    async with store.read() as db:
        (hit, *_) = await rules_search.search(db, "lechugas", lang="es", game="hare")
    assert "**lechuga**" in hit.snippet.lower()


@pytest.mark.parametrize(
    ("lang", "typed", "game", "key"),
    [
        ("en", "what does the mnius card do", "numbers", "plus-minus"),  # its first letters
        ("en", "what happens on a hedgehgo space", "hare", "tortoise-spaces"),  # a players' word
        ("es", "con cuantas zanahorias empezaros", "hare", "setup"),
        ("it", "cosa succede quando finisce il mzzo", "numbers", "drawing"),
        ("nl", "wat gebeurt er op een sshildpad vakje", "hare", "tortoise-spaces"),
        ("nl", "wat doet de minnkaart bij sequence numbers", "numbers", "plus-minus"),
    ],
)
async def test_a_slip_among_known_words_finds_what_the_word_means(store, lang, typed, game, key):
    """A misspelt word among known ones is read as the word it was meant as, in all its
    forms: a slip in its first letters, in a players' word, a letter too many or too few."""
    assert (await _found(store, typed, lang))[0] == (game, key)


def test_a_word_of_the_language_or_one_being_typed_is_no_slip():
    vocabulary = frozenset(
        stem for s in SECTIONS if s.lang == "en"
        for stem in lexicon.terms(f"{s.title} {s.body} {' '.join(s.keywords)}", "en")
    )
    asked = question("if i get sent back to start do i keep my lettuce", "en", vocabulary)
    assert not any("seat" in term.forms for term in asked.terms), "sent is not seat"
    assert any("sent" in term.forms for term in asked.terms)
    typing = question("how many carr", "en", vocabulary)  # as the topic autocompletes
    assert not any("card" in term.forms for term in typing.terms), "carr is not card"
    assert any("carrot" in term.forms for term in typing.terms), "but the start of carrot"


@pytest.mark.parametrize(
    ("lang", "typed", "meant", "game", "key"),
    [
        ("it", "colisione", "collisione", "canyon", "collisions"),
        ("it", "latuga", "lattuga", "hare", "lettuce-spaces"),
        ("nl", "botsingn", "botsingen", "canyon", "collisions"),
    ],
)
async def test_a_misspelt_question_is_mended_from_its_languages_words(
    store, lang, typed, meant, game, key
):
    async with store.read() as db:
        assert await rules_search.search(db, typed, lang=lang) == []
        hits, searched = await rules_search.search_or_mend(db, typed, lang=lang, limit=3)
    assert searched == meant
    assert (hits[0].game, hits[0].key) == (game, key)
