"""The rulebook format: parsing, its refusals, and every rulebook file keeping to it."""

from __future__ import annotations

import re

import pytest

from rules.rulebook import (
    LANGUAGES,
    MAX_KEY_LENGTH,
    RULEBOOK_GAMES,
    Rulebook,
    Section,
    all_rulebooks,
    digest,
    load_rulebook,
    parse_rulebook,
)
from tests.rules.rulebooks import keys

KEY_FORMAT = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@pytest.mark.parametrize("game", RULEBOOK_GAMES)
def test_every_rulebook_parses_and_starts_with_the_overview(game: str) -> None:
    book = load_rulebook(game)
    assert book.game == game
    assert book.title
    assert book.sections[0].key == "overview"
    assert book.overview is book.sections[0]
    assert all(section.game == game for section in book.sections)


def test_all_rulebooks_holds_every_game_and_is_loaded_once() -> None:
    first = all_rulebooks()
    assert tuple(first) == RULEBOOK_GAMES
    assert all_rulebooks()["hare"] is first["hare"]


def test_load_rulebook_refuses_a_game_without_one() -> None:
    with pytest.raises(ValueError, match="no rulebook"):
        load_rulebook("chess")


@pytest.mark.parametrize("game", RULEBOOK_GAMES)
def test_section_keys_are_unique_and_well_formed(game: str, books: dict[str, Rulebook]) -> None:
    keys = [section.key for section in books[game].sections]
    assert len(keys) == len(set(keys))
    for key in keys:
        assert KEY_FORMAT.fullmatch(key), key
        assert len(key) <= MAX_KEY_LENGTH


@pytest.mark.parametrize("game", RULEBOOK_GAMES)
def test_no_section_is_empty_and_sections_keep_to_one_topic(
    game: str, books: dict[str, Rulebook]
) -> None:
    for section in books[game].sections:
        assert section.title.strip()
        assert section.body.strip()
        # "Roughly 300-1500 characters": short enough to read at once, long enough to stand alone.
        assert 250 <= len(section.body) <= 1800, (section.key, len(section.body))


@pytest.mark.parametrize("game", RULEBOOK_GAMES)
def test_rulebooks_use_discord_friendly_markdown_only(
    game: str, books: dict[str, Rulebook]
) -> None:
    for section in books[game].sections:
        body = section.body
        assert not re.search(r"<[a-zA-Z/!]", body), section.key  # no HTML
        assert "![" not in body, section.key  # no images
        assert not re.search(r"^#{4,}", body, re.MULTILINE), section.key  # at most ###
        assert body.count("```") % 2 == 0, section.key  # code blocks are closed


@pytest.mark.parametrize("game", RULEBOOK_GAMES)
def test_every_rulebook_explains_how_the_bot_runs_it(game: str, books: dict[str, Rulebook]) -> None:
    body = books[game].section("playing-on-discord").body
    assert f"/{game} new" in body
    for feature in ("Join", "How to play", "Show my hand", "/rules search", "/stats"):
        assert feature in body


@pytest.mark.parametrize("game", RULEBOOK_GAMES)
def test_every_section_names_the_words_players_use_for_it(
    game: str, books: dict[str, Rulebook]
) -> None:
    for section in books[game].sections:
        assert section.keywords, section.key
        assert "<!--" not in section.body, section.key


VALID = """# Test game

## Overview {#overview}
What the game is.

## Playing {#playing}
How to play.

```
## not a heading inside code
```
"""


def test_a_valid_rulebook_parses_with_code_left_alone() -> None:
    book = parse_rulebook("test", VALID, source="test.md")
    assert book.title == "Test game"
    assert keys(list(book.sections)) == ["overview", "playing"]
    assert "## not a heading inside code" in book.section("playing").body
    assert book.section("overview").text == "Overview\n\nWhat the game is."


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("## Overview {#overview}\nx\n", "must start with '# <Game title>'"),
        ("#  \n## Overview {#overview}\nx\n", "must start with '# <Game title>'"),
        ("# T\n", "no sections"),
        ("# T\nintro\n## Overview {#overview}\nx\n", "text before the first section"),
        ("# T\n## Rules {#rules}\nx\n## Overview {#overview}\ny\n", "first section must be"),
        ("# T\n## Overview {#overview}\nx\n## A {#a}\ny\n## B {#a}\nz\n", "used twice"),
        ("# T\n## Overview {#overview}\nx\n## A {#Big}\ny\n", "section key 'Big'"),
        ("# T\n## Overview {#overview}\nx\n## A {#a_b}\ny\n", "section key 'a_b'"),
        ("# T\n## Overview {#overview}\nx\n## A {#a--b}\ny\n", "section key 'a--b'"),
        (f"# T\n## Overview {{#overview}}\nx\n## A {{#{'a' * 41}}}\ny\n", "at most 40"),
        ("# T\n## Overview {#overview}\nx\n## A {#a}\n\n   \n", "section 'a' is empty"),
        ("# T\n## Overview {#overview}\nx\n##  {#a}\ny\n", "section 'a' has no title"),
        ("# T\n## Overview {#overview}\nx\n## Rules without key\ny\n", "a heading must be"),
        ("# T\n## Overview {#overview}\nx\n# Another title\n", "a heading must be"),
        ("# T\n## Overview {#overview}\n```\nnever closed\n", "never closed"),
        ("# T\n## Overview {#overview}\nx\n<!-- keywords: y -->\n", "line after the heading"),
        ("# T\n## Overview {#overview}\n<!-- keywords: y -->\n", "section 'overview' is empty"),
    ],
)
def test_invalid_rulebooks_are_refused_naming_file_and_problem(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=re.escape(problem)) as error:
        parse_rulebook("test", text, source="broken.md")
    assert "broken.md" in str(error.value)


def test_the_names_an_edition_goes_by_are_read_after_the_title() -> None:
    text = "# Game\n<!-- also called: Spel, Het Spel -->\n## A {#overview}\nText"
    book = parse_rulebook("x", text)
    assert (book.title, book.also_called) == ("Game", ("Spel", "Het Spel"))
    assert "also called" not in book.overview.text


def test_keywords_under_a_heading_are_for_search_and_never_shown() -> None:
    text = "# T\n## Overview {#overview}\n<!-- keywords: turtle,  go back , , slow -->\nBody.\n"
    (section,) = parse_rulebook("test", text).sections
    assert section.keywords == ("turtle", "go back", "slow")
    assert section.body == "Body."


def test_digest_is_stable_and_follows_the_text(books: dict[str, Rulebook]) -> None:
    every_language = [book for lang in LANGUAGES for book in all_rulebooks(lang).values()]
    assert digest() == digest() == digest(every_language) != digest(books.values())
    assert re.fullmatch(r"[0-9a-f]{64}", digest())
    hare = books["hare"]
    edited = Rulebook(
        hare.game,
        hare.title,
        (*hare.sections[:-1], Section("hare", hare.sections[-1].key, "Other", "x")),
    )
    assert digest([edited]) != digest([hare])
    last = hare.sections[-1]
    retagged = Section("hare", last.key, last.title, last.body, (*last.keywords, "new"))
    assert digest([Rulebook(hare.game, hare.title, (*hare.sections[:-1], retagged))]) != digest(
        [hare]
    )
