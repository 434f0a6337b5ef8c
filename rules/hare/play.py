"""Carrying out one applied move: paying or earning for it, what the space reached does at
once (the Finish and the standings, hare spaces rolled with the die, lettuce and position
spaces marked for the next turn), forced restarts, and the automatic turns that follow (position
payouts, lost turns, eating lettuce) until a player has a real decision or the match is over.
The events it emits are listed in ``rules/hare/engine.py``.
"""

from __future__ import annotations

from typing import Any

from rules.base import Event, Move
from rules.hare.board import FINISH, SPACES, START, Kind, forward_cost
from rules.hare.dice import Die, HareResult, hare_result
from rules.hare.moves import (
    BACK,
    FORWARD,
    STAY_CARROTS,
    TAKE,
    TORTOISE_CARROTS_PER_SPACE,
    can_move,
    finish_problem,
    marker_moves,
    marker_of,
    parse_move,
)
from rules.hare.state import HARE_CHOICE, MOVE_AGAIN, HareState, race_place, race_places


class Play:
    """Carries out one applied move and everything automatic that follows it."""

    def __init__(self, state: HareState, die: Die) -> None:
        self.state = state
        self.die = die
        self.events: list[Event] = []
        self.move_cost = 0  # what a hare's "free move" refunds

    def emit(self, kind: str, **data: Any) -> None:
        self.events.append(Event(kind, data))

    def emit_for(self, marker_id: int, kind: str, **data: Any) -> None:
        """An event about one marker: it carries the marker's seat and number first."""
        marker = self.state.markers[marker_id]
        self.events.append(Event(kind, {"seat": marker.seat, "marker": marker.number, **data}))

    # -- the player's move -------------------------------------------------------------

    def move(self, seat: int, code: Move) -> list[Event]:
        state = self.state
        parsed = parse_move(code)
        assert parsed is not None
        marker_id = marker_of(state, seat, parsed)
        assert marker_id is not None
        answering_hare = state.pending == HARE_CHOICE
        state.pending = state.pending_marker = None
        for own in state.markers_of(seat):
            state.markers[own].must_move = False
        sign = 1 if parsed.action == TAKE else -1
        if answering_hare:
            self.carrots(marker_id, sign * STAY_CARROTS, "hare_" + parsed.action)
        elif parsed.action == FORWARD:
            assert parsed.target is not None
            self.forward(marker_id, parsed.target)
        elif parsed.action == BACK:
            assert parsed.target is not None
            self.back(marker_id, parsed.target)
        else:
            self.carrots(marker_id, sign * STAY_CARROTS, "carrot_space_" + parsed.action)
        if state.pending is None:
            self.next_turn()
        else:
            state.decision += 1
        return self.events

    def forward(self, marker_id: int, target: int) -> None:
        origin = self.state.markers[marker_id].space
        self.move_cost = forward_cost(target - origin)
        self.state.players[self.state.markers[marker_id].seat].carrots -= self.move_cost
        self.relocate(marker_id, target, "forward", cost=self.move_cost)

    def back(self, marker_id: int, target: int) -> None:
        marker = self.state.markers[marker_id]
        earned = TORTOISE_CARROTS_PER_SPACE * (marker.space - target)
        self.state.players[marker.seat].carrots += earned
        self.relocate(marker_id, target, "back", earned=earned)

    def carrots(self, marker_id: int, amount: int, reason: str) -> None:
        player = self.state.players[self.state.markers[marker_id].seat]
        player.carrots += amount
        self.emit_for(marker_id, "carrots", amount=amount, reason=reason, carrots=player.carrots)

    # -- reaching a space --------------------------------------------------------------

    def relocate(
        self, marker_id: int, target: int, by: str, cost: int = 0, earned: int = 0
    ) -> None:
        """Put the marker on ``target`` and carry out what that space does at once."""
        marker = self.state.markers[marker_id]
        origin = marker.space
        marker.space = target
        marker.position_pending = False
        data = {"from": origin, "to": target, "cost": cost, "earned": earned, "by": by}
        self.emit_for(marker_id, "moved", **data)
        kind = SPACES[target].kind
        if target == FINISH:
            self.finish(marker_id)
        elif kind is Kind.POSITION:
            marker.position_pending = True
        elif kind is Kind.LETTUCE:
            marker.must_eat = True
        elif kind is Kind.HARE:
            self.hare(marker_id)

    def finish(self, marker_id: int) -> None:
        state = self.state
        marker = state.markers[marker_id]
        state.finish_order.append(marker_id)
        marker.finish_place = len(state.finish_order)
        marker.must_eat = marker.must_move = marker.position_pending = False
        self.emit_for(marker_id, "finished", place=marker.finish_place)
        if state.home(marker.seat):
            state.standings.append(marker.seat)

    def restart(self, marker_id: int) -> None:
        """Back to Start, topped up to the starting carrots; eaten lettuces stay eaten."""
        state = self.state
        marker = state.markers[marker_id]
        player = state.players[marker.seat]
        origin = marker.space
        marker.space = START
        marker.must_eat = marker.must_move = marker.position_pending = False
        player.carrots = max(player.carrots, state.start_carrots)
        self.emit_for(marker_id, "restart", **{"from": origin}, carrots=player.carrots)

    # -- hare spaces -------------------------------------------------------------------

    def hare(self, marker_id: int) -> None:
        state = self.state
        roll = self.die(state.seed, state.draw)
        state.draw += 1
        place = race_place(state, marker_id)
        result = hare_result(roll, place)
        self.emit_for(
            marker_id,
            "hare_roll",
            space=state.markers[marker_id].space,
            roll=roll,
            place=place,
            result=result.value,
        )
        if not self.hare_effect(marker_id, result):
            self.emit_for(marker_id, "hare_no_effect", result=result.value)

    def hare_effect(self, marker_id: int, result: HareResult) -> bool:
        """Carry out a hare result; False when it cannot be carried out."""
        state = self.state
        marker = state.markers[marker_id]
        player = state.players[marker.seat]
        if result is HareResult.LOSE_TURN:
            player.lose_turn = True
        elif result is HareResult.GIVE_OR_TAKE_10:
            if player.carrots >= STAY_CARROTS:
                state.pending, state.pending_marker = HARE_CHOICE, marker_id
            else:  # nothing to give: taking is no choice
                self.carrots(marker_id, STAY_CARROTS, "hare_take")
        elif result in (HareResult.BACK_CARROT, HareResult.FORWARD_CARROT):
            target = self.carrot_target(marker_id, result is HareResult.FORWARD_CARROT)
            if target is None:
                return False
            self.relocate(marker_id, target, "hare")
        elif result in (HareResult.BACK_PLACE, HareResult.FORWARD_PLACE):
            target = self.place_target(marker_id, result is HareResult.FORWARD_PLACE)
            if target is None:
                return False
            self.relocate(marker_id, target, "hare")
        elif result is HareResult.EAT_CARROT:
            if player.carrots >= 1:
                self.carrots(marker_id, -1, "eat_carrot")
            else:
                self.restart(marker_id)
        elif result is HareResult.EAT_LETTUCE:
            if player.lettuces > 0:
                marker.must_eat = True
            else:  # face down all the same: the next turn is lost
                player.lose_turn = True
        elif result is HareResult.FREE_MOVE:
            if self.move_cost == 0:
                return False
            self.carrots(marker_id, self.move_cost, "free_move")
            self.move_cost = 0
        elif result is HareResult.MOVE_AGAIN:
            if not marker_moves(state, marker_id, stay=False):
                return False
            state.pending, state.pending_marker = MOVE_AGAIN, marker_id
        return True

    def carrot_target(self, marker_id: int, ahead: bool) -> int | None:
        """The nearest free carrot space ahead of / behind the marker."""
        here = self.state.markers[marker_id].space
        occupied = self.state.occupied()
        spaces = range(here + 1, FINISH) if ahead else range(here - 1, START, -1)
        return next(
            (i for i in spaces if SPACES[i].kind is Kind.CARROT and i not in occupied), None
        )

    def place_target(self, marker_id: int, ahead: bool) -> int | None:
        """The first free space just ahead of the marker in front / behind the one behind.

        Occupied and tortoise spaces are passed over, and lettuce spaces without a lettuce;
        the Finish only when this marker may finish; never Start.
        """
        state = self.state
        places = race_places(state)
        mine = places[marker_id]
        wanted = mine - 1 if ahead else mine + 1
        other = next((i for i, p in enumerate(places) if p == wanted), None)
        if other is None:
            return None  # already first / last
        lettuces = state.players[state.markers[marker_id].seat].lettuces
        occupied = state.occupied()
        start = state.markers[other].space
        # past a finished marker (on the Finish) lies only the Finish itself
        ahead_of = range(min(start + 1, FINISH), FINISH + 1)
        spaces = ahead_of if ahead else range(start - 1, START, -1)
        for i in spaces:
            if i == FINISH:
                carrots = state.players[state.markers[marker_id].seat].carrots
                return FINISH if finish_problem(state, marker_id, carrots) is None else None
            kind = SPACES[i].kind
            if i in occupied or kind is Kind.TORTOISE or (kind is Kind.LETTUCE and not lettuces):
                continue
            return i
        return None

    # -- turns -------------------------------------------------------------------------

    def next_turn(self) -> None:
        """Pass the turn on, carrying out automatic turns, until a real decision opens."""
        state = self.state
        seat = state.turn
        assert seat is not None
        seats = len(state.players)
        # each player has at most two automatic turns in a row (eat, then restart)
        for _ in range(3 * seats + 1):
            if self.match_over():
                return
            seat = (seat + 1) % seats
            if state.home(seat):
                continue
            state.turn = seat
            if self.start_turn(seat):
                state.decision += 1
                return
        raise AssertionError("no player has a decision")

    def start_turn(self, seat: int) -> bool:
        """Do what happens before a move; True when the seat then has a decision."""
        state = self.state
        player = state.players[seat]
        own = state.markers_of(seat)
        for marker_id in own:
            if state.markers[marker_id].position_pending:
                self.position_payout(marker_id)
        if player.lose_turn:
            player.lose_turn = False
            self.emit("lost_turn", seat=seat)
            return False
        for marker_id in own:
            if state.markers[marker_id].must_eat:
                self.eat(marker_id)
                return False
        if not can_move(state, seat):
            self.restart(self.restart_marker(seat))
            return False
        return True

    def restart_marker(self, seat: int) -> int:
        """The marker that goes back to Start: the one that must move, else the rearmost."""
        state = self.state
        own = [m for m in state.markers_of(seat) if not state.markers[m].finished]
        must = [m for m in own if state.markers[m].must_move]
        return must[0] if must else min(own, key=lambda m: state.markers[m].space)

    def position_payout(self, marker_id: int) -> None:
        state = self.state
        marker = state.markers[marker_id]
        marker.position_pending = False
        paying = SPACES[marker.space].places
        place = race_place(state, marker_id)
        amount = 10 * place if place in paying else 0
        state.players[marker.seat].carrots += amount
        self.emit_for(
            marker_id,
            "position_payout",
            space=marker.space,
            places=list(paying),
            place=place,
            carrots=amount,
        )

    def eat(self, marker_id: int) -> None:
        """The lettuce turn: discard a lettuce, take 10 x place; the marker moves next turn."""
        state = self.state
        marker = state.markers[marker_id]
        player = state.players[marker.seat]
        marker.must_eat = False
        if player.lettuces == 0:
            self.emit("lost_turn", seat=marker.seat)
            return
        place = race_place(state, marker_id)
        player.lettuces -= 1
        player.carrots += 10 * place
        marker.must_move = True
        self.emit_for(
            marker_id,
            "lettuce_eaten",
            place=place,
            carrots=10 * place,
            lettuces=player.lettuces,
        )

    def match_over(self) -> bool:
        """End the match when it is decided: all but one home, or (two markers) both home."""
        state = self.state
        if len(state.standings) < (1 if state.two_markers else len(state.players) - 1):
            return False
        places = race_places(state)
        rest = [s for s in range(state.seats) if s not in state.standings]
        rest.sort(key=lambda s: min(places[m] for m in state.markers_of(s)))
        state.standings.extend(rest)
        state.turn = None
        state.pending = state.pending_marker = None
        self.emit("match_over", standings=list(state.standings), winners=[state.standings[0]])
        return True
