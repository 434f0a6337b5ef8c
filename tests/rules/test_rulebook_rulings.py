"""The rulebooks state every table ruling of the digest and of the engines, and sum them up."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import canyon
from rules.rulebook import RULEBOOK_GAMES, Rulebook

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


def full_text(book: Rulebook) -> str:
    return "\n".join(section.text for section in book.sections)


def normalised(text: str) -> str:
    """Lowercase, markdown emphasis removed, whitespace collapsed."""
    return " ".join(text.replace("*", "").lower().split())


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
