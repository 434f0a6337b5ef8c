"""A casual Hare and Tortoise player who keeps a carrot budget, written from the rulebook.

It is what a sensible player at the table does without looking far ahead: cross the Finish
whenever the carrot limit allows; eat its lettuces early (head for the next lettuce space, and
go back to a tortoise for one when none is left ahead); and keep its carrots in line with the
distance still to run, moving further when it has carrots to spare and shorter, or taking
carrots, or going back to a tortoise, when it runs short; holding more than the Finish will
let it keep, it stops on carrot spaces to give them away. Position spaces it takes when its
place pays, hare spaces it treats like any other. It decides from its seat's view only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.base import Move
from rules.hare.board import FINISH, LETTUCE_SPACES, SPACES, Kind, forward_cost
from rules.hare.determinize import determinize
from rules.hare.moves import (
    FORWARD,
    GIVE,
    STAY_CARROTS,
    TAKE,
    legal_moves,
    marker_of,
    move_cost,
    parse_move,
)
from rules.hare.state import HARE_CHOICE, HareState

CARROTS_PER_SPACE = 2
"""The budget: carrots kept for every space still to run (moves of about three spaces)."""
SHORT = 0.3
"""What a carrot below the budget costs, in spaces of progress."""
SPARE = 0.12
"""What a carrot above the budget costs, in spaces of progress."""
LETTUCE = 15
"""A lettuce space reached while holding a lettuce, in spaces of progress."""
STRANDED = 30
"""A lettuce held with no lettuce space left ahead, in spaces of progress."""
PAYOUT = 0.3
"""A carrot a position space will pay, in spaces of progress."""
OVER_LIMIT = 10
"""Stopping off a carrot space with more carrots than even one jump home would leave within
the Finish limit, in spaces of progress: they can only be given away on a carrot space."""


def casual_move(view: Mapping[str, Any], seat: int, rng: random.Random) -> Move:
    """The move ``seat`` plays: the one that best keeps its carrot budget (ties at random)."""
    return casual_choice(determinize(view, rng.getrandbits(64)), seat, rng)


def casual_choice(state: HareState, seat: int, rng: random.Random) -> Move:
    """``casual_move`` on the match state (the strong computer's playouts play it)."""
    moves = legal_moves(state, seat)
    if not moves:
        raise ValueError("that seat has no decision now")
    if state.pending == HARE_CHOICE:
        wanted = GIVE if state.players[seat].carrots > budget(state, seat, 0) else TAKE
        return next((m for m in moves if m.startswith(wanted)), moves[0])
    if len(moves) == 1:
        return moves[0]
    scored = [(_value(state, seat, move), rng.random(), move) for move in moves]
    return max(scored)[2]


def budget(state: HareState, seat: int, moved: int) -> int:
    """The carrots ``seat`` wants to hold after running ``moved`` spaces more: enough for the
    way home, plus what the Finish lets it keep, less what its lettuces will pay."""
    markers = [state.markers[m] for m in state.markers_of(seat)]
    left = sum(FINISH - m.space for m in markers if not m.finished) - moved
    keep = STAY_CARROTS * (len(state.finish_order) + 1) // 2  # the middle of what it may keep
    lettuces = STAY_CARROTS * 2 * state.players[seat].lettuces
    return way_home(left) + keep - lettuces


def way_home(spaces: int) -> int:
    """The carrots ``spaces`` still to run will cost: moves of about three spaces, or one
    jump when that is cheaper."""
    return min(CARROTS_PER_SPACE * spaces, forward_cost(spaces))


def _value(state: HareState, seat: int, move: Move) -> float:
    """How good ``move`` looks, in spaces of progress."""
    parsed = parse_move(move)
    assert parsed is not None
    marker_id = marker_of(state, seat, parsed)
    assert marker_id is not None
    here = state.markers[marker_id].space
    player = state.players[seat]
    target = here if parsed.target is None else parsed.target
    if target == FINISH:
        return float("inf")  # home, whenever the rules allow it
    if parsed.action in (TAKE, GIVE):
        carrots = player.carrots + (STAY_CARROTS if parsed.action == TAKE else -STAY_CARROTS)
    else:
        carrots = player.carrots - move_cost(state, seat, move)
    moved = target - here
    gap = carrots - budget(state, seat, moved)
    value = moved - (SHORT * -gap if gap < 0 else SPARE * gap)
    kind = SPACES[target].kind
    eats = parsed.action == FORWARD and kind is Kind.LETTUCE
    if eats:
        value += LETTUCE
    if kind is Kind.CARROT and gap > 0:  # it may give some away next turn
        value += SPARE * min(gap, STAY_CARROTS)
    if kind is Kind.POSITION and parsed.action == FORWARD:
        place = 1 + sum(
            m.finished or (m.space > target and i != marker_id)
            for i, m in enumerate(state.markers)
        )
        if place in SPACES[target].places:
            value += PAYOUT * STAY_CARROTS * place
    if kind is not Kind.CARROT and _over_limit(state, marker_id, target, carrots):
        value -= OVER_LIMIT
    return value - STRANDED * _stranded(state, seat, marker_id, target, eats)


def _over_limit(state: HareState, marker_id: int, target: int, carrots: int) -> bool:
    """Whether the marker, on ``target`` with ``carrots``, holds more than one jump to the
    Finish would spend and the Finish would let it keep (only a player's last marker home
    keeps to the limit)."""
    seat = state.markers[marker_id].seat
    if any(not state.markers[i].finished for i in state.markers_of(seat) if i != marker_id):
        return False
    limit = STAY_CARROTS * (len(state.finish_order) + 1)
    return carrots > forward_cost(FINISH - target) + limit


def _stranded(state: HareState, seat: int, marker_id: int, target: int, eats: bool) -> int:
    """Lettuces ``seat`` would hold with no lettuce space ahead of any of its markers (less
    the one it ``eats`` where it lands)."""
    lettuces = state.players[seat].lettuces - eats
    if not lettuces:
        return 0
    rearmost = min(
        target if i == marker_id else state.markers[i].space
        for i in state.markers_of(seat)
        if not state.markers[i].finished
    )
    ahead = sum(space > rearmost for space in LETTUCE_SPACES)
    return max(0, lettuces - ahead)
