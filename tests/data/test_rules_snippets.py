"""Search snippets: one line of a section, exactly the found words in bold, valid markdown."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from data.rules_snippets import ELLIPSIS, HIT_END, HIT_START, SNIPPET_LENGTH, snippet
from tests.data.snippet_checks import markdown_problems, runs, visible

FIELD_VALUE_LIMIT = 1024
FENCE = re.compile(r"\s*(`{3,}|~{3,})")


def unmarked(text: str) -> str:
    return text.replace(HIT_START, "").replace(HIT_END, "")


def marked(text: str, *found: str) -> str:
    """``text`` with every whole word in ``found`` marked, as FTS5's highlight() does."""
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, found)) + r")\b")
    return pattern.sub(lambda m: HIT_START + m.group() + HIT_END, text)


def test_the_markdown_check_finds_what_the_old_snippets_did_wrong() -> None:
    assert markdown_problems("Position spaces show ****1**/5/6**.")  # FTS5's own snippet()
    assert markdown_problems("**open") and markdown_problems("** spaced**")
    assert markdown_problems("two_markers") and markdown_problems("*one*")
    assert not markdown_problems(r"**found** words, two\_markers and \*stars\*")


def test_a_found_word_in_bold_text_is_bolded_once_not_nested() -> None:
    # The old snippet gave ``****1**/5/6**``: FTS5 bolded "1" inside the text's own bold.
    text = marked("Position spaces show **1/5/6** or **2**.", "1")
    assert snippet(text) == "Position spaces show **1**/5/6 or 2."


def test_the_sections_own_markup_is_dropped_and_the_rest_escaped() -> None:
    text = "Use `/hare new`, press *Join*; two_markers ~is~ ||not|| an option."
    assert snippet(text) == r"Use /hare new, press Join; two\_markers \~is\~ \|\|not\|\| an option."


def test_found_words_side_by_side_are_one_bold_span() -> None:
    text = marked("Every figure on **second place** scores.", "second", "place")
    assert snippet(text) == "Every figure on **second place** scores."


def test_lists_headings_and_code_blocks_read_as_one_line() -> None:
    text = "### Deck\n- **Plus:** any space\n1. Minus\n```\nvalue -4 -3\n```\n> quoted"
    assert snippet(text) == "Deck Plus: any space Minus value -4 -3 quoted"


def test_text_that_would_start_a_list_or_heading_is_escaped() -> None:
    assert snippet("-12 is the lowest space.") == r"\-12 is the lowest space."
    assert snippet("#hashtag") == r"\#hashtag"
    assert snippet("- 1. listed twice") == r"1\. listed twice"


def test_a_long_section_shows_the_stretch_with_most_found_words() -> None:
    filler = " ".join(f"word{n}." for n in range(80))
    text = marked(f"{filler} The tortoise space pays carrots. {filler}", "tortoise", "carrots")
    result = snippet(text)
    assert result.startswith(ELLIPSIS) and result.endswith(ELLIPSIS)
    assert "The **tortoise** space pays **carrots**." in result
    assert len(visible(result)) <= SNIPPET_LENGTH + 2


def test_a_section_without_found_words_is_shown_from_its_start() -> None:
    text = " ".join(f"word{n}" for n in range(100))
    result = snippet(text)
    assert result.startswith("word0 word1 ") and result.endswith(ELLIPSIS)
    assert "**" not in result


# Random section texts: lowercase words, found words in capitals, and markdown around them.
plain_word = st.text(alphabet="abcxyz", min_size=1, max_size=9)
found_word = st.text(alphabet="ABCXYZ", min_size=1, max_size=9)
markup = st.sampled_from(
    ["**", "*", "`", "```", "~~", "_", "__", "||", "\\", "|", "#", "> ", "- ", "1. ", "\n", " "]
)
pieces = st.lists(
    st.one_of(plain_word, found_word, markup, st.just(" ")), min_size=0, max_size=80
)


@settings(max_examples=300, deadline=None)
@given(pieces=pieces, length=st.integers(min_value=20, max_value=SNIPPET_LENGTH))
def test_snippets_are_valid_markdown_and_bold_exactly_the_found_words(
    pieces: list[str], length: int
) -> None:
    text = "".join(HIT_START + piece + HIT_END if piece.isupper() else piece for piece in pieces)
    result = snippet(text, length)
    assert not markdown_problems(result), (text, result)
    assert len(result) <= FIELD_VALUE_LIMIT
    assert len(visible(result).strip(ELLIPSIS)) <= length
    for bold, part in runs(result):
        # Found words are in capitals: they, and nothing else, are bold.
        assert not any(char.islower() if bold else char.isupper() for char in part), result
    outside_code = [line for line in text.split("\n") if not FENCE.match(unmarked(line))]
    if any(HIT_START in line for line in outside_code):
        assert any(bold for bold, _ in runs(result)), (text, result)
