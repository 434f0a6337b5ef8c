"""A random but purposeful player, for fuzzing, benchmarks and playouts.

Uniformly random play does not end: carrots only pile up (tortoise earnings, position
payouts, carrot-space takes) and the Finish wants at most 10 x place. This player picks a
random legal move now and then, and otherwise heads for the next lettuce, then balances its
carrots so that it can pay its way to the Finish and still meet the limit.
"""

from __future__ import annotations

import random

from rules.base import Move
from rules.hare.board import FINISH, LETTUCE_SPACES
from rules.hare.casual import way_home
from rules.hare.moves import BACK, FORWARD, GIVE, TAKE, legal_moves, marker_of, parse_move
from rules.hare.state import HARE_CHOICE, HareState

_SUFFIXES = ("", "@0", "@1")
_FINISHING = frozenset(f"{FORWARD}{FINISH}{suffix}" for suffix in _SUFFIXES)
_LAST_LETTUCE = max(LETTUCE_SPACES)
_TO_LETTUCE = frozenset(f"{FORWARD}{i}{suffix}" for i in LETTUCE_SPACES for suffix in _SUFFIXES)


def purposeful_move(state: HareState, seat: int, rng: random.Random, whim: float = 0.1) -> Move:
    """A legal move for ``seat``: random with chance ``whim``, else one that makes progress."""
    moves = legal_moves(state, seat)
    if not moves:
        raise ValueError("that seat has no decision now")
    finishing = _FINISHING.intersection(moves)
    if finishing:
        return min(finishing)  # marker 0's first when both may finish
    if rng.random() < whim:
        return rng.choice(moves)
    player = state.players[seat]
    limit = 10 * (len(state.finish_order) + 1)
    if state.pending == HARE_CHOICE:
        wanted = GIVE if player.carrots > limit else TAKE
        return next((m for m in moves if m.startswith(wanted)), moves[0])
    forward = [m for m in moves if m[0] == FORWARD]  # codes start with their action
    by_action: dict[str, list[Move]] = {}
    for move in moves:
        if move[0] != FORWARD:
            parsed = parse_move(move)
            assert parsed is not None
            by_action.setdefault(parsed.action, []).append(move)
    if player.lettuces > 0:
        lettuce = [m for m in forward if m in _TO_LETTUCE]
        if lettuce:
            return rng.choice(lettuce)
        behind_all = all(
            state.markers[m].space > _LAST_LETTUCE
            for m in state.markers_of(seat)
            if not state.markers[m].finished
        )
        if behind_all and BACK in by_action:
            return rng.choice(by_action[BACK])
        return rng.choice(forward[:3] or moves)
    # no lettuce left: keep enough carrots to pay the way home, and not much more
    parsed = parse_move(moves[0])
    assert parsed is not None
    marker_id = marker_of(state, seat, parsed)
    assert marker_id is not None
    home = way_home(FINISH - state.markers[marker_id].space) + limit
    if player.carrots > home:
        return rng.choice(by_action.get(GIVE) or forward[-3:] or moves)
    if player.carrots < home - limit:
        return rng.choice(by_action.get(TAKE) or by_action.get(BACK) or forward[:2] or moves)
    return rng.choice(forward or moves)

