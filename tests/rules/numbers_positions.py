"""Sequence Numbers positions for the rule tests: spaces by name, rigged hands, chips put down."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.numbers import DECK, ENGINE, LAYOUT, NumbersState, parse_space

PLUS_CARDS = [c.id for c in DECK if c.kind == "plus"]
MINUS_CARDS = [c.id for c in DECK if c.kind == "minus"]


def sp(name: str) -> int:
    space = parse_space(name)
    assert space is not None, name
    return space


def card_for(name: str, sign: str = "+") -> int:
    """The equation card (addition by default) whose answer is shown on space ``name``."""
    number = LAYOUT[sp(name)]
    return next(c.id for c in DECK if c.answer == number and f" {sign} " in c.text)


def give(state: NumbersState, seat: int, cards: Iterable[int]) -> None:
    """Put ``cards`` in ``seat``'s hand, swapping out others so every card stays in one place."""
    wanted = list(cards)
    hand = state.hands[seat]
    spare = [c for c in hand if c not in wanted]
    for card in wanted:
        if card in hand:
            continue
        out = spare.pop()
        for pile in [*state.hands, state.draw_pile, *state.discards]:
            if card in pile:
                pile[pile.index(card)] = out
                break
        hand[hand.index(out)] = card


def table(players: int = 2, options: dict[str, Any] | None = None, turn: int = 0) -> NumbersState:
    state = ENGINE.setup(players, ENGINE.options(options or {}, players), seed=7)
    state.turn = turn
    return state


def put(state: NumbersState, side: int, *names: str, locked: bool = False) -> None:
    for name in names:
        state.chips[sp(name)] = side
        state.locked[sp(name)] = locked


def play(state: NumbersState, seat: int, code: str) -> list[str]:
    return [event.kind for event in ENGINE.apply(state, seat, code)]
