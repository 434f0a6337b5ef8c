"""Question and rule words meet across plurals, verb forms, accents and filler words."""

from __future__ import annotations

import pytest

from rules.words import alike, folded, stopwords, terms


@pytest.mark.parametrize(
    ("lang", "one", "other"),
    [
        ("en", "card", "cards"),
        ("en", "moves", "moving"),
        ("es", "carta", "cartas"),
        ("es", "jugador", "jugadores"),
        ("es", "avanza", "avanzar"),
        ("it", "carota", "carote"),
        ("it", "giocare", "gioca"),
        ("nl", "kaart", "kaarten"),
        ("nl", "zetten", "zet"),
        ("nl", "spelers", "speler"),
    ],
)
def test_plurals_and_verb_forms_share_a_stem(lang: str, one: str, other: str) -> None:
    assert terms(one, lang) == terms(other, lang) != []


def test_each_language_has_its_own_stemmer() -> None:
    # "carte" is Italian plural of "carta", but not Spanish.
    assert terms("carte", "it") == terms("carta", "it")
    assert terms("lattuga", "it") != terms("lattuga", "nl")


@pytest.mark.parametrize(
    ("typed", "written"),
    [("mi mismo", "mí mismo"), ("accion", "Acción"), ("perche", "perché"), ("een", "één")],
)
def test_accents_and_case_fold_away(typed: str, written: str) -> None:
    assert folded(typed) == folded(written)


@pytest.mark.parametrize(
    ("lang", "question", "kept"),
    [
        ("en", "can I play on myself?", ["play", "myself"]),
        ("es", "¿puedo poner la carta delante de mí mismo?", ["pon", "cart", "delant", "mism"]),
        ("it", "posso giocare l'ultima carta?", ["gioc", "ultim", "cart"]),
        ("nl", "mag ik mijn kaart bij een ander leggen?", ["kaart", "ander", "leg"]),
    ],
)
def test_filler_words_are_left_out_of_each_language(lang, question, kept) -> None:
    assert terms(question, lang) == kept


def test_game_words_are_not_filler() -> None:
    assert {"second", "last", "first"}.isdisjoint(stopwords("en"))
    assert {"segundo", "ultimo", "primero"}.isdisjoint(stopwords("es"))
    assert {"secondo", "ultimo", "primo"}.isdisjoint(stopwords("it"))
    assert {"tweede", "laatste", "eerste"}.isdisjoint(stopwords("nl"))


@pytest.mark.parametrize(("lang", "word", "other"), [("es", "3", "tres"), ("nl", "twee", "2")])
def test_numbers_are_alike_to_their_words(lang: str, word: str, other: str) -> None:
    assert other in alike(word, lang)
