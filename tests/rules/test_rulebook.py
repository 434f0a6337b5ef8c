"""The project's rulebooks: every file parses, states every table ruling, and pages well."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import canyon
from rules.paging import split_for_discord
from rules.rulebook import (
    LANGUAGES,
    MAX_KEY_LENGTH,
    RULEBOOK_GAMES,
    Rulebook,
    Section,
    all_rulebooks,
    digest,
    game_named,
    load_rulebook,
    parse_rulebook,
)
from rules.spelling import mended

EMBED_DESCRIPTION_LIMIT = 4096
KEY_FORMAT = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

# One short, distinctive phrase per "(ruling)" of GAMES.md, as the rulebooks word it.
RULING_PHRASES: dict[str, list[str]] = {
    "whyfirst": [
        "exactly 32 race cards",  # the 32-card deck, not the Italian table's 34
        "nobody scores that stage",  # all figures on one space
        "compare distinct totals",  # ties for the top do not block second place
        "if every player ends with the same total",  # then all share the victory
        "leo's revealed card always moves leo's own figure",  # tactical variant, 2 players
    ],
    "hare": [
        "carrots and lettuce are public",
        "all but one player have finished",  # when the match ends
        "share the last places",  # markers on Start
        "if you have no carrot to pay, your marker goes back to start",  # eat a carrot
        "cannot be carried out has no effect",  # impossible hare results
    ],
    "canyon": [
        "truncates toward zero",  # divide by 2
        "choosing your card and calling a collision happen together",
        "each of them takes a collision",  # tied victims
        "the first of them in seat order chooses the action card",
        "the two drawn action cards are discarded",
        "one card is kept unplayed",  # a 6-card hand still plays 5
        "an eliminated player plays no more cards",  # and the other "more rulings"
    ],
    "numbers": [
        "a line of six or more is still one sequence",
        "cannot start with 5 players",
        "penalty for forgetting to draw never applies",
        "does not enforce table-talk penalties",
    ],
}

# One phrase per ruling an engine makes beyond GAMES.md (the RULINGS docstrings of
# rules/hare/__init__.py, rules/canyon/__init__.py and rules/numbers/__init__.py, the
# module docstring of rules/whyfirst/engine.py).
ENGINE_RULING_PHRASES: dict[str, list[str]] = {
    "whyfirst": [
        "next come those who held the highest total",  # places after the winners
        "leo plays only in card rounds one to four",  # also in the tactical variant
    ],
    "hare": [
        "player 1 on the board starts",  # 1: turn order, finished players skipped
        "after paying for the move, you may have at most",  # 2: the finish limit
        "carrots are only ever topped up",  # 3: forced restart
        "a position space is checked once only",  # 4
        "you may stay at any turn that begins on a carrot space",  # 5
        "you are not asked: you take 10",  # 6: give or take 10
        "one place back never takes you to start",  # 7
        "nearest free carrot space",  # 8
        "the refund is what you paid for the move itself",  # 9: free move
        "the extra move is made by the same marker",  # 10: move again
        "if you have no carrot to pay, your marker goes back to start",  # 11
        "neither marker moves",  # 12: lost turns in the two-marker game
        "your rearmost marker goes back to start",  # 13
        "they all take the best of those places",  # 14
        "the number of players minus their place",  # 15: score and career points
        "has no option to turn them off",  # 16: the two_markers option
        "every place is counted among all four markers",  # 17
        "a space reached through a hare result works like any other",  # 18
    ],
    "canyon": [
        "send rounds pass between the players still racing",  # 6
        "a lone driver still racing keeps their own card",  # 6
        "the bonus tables count only the players still racing",  # 6
        "a send card drawn after a collision may be chosen",  # 7
        "the discarded drawn cards are shuffled back in",  # 8
        "the victim chooses among what there is",  # 8
        "the peeked action card is shown only to that player",  # 9
        "peeks happen after the second hand is dealt",  # 9
        "a score that would pass 50 stops on 50",  # 10
        "the sign is asked only when it changes the result",  # 11
        "signs are chosen in secret and shown when the round is scored",  # 11
        "when five of six players tie, the sixth still gets the bonus",  # 12
        "then the others still racing, by how close to 30 they ended",  # 13
        "who stopped at the edge (16 to 30, a hero finish included) scores",  # 13: career points
    ],
    "numbers": [
        "six players play as two teams of three",  # 1: the teams option
        "the first five in reading order",  # 2: a longer line completed at once
        "you discard one card of your choice and draw",  # 3: no card to play
        "runs out for the third time with no new sequence",  # 4: a stalled game is a draw
        "are the sequences your side completed in the game",  # 5: result and career points
    ],
}

GAMES_DIGEST = Path(__file__).resolve().parents[3] / "shared" / "GAMES.md"
GAMES_DIGEST_HEADINGS = {
    "whyfirst": "## Why First?",
    "canyon": "## Great Canyon Race",
    "numbers": "## Sequence Numbers",
    "hare": "## Hare and Tortoise",
}


@pytest.fixture(scope="module")
def books() -> dict[str, Rulebook]:
    return all_rulebooks()


def full_text(book: Rulebook) -> str:
    return "\n".join(section.text for section in book.sections)


def normalised(text: str) -> str:
    """Lowercase, markdown emphasis removed, whitespace collapsed."""
    return " ".join(text.replace("*", "").lower().split())


# --- Every file -------------------------------------------------------------------------------


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


# --- Table rulings -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", RULEBOOK_GAMES)
def test_every_table_ruling_is_stated(game: str, books: dict[str, Rulebook]) -> None:
    text = normalised(full_text(books[game]))
    missing = [phrase for phrase in RULING_PHRASES[game] if normalised(phrase) not in text]
    assert not missing


@pytest.mark.parametrize("game", RULEBOOK_GAMES)
def test_rulings_are_marked_and_summarised(game: str, books: dict[str, Rulebook]) -> None:
    book = books[game]
    assert "Table ruling:" in full_text(book)
    summary = normalised(book.section("rulings").body)
    assert summary.count("- ") >= len(RULING_PHRASES[game])


@pytest.mark.parametrize("game", sorted(ENGINE_RULING_PHRASES))
def test_every_engine_ruling_is_stated_and_summarised(
    game: str, books: dict[str, Rulebook]
) -> None:
    book = books[game]
    text = normalised(full_text(book))
    missing = [p for p in ENGINE_RULING_PHRASES[game] if normalised(p) not in text]
    assert not missing
    summary = normalised(book.section("rulings").body)
    rulings = set(RULING_PHRASES[game]) | set(ENGINE_RULING_PHRASES[game])
    assert summary.count("- ") >= len(rulings)


def test_the_numbers_rulebook_says_when_nine_in_a_row_make_two(
    books: dict[str, Rulebook],
) -> None:
    text = normalised(full_text(books["numbers"]))
    assert normalised("only when that middle chip completes both fives at once") in text
    assert normalised("nine in a row built from the middle outwards") in text
    assert normalised("stay one sequence") in text


def test_the_canyon_engine_and_rulebook_give_career_points_alike(
    books: dict[str, Rulebook],
) -> None:
    ruling = "who stopped at the edge (16 to 30, a hero finish included)"
    assert normalised(ruling) in normalised(full_text(books["canyon"]))
    assert normalised(ruling) in normalised(canyon.__doc__ or "")
    assert normalised("a fall into the canyon, a chicken or an elimination scores 0") in (
        normalised(canyon.__doc__ or "")
    )


def digest_part(text: str, game: str) -> str:
    """The part of GAMES.md about ``game``: from its heading to the next game's."""
    start = text.index(GAMES_DIGEST_HEADINGS[game])
    later = [text.index(h) for h in GAMES_DIGEST_HEADINGS.values() if text.index(h) > start]
    return text[start : min(later, default=len(text))]


@pytest.mark.skipif(not GAMES_DIGEST.exists(), reason="the shared digest is not here")
@pytest.mark.parametrize("game", RULEBOOK_GAMES)
def test_there_is_a_phrase_for_each_ruling_of_the_digest(game: str) -> None:
    part = digest_part(GAMES_DIGEST.read_text(encoding="utf-8"), game)
    assert len(RULING_PHRASES[game]) == part.count("(ruling)")


# --- Looking sections up -----------------------------------------------------------------------


def make_book(*titles_and_keys: tuple[str, str]) -> Rulebook:
    sections = tuple(
        Section(game="test", key=key, title=title, body=f"About {title.lower()}.")
        for title, key in titles_and_keys
    )
    return Rulebook(game="test", title="Test game", sections=sections)


SAMPLE = make_book(
    ("Overview", "overview"),
    ("Dead cards", "dead-cards"),
    ("Plus and Minus cards", "plus-minus"),
    ("Second place scoring", "second-place"),
    ("Cards in hand", "hand"),
)


def keys(sections: list[Section]) -> list[str]:
    return [section.key for section in sections]


def test_section_looks_up_by_key_and_refuses_unknown_keys() -> None:
    assert SAMPLE.section("dead-cards").title == "Dead cards"
    with pytest.raises(KeyError):
        SAMPLE.section("dead")


def test_matching_word_starts_come_before_substrings() -> None:
    # "in" starts a word only in "Cards in hand"; it is inside "Minus" and "scoring".
    assert keys(SAMPLE.matching("in")) == ["hand", "plus-minus", "second-place"]


def test_matching_keeps_reading_order_within_a_group() -> None:
    assert keys(SAMPLE.matching("card")) == ["dead-cards", "plus-minus", "hand"]
    assert keys(SAMPLE.matching("ard")) == ["dead-cards", "plus-minus", "hand"]


def test_matching_is_case_insensitive_and_looks_at_keys() -> None:
    assert keys(SAMPLE.matching("DEAD")) == ["dead-cards"]
    assert keys(SAMPLE.matching("  second   PLACE ")) == ["second-place"]
    assert keys(SAMPLE.matching("plus-m")) == ["plus-minus"]


def test_matching_finds_typed_words_in_any_order_last() -> None:
    assert keys(SAMPLE.matching("cards dead")) == ["dead-cards"]


def test_matching_nothing_typed_gives_the_first_sections_in_order() -> None:
    assert keys(SAMPLE.matching("")) == keys(list(SAMPLE.sections))
    assert keys(SAMPLE.matching("   ", limit=2)) == ["overview", "dead-cards"]


def test_matching_respects_the_limit_and_may_find_nothing() -> None:
    assert keys(SAMPLE.matching("card", limit=2)) == ["dead-cards", "plus-minus"]
    assert SAMPLE.matching("card", limit=0) == []
    assert SAMPLE.matching("zebra") == []


@pytest.mark.parametrize(
    ("game", "question", "typed", "key"),
    [
        ("whyfirst", "Who is Leo?", "leo", "leo"),
        ("whyfirst", "Who scores at the end of a stage?", "second", "second-place"),
        ("whyfirst", "How does the tactical variant work?", "tactical", "tactical-variant"),
        ("whyfirst", "What happens past +16?", "track ends", "moving"),
        ("hare", "How much does moving cost?", "carrot cost", "carrot-costs"),
        ("hare", "What does a lettuce space do?", "lettuce", "lettuce-spaces"),
        ("hare", "What can the hare die do?", "hare", "hare-spaces"),
        ("hare", "How do I finish?", "finish", "finishing"),
        ("hare", "How does the two-player game work?", "two players", "two-players"),
        ("hare", "What if I cannot move?", "stuck", "forced-restart"),
        ("canyon", "How do collisions work?", "collision", "collisions"),
        ("canyon", "What does the send card do?", "send", "send-rounds"),
        ("canyon", "What are the bonuses for the second hand?", "bonus", "bonuses"),
        ("canyon", "Who wins?", "winner", "end-of-game"),
        ("numbers", "What is a dead card?", "dead", "dead-cards"),
        ("numbers", "What do Plus and Minus cards do?", "minus", "plus-minus"),
        ("numbers", "Can five of us play?", "teams", "teams"),
        ("numbers", "Do corners count?", "corner", "corners"),
    ],
)
def test_a_players_question_finds_its_section_first(
    books: dict[str, Rulebook], game: str, question: str, typed: str, key: str
) -> None:
    found = books[game].matching(typed)
    assert found and found[0].key == key, (question, keys(found))


# --- Parsing and validation --------------------------------------------------------------------

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


def test_keywords_under_a_heading_are_for_search_and_never_shown() -> None:
    text = "# T\n## Overview {#overview}\n<!-- keywords: turtle,  go back , , slow -->\nBody.\n"
    (section,) = parse_rulebook("test", text).sections
    assert section.keywords == ("turtle", "go back", "slow")
    assert section.body == "Body."


@pytest.mark.parametrize("game", RULEBOOK_GAMES)
def test_every_section_names_the_words_players_use_for_it(
    game: str, books: dict[str, Rulebook]
) -> None:
    for section in books[game].sections:
        assert section.keywords, section.key
        assert "<!--" not in section.body, section.key


def test_a_section_is_named_by_its_key_or_its_title() -> None:
    assert SAMPLE.named("dead-cards") is SAMPLE.section("dead-cards")
    assert SAMPLE.named("  plus AND minus   cards ") is SAMPLE.section("plus-minus")
    assert SAMPLE.named("dead") is None


@pytest.mark.parametrize(
    ("typed", "game"),
    [
        ("hare", "hare"),
        ("Hare and Tortoise", "hare"),
        ("tortoise", "hare"),
        ("why first", "whyfirst"),
        ("Why First?", "whyfirst"),
        ("great canyon", "canyon"),
        ("SEQUENCE", "numbers"),
        ("numbers", "numbers"),
        ("e", None),  # in three titles
        ("chess", None),
        ("", None),
        ("?!", None),
    ],
)
def test_a_game_is_named_by_its_key_its_title_or_a_part_only_it_has(
    typed: str, game: str | None
) -> None:
    assert game_named(typed) == game


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("tortise", "tortoise"),
        ("colision rules", "collision rules"),
        ("lettuse and finsh", "lettuce and finish"),
        ("dead card", None),  # nothing to mend
        ("qwxyzzy", None),  # nothing close enough
    ],
)
def test_misspelt_words_are_mended_to_the_rulebooks_words(typed: str, meant: str | None) -> None:
    assert mended(typed) == meant


def test_load_rulebook_refuses_a_game_without_one() -> None:
    with pytest.raises(ValueError, match="no rulebook"):
        load_rulebook("chess")


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


# --- Paging for Discord ------------------------------------------------------------------------


def fence_lines_removed(text: str) -> str:
    return "\n".join(line for line in text.split("\n") if not line.lstrip().startswith("```"))


def words(text: str) -> list[str]:
    return text.split()


def test_text_that_fits_is_one_unchanged_page() -> None:
    assert split_for_discord("Short.\n\nText.", 100) == ["Short.\n\nText."]


def test_pages_break_between_paragraphs() -> None:
    paragraphs = [f"Paragraph {n} " + "x" * 28 for n in range(3)]
    pages = split_for_discord("\n\n".join(paragraphs), 90)
    assert pages == ["\n\n".join(paragraphs[:2]), paragraphs[2]]


def test_a_long_paragraph_breaks_between_lines_then_words() -> None:
    lines = [f"- item {n} " + "y" * 20 for n in range(10)]
    pages = split_for_discord("\n".join(lines), 70)
    assert all(len(page) <= 70 for page in pages)
    assert "\n".join(pages) == "\n".join(lines)  # whole lines stay together

    sentence = " ".join(f"word{n}" for n in range(60))
    pages = split_for_discord(sentence, 50)
    assert all(len(page) <= 50 for page in pages)
    assert " ".join(pages) == sentence


def test_a_code_block_that_fits_moves_whole_to_the_next_page() -> None:
    code = "```\n" + "\n".join(f"row {n:2}  {'z' * 10}" for n in range(4)) + "\n```"
    text = "Intro " + "a" * 40 + "\n\n" + code + "\n\nAfter " + "b" * 40
    pages = split_for_discord(text, 90)
    assert all(len(page) <= 90 for page in pages)
    assert any(code in page for page in pages)
    assert "".join(pages).count("```") == 2  # never closed and reopened


def test_a_code_block_too_long_is_closed_and_reopened() -> None:
    rows = [f"{n:2} | {'cell ' * 5}" for n in range(30)]
    code = "```text\n" + "\n".join(rows) + "\n```"
    pages = split_for_discord("Table:\n\n" + code, 200)
    assert len(pages) > 2
    for page in pages:
        assert len(page) <= 200
        fences = [line for line in page.split("\n") if line.startswith("```")]
        assert len(fences) % 2 == 0, page
    assert all(page.startswith("```text\n") for page in pages[1:])
    lines = fence_lines_removed("\n".join(pages)).split("\n")
    assert [line for line in lines if line] == ["Table:", *rows]


@pytest.mark.parametrize("game", RULEBOOK_GAMES)
def test_every_section_fits_one_embed_and_pages_cleanly_when_small(
    game: str, books: dict[str, Rulebook]
) -> None:
    for section in books[game].sections:
        assert split_for_discord(section.body, EMBED_DESCRIPTION_LIMIT) == [section.body]
        pages = split_for_discord(section.body, 300)
        assert all(0 < len(page) <= 300 for page in pages)
        assert words(fence_lines_removed("\n".join(pages))) == words(
            fence_lines_removed(section.body)
        )


def test_the_limit_must_be_positive() -> None:
    with pytest.raises(ValueError):
        split_for_discord("text", 0)


# Structured texts: paragraphs of words and fenced code blocks with blank lines inside.
word = st.text(alphabet="abcdefghij*-+|0123456789", min_size=1, max_size=30)
plain_line = st.lists(word, min_size=1, max_size=12).map(" ".join)
paragraph = st.lists(plain_line, min_size=1, max_size=6).map("\n".join)
code_line = st.one_of(st.just(""), plain_line, st.text(alphabet="x =|", max_size=90))
code_block = st.tuples(
    st.sampled_from(["```", "```text", "~~~"]), st.lists(code_line, max_size=12)
).map(lambda t: "\n".join([t[0], *t[1], t[0][:3]]))
structured_text = st.lists(st.one_of(paragraph, code_block), min_size=1, max_size=8).map(
    "\n\n".join
)


def without_fences(text: str) -> list[str]:
    kept = [line for line in text.split("\n") if not line.lstrip().startswith(("```", "~~~"))]
    return words("\n".join(kept))


@settings(max_examples=300, deadline=None)
@given(text=structured_text, limit=st.integers(min_value=16, max_value=400))
def test_pages_of_structured_text_fit_and_keep_every_word(text: str, limit: int) -> None:
    pages = split_for_discord(text, limit)
    assert pages
    for page in pages:
        assert 0 < len(page) <= limit
        assert page.strip()
        fences = [line for line in page.split("\n") if line.startswith(("```", "~~~"))]
        assert len(fences) % 2 == 0, page  # every page opens and closes its code
    # Words split across pages rejoin; fences are the only thing added.
    assert "".join(without_fences("\n".join(pages))) == "".join(without_fences(text))


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from(list("ab `~#-\n\n\n")), max_size=600),
    limit=st.integers(min_value=1, max_value=120),
)
def test_pages_of_any_text_fit_and_lose_nothing(text: str, limit: int) -> None:
    pages = split_for_discord(text, limit)
    assert all(len(page) <= limit for page in pages)
    if len(text) > limit:
        assert all(page.strip() for page in pages)
    # Every non-space character survives in order (pages may only add fence markers).
    original = iter("".join(pages).replace(" ", "").replace("\n", ""))
    assert all(char in original for char in text.replace(" ", "").replace("\n", ""))


def test_the_hare_rulebook_says_when_a_carrot_space_does_not_save_a_stuck_player(
    books: dict[str, Rulebook],
) -> None:
    text = normalised(books["hare"].section("forced-restart").body)
    assert "on a carrot space is never stuck" in text
    assert "in the two-player game that is not so" in text


@pytest.mark.parametrize("game", RULEBOOK_GAMES)
def test_every_rulebook_states_the_clocks_and_the_forfeit_ruling(
    game: str, books: dict[str, Rulebook]
) -> None:
    body = normalised(books[game].section("clocks").body)
    assert f"/{game} resign" in body and "/notify" in body and "/mygames" in body
    assert "table ruling: a player who resigns" in body
    assert "still being built" not in normalised(full_text(books[game]))
