"""Sequence Numbers behind the engine protocol of ``rules.base``.

Move codes (``<card>`` is a card id 0..99, ``<space>`` a row letter A-J and a column 1-10):

- ``t<card>``: trade a dead card for a new one (once per turn, before playing); the same
  seat then decides again, at a new decision point.
- ``p<card>@<space>``: play an equation card and put a chip on an open space showing its
  answer, or play a Plus card and put a chip on any open space.
- ``m<card>@<space>``: play a Minus card and remove the opponent chip on that space.
- ``d<card>``: discard a card when no card can be played (after any trade), and draw.

Every play, trade and discard draws a card at once. A turn is one decision, or two after a
trade; the decision point grows whenever one opens.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rules.base import MAX_MOVE_CODE, N_, Event, IllegalMove, InvalidOptions, Move, Outcome
from rules.numbers.board import (
    FREE,
    LAYOUT,
    SPACE_NAMES,
    SPACES,
    SPACES_OF,
    parse_space,
    space_name,
)
from rules.numbers.cards import DECK, EQUATION, MINUS, PLUS
from rules.numbers.sequences import complete_sequences
from rules.numbers.state import NumbersState, copy_move, dump_state, load_state
from rules.numbers.table import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    deal,
    draw_card,
    is_dead,
    places_of,
    sides_of_options,
    targets,
)

TEAMS_OPTION = "teams"
DEFAULT_TEAMS = 2

_CODE = re.compile(r"(?P<kind>[tpmd])(?P<card>0|[1-9][0-9]?)(?:@(?P<space>[A-J](?:10|[1-9])))?")
_KIND_OF_PLAY = {EQUATION: "place", PLUS: "plus", MINUS: "remove"}
_PLAY_LETTER = tuple("m" if card.kind == MINUS else "p" for card in DECK)
"""The letter a card is played with: m for a Minus card, p for any other."""


class NumbersEngine:
    """The rules of Sequence Numbers: five in a row on a board of numbers, alone or in teams."""

    key = "numbers"
    title = "Sequence Numbers"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    # -- protocol -------------------------------------------------------------------------

    def options(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        """``{"teams": 2 | 3}``: how 6 players split (2 teams of 3 by default).

        The option means nothing with 2-4 players, whose seating is fixed. 5 players (and
        fewer than 2 or more than 6) are refused with the reason.
        """
        unknown = sorted(str(k) for k in raw if k != TEAMS_OPTION)
        if unknown:
            raise InvalidOptions(f"Sequence Numbers has no option {unknown[0]!r}.")
        teams = raw.get(TEAMS_OPTION, DEFAULT_TEAMS)
        if type(teams) is not int or teams not in (2, 3):
            raise InvalidOptions(
                N_("Six players split into 2 teams of 3 or 3 teams of 2: say 2 or 3.")
            )
        sides_of_options(players, teams)
        return {TEAMS_OPTION: teams}

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> NumbersState:
        teams = self.options(options, seats)[TEAMS_OPTION]
        state = NumbersState(
            seats=seats,
            sides=sides_of_options(seats, teams),
            seed=seed,
            draw=0,
            decision=1,
            turn=0,
            traded=False,
            chips=[None] * SPACES,
            locked=[False] * SPACES,
            sequences=[],
            hands=[],
            draw_pile=[],
            discards=[[] for _ in range(seats)],
            rebuilds=0,
            quiet_rebuilds=0,
            last_move=None,
            winner=None,
        )
        deal(state)
        return state

    def to_move(self, state: NumbersState) -> frozenset[int]:
        return frozenset() if state.turn is None else frozenset({state.turn})

    def decision_point(self, state: NumbersState) -> int:
        return state.decision

    def legal_moves(self, state: NumbersState, seat: int) -> list[Move]:
        if seat != state.turn:
            return []
        hand = state.hands[seat]
        trades = [] if state.traded else [f"t{c}" for c in hand if is_dead(state, c)]
        plays = [
            f"{_PLAY_LETTER[card]}{card}@{SPACE_NAMES[space]}"
            for card in hand
            for space in targets(state, seat, card)
        ]
        if plays:
            return trades + plays
        return trades or [f"d{card}" for card in hand]

    def apply(self, state: NumbersState, seat: int, move: Move) -> list[Event]:
        kind, card, space = _checked(state, seat, move)
        if kind == "t":
            return self._trade(state, seat, card)
        if kind == "d":
            return self._discard(state, seat, card)
        assert space is not None
        return self._play(state, seat, card, space)

    def view(self, state: NumbersState, seat: int | None) -> dict[str, Any]:
        """The board as ``seat`` sees it (None: the public); a seat sees only its own hand."""
        awaiting = sorted(self.to_move(state))
        view: dict[str, Any] = {
            "game": self.key,
            "players": state.seats,
            "layout": list(LAYOUT),
            "chips": list(state.chips),
            "locked": [space for space, locked in enumerate(state.locked) if locked],
            "sequences": [{"side": s, "spaces": list(spaces)} for s, spaces in state.sequences],
            "last_move": copy_move(state.last_move),
            "sides": [state.seats_of(side) for side in range(state.sides)],
            "side_of_seat": [state.side_of(s) for s in range(state.seats)],
            "needed": state.needed,
            "sequence_counts": state.sequence_counts(),
            "to_move": awaiting,
            "awaiting": awaiting,
            "traded": state.traded,
            "hand_sizes": [len(hand) for hand in state.hands],
            "draw_pile": len(state.draw_pile),
            "discards": [[DECK[c].to_json() for c in pile] for pile in state.discards],
            "rebuilds": state.rebuilds,
            "quiet_rebuilds": state.quiet_rebuilds,
            "over": state.over,
            "winner_side": state.winner,
        }
        outcome = self.outcome(state)
        if outcome is not None:
            view["winners"] = sorted(outcome.winners)
            view["places"] = list(outcome.places)
        if seat is not None:
            _check_seat(state, seat)
            view["seat"] = seat
            view["hand"] = [
                {
                    **DECK[card].to_json(),
                    "targets": targets(state, seat, card),
                    "dead": is_dead(state, card),
                }
                for card in state.hands[seat]
            ]
        return view

    def outcome(self, state: NumbersState) -> Outcome | None:
        if not state.over:
            return None
        counts = state.sequence_counts()
        side_places = places_of(counts, state.winner)
        seats = range(state.seats)
        return Outcome(
            scores=tuple(counts[state.side_of(s)] for s in seats),
            winners=frozenset(() if state.winner is None else state.seats_of(state.winner)),
            places=tuple(side_places[state.side_of(s)] for s in seats),
        )

    def dump(self, state: NumbersState) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> NumbersState:
        return load_state(data)

    # -- a turn ---------------------------------------------------------------------------

    def _trade(self, state: NumbersState, seat: int, card: int) -> list[Event]:
        """Discard a dead card and draw; the turn goes on with a new decision."""
        _to_discards(state, seat, card)
        state.traded = True
        events = [Event("card_traded", {"seat": seat, "card": DECK[card].to_json()})]
        events += draw_card(state, seat)
        if not state.over:
            state.decision += 1
        return events + self._if_over(state)

    def _discard(self, state: NumbersState, seat: int, card: int) -> list[Event]:
        """No card can be played: discard one, draw, and the turn ends."""
        _to_discards(state, seat, card)
        events = [Event("card_discarded", {"seat": seat, "card": DECK[card].to_json()})]
        return events + self._end_turn(state, seat)

    def _play(self, state: NumbersState, seat: int, card: int, space: int) -> list[Event]:
        side = state.side_of(seat)
        kind = _KIND_OF_PLAY[DECK[card].kind]
        _to_discards(state, seat, card)
        move = {"seat": seat, "side": side, "space": space, "card": DECK[card].to_json()}
        state.last_move = {**move, "kind": kind}
        # The event says the play as "play": its "kind" is the event's own in the move log.
        if kind == "remove":
            owner = state.chips[space]
            state.chips[space] = None
            removed = Event("chip_removed", {**move, "play": kind, "owner": owner})
            return [removed, *self._end_turn(state, seat)]
        state.chips[space] = side
        events = [Event("chip_placed", {**move, "play": kind})]
        new = complete_sequences(state, space)
        if new:
            state.quiet_rebuilds = 0
            events += [Event("sequence_completed", {"side": side, "spaces": list(w)}) for w in new]
            if state.sequence_counts()[side] >= state.needed:
                state.winner = side
                state.turn = None
                return events + self._if_over(state)
        return events + self._end_turn(state, seat)

    def _end_turn(self, state: NumbersState, seat: int) -> list[Event]:
        """Draw a card, then the next seat around the table plays."""
        events = draw_card(state, seat)
        if not state.over:
            state.turn = (seat + 1) % state.seats
            state.traded = False
            state.decision += 1
        return events + self._if_over(state)

    def _if_over(self, state: NumbersState) -> list[Event]:
        outcome = self.outcome(state)
        if outcome is None:
            return []
        data = {
            "winner_side": state.winner,
            "winners": sorted(outcome.winners),
            "scores": list(outcome.scores),
            "places": list(outcome.places),
            "sequence_counts": state.sequence_counts(),
        }
        return [Event("match_over", data)]


def _check_seat(state: NumbersState, seat: int) -> None:
    if type(seat) is not int or not 0 <= seat < state.seats:
        raise ValueError(f"no seat {seat!r} in a match of {state.seats}")


def _to_discards(state: NumbersState, seat: int, card: int) -> None:
    state.hands[seat].remove(card)
    state.discards[seat].append(card)


def _checked(state: NumbersState, seat: int, move: Move) -> tuple[str, int, int | None]:
    """A legal move taken apart (kind letter, card, space), or IllegalMove with the reason."""
    if type(seat) is not int or not 0 <= seat < state.seats:
        raise IllegalMove(N_("You are not playing in this match."))
    if state.over:
        raise IllegalMove(N_("The match is over."))
    if seat != state.turn:
        raise IllegalMove(N_("It is not your turn."))
    match = _CODE.fullmatch(move) if type(move) is str and len(move) <= MAX_MOVE_CODE else None
    if match is None:
        raise IllegalMove(N_("That is not a move of Sequence Numbers."))
    kind, card = match["kind"], int(match["card"])
    space = None if match["space"] is None else parse_space(match["space"])
    if not _is_legal(state, seat, kind, card, space):
        raise _problem(state, seat, kind, card, space)
    return kind, card, space


def _is_legal(state: NumbersState, seat: int, kind: str, card: int, space: int | None) -> bool:
    """Whether ``legal_moves`` lists this move, decided without listing them all."""
    hand = state.hands[seat]
    if card not in hand:
        return False
    if kind == "t":
        return space is None and not state.traded and is_dead(state, card)
    if kind == "d":
        can_trade = not state.traded and any(is_dead(state, c) for c in hand)
        return space is None and not can_trade and not any(targets(state, seat, c) for c in hand)
    return kind == _PLAY_LETTER[card] and space in targets(state, seat, card)


def _problem(
    state: NumbersState, seat: int, kind: str, card: int, space: int | None
) -> IllegalMove:
    """Why a well-formed move that ``legal_moves`` does not list is refused."""
    if card not in state.hands[seat]:
        return IllegalMove(N_("That card is not in your hand."))
    if kind == "t":
        if state.traded:
            return IllegalMove(N_("You have already traded a dead card this turn."))
        return IllegalMove(N_("Only a dead card (both its spaces covered) can be traded."))
    if kind == "d":
        return IllegalMove(
            N_("You can only discard when no card of yours can be played, even after a trade.")
        )
    if space is None:
        return IllegalMove(N_("Say which space: for example p12@C4."))
    card_kind = DECK[card].kind
    if (kind == "m") != (card_kind == MINUS):
        return IllegalMove(N_("Use m with a Minus card and p with any other card."))
    if card_kind == MINUS:
        if state.chips[space] in (None, state.side_of(seat)):
            return IllegalMove(N_("A Minus card removes an opponent's chip."))
        return IllegalMove(
            N_("That chip is part of a completed sequence and cannot be removed.")
        )
    if FREE[space]:
        return IllegalMove(N_("The corners are free spaces: nobody puts a chip there."))
    if state.chips[space] is not None:
        return IllegalMove(N_("That space is already covered."))
    answer = DECK[card].answer
    if answer is not None and LAYOUT[space] != answer:
        first, second = (space_name(s) for s in SPACES_OF[answer])
        return IllegalMove(
            N_("{card} is {answer}: put your chip on {first} or {second}."),
            card=DECK[card].text, answer=answer, first=first, second=second,
        )
    return IllegalMove(N_("That move is not allowed now."))


ENGINE = NumbersEngine()
