"""The printed track and supplies, loaded once from ``board.json`` and validated.

Index 0 is Start, 1..63 are the action spaces counted from Start, 64 is the Finish.
The rulebook prints each action space's distance to the Finish, ``64 - index``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from math import isqrt
from pathlib import Path
from typing import Any

START = 0
FINISH = 64
LAST_ACTION_SPACE = FINISH - 1


class Kind(StrEnum):
    """The kinds of space on the track."""

    START = "start"
    HARE = "hare"
    CARROT = "carrot"
    LETTUCE = "lettuce"
    TORTOISE = "tortoise"
    POSITION = "position"
    FINISH = "finish"


@dataclass(frozen=True)
class Space:
    """One space of the track; ``places`` are the race places a position space pays for."""

    index: int
    kind: Kind
    places: tuple[int, ...] = ()

    @property
    def code(self) -> str:
        """The data code: ``hare``, ``pos3``, ``pos156``..."""
        if self.kind is Kind.POSITION:
            return "pos" + "".join(str(p) for p in self.places)
        return self.kind.value


@dataclass(frozen=True)
class Supplies:
    """Starting carrots and lettuces per player."""

    carrots: int
    carrots_four_or_more_players: int
    lettuces: int
    two_marker_carrots: int
    two_marker_lettuces: int


def forward_cost(spaces: int) -> int:
    """Carrots to move forward ``spaces`` spaces: 1 + 2 + ... + n = n(n+1)/2."""
    return spaces * (spaces + 1) // 2


def farthest_step(carrots: int) -> int:
    """The most spaces ``carrots`` pay for: the largest n with n(n+1)/2 <= carrots."""
    return (isqrt(8 * carrots + 1) - 1) // 2


def _parse_space(index: int, code: Any) -> Space:
    if not isinstance(code, str):
        raise ValueError(f"board.json: space {index} is not a string")
    if code.startswith("pos"):
        digits = code[3:]
        places = tuple(int(d) for d in digits if d.isdigit())
        if not places or len(places) != len(digits) or not all(1 <= p <= 6 for p in places):
            raise ValueError(f"board.json: bad position space {code!r} at {index}")
        return Space(index, Kind.POSITION, places)
    kinds = {Kind.HARE, Kind.CARROT, Kind.LETTUCE, Kind.TORTOISE}
    if code not in kinds:
        raise ValueError(f"board.json: unknown space {code!r} at {index}")
    return Space(index, Kind(code))


def _load() -> tuple[tuple[Space, ...], Supplies]:
    raw = json.loads((Path(__file__).with_name("board.json")).read_text(encoding="utf-8"))
    codes = raw["spaces"]
    if len(codes) != LAST_ACTION_SPACE:
        raise ValueError(f"board.json: expected {LAST_ACTION_SPACE} action spaces")
    spaces = (
        Space(START, Kind.START),
        *(_parse_space(i, code) for i, code in enumerate(codes, start=1)),
        Space(FINISH, Kind.FINISH),
    )
    supplies = Supplies(**raw["supplies"])
    if min(vars(supplies).values()) <= 0:
        raise ValueError("board.json: supplies must be positive")
    for kind in (Kind.HARE, Kind.CARROT, Kind.LETTUCE, Kind.TORTOISE, Kind.POSITION):
        if not any(s.kind is kind for s in spaces):
            raise ValueError(f"board.json: no {kind.value} space")
    return spaces, supplies


SPACES, SUPPLIES = _load()
CODES = tuple(space.code for space in SPACES)
"""Every space's data code, in track order (as views show the board)."""
TORTOISE_SPACES = tuple(s.index for s in SPACES if s.kind is Kind.TORTOISE)
CARROT_SPACES = tuple(s.index for s in SPACES if s.kind is Kind.CARROT)
LETTUCE_SPACES = tuple(s.index for s in SPACES if s.kind is Kind.LETTUCE)


def space(index: int) -> Space:
    """The space at ``index`` (0 Start .. 64 Finish)."""
    return SPACES[index]


def _nearest_tortoise_behind(index: int) -> int | None:
    behind = [t for t in TORTOISE_SPACES if t < index]
    return behind[-1] if behind else None


_TORTOISE_BEHIND = tuple(_nearest_tortoise_behind(s.index) for s in SPACES)


def tortoise_behind(index: int) -> int | None:
    """The nearest tortoise space behind ``index``, if any."""
    return _TORTOISE_BEHIND[index]
