"""How many turns each runner still needs, and what that makes of every seat's prospects.

A runner is judged alone, as if the track were empty: the moves it needs to cover the
distance home paying no more carrots than it holds and keeping at most the Finish limit
(n moves cost least when equally long, most as one long move and single steps), one eating
turn per lettuce it still holds (each paying 10 x its place), and the turns spent taking
carrots when it is short or giving them away when it has too many. Hare spaces and future
position payouts are left to the search, which plays them out.

Turns are then compared seat against seat: the fewer turns (and the earlier in the turn
order), the likelier to finish first. A seat's value is a blend of its chance to beat
every other seat (to win) and its expected share of the seats it beats (its place).
"""

from __future__ import annotations

import math
from bisect import bisect_left

from rules.hare.board import (
    FINISH,
    LETTUCE_SPACES,
    SPACES,
    TORTOISE_SPACES,
    forward_cost,
    tortoise_behind,
)
from rules.hare.moves import STAY_CARROTS, TORTOISE_CARROTS_PER_SPACE
from rules.hare.state import HareState, race_places

LONGEST = 2 * FINISH
"""The most spaces one seat can have to cover: two markers from Start."""

GAIN_PER_TURN = 20
"""Carrots a turn spent gathering brings in (a carrot space gives 10, a tortoise space more)."""

MAX_GATHERING_TURNS = 8

MISSING_LETTUCE_SPACE_TURNS = 3
"""Turns to get a lettuce where going back for one is not possible (a hare may give one)."""

SPREAD = 0.8
"""How uncertain a turn estimate is: its logistic scale at the start of the race..."""
SPREAD_PER_TURN = 0.15
"""...growing with the turns still to play..."""
SPREAD_TURNS = 30
"""...up to this many."""

TEMPO = 0.05
"""A small reward for needing fewer turns, so that a seat whose place is settled either way
still heads home (and a seat at home has it whole)."""

WIN_WEIGHT = 0.35
"""Share of a seat's value that is its chance to win; the rest is its expected place."""


def _cheapest(spaces: int, moves: int) -> int:
    """Carrots to cover ``spaces`` in exactly ``moves`` moves, all about equally long."""
    step, longer = divmod(spaces, moves)
    return longer * forward_cost(step + 1) + (moves - longer) * forward_cost(step)


def _dearest(spaces: int, moves: int) -> int:
    """Carrots to cover ``spaces`` in exactly ``moves`` moves: one long move, single steps."""
    return forward_cost(spaces - moves + 1) + moves - 1


_NEG_CHEAPEST = [[-_cheapest(d, k) for k in range(1, d + 1)] for d in range(LONGEST + 1)]
"""Negated cheapest costs by distance, for 1..d moves: ascending, so bisect finds the fewest
moves a budget pays for."""
_DEAREST = [[0, *(_dearest(d, k) for k in range(1, d + 1))] for d in range(LONGEST + 1)]
_LETTUCE_SPACES_AHEAD = [sum(s > index for s in LETTUCE_SPACES) for index in range(FINISH + 1)]


def _back_for_lettuces(index: int, missing: int) -> tuple[int, int] | None:
    """Going back from ``index`` until ``missing`` more lettuce spaces lie ahead: the back
    moves (one per tortoise space) and the spaces gone back; None when that cannot be done."""
    behind = [s for s in LETTUCE_SPACES if s <= index]
    if len(behind) < missing:
        return None
    tortoise = tortoise_behind(behind[-missing])
    if tortoise is None:
        return None
    return sum(tortoise <= t < index for t in TORTOISE_SPACES), index - tortoise


_BACK_FOR_LETTUCES = [
    [None, *(_back_for_lettuces(i, k) for k in range(1, len(LETTUCE_SPACES) + 2))]
    for i in range(FINISH + 1)
]


def _turns_paying(spaces: int, budget: float, limit: int, least: int) -> float:
    """Moves (plus turns giving carrots away) to cover ``spaces`` in at least ``least`` moves
    with ``budget`` carrots, keeping at most ``limit``; infinite when single steps are too dear.

    Between whole numbers of moves it interpolates by carrots: a budget just short of paying
    for k moves needs a little over k, so every carrot saved or spent shows.
    """
    cheapest = _NEG_CHEAPEST[spaces]
    fewest = bisect_left(cheapest, -budget) + 1  # first k with cost <= budget
    if fewest > spaces:
        return math.inf
    if fewest <= least:
        surplus = budget - limit - _DEAREST[spaces][least]
        return least + (surplus / STAY_CARROTS if surplus > 0 else 0.0)
    # fewest >= 2: between k - 1 moves (unaffordable) and k moves (affordable)
    dearer, cost = -cheapest[fewest - 2], -cheapest[fewest - 1]
    return fewest - (budget - cost) / (dearer - cost)


_GATHERING_POINT = math.sqrt(GAIN_PER_TURN / 2)


def moves_home(spaces: int, carrots: float, limit: int, least: int) -> float:
    """Turns (moves, plus carrot gathering or giving away) to cover ``spaces`` in at least
    ``least`` moves, spending all but at most ``limit`` of ``carrots``."""
    if spaces <= 0:
        return 0.0
    least = max(1, min(least, spaces))
    # n equal moves cost about d*d/2n + d/2: gathering pays while a turn's carrots save more
    # than a move, that is up to a budget of about d/2 + d*sqrt(gain/2)
    worth = spaces / 2 + spaces * _GATHERING_POINT - carrots
    gathering = min(MAX_GATHERING_TURNS, max(0, int(worth // GAIN_PER_TURN)))
    best = min(
        turns + _turns_paying(spaces, carrots + turns * GAIN_PER_TURN, limit, least)
        for turns in {0, gathering, min(gathering + 1, MAX_GATHERING_TURNS)}
    )
    return best if best < math.inf else float(spaces + MAX_GATHERING_TURNS)


def seat_turns(state: HareState, seat: int, places: list[int]) -> float:
    """Turns ``seat`` still needs to bring all its markers home (0 once home)."""
    player = state.players[seat]
    turns = 1 if player.lose_turn else 0
    carrots, lettuces = player.carrots, player.lettuces
    spaces = running = place = ahead = front = 0
    for marker_id in state.markers_of(seat):
        marker = state.markers[marker_id]
        if marker.finish_place is not None:
            continue
        running += 1
        spaces += FINISH - marker.space
        mine = places[marker_id]
        place = max(place, mine)
        ahead += _LETTUCE_SPACES_AHEAD[marker.space]
        front = max(front, marker.space)
        if marker.position_pending and mine in SPACES[marker.space].places:
            carrots += 10 * mine
        if marker.must_eat and lettuces:
            turns += 1
            lettuces -= 1
            carrots += 10 * mine
    if not running:
        return 0.0
    turns += lettuces  # eating
    carrots += 10 * place * lettuces
    missing = lettuces - ahead
    if missing > 0:  # the front marker goes back, tortoise space by tortoise space
        back = _BACK_FOR_LETTUCES[front][min(missing, len(LETTUCE_SPACES) + 1)]
        if back is None:
            turns += MISSING_LETTUCE_SPACE_TURNS * missing
        else:
            hops, back_spaces = back
            turns += hops
            spaces += back_spaces
            carrots += TORTOISE_CARROTS_PER_SPACE * back_spaces
    limit = STAY_CARROTS * (len(state.finish_order) + running)
    return turns + moves_home(spaces, carrots, limit, lettuces + running)


def _beats(mine: float, theirs: float) -> float:
    """Chance that a seat needing ``mine`` turns gets home before one needing ``theirs``."""
    spread = SPREAD + SPREAD_PER_TURN * min(SPREAD_TURNS, (mine + theirs) / 2)
    lead = max(-50.0, min(50.0, (theirs - mine) / spread))  # beyond, the odds are plain
    return 1 / (1 + math.exp(-lead))


def seat_values(state: HareState) -> list[float]:
    """Every seat's prospects: about 1 for a sure win, about 0 for a sure last place."""
    seats = state.seats
    if state.turn is None:  # over: standings are final, and nobody needs a turn more
        return [1 - state.standings.index(s) / (seats - 1) + TEMPO for s in range(seats)]
    places = race_places(state)
    # a seat later in the turn order than the one to move is a fraction of a turn behind
    start = state.turn
    need = [
        seat_turns(state, s, places) + ((s - start) % seats) / seats for s in range(seats)
    ]
    home = {s: state.standings.index(s) for s in state.standings}
    values = []
    for s in range(seats):
        if s in home:
            chances = [1.0 if t not in home or home[t] > home[s] else 0.0 for t in range(seats)]
        else:
            chances = [0.0 if t in home else _beats(need[s], need[t]) for t in range(seats)]
        del chances[s]
        win = math.prod(chances)
        place = sum(chances) / (seats - 1)
        tempo = TEMPO if s in home else TEMPO / (1 + need[s])
        values.append(WIN_WEIGHT * win + (1 - WIN_WEIGHT) * place + tempo)
    return values
