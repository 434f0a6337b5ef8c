"""The hare space table (die roll x race place -> result), loaded once from ``dice.json``."""

from __future__ import annotations

import json
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path

from rules.base import seeded_random

DIE_FACES = range(1, 7)
TABLE_PLACES = range(1, 7)


class HareResult(StrEnum):
    """What a hare space roll makes the player do."""

    LOSE_TURN = "lose_turn"
    GIVE_OR_TAKE_10 = "give_or_take_10"
    BACK_CARROT = "back_carrot"
    FORWARD_CARROT = "forward_carrot"
    BACK_PLACE = "back_place"
    FORWARD_PLACE = "forward_place"
    EAT_CARROT = "eat_carrot"
    EAT_LETTUCE = "eat_lettuce"
    FREE_MOVE = "free_move"
    MOVE_AGAIN = "move_again"


def _load() -> dict[int, tuple[HareResult, ...]]:
    raw = json.loads((Path(__file__).with_name("dice.json")).read_text(encoding="utf-8"))
    rolls = raw["rolls"]
    if sorted(rolls) != [str(f) for f in DIE_FACES]:
        raise ValueError("dice.json: expected rolls 1..6")
    table: dict[int, tuple[HareResult, ...]] = {}
    for face in DIE_FACES:
        row = rolls[str(face)]
        if len(row) != len(TABLE_PLACES):
            raise ValueError(f"dice.json: roll {face} needs one result per place 1..6")
        table[face] = tuple(HareResult(result) for result in row)
    return table


HARE_TABLE = _load()


def hare_result(roll: int, place: int) -> HareResult:
    """The table's result for ``roll`` in race ``place`` (1..6)."""
    if roll not in DIE_FACES or place not in TABLE_PLACES:
        raise ValueError(f"no table entry for roll {roll}, place {place}")
    return HARE_TABLE[roll][place - 1]


Die = Callable[[int, int], int]
"""A die: (seed, draw) -> 1..6. Tests pass a loaded one to force hare results."""


def roll_die(seed: int, draw: int) -> int:
    """The die roll for draw number ``draw`` of the match seeded with ``seed``."""
    return seeded_random(seed, draw).randint(1, 6)
