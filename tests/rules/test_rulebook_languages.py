"""Every language's rulebooks have the English sections, in order; a missing one reads English."""

from __future__ import annotations

import pytest

from cogs.common import i18n
from rules import rulebook
from rules.rulebook import (
    ENGLISH,
    LANGUAGES,
    RULEBOOK_GAMES,
    all_rulebooks,
    check_same_sections,
    game_named,
    load_rulebook,
    parse_rulebook,
)

ENGLISH_BOOK = """# Why First?

## Overview {#overview}
Finish second.

## Scoring {#second-place}
Second place scores.

## Leo {#leo}
The phantom player.
"""


def test_the_rulebooks_are_written_in_the_languages_the_table_speaks() -> None:
    assert LANGUAGES == i18n.LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", RULEBOOK_GAMES)
def test_each_language_present_has_the_english_sections_in_order(game: str, lang: str) -> None:
    english = load_rulebook(game)
    book = load_rulebook(game, lang)  # raises on any mismatch
    assert [s.key for s in book.sections] == [s.key for s in english.sections]
    written = rulebook.rulebook_path(game, lang).exists()
    assert book.lang == (lang if written else ENGLISH)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != ENGLISH])
def test_a_translation_reads_in_its_own_words(lang: str) -> None:
    written = [g for g in RULEBOOK_GAMES if rulebook.rulebook_path(g, lang).exists()]
    for game in written:
        english, book = all_rulebooks()[game], all_rulebooks(lang)[game]
        assert book.section("overview").body != english.section("overview").body


@pytest.mark.parametrize(
    ("translated", "problem"),
    [
        (ENGLISH_BOOK.replace("## Leo {#leo}\nThe phantom player.\n", ""), "lacks leo"),
        (ENGLISH_BOOK + "\n## Extra {#extra}\nMore.\n", "has extra, which the English lacks"),
        (
            ENGLISH_BOOK.replace("{#second-place}", "{#tmp}")
            .replace("{#leo}", "{#second-place}")
            .replace("{#tmp}", "{#leo}"),
            "another order",
        ),
    ],
)
def test_a_translation_whose_sections_differ_is_refused(translated: str, problem: str) -> None:
    english = parse_rulebook("whyfirst", ENGLISH_BOOK)
    with pytest.raises(ValueError, match=f"rulebook.es.md: .*{problem}"):
        check_same_sections(english, parse_rulebook("whyfirst", translated), "rulebook.es.md")


def test_loading_refuses_a_translation_file_with_other_sections(tmp_path, monkeypatch) -> None:
    (tmp_path / "whyfirst").mkdir()
    (tmp_path / "whyfirst" / "rulebook.md").write_text(ENGLISH_BOOK, encoding="utf-8")
    broken = ENGLISH_BOOK.replace("{#leo}", "{#leon}").replace("# Why First?", "# ¿Por qué?")
    (tmp_path / "whyfirst" / "rulebook.es.md").write_text(broken, encoding="utf-8")
    monkeypatch.setattr(rulebook, "_RULES_DIR", tmp_path)
    with pytest.raises(ValueError, match="lacks leo"):
        load_rulebook("whyfirst", "es")
    # A language without a file reads the English.
    italian = load_rulebook("whyfirst", "it")
    assert (italian.lang, italian.title) == (ENGLISH, "Why First?")


def test_a_language_the_rulebooks_are_not_written_in_is_refused_or_read_in_english() -> None:
    with pytest.raises(ValueError, match="no rulebooks in 'fr'"):
        load_rulebook("hare", "fr")
    assert all_rulebooks("fr") == all_rulebooks()


@pytest.mark.parametrize(
    ("typed", "game"),
    [("Liebre y Tortuga", "hare"), ("por que primero", "whyfirst"), ("lepre", "hare")],
)
def test_a_game_is_named_by_its_title_in_any_language(typed: str, game: str) -> None:
    assert game_named(typed) == game


def test_sections_are_found_by_title_without_their_accents() -> None:
    spanish = all_rulebooks("es")["whyfirst"]
    assert spanish.section("tactical-variant").title == "Variante táctica"
    assert spanish.matching("tactica")[0].key == "tactical-variant"
    assert spanish.named("VARIANTE  TACTICA").key == "tactical-variant"
