"""Rulebook text paged to fit Discord, code blocks kept whole or closed and reopened."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.paging import split_for_discord
from rules.rulebook import RULEBOOK_GAMES, Rulebook

EMBED_DESCRIPTION_LIMIT = 4096


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
