"""The Hare and Tortoise engine: options, setup, whose turn, legal moves, applying a move (carried
out by ``rules/hare/play.py``), the public view, the outcome, dump and load.

The rulings that go beyond GAMES.md are listed once, in ``rules/hare/__init__.py``; move
codes are described in ``rules/hare/moves.py``.

Events (every one carries ``seat``, and ``marker`` (0 or 1) when a marker is concerned):

- ``moved``: from, to, cost (paid), earned (tortoise), by ("forward", "back", "hare")
- ``carrots``: amount (signed), carrots (new total), reason ("carrot_space_take",
  "carrot_space_give", "hare_take", "hare_give", "free_move", "eat_carrot")
- ``position_payout``: space, places (that pay), place (now), carrots (0 when no match)
- ``lettuce_eaten``: place, carrots (taken), lettuces (left)
- ``hare_roll``: space, roll, place, result (a ``HareResult`` value)
- ``hare_no_effect``: result (it could not be carried out)
- ``restart``: from, carrots (after topping up)
- ``finished``: place (finishing place of the marker)
- ``lost_turn``: (seat only)
- ``match_over``: standings (seats, best first), winners (seats); no ``seat``
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import Event, InvalidOptions, Move, Outcome, check_move_input
from rules.hare.board import CODES, SPACES, SUPPLIES, Kind
from rules.hare.dice import Die, roll_die
from rules.hare.moves import legal_moves, move_problem
from rules.hare.play import Play
from rules.hare.state import (
    MAX_SEATS,
    HareState,
    Marker,
    Player,
    dump_state,
    load_state,
    race_places,
)


def _pending_view(state: HareState) -> dict[str, Any] | None:
    """A choice opened by a hare roll: give_or_take or move_again, and whose marker."""
    if state.pending is None or state.pending_marker is None:
        return None
    marker = state.markers[state.pending_marker]
    return {"kind": state.pending, "seat": marker.seat, "marker": marker.number}


_NOBODY: frozenset[int] = frozenset()
_AWAITED = tuple(frozenset({seat}) for seat in range(MAX_SEATS))


class HareEngine:
    """Hare and Tortoise for 2-6 players; 2 players race two markers each by default."""

    key = "hare"
    title = "Hare and Tortoise"
    min_players = 2
    max_players = MAX_SEATS

    def __init__(self, die: Die = roll_die) -> None:
        self._die = die

    def options(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        unknown = sorted(set(raw) - {"two_markers"})
        if unknown:
            raise InvalidOptions(f"Unknown option: {', '.join(unknown)}.")
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions("Hare and Tortoise is for 2 to 6 players.")
        two_markers = raw.get("two_markers", players == 2)
        if not isinstance(two_markers, bool):
            raise InvalidOptions("two_markers must be true or false.")
        if two_markers and players != 2:
            raise InvalidOptions("The two-marker race is for 2 players.")
        return {"two_markers": two_markers}

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> HareState:
        two_markers = self.options(options, seats)["two_markers"]
        if two_markers:
            carrots, lettuces = SUPPLIES.two_marker_carrots, SUPPLIES.two_marker_lettuces
        else:
            carrots = SUPPLIES.carrots_four_or_more_players if seats >= 4 else SUPPLIES.carrots
            lettuces = SUPPLIES.lettuces
        return HareState(
            seed=seed,
            two_markers=two_markers,
            start_carrots=carrots,
            players=[Player(carrots, lettuces) for _ in range(seats)],
            markers=[
                Marker(seat, number)
                for seat in range(seats)
                for number in range(2 if two_markers else 1)
            ],
        )

    def to_move(self, state: HareState) -> frozenset[int]:
        return _NOBODY if state.turn is None else _AWAITED[state.turn]

    def decision_point(self, state: HareState) -> int:
        return state.decision

    def legal_moves(self, state: HareState, seat: int) -> list[Move]:
        return legal_moves(state, seat)

    def apply(self, state: HareState, seat: int, move: Move) -> list[Event]:
        check_move_input(len(state.players), seat, move)
        problem = move_problem(state, seat, move)
        if problem is not None:
            raise problem
        return Play(state, self._die).move(seat, move)

    def view(self, state: HareState, seat: int | None) -> dict[str, Any]:
        """Everything is public: positions, supplies, places, pending actions, the board,
        and once the race is over its winners."""
        places = race_places(state)
        view: dict[str, Any] = {
            "seat": seat,
            "two_markers": state.two_markers,
            "to_move": sorted(self.to_move(state)),
            "decision": state.decision,
            "over": state.turn is None,
            "board": list(CODES),
            "start_carrots": state.start_carrots,
            "players": [
                {
                    "seat": i,
                    "carrots": p.carrots,
                    "lettuces": p.lettuces,
                    "lose_turn": p.lose_turn,
                    "finished": state.home(i),
                }
                for i, p in enumerate(state.players)
            ],
            "markers": [
                {
                    "seat": m.seat,
                    "marker": m.number,
                    "space": m.space,
                    "kind": SPACES[m.space].kind.value,
                    "place": places[i],
                    "finish_place": m.finish_place,
                    "must_eat": m.must_eat,
                    "must_move": m.must_move,
                    "position_pending": m.position_pending,
                    "on_carrot_space": SPACES[m.space].kind is Kind.CARROT,
                }
                for i, m in enumerate(state.markers)
            ],
            "finish_order": [
                {"seat": state.markers[m].seat, "marker": state.markers[m].number}
                for m in state.finish_order
            ],
            "standings": list(state.standings),
            "pending": _pending_view(state),
        }
        outcome = self.outcome(state)
        if outcome is not None:
            view["winners"] = sorted(outcome.winners)
        return view

    def outcome(self, state: HareState) -> Outcome | None:
        """Places are finishing places (the last runner gets the last); score = players - place."""
        if state.turn is not None:
            return None
        places = tuple(state.standings.index(seat) + 1 for seat in range(state.seats))
        return Outcome(
            scores=tuple(state.seats - place for place in places),
            winners=frozenset({state.standings[0]}),
            places=places,
        )

    def dump(self, state: HareState) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> HareState:
        return load_state(data)
