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
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.base import Event, IllegalMove, InvalidOptions, Move, Outcome, seeded_random
from rules.canyon import race
from rules.canyon.cards import (
    ACCELERATION,
    ACTIONS,
    BONUS_HAND_SIZE,
    HAND_SIZE,
    ROUNDS,
)

COMMIT, CHOOSE, SIGN, PEEK, OVER = "commit", "choose", "sign", "peek", "over"
FIRST_HAND_FACE_UP = (1, 4)
SECOND_HAND_FACE_UP = (6, 9)
SECOND_HAND_ROUND = 6
ACTIONS_DRAWN = 2
"""Action cards drawn for a collision, beside the round's own."""
COLLISION_CALL = ":x"
SEND_NAMES = {1: "left", -1: "right"}

_CARD_JSON = tuple(card.to_json() for card in ACCELERATION)
_ACTION_JSON = tuple(card.to_json() for card in ACTIONS)
_COMMIT_CODE = re.compile(r"c(0|[1-9][0-9]{0,2})(:x)?")
_EFFECTS = tuple(card.effect for card in ACTIONS)
_PLAY_CODES = tuple(f"c{card.id}" for card in ACCELERATION)
_CALL_CODES = tuple(f"c{card.id}{COLLISION_CALL}" for card in ACCELERATION)
_COMMITS = {
    **{code: (card, False) for card, code in enumerate(_PLAY_CODES)},
    **{code: (card, True) for card, code in enumerate(_CALL_CODES)},
}
"""Every commit code: the card it commits and whether it calls a collision."""


def card_json(card: int) -> dict[str, Any]:
    """An acceleration card as views and events show it."""
    return dict(_CARD_JSON[card])


def action_json(action: int) -> dict[str, Any]:
    """An action card as views and events show it."""
    return dict(_ACTION_JSON[action])


@dataclass
class CanyonState:
    """A match of Great Canyon Race. Seat-indexed lists throughout; -1 means "none"."""

    seats: int
    seed: int
    draw: int
    decision: int
    round: int
    phase: str
    scores: list[int]
    collisions: list[int]
    eliminated_in: list[int]
    """The round a seat's car was eliminated in, 0 while it is racing."""
    hero: list[bool]
    hands: list[list[int]]
    stock: list[int]
    """The undealt acceleration cards, dealt from the front."""
    row: list[int]
    """The action card of each round (index 0 is round 1)."""
    face_up: list[bool]
    action_deck: list[int]
    action_discard: list[int]
    sealed: list[int]
    """Each seat's committed card this round, -1 until it commits."""
    calls: list[bool]
    """Whether the seat called a collision with its commit (secret until the reveal)."""
    offer: list[int]
    """After a collision: the round's action card, then the drawn ones."""
    victims: list[int]
    applied: int
    """The action card that applies this round, -1 until it is known."""
    scored: list[int]
    """The card each seat scores this round (its own, or a neighbour's in a send round)."""
    signs: list[int]
    """The sign each seat gave its double-value card this round: +1, -1, or 0 if none yet."""
    sign_awaited: list[int]
    six_cards: list[int]
    peekers: list[int]
    peeked: list[int]
    """The round whose action card each seat looked at, 0 for none."""
    reveal: dict[str, Any] | None
    """The public facts of this round once its cards are turned, until it is scored."""
    last_round: dict[str, Any] | None
    """The public facts of the last scored round.

    These records are shared with the events that announce them, the views, the dumps and
    the states loaded from them, so they are never changed in place: an update makes a new
    dict, and whoever is handed one must not change it either."""

    def racing(self) -> list[int]:
        """The seats still in the race, in seat order."""
        return [s for s in range(self.seats) if not self.eliminated_in[s]]


_FIELDS = tuple(CanyonState.__dataclass_fields__)
_NESTED = frozenset({"hands", "reveal", "last_round"})


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
        _open_round(state)
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
            if _EFFECTS[state.row[state.round - 1]].send:
                return [_PLAY_CODES[card] for card in hand]
            return [_PLAY_CODES[card] for card in hand] + [_CALL_CODES[card] for card in hand]
        if phase == CHOOSE:
            return [f"a{action}" for action in state.offer] if seat == state.victims[0] else []
        if phase == SIGN:
            return ["s+", "s-"] if seat in state.sign_awaited else []
        if phase == PEEK:
            if seat not in state.peekers or state.peeked[seat]:
                return []
            return [f"k{r}" for r in _face_down_rounds(state)]
        return []

    def apply(self, state: CanyonState, seat: int, move: Move) -> list[Event]:
        if not isinstance(move, str):
            raise IllegalMove("A move is a short text code.")
        if type(seat) is not int or not 0 <= seat < state.seats:
            raise IllegalMove("There is no such seat in this match.")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(_refusal(state, seat, move))
        phase = state.phase
        if phase == COMMIT:
            return _commit(state, seat, *_COMMITS[move])
        if phase == CHOOSE:
            return _choose(state, seat, int(move[1:]))
        if phase == SIGN:
            return _sign(state, seat, 1 if move == "s+" else -1)
        return _peek(state, seat, int(move[1:]))

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
                {"round": r + 1, "face_up": True, **_ACTION_JSON[a]}
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
            view["fates"] = _fates(state)
            view["winners"] = sorted(outcome.winners)
            view["places"] = list(outcome.places)
            view["points"] = list(outcome.scores)
        if seat is not None:
            sealed = state.sealed[seat]
            peeked = state.peeked[seat]
            view["seat"] = seat
            view["hand"] = [card_json(c) for c in state.hands[seat]]
            view["my_play"] = (
                None if sealed < 0 else {**_CARD_JSON[sealed], "collision": state.calls[seat]}
            )
            view["peeked"] = (
                {"round": peeked, **_ACTION_JSON[state.row[peeked - 1]]}
                if peeked and not state.face_up[peeked - 1]
                else None
            )
        return view

    def outcome(self, state: CanyonState) -> Outcome | None:
        if state.phase != OVER:
            return None
        fates = _fates(state)
        return Outcome(
            # Career points (ruling): the final score of a driver who stopped at the edge
            # (16 to 30, a hero finish included); 0 for a fall, a chicken or an elimination.
            scores=tuple(
                score if fate in race.QUALIFYING_FATES else 0
                for fate, score in zip(fates, state.scores, strict=True)
            ),
            winners=race.winners(fates, state.scores, state.collisions),
            places=race.places(fates, state.scores, state.collisions, state.eliminated_in),
        )

    def dump(self, state: CanyonState) -> dict[str, Any]:
        data = {name: getattr(state, name) for name in _FIELDS}
        for name, value in data.items():
            if isinstance(value, list) and name not in _NESTED:
                data[name] = list(value)
        data["hands"] = [list(hand) for hand in state.hands]
        return data

    def load(self, data: Mapping[str, Any]) -> CanyonState:
        fields = {name: data[name] for name in _FIELDS}
        for name, value in fields.items():
            if isinstance(value, list) and name not in _NESTED:
                fields[name] = list(value)
        fields["hands"] = [list(hand) for hand in data["hands"]]
        return CanyonState(**fields)

    # -- helpers for rendering ------------------------------------------------------------

    def card(self, card: int) -> dict[str, Any]:
        """An acceleration card by id: value, double, label."""
        return card_json(card)

    def action(self, action: int) -> dict[str, Any]:
        """An action card by id: kind, label."""
        return action_json(action)


ENGINE = CanyonEngine()


# -- the round ----------------------------------------------------------------------------


def _played(state: CanyonState) -> list[int]:
    """The acceleration cards turned face up so far: neither in a hand nor in the stock, and not
    a card still sealed face down this round."""
    unseen = {c for hand in state.hands for c in hand}
    unseen.update(state.stock)
    if state.phase == COMMIT:
        unseen.update(c for c in state.sealed if c >= 0)
    return [c for c in range(len(ACCELERATION)) if c not in unseen]


def _open_round(state: CanyonState) -> list[Event]:
    """Phase 1: turn this round's action card face up if it is not; open the commits."""
    events = []
    if not state.face_up[state.round - 1]:
        events.append(_flip(state, state.round))
    state.phase = COMMIT
    state.decision += 1
    return events


def _flip(state: CanyonState, round_no: int) -> Event:
    state.face_up[round_no - 1] = True
    return Event("action_revealed", {"round": round_no, **_ACTION_JSON[state.row[round_no - 1]]})


def _commit(state: CanyonState, seat: int, card: int, call: bool) -> list[Event]:
    """Seal a card (and a collision call); the last commit of the round reveals them all."""
    state.hands[seat].remove(card)
    state.sealed[seat] = card
    state.calls[seat] = call
    events = [Event("committed", {"seat": seat, "round": state.round})]
    for s in range(state.seats):
        if state.sealed[s] < 0 and not state.eliminated_in[s]:
            return events
    return events + _reveal(state)


def _reveal(state: CanyonState) -> list[Event]:
    """Turn every committed card; on a collision find the victims and offer action cards."""
    racing = state.racing()
    round_card = state.row[state.round - 1]
    callers = [s for s in racing if state.calls[s]]
    reveal: dict[str, Any] = {
        "round": state.round,
        "round_action": action_json(round_card),
        "plays": [{"seat": s, **_CARD_JSON[state.sealed[s]]} for s in racing],
        "collision": bool(callers),
        "callers": callers,
        "victims": [],
        "chooser": None,
        "offer": [],
    }
    if callers:
        sizes = [ACCELERATION[c].size if c >= 0 else 0 for c in state.sealed]
        state.victims = race.victims(racing, state.scores, sizes)
        for victim in state.victims:
            state.collisions[victim] += 1
        state.offer = [round_card, *_draw_actions(state)]
        reveal["victims"] = list(state.victims)
        reveal["chooser"] = state.victims[0]
        reveal["offer"] = [action_json(a) for a in state.offer]
        reveal["collisions"] = list(state.collisions)
    state.reveal = reveal
    events = [Event("revealed", reveal)]
    if not callers:
        return events + _settle(state, round_card)
    if len(state.offer) == 1:
        return events + _settle(state, round_card)
    state.phase = CHOOSE
    state.decision += 1
    return events


def _draw_actions(state: CanyonState) -> list[int]:
    """Two action cards from the deck; if it has fewer, the discarded drawn cards are shuffled
    back in first (table ruling), and if there are still fewer, what there is."""
    if len(state.action_deck) < ACTIONS_DRAWN and state.action_discard:
        deck = state.action_deck + state.action_discard
        seeded_random(state.seed, state.draw).shuffle(deck)
        state.draw += 1
        state.action_deck = deck
        state.action_discard = []
    drawn = state.action_deck[:ACTIONS_DRAWN]
    del state.action_deck[:ACTIONS_DRAWN]
    return drawn


def _choose(state: CanyonState, seat: int, action: int) -> list[Event]:
    assert state.reveal is not None
    state.reveal = {**state.reveal, "chosen": action_json(action)}
    event = Event("action_chosen", {"round": state.round, "seat": seat, **_ACTION_JSON[action]})
    return [event, *_settle(state, action)]


def _settle(state: CanyonState, action: int) -> list[Event]:
    """``action`` applies: pass the cards in a send round; ask for the signs that matter."""
    state.applied = action
    effect = _EFFECTS[action]
    racing = state.racing()
    for seat in racing:
        to = race.receiver(racing, seat, effect.send) if effect.send else seat
        state.scored[to] = state.sealed[seat]
    state.sign_awaited = [
        s
        for s in racing
        if ACCELERATION[state.scored[s]].double
        and effect.apply(ACCELERATION[state.scored[s]].value)
        != effect.apply(-ACCELERATION[state.scored[s]].value)
    ]
    if not state.sign_awaited:
        return _score(state)
    assert state.reveal is not None
    state.reveal = {
        **state.reveal,
        "applied": action_json(action),
        "sign_awaited": list(state.sign_awaited),
    }
    state.phase = SIGN
    state.decision += 1
    return [Event("signs_awaited", {"round": state.round, "seats": list(state.sign_awaited)})]


def _sign(state: CanyonState, seat: int, sign: int) -> list[Event]:
    """Seal a double-value card's sign; the last one scores the round."""
    state.signs[seat] = sign
    state.sign_awaited.remove(seat)
    events = [Event("sign_chosen", {"round": state.round, "seat": seat})]
    return events if state.sign_awaited else events + _score(state)


def _score(state: CanyonState) -> list[Event]:
    """Move every car by its scored card as the action changes it; then the fourth collisions."""
    assert state.reveal is not None
    applied = state.applied
    effect = _EFFECTS[applied]
    racing = state.racing()
    givers = [-1] * state.seats
    if effect.send:
        for seat in racing:
            givers[race.receiver(racing, seat, effect.send)] = seat
    moves = []
    for seat in racing:
        card = ACCELERATION[state.scored[seat]]
        sign = state.signs[seat] if card.double else 0
        value = card.value * sign if sign else card.value
        gain = effect.apply(value)
        before = state.scores[seat]
        state.scores[seat] = after = race.moved(before, gain)
        moves.append(
            {
                "seat": seat,
                "card": card.id,
                "label": _CARD_JSON[card.id]["label"],
                "played_by": givers[seat] if effect.send else seat,
                "sign": sign or None,
                "value": value,
                "effect": gain,
                "from": before,
                "to": after,
            }
        )
    eliminated, heroes = [], []
    for seat in state.victims:
        if state.collisions[seat] > race.COLLISIONS_SURVIVED:
            if state.round == race.LAST_ROUND and state.scores[seat] == race.EDGE:
                state.hero[seat] = True
                heroes.append(seat)
            else:
                state.eliminated_in[seat] = state.round
                eliminated.append(seat)
    record = {
        **state.reveal,
        "applied": action_json(applied),
        "send": SEND_NAMES.get(effect.send),
        "moves": moves,
        "scores": list(state.scores),
        "collisions": list(state.collisions),
        "eliminated": eliminated,
        "hero": heroes,
    }
    record.pop("sign_awaited", None)
    state.last_round = record
    state.reveal = None
    state.action_discard += state.offer[1:]
    state.offer = []
    state.victims = []
    state.applied = -1
    state.sealed = [-1] * state.seats
    state.calls = [False] * state.seats
    state.scored = [-1] * state.seats
    state.signs = [0] * state.seats
    return [Event("round_scored", record), *_next_round(state)]


def _next_round(state: CanyonState) -> list[Event]:
    if state.round == race.LAST_ROUND or not state.racing():
        return _finish(state)
    state.round += 1
    if state.round == SECOND_HAND_ROUND:
        return _second_hand(state)
    return _open_round(state)


def _second_hand(state: CanyonState) -> list[Event]:
    """Deal the second hand with the bonuses of the scores after round 5; turn rounds 6 and 9."""
    racing = state.racing()
    state.six_cards, state.peekers = race.bonuses(racing, state.scores)
    for seat in racing:
        size = BONUS_HAND_SIZE if seat in state.six_cards else HAND_SIZE
        state.hands[seat] = sorted(state.stock[:size])
        del state.stock[:size]
    events = [_flip(state, r) for r in SECOND_HAND_FACE_UP if not state.face_up[r - 1]]
    events.append(
        Event(
            "second_hand",
            {
                "six_cards": list(state.six_cards),
                "peekers": list(state.peekers),
                "hand_sizes": [len(hand) for hand in state.hands],
            },
        )
    )
    if state.peekers and _face_down_rounds(state):
        state.phase = PEEK
        state.decision += 1
        return events
    return events + _open_round(state)


def _face_down_rounds(state: CanyonState) -> list[int]:
    return [r for r in range(state.round, ROUNDS + 1) if not state.face_up[r - 1]]


def _peek(state: CanyonState, seat: int, round_no: int) -> list[Event]:
    """A peeker looks at a face-down action card: the table sees which, not what."""
    state.peeked[seat] = round_no
    events = [Event("peeked", {"seat": seat, "round": round_no})]
    if any(not state.peeked[s] for s in state.peekers):
        return events
    return events + _open_round(state)


def _finish(state: CanyonState) -> list[Event]:
    state.phase = OVER
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return [
        Event(
            "match_over",
            {
                "scores": list(state.scores),
                "points": list(outcome.scores),
                "fates": _fates(state),
                "winners": sorted(outcome.winners),
                "places": list(outcome.places),
            },
        )
    ]


def _fates(state: CanyonState) -> list[str]:
    return [
        race.fate(state.scores[s], bool(state.eliminated_in[s]), state.hero[s])
        for s in range(state.seats)
    ]


# -- refusals -----------------------------------------------------------------------------


def _refusal(state: CanyonState, seat: int, move: str) -> str:
    """Why ``move`` is not legal for ``seat`` now, in the player's words."""
    phase = state.phase
    if phase == OVER:
        return "The race is over."
    if state.eliminated_in[seat]:
        return "Your car is out of the race."
    if phase == COMMIT:
        if state.sealed[seat] >= 0:
            return "You have already committed a card this round."
        match = _COMMIT_CODE.fullmatch(move)
        if match is None:
            return "Commit one card from your hand (c<card>, or c<card>:x to call a collision)."
        if int(match[1]) not in state.hands[seat]:
            return "That card is not in your hand."
        return "No collision may be called in a send round."
    if phase == CHOOSE:
        if seat != state.victims[0]:
            return "Only the collision victim chooses the action card."
        return "Choose one of the action cards on offer."
    if phase == SIGN:
        if seat not in state.sign_awaited:
            return "Nobody is waiting for a sign from you."
        return "Choose the sign of your double-value card: s+ or s-."
    if seat not in state.peekers or state.peeked[seat]:
        return "Only the players with the lowest score may look at an action card, once."
    rounds = ", ".join(str(r) for r in _face_down_rounds(state))
    return f"Look at a face-down action card of a later round (k<round>: {rounds})."
