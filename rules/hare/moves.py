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

from rules.base import Move
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


def _count(n: int, word: str) -> str:
    """``1 carrot``, ``2 carrots``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th..."""
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def finish_problem(state: HareState, marker_id: int, carrots_after: int) -> str | None:
    """Why this marker may not cross the Finish keeping ``carrots_after`` carrots, or None."""
    marker = state.markers[marker_id]
    player = state.players[marker.seat]
    if player.lettuces > 0:
        return "You must eat all your lettuces before you finish."
    if state.two_markers and not any(
        state.markers[other].finished for other in state.markers_of(marker.seat)
    ):
        return None  # a player's first marker home ignores the carrot limit
    place = len(state.finish_order) + 1
    limit = STAY_CARROTS * place
    if carrots_after > limit:
        return (
            f"To finish {ordinal(place)} you may keep at most {limit} carrots; "
            f"you would keep {carrots_after}."
        )
    return None


def forward_problem(state: HareState, marker_id: int, target: int) -> str | None:
    """Why this marker may not move forward to ``target``, or None when it may."""
    marker = state.markers[marker_id]
    player = state.players[marker.seat]
    if target <= marker.space:
        return f"Forward moves go ahead: pick a space beyond {marker.space}."
    if target > FINISH:
        return "There is nothing beyond the Finish."
    spaces = target - marker.space
    cost = forward_cost(spaces)
    if cost > player.carrots:
        return (
            f"Moving {_count(spaces, 'space')} costs {_count(cost, 'carrot')}; "
            f"you have {player.carrots}."
        )
    if target == FINISH:
        return finish_problem(state, marker_id, player.carrots - cost)
    kind = SPACES[target].kind
    if kind is Kind.TORTOISE:
        return "A tortoise space can only be reached by moving back."
    if target in state.occupied():
        return f"Space {target} is occupied."
    if kind is Kind.LETTUCE and player.lettuces == 0:
        return "You need a lettuce to go onto a lettuce space."
    return None


def back_problem(state: HareState, marker_id: int, target: int) -> str | None:
    """Why this marker may not move back to ``target``, or None when it may."""
    marker = state.markers[marker_id]
    nearest = tortoise_behind(marker.space) if marker.on_action_space else None
    if nearest is None:
        return "There is no tortoise space behind you."
    if target != nearest:
        return f"You may move back only to the nearest tortoise space behind you ({nearest})."
    if nearest in state.occupied():
        return f"The nearest tortoise space behind you ({nearest}) is occupied."
    return None


def stay_problem(state: HareState, marker_id: int, action: str) -> str | None:
    """Why this marker may not stay on its space taking/giving 10, or None."""
    marker = state.markers[marker_id]
    if space(marker.space).kind is not Kind.CARROT:
        return "You may stay only on a carrot space."
    if action == GIVE and state.players[marker.seat].carrots < STAY_CARROTS:
        return f"You need {STAY_CARROTS} carrots to give {STAY_CARROTS}."
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


def move_problem(state: HareState, seat: int, code: Move) -> str | None:
    """A player-facing reason why ``code`` is not legal for ``seat`` now, or None when it is.

    Agrees with ``legal_moves`` (the tests check it) but looks at the one move only.
    """
    if state.turn is None:
        return "The match is over."
    if state.turn != seat:
        return "It is not your turn."
    parsed = parse_move(code)
    if parsed is None:
        return f"Unknown move {code!r}."
    if state.two_markers and parsed.number is None:
        return "Say which marker moves: end the code with @0 or @1."
    if not state.two_markers and parsed.number is not None:
        return "You have a single marker: leave out the @."
    marker_id = marker_of(state, seat, parsed)
    assert marker_id is not None
    if state.pending == HARE_CHOICE:
        if parsed.action not in (TAKE, GIVE) or marker_id != state.pending_marker:
            return "First answer the hare: take or give 10 carrots."
        if parsed.action == GIVE and state.players[seat].carrots < STAY_CARROTS:
            return f"You need {STAY_CARROTS} carrots to give {STAY_CARROTS}."
        return None
    if state.pending == MOVE_AGAIN and (
        parsed.action not in (FORWARD, BACK) or marker_id != state.pending_marker
    ):
        return "The hare says move again: move the same marker forward or back."
    if state.markers[marker_id].finish_place is not None:
        return "That marker has already finished."
    if state.two_markers and marker_id not in acting_markers(state, seat):
        return "Your other marker ate a lettuce last turn and must move now."
    if parsed.action == FORWARD:
        assert parsed.target is not None
        problem = forward_problem(state, marker_id, parsed.target)
    elif parsed.action == BACK:
        assert parsed.target is not None
        problem = back_problem(state, marker_id, parsed.target)
    else:
        problem = stay_problem(state, marker_id, parsed.action)
    if problem is None and code != move_code(state, marker_id, parsed.action, parsed.target):
        problem = "That move is not allowed now."  # e.g. "f05" for "f5"
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


def describe(state: HareState, seat: int, code: Move) -> str:
    """The move in words with the carrots it leaves, e.g. "Forward 5 to 23 (lettuce space):
    pay 15 carrots, 50 left"."""
    parsed, marker_id = _located(state, seat, code)
    prefix = f"Marker {parsed.number + 1}: " if parsed.number is not None else ""
    here = state.markers[marker_id].space
    cost = _cost(parsed, here)
    if parsed.action == FORWARD:
        assert parsed.target is not None
        to = "the Finish" if parsed.target == FINISH else space(parsed.target).label
        if parsed.target != FINISH:
            to = f"{parsed.target} ({to})"
        text = f"Forward {parsed.target - here} to {to}: pay {_count(cost, 'carrot')}"
    elif parsed.action == BACK:
        text = f"Back {here - (parsed.target or 0)} to tortoise space {parsed.target}: "
        text += f"earn {_count(-cost, 'carrot')}"
    elif state.pending == HARE_CHOICE:
        text = f"{parsed.action.capitalize()} {STAY_CARROTS} carrots (hare space)"
    else:
        text = f"Stay on the carrot space and {parsed.action} {STAY_CARROTS} carrots"
    return f"{prefix}{text}, {state.players[seat].carrots - cost} left"
