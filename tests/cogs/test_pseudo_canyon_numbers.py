"""Every word of Great Canyon Race and Sequence Numbers goes through the catalogs: whole games
rendered in the pseudo language (boards mid-game and final, hands and their controls, the
narration of every event, results, refusals, picture captions) leave no word unmarked.

The pseudo language wraps each message in ⟦ ⟧; here it also blanks the letters of each
message (its ``{fields}`` kept), so an English word a message carries in a field without
translating it (an action card's name, a colour) shows as plainly as one outside any message.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from cogs.canyon import picture as canyon_picture
from cogs.canyon.render import CanyonPresenter
from cogs.common import i18n
from cogs.common.i18n import PSEUDO, _, speaking
from cogs.common.presenter import Controls
from cogs.numbers import picture as numbers_picture
from cogs.numbers.render import NumbersPresenter
from data import matches as rows
from matches.match import Match
from rules.base import IllegalMove
from rules.canyon import ENGINE as CANYON
from rules.numbers import ENGINE as NUMBERS

NAMES = ("anne", "ben", "chris", "dora", "emil", "fay")
SHARED = {"st", "nd", "rd", "th"}
"""An ordinal's suffix (``1st``): each language writes its ordinals by its own rule in
``presenter.ordinal``, not through a catalog message, and the pseudo language writes English's."""
WORD = re.compile(r"[^\W\d_]{2,}")
FIELD = re.compile(r"(\{[^{}]*\})")


def _blank(message: str) -> str:
    """The message with every letter outside its ``{fields}`` made an ``x``."""
    parts = FIELD.split(message)
    return "".join(p if FIELD.fullmatch(p) else re.sub(r"[^\W\d_]", "x", p) for p in parts)


@pytest.fixture
def pseudo(monkeypatch) -> Iterator[None]:
    plain = i18n._Pseudo.gettext
    monkeypatch.setattr(i18n._Pseudo, "gettext", lambda self, m: plain(self, _blank(m)))
    with speaking(PSEUDO):
        yield


def _unmarked(text: str | None) -> list[str]:
    """The words of ``text`` that no message gave (players' names aside)."""
    text = re.sub(r"\b(" + "|".join(NAMES) + r")\b", "", text or "")
    return [word for word in WORD.findall(text) if set(word) != {"x"}]


def _texts_of_embed(embed: discord.Embed | None) -> list[str]:
    if embed is None:
        return []
    texts = [embed.title, embed.description, embed.footer.text]
    for field in embed.fields:
        texts += [field.name, field.value]
    return texts


def _texts_of(controls: Controls) -> list[str]:
    texts = [controls.content, *_texts_of_embed(controls.embed)]
    for item in controls.items:
        texts.append(getattr(item, "label", None))
        texts.append(getattr(item, "placeholder", None))
        for option in getattr(item, "options", []):
            texts += [option.label, option.description]
    return texts


def _match(game: str, engine: Any, players: int, options: dict[str, Any]) -> Match:
    seats = tuple(rows.SeatRecord(s, "human", 100 + s, NAMES[s], False) for s in range(players))
    record = rows.MatchRecord(
        id=7, game=game, guild_id=1, channel_id=10, host_id=100, status="playing",
        options=options, state=None, version=1, seats=seats,
    )
    return Match(record, engine, engine.setup(players, options, seed=3))


class Reader:
    """Everything a game shows, read as it is played; what was read unmarked, kept."""

    def __init__(self, presenter: Any, match: Match) -> None:
        self.presenter, self.match = presenter, match
        self.events: list[dict[str, Any]] = []
        self.kinds: set[str] = set()
        self.escaped: dict[str, str] = {}

    def read(self, *texts: str | None) -> None:
        for text in texts:
            for word in _unmarked(text):
                self.escaped.setdefault(word, text or "")

    def look(self) -> None:
        """The board, the story, and every seat's hand, controls and first-step choices."""
        presenter, match = self.presenter, self.match
        self.read(*_texts_of_embed(presenter.board(match, self.events)))
        for seat in range(len(match.seats)):
            for name, value in presenter.story(match, self.events, seat):
                self.read(name, value)
            self.read(*presenter.hidden(match, seat))
            controls = presenter.controls(match, seat)
            self.read(*_texts_of(controls))
            for item in controls.items:
                choice = getattr(item, "custom_id", "").rsplit(":", 1)[-1]
                if getattr(item, "label", "") and item.custom_id.startswith("choice"):
                    self.read(*_texts_of(presenter.controls(match, seat, choice)))
            for move in match.engine.legal_moves(match.state, seat):
                self.read(presenter.move_words(match, seat, move))

    def refused(self, seat: int, move: str) -> None:
        try:
            self.match.engine.apply(self.match.state, seat, move)
        except IllegalMove as error:
            self.read(_(error.reason, **error.values))
        else:
            raise AssertionError(f"{move!r} was not refused")

    def play(self, rng: random.Random, limit: int) -> None:
        engine, state = self.match.engine, self.match.state
        for _turn in range(limit):
            awaited = sorted(engine.to_move(state))
            if not awaited:
                break
            if rng.random() < 0.3:
                self.look()
            seat = rng.choice(awaited)
            move = rng.choice(engine.legal_moves(state, seat))
            events = [event.to_json() for event in engine.apply(state, seat, move)]
            self.kinds.update(event["kind"] for event in events)
            self.events += events
            self.read(*self.presenter.narrate(self.match, events))
        self.look()


def test_great_canyon_race_marks_every_word(pseudo) -> None:
    kinds: set[str] = set()
    for seed, players in ((1, 4), (2, 3), (5, 6), (8, 2)):
        reader = Reader(CanyonPresenter(), _match("canyon", CANYON, players, {}))
        state = reader.match.state
        reader.refused(0, "k")
        reader.refused(0, "c999")
        reader.play(random.Random(seed), 40)
        reader.refused(0, "zz")
        reader.play(random.Random(seed), 4000)
        assert reader.match.outcome() is not None
        reader.refused(0, "c0")
        reader.read(*_texts_of_embed(reader.presenter.result(reader.match)))
        for text in _canyon_captions(state):
            reader.read(text)
        assert set(reader.escaped) <= SHARED, sorted(reader.escaped)
        kinds |= reader.kinds
    assert kinds >= {"committed", "revealed", "sign_chosen", "round_scored", "second_hand",
                     "peeked", "match_over", "action_revealed", "action_chosen"}


def test_sequence_numbers_marks_every_word(pseudo) -> None:
    kinds: set[str] = set()
    for seed, players, options in ((1, 2, {}), (2, 4, {}), (3, 6, {"teams": 3}), (4, 3, {})):
        reader = Reader(NumbersPresenter(), _match("numbers", NUMBERS, players, options))
        reader.read(reader.presenter.describe_options(options), reader.presenter.seating(
            reader.match))
        for move in ("p0@A1", "x", "t0", "d0", "m0@A2"):
            reader.refused(0, move)
        reader.refused(1, "p0@A1")
        reader.play(random.Random(seed), 3000)
        reader.read(*_texts_of_embed(reader.presenter.result(reader.match)))
        for text in _numbers_captions(reader.match):
            reader.read(text)
        assert set(reader.escaped) <= SHARED, sorted(reader.escaped)
        kinds |= reader.kinds
    assert kinds >= {"chip_placed", "card_traded", "sequence_completed", "match_over"}


def _captured(module: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []
    for name in ("text_left", "text_centered"):
        monkeypatch.setattr(module, name, lambda draw, at, text, *a, **k: said.append(text))
    return said


def _canyon_captions(state: Any) -> list[str]:
    with pytest.MonkeyPatch.context() as monkeypatch:
        said = _captured(canyon_picture, monkeypatch)
        view = CANYON.view(state, None)
        names = list(NAMES[: view["players"]])
        canyon_picture.board_png(canyon_picture.board_facts(view), names)
        for over in (False, True):
            for hand in (1, 2):
                facts = {**canyon_picture.board_facts(view), "over": over, "hand": hand,
                         "hero": [True] * len(names), "eliminated": [False] * len(names)}
                facts["row"] = [kind for kind in canyon_picture.FACES] + [None]
                canyon_picture.board_png(facts, names)
    return said


def _numbers_captions(match: Match) -> list[str]:
    with pytest.MonkeyPatch.context() as monkeypatch:
        said = _captured(numbers_picture, monkeypatch)
        view = NUMBERS.view(match.state, None)
        numbers_picture.board_png(view, [s.display_name for s in match.seats])
        numbers_picture.board_png({**view, "sequences": []}, None)
    return said
