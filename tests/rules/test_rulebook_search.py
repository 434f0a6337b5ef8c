"""Finding a rulebook section or a game from what a player types, misspellings mended."""

from __future__ import annotations

import pytest

from rules.rulebook import Rulebook, Section, game_named
from rules.spelling import a_word_of, closest, mended
from tests.rules.rulebooks import keys


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


KNOWN = {"ultima": 5, "ultimo": 9, "mazzo": 3, "carte": 4, "carta": 1, "tortoise": 2}


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("utlima", "ultima"),  # two letters swapped, the first two among them
        ("mzzo", "mazzo"),  # a letter missing
        ("mazzzo", "mazzo"),  # a letter extra
        ("carto", "carte"),  # a letter changed: one slip from "carta" too, used less
        ("tortioes", "tortoise"),  # two slips in a word of eight letters
        ("tortiose", "tortoise"),
        ("ultina", "ultima"),
        ("mozza", None),  # two slips in a short word
        ("qwxyzzy", None),
    ],
)
def test_a_slip_is_mended_to_the_known_word_fewest_slips_away(
    typed: str, meant: str | None
) -> None:
    assert closest(typed, KNOWN) == meant


def test_between_words_as_many_slips_away_the_one_used_most_is_meant() -> None:
    assert closest("cartx", KNOWN) == "carte"  # used 4 times, "carta" once
    assert closest("ultimx", KNOWN) == "ultimo"
    assert closest("cartx", {"carta": 1, "corte": 0, "xarte": 1}) == "carta"


@pytest.mark.parametrize(
    ("word", "lang", "known"),
    [
        ("sent", "en", True),  # a word of its own, whatever a rulebook says
        ("salgo", "es", True),  # a form the language's list lacks ("salga" is there)
        ("tappa", "it", True),
        ("tortise", "en", False),
        ("caislla", "es", False),
        ("schildpd", "nl", False),
    ],
)
def test_a_word_of_the_language_is_told_from_a_slip(word: str, lang: str, known: bool) -> None:
    assert a_word_of(word, lang) is known
