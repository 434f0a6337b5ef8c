"""Every board picture reads on a phone: each text it draws, shrunk to the width Discord shows
it at there, stays at least ``READABLE_PX``; the final board names the winners and a board
in play says whose turn it is."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageDraw

from cogs.canyon import picture as canyon
from cogs.common import pictures
from cogs.common.pictures import MAX_PNG_BYTES, PHONE_WIDTH, READABLE_PX
from cogs.hare import picture as hare
from cogs.numbers import picture as numbers
from cogs.whyfirst import picture as whyfirst
from rules.canyon import ENGINE as CANYON
from rules.hare import ENGINE as HARE
from rules.hare.board import FINISH
from rules.numbers import ENGINE as NUMBERS
from rules.whyfirst import ENGINE as WHYFIRST

NAMES = ["Ada (strong bot)", "Łukasz Wiśniewski", "Zoë", "a-very-long-display-name-of-32ch",
         "Ben", "Chris Dana Evelyn Fitzgerald"]


def played(engine: Any, seats: int, options: dict[str, Any], *, decisions: int | None,
           seed: int = 3) -> Any:
    """A seeded match after ``decisions`` random decisions (None: to its end)."""
    state = engine.setup(seats, engine.options(options, seats), seed)
    rng = random.Random(seed)
    made = 0
    while engine.outcome(state) is None and (decisions is None or made < decisions):
        seat = min(engine.to_move(state))
        engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
        made += 1
    return state


def whyfirst_board(seats: int, variant: str, decisions: int | None) -> bytes:
    view = WHYFIRST.view(played(WHYFIRST, seats, {"variant": variant}, decisions=decisions),
                         None)
    names = NAMES[:seats] + (["Leo"] if view["leo"] is not None else [])
    return whyfirst.board_png(whyfirst.board_facts(view), names)


def hare_race(seats: int, *, over: bool, two_markers: bool = False) -> Any:
    """A race a few turns in, or finished in seat order (random play takes too long to end)."""
    state = played(HARE, seats, {"two_markers": two_markers} if two_markers else {},
                   decisions=12)
    if over:
        for place, marker in enumerate(state.markers, start=1):
            marker.space, marker.finish_place = FINISH, place
        state.standings = list(range(seats))
        state.turn = None
    return state


def hare_board(seats: int, over: bool, two_markers: bool = False) -> bytes:
    view = HARE.view(hare_race(seats, over=over, two_markers=two_markers), None)
    return hare.board_png(hare.board_facts(view), NAMES[:seats])


def canyon_board(seats: int, decisions: int | None) -> bytes:
    view = CANYON.view(played(CANYON, seats, {}, decisions=decisions), None)
    return canyon.board_png(canyon.board_facts(view), NAMES[:seats])


def numbers_board(seats: int, decisions: int | None, teams: int | None = None) -> bytes:
    options = {} if teams is None else {"teams": teams}
    view = NUMBERS.view(played(NUMBERS, seats, options, decisions=decisions), None)
    return numbers.board_png(view, NAMES[:seats])


BOARDS: dict[str, Callable[[], bytes]] = {
    "whyfirst 2 mid": lambda: whyfirst_board(2, "standard", 9),
    "whyfirst 2 final": lambda: whyfirst_board(2, "standard", None),
    "whyfirst 6 mid": lambda: whyfirst_board(6, "standard", 40),
    "whyfirst 5 tactical mid": lambda: whyfirst_board(5, "tactical", 38),
    "whyfirst 6 tactical final": lambda: whyfirst_board(6, "tactical", None),
    "hare 2 two markers mid": lambda: hare_board(2, False, two_markers=True),
    "hare 2 two markers final": lambda: hare_board(2, True, two_markers=True),
    "hare 6 mid": lambda: hare_board(6, False),
    "hare 6 final": lambda: hare_board(6, True),
    "canyon 2 mid": lambda: canyon_board(2, 12),
    "canyon 6 mid": lambda: canyon_board(6, 50),
    "canyon 6 final": lambda: canyon_board(6, None),
    "numbers 2 mid": lambda: numbers_board(2, 30),
    "numbers 4 final": lambda: numbers_board(4, None),
    "numbers 6 three teams mid": lambda: numbers_board(6, 60, teams=3),
    "numbers 6 two teams final": lambda: numbers_board(6, None, teams=2),
}


def drawn(board: Callable[[], bytes]) -> tuple[list[tuple[str, int]], Image.Image, int]:
    """Every text the board draws (its background too) with its size, the picture, its bytes."""
    pictures.clear_caches()
    with pictures.recording() as texts:
        png = board()
    return texts, Image.open(io.BytesIO(png)), len(png)


@pytest.fixture(autouse=True)
def fresh_caches() -> None:
    pictures.clear_caches()


@pytest.mark.parametrize("name", BOARDS)
def test_every_text_on_the_board_reads_at_a_phones_width(name: str) -> None:
    texts, image, size = drawn(BOARDS[name])
    scale = PHONE_WIDTH / image.width
    too_small = sorted({(text, round(px * scale, 1)) for text, px in texts
                        if px * scale < READABLE_PX})
    assert len(texts) > 20
    assert not too_small, f"unreadable at {PHONE_WIDTH} px wide: {too_small}"
    assert size < MAX_PNG_BYTES


def test_the_recording_sees_the_small_text_it_must_refuse() -> None:
    with pictures.recording() as texts:
        pictures.text_left(ImageDraw.Draw(Image.new("RGB", (9, 9))), (0, 0), "12", 9)
    assert texts == [("12", 9)]
    assert pictures.smallest_size(838) == 24 and pictures.smallest_size(400) == READABLE_PX


def captions(board: Callable[[], bytes]) -> list[str]:
    return [text for text, _ in drawn(board)[0]]


def test_the_final_board_names_the_winners() -> None:
    view = WHYFIRST.view(played(WHYFIRST, 2, {"variant": "standard"}, decisions=None), None)
    names = [*NAMES[:2], "Leo"]
    winners = " and ".join(names[w] for w in view["winners"])
    assert any(winners in text and "win" in text.lower()
               for text in captions(lambda: whyfirst_board(2, "standard", None)))
    assert any("Ada (strong bot) wins" in text for text in captions(lambda: hare_board(6, True)))
    view = CANYON.view(played(CANYON, 6, {}, decisions=None), None)
    winner_texts = [names_ for names_ in captions(lambda: canyon_board(6, None))
                    if "win" in names_.lower()]
    assert len(winner_texts) == 1
    assert all(NAMES[w][:3] in winner_texts[0] for w in view["winners"])


def test_a_final_board_names_the_winners_its_view_gives_as_forfeits_leave_them() -> None:
    """The table gives a final board the result's winners (``public_view``): the first home
    who resigned is not named, whom the result names instead is."""
    view = HARE.view(hare_race(3, over=True), None)
    assert view["winners"] == [0]
    view["winners"] = [1]  # seat 0 forfeited
    texts = captions(lambda: hare.board_png(hare.board_facts(view), NAMES[:3]))
    assert "Łukasz Wiśniewski wins the race" in texts
    assert not any(NAMES[0] in text and "wins" in text for text in texts)

    view = NUMBERS.view(played(NUMBERS, 4, {}, decisions=None), None)
    side = view["winner_side"]
    other = 1 - side
    view["winners"] = view["sides"][other]  # both partners of the side that won forfeited
    texts = captions(lambda: numbers.board_png(view, NAMES[:4]))
    colour = pictures.seat_colour(other).name.capitalize()
    members = ", ".join(NAMES[s] for s in view["sides"][other])
    assert f"{colour} wins: {members}" in texts


def test_a_final_board_of_numbers_names_the_winning_side_or_the_draw() -> None:
    view = NUMBERS.view(played(NUMBERS, 4, {}, decisions=None), None)
    colour = pictures.seat_colour(view["winner_side"]).name.capitalize()
    assert any(text.startswith(f"{colour} wins") for text in captions(
        lambda: numbers_board(4, None)))
    state = played(NUMBERS, 6, {"teams": 2}, decisions=20)
    state.turn, state.winner = None, None  # the deck ran dry: a draw
    draw_view = NUMBERS.view(state, None)
    texts = captions(lambda: numbers.board_png(draw_view, NAMES))
    assert any(text.startswith("A draw") for text in texts)


def test_a_board_in_play_says_whose_turn_it_is() -> None:
    state = played(NUMBERS, 4, {}, decisions=7)
    (seat,) = NUMBERS.to_move(state)
    view = NUMBERS.view(state, None)
    texts = captions(lambda: numbers.board_png(view, NAMES[:4]))
    assert f"{NAMES[seat]}'s turn" in texts
    state = played(WHYFIRST, 3, {"variant": "standard"}, decisions=1)
    view = WHYFIRST.view(state, None)
    awaited = [NAMES[s] for s in sorted(view["awaiting"])]
    assert len(awaited) == 2
    texts = captions(lambda: whyfirst.board_png(whyfirst.board_facts(view), NAMES[:3]))
    assert f"To play a card: {' and '.join(awaited)}" in texts
    state = played(WHYFIRST, 3, {"variant": "tactical"}, decisions=3)
    view = WHYFIRST.view(state, None)
    assert view["phase"] == "move_figure"
    (mover,) = view["awaiting"]
    texts = captions(lambda: whyfirst.board_png(whyfirst.board_facts(view), NAMES[:3]))
    assert any(text.startswith(f"{NAMES[mover]} moves a figure") for text in texts)
