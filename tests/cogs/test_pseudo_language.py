"""Every word Why First? and Hare and Tortoise show goes through the catalogs: played to the
end in the pseudo language, each board, hand, narration, result, refusal and picture caption
reads only ⟦marked⟧ messages, the players' names, numbers and emoji, within Discord's limits."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest
from PIL import ImageDraw

from cogs.common import pictures
from cogs.common.i18n import PSEUDO, _, speaking
from cogs.common.presenter import Controls
from cogs.hare.picture import board_facts as hare_facts
from cogs.hare.picture import board_png as hare_png
from cogs.hare.render import HarePresenter
from cogs.hare.words import CARROT_REASONS, HARE_RESULTS, narrate
from cogs.whyfirst.picture import board_facts as whyfirst_facts
from cogs.whyfirst.picture import board_png as whyfirst_png
from cogs.whyfirst.render import WhyFirstPresenter
from data.matches import MatchRecord, SeatRecord
from matches.match import Match
from rules.base import Engine, IllegalMove
from rules.hare import ENGINE as HARE
from rules.hare import purposeful_move
from rules.hare.board import FINISH
from rules.whyfirst.engine import WhyFirstEngine

WHYFIRST = WhyFirstEngine()
NAMES = ["anne", "ben", "chris", "dana", "eve", "finn"]
MARKED = re.compile(r"⟦[^⟦⟧]*(?:⟧|…$)")
"""A message, innermost first; or one a picture cut short with an ellipsis where it had no
room."""
OUTSIDE = re.compile(r"<[@#]\d+>|`+|\b\d+(?:st|nd|rd|th)\b")
"""Mentions, code marks and ordinals (``1st``): each language writes its ordinals by its own
rule in ``presenter.ordinal``, not through a catalog message, and the pseudo language
writes English's."""
WORD = re.compile(r"[^\W\d_]{2,}")
BAD_MOVES = (
    "x", "f0", "f99", "b1", "give", "take@1", "f2@0", "p0", "p0:9", "f9",
    *(f"p{card}:{target}" for card in range(0, 40, 7) for target in range(3)),
)
"""Codes to try on each game at every fifth turn, by the player to move and another: each
refused with its reason (or played, on a copy)."""


def escaped(text: str, names: list[str]) -> list[str]:
    """The words of ``text`` outside every ⟦message⟧ that are not a player's name."""
    while MARKED.search(text):
        text = MARKED.sub(" ", text)
    text = OUTSIDE.sub(" ", text)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return WORD.findall(text)


def match_of(engine: Engine[Any], state: Any, game: str, seats: int) -> Match:
    record = MatchRecord(
        id=7, game=game, guild_id=1, channel_id=2, host_id=100, status="active",
        options={}, state=None, version=1,
        seats=tuple(
            SeatRecord(seat, "player", 100 + seat, NAMES[seat], False) for seat in range(seats)
        ),
    )
    return Match(record, engine, state)


def embed_texts(embed: discord.Embed) -> Iterator[str]:
    assert len(embed) <= 6000
    yield embed.title or ""
    yield embed.description or ""
    for field in embed.fields:
        assert len(field.name or "") <= 256 and len(field.value or "") <= 1024
        yield field.name or ""
        yield field.value or ""
    yield embed.footer.text or ""


def control_texts(controls: Controls) -> Iterator[str]:
    yield controls.content or ""
    if controls.embed is not None:
        yield from embed_texts(controls.embed)
    for item in controls.items:
        if isinstance(item, discord.ui.Button):
            assert item.label is not None and len(item.label) <= 80
            yield item.label
        elif isinstance(item, discord.ui.Select):
            assert len(item.placeholder or "") <= 150 and len(item.options) <= 25
            yield item.placeholder or ""
            for option in item.options:
                assert len(option.label) <= 100 and len(option.description or "") <= 100
                yield option.label
                yield option.description or ""


class Reader:
    """Everything a game showed, checked as it is shown."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.read = 0

    def check(self, texts: Any) -> None:
        for text in [texts] if isinstance(texts, str) else texts:
            assert not escaped(text, self.names), text
            self.read += 1


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string a picture prints."""
    strings: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, string: str, *args: Any, **kwargs: Any) -> None:
        strings.append(string)
        original(self, xy, string, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    pictures.clear_caches()
    yield strings
    pictures.clear_caches()


def play_through(
    engine: Engine[Any], presenter: Any, game: str, seats: int, options: dict[str, Any],
    reader: Reader, draw: Any, seed: int, purposeful: Any = None,
) -> set[str]:
    """Plays a match to its end, at random or (seven moves in ten, given ``purposeful``) as
    the table would for a player, reading every message on the way; returns the kinds of
    event narrated."""
    state = engine.setup(seats, engine.options(options, seats), seed=seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    events: list[dict[str, Any]] = []
    for turn in itertools.count():
        match = match_of(engine, state, game, seats)
        over = not engine.to_move(state)
        with speaking(PSEUDO):
            reader.check(embed_texts(presenter.board(match, events)))
            reader.check(t for field in presenter.story(match, events, turn % seats)
                          for t in field)
            reader.check(presenter.narrate(match, events))
            if turn % 10 == 0 or over:  # a picture takes a while: every tenth, and the last
                draw(match)
            for seat in range(seats):
                reader.check(presenter.hidden(match, seat))
                for choice in (None, "m0", "m1", *(f"c{card}" for card in range(40))):
                    if choice and not choice_fits(presenter, match, seat, choice):
                        continue
                    reader.check(control_texts(presenter.controls(match, seat, choice)))
        if over:
            break
        seat = min(engine.to_move(state))
        legal = engine.legal_moves(state, seat)
        with speaking(PSEUDO):
            reader.check(presenter.move_words(match, seat, move) for move in legal)
            for bad in () if turn % 5 else (*BAD_MOVES, *legal[:1]):
                reader.check(refusal(engine, state, (seat + 1) % seats, bad))
                reader.check(refusal(engine, state, seat, bad))
        move = (
            purposeful(state, seat, rng, 0.0)
            if purposeful and rng.random() < 0.7
            else rng.choice(legal)
        )
        events = [event.to_json() for event in engine.apply(state, seat, move)]
        kinds.update(event["kind"] for event in events)
    with speaking(PSEUDO):
        reader.check(embed_texts(presenter.result(match)))
        reader.check(presenter.describe_options(options))
        reader.check([_(presenter.title), _(presenter.points)])
    return kinds


def choice_fits(presenter: Any, match: Match, seat: int, choice: str) -> bool:
    """Only the first steps this game offers: cards held (Why First?), markers (Hare)."""
    if isinstance(presenter, HarePresenter):
        return choice in ("m0", "m1")
    hand = match.engine.view(match.state, seat)["hand"]
    return any(choice == f"c{card['card']}" for card in hand)


def refusal(engine: Engine[Any], state: Any, seat: int, move: str) -> str:
    """The reason a move is refused, as the player reads it ("" when it is legal)."""
    copy = engine.load(engine.dump(state))
    try:
        engine.apply(copy, seat, move)
    except IllegalMove as illegal:
        return _(illegal.reason, **illegal.values)
    return ""


def test_why_first_speaks_only_through_the_catalogs(drawn: list[str]) -> None:
    def draw(match: Match) -> None:
        view = match.engine.view(match.state, None)
        names = [*NAMES[: len(match.seats)], *match.engine.phantoms(match.state).values()]
        whyfirst_png(whyfirst_facts(view), names)

    reader = Reader([*NAMES, "Leo"])
    kinds: set[str] = set()
    for seats, options, seed in ((3, {}, 1), (2, {}, 2), (4, {"variant": "tactical"}, 3)):
        kinds |= play_through(
            WHYFIRST, WhyFirstPresenter(), "whyfirst", seats, options, reader, draw, seed
        )
    assert {"committed", "revealed", "figure_moved", "stage_scored", "stage_started",
            "match_over"} <= kinds
    assert drawn and not [s for s in drawn if escaped(s, reader.names)]
    assert reader.read > 1000


def test_hare_and_tortoise_speaks_only_through_the_catalogs(drawn: list[str]) -> None:
    def draw(match: Match) -> None:
        hare_png(hare_facts(match.engine.view(match.state, None)), NAMES[: len(match.seats)])

    reader = Reader(NAMES)
    kinds: set[str] = set()
    for seats, options, seed in ((2, {}, 4), (3, {}, 5), (2, {"two_markers": False}, 6),
                                 (5, {}, 7)):
        # a race run at random hardly ends: mostly purposeful moves
        kinds |= play_through(
            HARE, HarePresenter(), "hare", seats, options, reader, draw, seed, purposeful_move
        )
    assert {"moved", "carrots", "hare_roll", "finished", "match_over", "lettuce_eaten"} <= kinds
    assert drawn and not [s for s in drawn if escaped(s, reader.names)]
    assert reader.read > 1000


def test_a_sentence_left_unmarked_is_found() -> None:
    with speaking(PSEUDO):
        assert escaped(_("{name} moves", name="anne") + " to 3", NAMES) == ["to"]
        assert not escaped(_("{name} moves {where}", name="anne", where=_("home")), NAMES)


def test_every_hare_event_and_every_hare_result_is_told_in_marked_sentences() -> None:
    """The narration of each kind of event, each carrot reason and each hare result (carried
    out, or with no effect), in the one-marker and the two-marker game."""
    def at(seat: int, **data: Any) -> dict[str, Any]:
        return {"seat": seat, "marker": 1, **data}

    events = [
        at(0, kind="moved", by="forward", cost=3, **{"from": 0, "to": 2}),
        at(0, kind="moved", by="forward", cost=1, **{"from": 62, "to": 63}),
        at(0, kind="moved", by="forward", cost=10, **{"from": 60, "to": FINISH}),
        at(1, kind="moved", by="back", earned=30, **{"from": 14, "to": 11}),
        at(1, kind="moved", by="hare", **{"from": 14, "to": 20}),
        at(1, kind="moved", by="hare", **{"from": 60, "to": FINISH}),
        *(at(0, kind="carrots", reason=reason, amount=10, carrots=50)
          for reason in [*CARROT_REASONS, "other"]),
        at(0, kind="position_payout", place=2, carrots=20),
        at(0, kind="position_payout", place=2, carrots=0),
        at(0, kind="lettuce_eaten", place=1, carrots=10, lettuces=1),
        *(event for result in HARE_RESULTS for event in (
            at(1, kind="hare_roll", roll=3, space=15, place=2, result=result.value),
            at(1, kind="hare_no_effect", result=result.value),
        )),
        at(1, kind="hare_no_effect", result="lose_turn"),
        at(2, kind="restart", carrots=65, **{"from": 12}),
        at(2, kind="finished", place=1),
        {"kind": "lost_turn", "seat": 2},
        {"kind": "match_over", "standings": [2, 0, 1], "winners": [2]},
    ]
    for two_markers in (False, True):
        view = {"two_markers": two_markers}
        with speaking(PSEUDO):
            lines = narrate(view, NAMES, events)
        assert len(lines) == len(events) - len(HARE_RESULTS)
        assert not [line for line in lines if escaped(line, NAMES)]
    with speaking("en"):
        told = narrate({"two_markers": True}, NAMES, events[:1] + events[-4:-2])
    assert told == [
        "➡️ anne (marker 2) moves from Start to 2 for 3 carrots.",
        "↩️ chris (marker 2) is stuck and goes back to Start with 65 carrots.",
        "🏁 chris (marker 2) crosses the finish in 1st place!",
    ]
