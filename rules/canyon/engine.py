"""Great Canyon Race: ten rounds of secret acceleration cards, changed by the round's action card.

Decisions, in the order they open (``decision_point`` grows with each):

1. **Commit** (every seat still racing, simultaneous): ``c<card>`` commits the acceleration
   card with that id; ``c<card>:x`` commits it and calls a collision (not in a send round). The
   last commit reveals every card.
2. **Choose** (after a collision, the victim; with tied victims the first in seat order):
   ``a<action>`` picks the action card with that id among the round's card and the two drawn.
3. **Sign** (the players who score a double-value card whose sign changes the result,
   simultaneous): ``s+`` or ``s-``. Then the round is scored.
4. **Peek** (once, before round 6's commits, the seats that earned the peek, simultaneous):
   ``k<round>`` secretly looks at the face-down action card of that later round.

Cards and action cards are named by their ids in ``acceleration.json`` and ``actions.json``;
a face-down action card is named only by its round, so no code or view gives it away.

The engine checks each move and builds the views; ``rules.canyon.rounds`` plays the moves
out and ``rules.canyon.state`` holds the match.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rules.base import N_, Event, IllegalMove, InvalidOptions, Move, Outcome, seeded_random
from rules.canyon.cards import ACCELERATION, ACTIONS, HAND_SIZE, ROUNDS
from rules.canyon.rounds import (
    EFFECTS,
    SECOND_HAND_ROUND,
    action_json,
    card_json,
    choose,
    commit,
    face_down_rounds,
    fates_of,
    open_round,
    outcome_of,
    peek,
    sign,
)
from rules.canyon.state import (
    CHOOSE,
    COMMIT,
    OVER,
    PEEK,
    SIGN,
    CanyonState,
    dump_state,
    load_state,
)

FIRST_HAND_FACE_UP = (1, 4)
COLLISION_CALL = ":x"

_COMMIT_CODE = re.compile(r"c(0|[1-9][0-9]{0,2})(:x)?")
_PLAY_CODES = tuple(f"c{card.id}" for card in ACCELERATION)
_CALL_CODES = tuple(f"c{card.id}{COLLISION_CALL}" for card in ACCELERATION)
_COMMITS = {
    **{code: (card, False) for card, code in enumerate(_PLAY_CODES)},
    **{code: (card, True) for card, code in enumerate(_CALL_CODES)},
}
"""Every commit code: the card it commits and whether it calls a collision."""


class CanyonEngine:
    """The rules of Great Canyon Race behind the engine protocol of ``rules.base``."""

    key = "canyon"
    title = "Great Canyon Race"
    min_players = 2
    max_players = 6

    # -- protocol -------------------------------------------------------------------------

    def options(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        """Great Canyon Race has no options."""
        if raw:
            raise InvalidOptions(f"Great Canyon Race has no option {sorted(map(str, raw))[0]!r}.")
        return {}

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> CanyonState:
        if not self.min_players <= seats <= self.max_players:
            raise ValueError(f"Great Canyon Race seats 2 to 6 players, not {seats}")
        self.options(options, seats)
        rng = seeded_random(seed, 0)
        deck = list(range(len(ACCELERATION)))
        rng.shuffle(deck)
        actions = list(range(len(ACTIONS)))
        rng.shuffle(actions)
        state = CanyonState(
            seats=seats,
            seed=seed,
            draw=1,
            decision=0,
            round=1,
            phase=COMMIT,
            scores=[0] * seats,
            collisions=[0] * seats,
            eliminated_in=[0] * seats,
            hero=[False] * seats,
            hands=[sorted(deck[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(seats)],
            stock=deck[seats * HAND_SIZE :],
            row=actions[:ROUNDS],
            face_up=[r in FIRST_HAND_FACE_UP for r in range(1, ROUNDS + 1)],
            action_deck=actions[ROUNDS:],
            action_discard=[],
            sealed=[-1] * seats,
            calls=[False] * seats,
            offer=[],
            victims=[],
            applied=-1,
            scored=[-1] * seats,
            signs=[0] * seats,
            sign_awaited=[],
            six_cards=[],
            peekers=[],
            peeked=[0] * seats,
            reveal=None,
            last_round=None,
        )
        open_round(state)
        return state

    def to_move(self, state: CanyonState) -> frozenset[int]:
        phase = state.phase
        if phase == COMMIT:
            return frozenset(
                s for s in range(state.seats) if state.sealed[s] < 0 and not state.eliminated_in[s]
            )
        if phase == CHOOSE:
            return frozenset(state.victims[:1])
        if phase == SIGN:
            return frozenset(state.sign_awaited)
        if phase == PEEK:
            return frozenset(s for s in state.peekers if not state.peeked[s])
        return frozenset()

    def decision_point(self, state: CanyonState) -> int:
        return state.decision

    def legal_moves(self, state: CanyonState, seat: int) -> list[Move]:
        phase = state.phase
        if phase == COMMIT:
            if state.sealed[seat] >= 0 or state.eliminated_in[seat]:
                return []
            hand = state.hands[seat]
            if EFFECTS[state.row[state.round - 1]].send:
                return [_PLAY_CODES[card] for card in hand]
            return [_PLAY_CODES[card] for card in hand] + [_CALL_CODES[card] for card in hand]
        if phase == CHOOSE:
            return [f"a{action}" for action in state.offer] if seat == state.victims[0] else []
        if phase == SIGN:
            return ["s+", "s-"] if seat in state.sign_awaited else []
        if phase == PEEK:
            if seat not in state.peekers or state.peeked[seat]:
                return []
            return [f"k{r}" for r in face_down_rounds(state)]
        return []

    def apply(self, state: CanyonState, seat: int, move: Move) -> list[Event]:
        if not isinstance(move, str):
            raise IllegalMove(N_("A move is a short text code."))
        if type(seat) is not int or not 0 <= seat < state.seats:
            raise IllegalMove(N_("There is no such seat in this match."))
        if move not in self.legal_moves(state, seat):
            raise _refusal(state, seat, move)
        phase = state.phase
        if phase == COMMIT:
            return commit(state, seat, *_COMMITS[move])
        if phase == CHOOSE:
            return choose(state, seat, int(move[1:]))
        if phase == SIGN:
            return sign(state, seat, 1 if move == "s+" else -1)
        return peek(state, seat, int(move[1:]))

    def view(self, state: CanyonState, seat: int | None) -> dict[str, Any]:
        """The table as ``seat`` sees it (None: the public): only its own hand, sealed card and
        peeked action card are added to what everybody sees.

        Everybody: ``round``, ``hand_number``, ``phase``, ``awaiting``, ``decision``, per seat
        ``scores``, ``collisions``, ``eliminated``, ``eliminated_in``, ``hero``, ``hand_sizes``,
        ``peeks`` (the round looked at); ``committed`` (who has committed, not what); ``row``
        (face-down cells carry only their round); ``action_deck`` (its size),
        ``action_discard``, ``six_cards``, ``peekers``, ``sign_awaited``; ``current`` (this
        round once revealed: plays, callers, victims, chooser, offer, then the chosen and
        applied card) and ``last_round`` (the same, scored: per seat ``moves`` with the card,
        who played it, sign, value, effect, from and to; eliminations and hero finishes).
        ``played`` lists every acceleration card turned face up so far (what a player at the
        table has seen and may remember), in card order.
        Once over: ``fates``, ``winners``, ``places``, ``points``. A seat also gets ``seat``,
        ``hand``, ``my_play`` (with its collision call) and ``peeked`` (until that card flips).
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < state.seats):
            raise ValueError(f"no seat {seat} in a match of {state.seats}")
        view: dict[str, Any] = {
            "game": self.key,
            "players": state.seats,
            "round": state.round,
            "hand_number": 1 if state.round < SECOND_HAND_ROUND else 2,
            "phase": state.phase,
            "awaiting": sorted(self.to_move(state)),
            "decision": state.decision,
            "scores": list(state.scores),
            "collisions": list(state.collisions),
            "eliminated": [bool(r) for r in state.eliminated_in],
            "eliminated_in": [r or None for r in state.eliminated_in],
            "hero": list(state.hero),
            "hand_sizes": [len(hand) for hand in state.hands],
            "committed": [s for s in range(state.seats) if state.sealed[s] >= 0],
            "row": [
                {"round": r + 1, "face_up": True, **action_json(a)}
                if state.face_up[r]
                else {"round": r + 1, "face_up": False}
                for r, a in enumerate(state.row)
            ],
            "action_deck": len(state.action_deck),
            "action_discard": [action_json(a) for a in state.action_discard],
            "six_cards": list(state.six_cards),
            "peekers": list(state.peekers),
            "peeks": [r or None for r in state.peeked],
            "sign_awaited": list(state.sign_awaited),
            "current": state.reveal,
            "last_round": state.last_round,
            "played": [card_json(c) for c in _played(state)],
        }
        outcome = self.outcome(state)
        if outcome is not None:
            view["fates"] = fates_of(state)
            view["winners"] = sorted(outcome.winners)
            view["places"] = list(outcome.places)
            view["points"] = list(outcome.scores)
        if seat is not None:
            sealed = state.sealed[seat]
            peeked = state.peeked[seat]
            view["seat"] = seat
            view["hand"] = [card_json(c) for c in state.hands[seat]]
            view["my_play"] = (
                None if sealed < 0 else {**card_json(sealed), "collision": state.calls[seat]}
            )
            view["peeked"] = (
                {"round": peeked, **action_json(state.row[peeked - 1])}
                if peeked and not state.face_up[peeked - 1]
                else None
            )
        return view

    def outcome(self, state: CanyonState) -> Outcome | None:
        return outcome_of(state)

    def dump(self, state: CanyonState) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> CanyonState:
        return load_state(data)

    # -- helpers for rendering ------------------------------------------------------------

    def card(self, card: int) -> dict[str, Any]:
        """An acceleration card by id: value, double, label."""
        return card_json(card)

    def action(self, action: int) -> dict[str, Any]:
        """An action card by id: kind, label."""
        return action_json(action)


ENGINE = CanyonEngine()


# -- the view -----------------------------------------------------------------------------


def _played(state: CanyonState) -> list[int]:
    """The acceleration cards turned face up so far: neither in a hand nor in the stock, and not
    a card still sealed face down this round."""
    unseen = {c for hand in state.hands for c in hand}
    unseen.update(state.stock)
    if state.phase == COMMIT:
        unseen.update(c for c in state.sealed if c >= 0)
    return [c for c in range(len(ACCELERATION)) if c not in unseen]


# -- refusals -----------------------------------------------------------------------------


def _refusal(state: CanyonState, seat: int, move: str) -> IllegalMove:
    """Why ``move`` is not legal for ``seat`` now, in the player's words."""
    phase = state.phase
    if phase == OVER:
        return IllegalMove(N_("The race is over."))
    if state.eliminated_in[seat]:
        return IllegalMove(N_("Your car is out of the race."))
    if phase == COMMIT:
        if state.sealed[seat] >= 0:
            return IllegalMove(N_("You have already committed a card this round."))
        match = _COMMIT_CODE.fullmatch(move)
        if match is None:
            return IllegalMove(N_(
                "Commit one card from your hand (c<card>, or c<card>:x to call a collision)."
            ))
        if int(match[1]) not in state.hands[seat]:
            return IllegalMove(N_("That card is not in your hand."))
        return IllegalMove(N_("No collision may be called in a send round."))
    if phase == CHOOSE:
        if seat != state.victims[0]:
            return IllegalMove(N_("Only the collision victim chooses the action card."))
        return IllegalMove(N_("Choose one of the action cards on offer."))
    if phase == SIGN:
        if seat not in state.sign_awaited:
            return IllegalMove(N_("Nobody is waiting for a sign from you."))
        return IllegalMove(N_("Choose the sign of your double-value card: s+ or s-."))
    if seat not in state.peekers or state.peeked[seat]:
        return IllegalMove(
            N_("Only the players with the lowest score may look at an action card, once.")
        )
    rounds = ", ".join(str(r) for r in face_down_rounds(state))
    return IllegalMove(
        N_("Look at a face-down action card of a later round (k<round>: {rounds})."),
        rounds=rounds,
    )
