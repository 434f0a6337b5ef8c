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

from rules.hare.board import FINISH, LETTUCE_SPACES, SPACES, forward_cost
from rules.hare.moves import STAY_CARROTS
from rules.hare.state import HareState, race_places

LONGEST = 2 * FINISH
"""The most spaces one seat can have to cover: two markers from Start."""

GAIN_PER_TURN = 20
"""Carrots a turn spent gathering brings in (a carrot space gives 10, a tortoise space more)."""

MAX_GATHERING_TURNS = 8

MISSING_LETTUCE_SPACE_TURNS = 3
"""Turns to go back for a lettuce when no lettuce space is left ahead."""

SPREAD = 1.2
"""How uncertain a turn estimate is: its logistic scale at the start of the race..."""
SPREAD_PER_TURN = 0.08
"""...growing with the turns still to play..."""
SPREAD_TURNS = 30
"""...up to this many."""

TEMPO = 0.05
"""A small reward for needing fewer turns, so that a seat whose place is settled either way
still heads home."""

WIN_WEIGHT = 0.6
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


def moves_home(spaces: int, carrots: int, limit: int, least: int) -> int:
    """Turns (moves, plus carrot gathering or giving away) to cover ``spaces`` in at least
    ``least`` moves, spending all but at most ``limit`` of ``carrots``."""
    if spaces <= 0:
        return 0
    least = max(1, min(least, spaces))
    best = math.inf
    for gathering in range(MAX_GATHERING_TURNS + 1):
        budget = carrots + gathering * GAIN_PER_TURN
        fewest = bisect_left(_NEG_CHEAPEST[spaces], -budget) + 1  # first k with cost <= budget
        if fewest > spaces:
            continue  # cannot pay for single steps: gather more
        moves = max(fewest, least)
        surplus = budget - limit - _dearest(spaces, moves)
        giving = max(0, math.ceil(surplus / STAY_CARROTS))
        best = min(best, gathering + moves + giving)
        if fewest <= least:
            break  # more carrots would only need giving away
    return int(best) if best < math.inf else spaces + MAX_GATHERING_TURNS


def seat_turns(state: HareState, seat: int, places: list[int]) -> float:
    """Turns ``seat`` still needs to bring all its markers home (0 once home)."""
    player = state.players[seat]
    running = [m for m in state.markers_of(seat) if state.markers[m].finish_place is None]
    if not running:
        return 0.0
    turns = 1.0 if player.lose_turn else 0.0
    carrots, lettuces = player.carrots, player.lettuces
    spaces = 0
    place = max(places[m] for m in running)
    for marker_id in running:
        marker = state.markers[marker_id]
        spaces += FINISH - marker.space
        here = SPACES[marker.space]
        if marker.position_pending and places[marker_id] in here.places:
            carrots += 10 * places[marker_id]
        if marker.must_eat and lettuces:
            turns += 1
            lettuces -= 1
            carrots += 10 * places[marker_id]
    ahead = max(sum(s > state.markers[m].space for s in LETTUCE_SPACES) for m in running)
    turns += lettuces + MISSING_LETTUCE_SPACE_TURNS * max(0, lettuces - ahead)
    carrots += 10 * place * lettuces
    limit = STAY_CARROTS * (len(state.finish_order) + len(running))
    return turns + moves_home(spaces, carrots, limit, lettuces + len(running))


def _beats(mine: float, theirs: float) -> float:
    """Chance that a seat needing ``mine`` turns gets home before one needing ``theirs``."""
    spread = SPREAD + SPREAD_PER_TURN * min(SPREAD_TURNS, (mine + theirs) / 2)
    return 1 / (1 + math.exp((mine - theirs) / spread))


def seat_values(state: HareState) -> list[float]:
    """Every seat's prospects: about 1 for a sure win, about 0 for a sure last place."""
    seats = state.seats
    if state.turn is None:  # over: standings are final
        return [1 - state.standings.index(s) / (seats - 1) for s in range(seats)]
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
        values.append(WIN_WEIGHT * win + (1 - WIN_WEIGHT) * place + TEMPO / (1 + need[s]))
    return values
