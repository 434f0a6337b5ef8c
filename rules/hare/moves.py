"""Move codes, which moves are legal, why one is not, and what one costs.

Codes (at most 6 characters):

- ``f<index>``: forward to action space ``index`` (1..63) or to the Finish (``f64``),
  paying n(n+1)/2 carrots for n spaces.
- ``b<index>``: back to the tortoise space ``index``, earning 10 carrots per space.
- ``take`` / ``give``: stay on the carrot space and take or give 10 carrots; after a hare
  roll of "give or take 10", the same two codes answer that choice.

In the two-marker game every code ends with ``@0`` or ``@1``, the player's marker:
``f12@1``, ``b11@0``, ``take@1``.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

from rules.base import N_, IllegalMove, Move
from rules.hare.board import (
    FINISH,
    SPACES,
    Kind,
    farthest_step,
    forward_cost,
    space,
    tortoise_behind,
)
from rules.hare.state import HARE_CHOICE, MOVE_AGAIN, HareState

FORWARD = "f"
BACK = "b"
TAKE = "take"
GIVE = "give"
STAY_CARROTS = 10
TORTOISE_CARROTS_PER_SPACE = 10

_FORWARD_CODES = {
    suffix: tuple(f"{FORWARD}{index}{suffix}" for index in range(FINISH + 1))
    for suffix in ("", "@0", "@1")
}
"""Forward codes by marker suffix and target, made once."""
_LANDING = {
    True: tuple(s.index for s in SPACES[1:FINISH] if s.kind is not Kind.TORTOISE),
    False: tuple(s.index for s in SPACES[1:FINISH] if s.kind not in (Kind.TORTOISE, Kind.LETTUCE)),
}
"""Action spaces a forward move may end on when free, by whether the player holds a lettuce
(never a tortoise space; a lettuce space only with a lettuce)."""

_CODE = re.compile(
    r"(?:(?P<step>[fb])(?P<target>[0-9]{1,2})|(?P<stay>take|give))(?:@(?P<number>[01]))?"
)
"""A move code, matched whole (a trailing newline too is no part of one)."""


@dataclass(frozen=True)
class ParsedMove:
    """A move code taken apart; ``number`` is the marker (two-marker game) or None."""

    action: str
    target: int | None
    number: int | None


@lru_cache(maxsize=1024)
def parse_move(code: Move) -> ParsedMove | None:
    """The parts of a move code, or None when it is not one (remembered: codes repeat)."""
    match = _CODE.fullmatch(code)
    if match is None:
        return None
    number = None if match["number"] is None else int(match["number"])
    if match["stay"]:
        return ParsedMove(match["stay"], None, number)
    return ParsedMove(match["step"], int(match["target"]), number)


def move_code(state: HareState, marker_id: int, action: str, target: int | None = None) -> Move:
    """The code for ``action`` by one marker."""
    code = action if target is None else f"{action}{target}"
    if state.two_markers:
        code += f"@{state.markers[marker_id].number}"
    return code


FINISH_LIMITS = (
    N_("To finish 1st you may keep at most {limit} carrots; you would keep {carrots}."),
    N_("To finish 2nd you may keep at most {limit} carrots; you would keep {carrots}."),
    N_("To finish 3rd you may keep at most {limit} carrots; you would keep {carrots}."),
    N_("To finish 4th you may keep at most {limit} carrots; you would keep {carrots}."),
    N_("To finish 5th you may keep at most {limit} carrots; you would keep {carrots}."),
    N_("To finish 6th you may keep at most {limit} carrots; you would keep {carrots}."),
)
"""The finishing limit told for each place (six runners at most): whole sentences, as each
language writes its own place."""


def finish_problem(state: HareState, marker_id: int, carrots_after: int) -> IllegalMove | None:
    """Why this marker may not cross the Finish keeping ``carrots_after`` carrots, or None."""
    marker = state.markers[marker_id]
    player = state.players[marker.seat]
    if player.lettuces > 0:
        return IllegalMove(N_("You must eat all your lettuces before you finish."))
    if state.two_markers and not any(
        state.markers[other].finished for other in state.markers_of(marker.seat)
    ):
        return None  # a player's first marker home ignores the carrot limit
    place = len(state.finish_order) + 1
    limit = STAY_CARROTS * place
    if carrots_after > limit:
        return IllegalMove(FINISH_LIMITS[place - 1], limit=limit, carrots=carrots_after)
    return None


def forward_problem(state: HareState, marker_id: int, target: int) -> IllegalMove | None:
    """Why this marker may not move forward to ``target``, or None when it may."""
    marker = state.markers[marker_id]
    player = state.players[marker.seat]
    if target <= marker.space:
        return IllegalMove(
            N_("Forward moves go ahead: pick a space beyond {space}."), space=marker.space
        )
    if target > FINISH:
        return IllegalMove(N_("There is nothing beyond the Finish."))
    spaces = target - marker.space
    cost = forward_cost(spaces)
    if cost > player.carrots:
        if spaces == 1:  # one space costs one carrot: the player has none
            return IllegalMove(N_("Moving 1 space costs 1 carrot; you have 0."))
        return IllegalMove(
            N_("Moving {spaces} spaces costs {cost} carrots; you have {carrots}."),
            spaces=spaces, cost=cost, carrots=player.carrots,
        )
    if target == FINISH:
        return finish_problem(state, marker_id, player.carrots - cost)
    kind = SPACES[target].kind
    if kind is Kind.TORTOISE:
        return IllegalMove(N_("A tortoise space can only be reached by moving back."))
    if target in state.occupied():
        return IllegalMove(N_("Space {space} is occupied."), space=target)
    if kind is Kind.LETTUCE and player.lettuces == 0:
        return IllegalMove(N_("You need a lettuce to go onto a lettuce space."))
    return None


def back_problem(state: HareState, marker_id: int, target: int) -> IllegalMove | None:
    """Why this marker may not move back to ``target``, or None when it may."""
    marker = state.markers[marker_id]
    nearest = tortoise_behind(marker.space) if marker.on_action_space else None
    if nearest is None:
        return IllegalMove(N_("There is no tortoise space behind you."))
    if target != nearest:
        return IllegalMove(
            N_("You may move back only to the nearest tortoise space behind you ({space})."),
            space=nearest,
        )
    if nearest in state.occupied():
        return IllegalMove(
            N_("The nearest tortoise space behind you ({space}) is occupied."), space=nearest
        )
    return None


def stay_problem(state: HareState, marker_id: int, action: str) -> IllegalMove | None:
    """Why this marker may not stay on its space taking/giving 10, or None."""
    marker = state.markers[marker_id]
    if space(marker.space).kind is not Kind.CARROT:
        return IllegalMove(N_("You may stay only on a carrot space."))
    if action == GIVE and state.players[marker.seat].carrots < STAY_CARROTS:
        return IllegalMove(
            N_("You need {carrots} carrots to give {carrots}."), carrots=STAY_CARROTS
        )
    return None


def _may_finish(state: HareState, marker_id: int, carrots: int) -> bool:
    """Whether the marker may move forward to the Finish now."""
    here = state.markers[marker_id].space
    cost = forward_cost(FINISH - here)
    if here == FINISH or cost > carrots:
        return False
    return finish_problem(state, marker_id, carrots - cost) is None


def _landing_ahead(lettuce: bool, here: int, farthest: int) -> tuple[int, ...]:
    """The action spaces after ``here`` up to ``farthest`` a forward move may end on if free."""
    landing = _LANDING[lettuce]
    return landing[bisect_right(landing, here) : bisect_right(landing, farthest)]


def marker_moves(state: HareState, marker_id: int, stay: bool = True) -> list[Move]:
    """Every move of one marker: forward, back, and (with ``stay``) staying on carrots.

    Agrees with ``forward_problem``, ``back_problem`` and ``stay_problem`` (the tests check
    it) but is quicker: simulated play lists moves at every turn.
    """
    marker = state.markers[marker_id]
    player = state.players[marker.seat]
    carrots, here = player.carrots, marker.space
    suffix = f"@{marker.number}" if state.two_markers else ""
    codes = _FORWARD_CODES[suffix]
    occupied = state.occupied()
    farthest = here + farthest_step(carrots)
    ahead = _landing_ahead(player.lettuces > 0, here, farthest)
    moves = [codes[t] for t in ahead if t not in occupied]
    if farthest >= FINISH and _may_finish(state, marker_id, carrots):
        moves.append(codes[FINISH])
    nearest = tortoise_behind(here) if marker.on_action_space else None
    if nearest is not None and nearest not in occupied:
        moves.append(f"{BACK}{nearest}{suffix}")
    if stay and SPACES[here].kind is Kind.CARROT:
        moves.append(TAKE + suffix)
        if carrots >= STAY_CARROTS:
            moves.append(GIVE + suffix)
    return moves


def can_move(state: HareState, seat: int) -> bool:
    """Whether ``seat``, at the start of its turn, has a legal move; without listing them."""
    player = state.players[seat]
    occupied = state.occupied()
    for marker_id in acting_markers(state, seat):
        here = state.markers[marker_id].space
        if SPACES[here].kind is Kind.CARROT:
            return True  # it may stay
        farthest = here + farthest_step(player.carrots)
        for target in _landing_ahead(player.lettuces > 0, here, farthest):
            if target not in occupied:
                return True
    # rarely reached: going back or to the Finish may still be possible
    return any(marker_moves(state, marker_id) for marker_id in acting_markers(state, seat))


def acting_markers(state: HareState, seat: int) -> list[int]:
    """The markers ``seat`` may move this turn (a marker that just ate must move)."""
    if state.pending is not None and state.pending_marker is not None:
        return [state.pending_marker]
    markers = state.markers
    own = [i for i in state.markers_of(seat) if markers[i].finish_place is None]
    if not state.two_markers:
        return own
    must = [i for i in own if markers[i].must_move]
    return must or own


def hare_choices(state: HareState) -> list[Move]:
    """The answers to a pending "give or take 10": give only with 10 carrots."""
    marker_id = state.pending_marker
    assert marker_id is not None
    carrots = state.players[state.markers[marker_id].seat].carrots
    actions = (TAKE, GIVE) if carrots >= STAY_CARROTS else (TAKE,)
    return [move_code(state, marker_id, action) for action in actions]


def legal_moves(state: HareState, seat: int) -> list[Move]:
    """Every legal move of ``seat`` now; empty when it is not that seat's decision."""
    if state.turn != seat:
        return []
    if state.pending == HARE_CHOICE:
        return hare_choices(state)
    stay = state.pending != MOVE_AGAIN
    acting = acting_markers(state, seat)
    if len(acting) == 1:
        return marker_moves(state, acting[0], stay)
    return [move for marker_id in acting for move in marker_moves(state, marker_id, stay)]


def marker_of(state: HareState, seat: int, parsed: ParsedMove) -> int | None:
    """The marker id a parsed move names for ``seat``."""
    own = state.markers_of(seat)
    number = parsed.number or 0
    return own[number] if number < len(own) else None


def move_problem(state: HareState, seat: int, code: Move) -> IllegalMove | None:
    """Why ``code`` is not legal for ``seat`` now, as the IllegalMove to raise, or None.

    Agrees with ``legal_moves`` (the tests check it) but looks at the one move only.
    """
    if state.turn is None:
        return IllegalMove(N_("The match is over."))
    if state.turn != seat:
        return IllegalMove(N_("It is not your turn."))
    parsed = parse_move(code)
    if parsed is None:
        return IllegalMove(N_("Unknown move {code}."), code=repr(code))
    if state.two_markers and parsed.number is None:
        return IllegalMove(N_("Say which marker moves: end the code with @0 or @1."))
    if not state.two_markers and parsed.number is not None:
        return IllegalMove(N_("You have a single marker: leave out the @."))
    marker_id = marker_of(state, seat, parsed)
    assert marker_id is not None
    if state.pending == HARE_CHOICE:
        if parsed.action not in (TAKE, GIVE) or marker_id != state.pending_marker:
            return IllegalMove(N_("First answer the hare: take or give 10 carrots."))
        if parsed.action == GIVE and state.players[seat].carrots < STAY_CARROTS:
            return IllegalMove(
                N_("You need {carrots} carrots to give {carrots}."), carrots=STAY_CARROTS
            )
        return None
    if state.pending == MOVE_AGAIN and (
        parsed.action not in (FORWARD, BACK) or marker_id != state.pending_marker
    ):
        return IllegalMove(N_("The hare says move again: move the same marker forward or back."))
    if state.markers[marker_id].finish_place is not None:
        return IllegalMove(N_("That marker has already finished."))
    if state.two_markers and marker_id not in acting_markers(state, seat):
        return IllegalMove(N_("Your other marker ate a lettuce last turn and must move now."))
    if parsed.action == FORWARD:
        assert parsed.target is not None
        problem = forward_problem(state, marker_id, parsed.target)
    elif parsed.action == BACK:
        assert parsed.target is not None
        problem = back_problem(state, marker_id, parsed.target)
    else:
        problem = stay_problem(state, marker_id, parsed.action)
    if problem is None and code != move_code(state, marker_id, parsed.action, parsed.target):
        problem = IllegalMove(N_("That move is not allowed now."))  # e.g. "f05" for "f5"
    return problem


def _located(state: HareState, seat: int, code: Move) -> tuple[ParsedMove, int]:
    """A legal-looking code taken apart, with the marker it moves."""
    parsed = parse_move(code)
    if parsed is None:
        raise ValueError(f"not a move code: {code!r}")
    marker_id = marker_of(state, seat, parsed)
    assert marker_id is not None
    return parsed, marker_id


def move_cost(state: HareState, seat: int, code: Move) -> int:
    """Carrots ``seat`` pays for ``code`` (negative when it earns carrots)."""
    parsed, marker_id = _located(state, seat, code)
    return _cost(parsed, state.markers[marker_id].space)


def _cost(parsed: ParsedMove, here: int) -> int:
    """Carrots paid for a move from space ``here`` (negative when earned)."""
    if parsed.action == FORWARD:
        assert parsed.target is not None
        return forward_cost(parsed.target - here)
    if parsed.action == BACK:
        assert parsed.target is not None
        return -TORTOISE_CARROTS_PER_SPACE * (here - parsed.target)
    return STAY_CARROTS if parsed.action == GIVE else -STAY_CARROTS
