"""A round of Great Canyon Race, from its action card turning face up to its scoring.

The engine hands each move here once it is legal: the commits, then the reveal with the
collision and its victims, the action card the victim chooses, the cards passed in a send
round, the signs of double-value cards, and the scoring with the fourth collisions; then the
next round, the second hand and its peeks, or the end of the race and its outcome.
"""

from __future__ import annotations

from typing import Any

from rules.base import Event, Outcome, seeded_random
from rules.canyon import race
from rules.canyon.cards import ACCELERATION, ACTIONS, BONUS_HAND_SIZE, HAND_SIZE, ROUNDS
from rules.canyon.state import CHOOSE, COMMIT, OVER, PEEK, SIGN, CanyonState

SECOND_HAND_FACE_UP = (6, 9)
SECOND_HAND_ROUND = 6
ACTIONS_DRAWN = 2
"""Action cards drawn for a collision, beside the round's own."""
SEND_NAMES = {1: "left", -1: "right"}

_CARD_JSON = tuple(card.to_json() for card in ACCELERATION)
_ACTION_JSON = tuple(card.to_json() for card in ACTIONS)
EFFECTS = tuple(card.effect for card in ACTIONS)
"""What each action card does, by action card id."""


def card_json(card: int) -> dict[str, Any]:
    """An acceleration card as views and events show it."""
    return dict(_CARD_JSON[card])


def action_json(action: int) -> dict[str, Any]:
    """An action card as views and events show it."""
    return dict(_ACTION_JSON[action])


def open_round(state: CanyonState) -> list[Event]:
    """Phase 1: turn this round's action card face up if it is not; open the commits."""
    events = []
    if not state.face_up[state.round - 1]:
        events.append(_flip(state, state.round))
    state.phase = COMMIT
    state.decision += 1
    return events


def _flip(state: CanyonState, round_no: int) -> Event:
    state.face_up[round_no - 1] = True
    # The card under its own key: its ``kind`` is the card's, not the event's.
    return Event(
        "action_revealed", {"round": round_no, "card": action_json(state.row[round_no - 1])}
    )


def commit(state: CanyonState, seat: int, card: int, call: bool) -> list[Event]:
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


def choose(state: CanyonState, seat: int, action: int) -> list[Event]:
    """The victim chooses the action card that applies this round."""
    assert state.reveal is not None
    chosen = action_json(action)
    state.reveal = {**state.reveal, "chosen": chosen}
    event = Event("action_chosen", {"round": state.round, "seat": seat, "card": dict(chosen)})
    return [event, *_settle(state, action)]


def _settle(state: CanyonState, action: int) -> list[Event]:
    """``action`` applies: pass the cards in a send round; ask for the signs that matter."""
    state.applied = action
    effect = EFFECTS[action]
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


def sign(state: CanyonState, seat: int, sign: int) -> list[Event]:
    """Seal a double-value card's sign; the last one scores the round."""
    state.signs[seat] = sign
    state.sign_awaited.remove(seat)
    events = [Event("sign_chosen", {"round": state.round, "seat": seat})]
    return events if state.sign_awaited else events + _score(state)


def _score(state: CanyonState) -> list[Event]:
    """Move every car by its scored card as the action changes it; then the fourth collisions."""
    assert state.reveal is not None
    applied = state.applied
    effect = EFFECTS[applied]
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
    return open_round(state)


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
    if state.peekers and face_down_rounds(state):
        state.phase = PEEK
        state.decision += 1
        return events
    return events + open_round(state)


def face_down_rounds(state: CanyonState) -> list[int]:
    """The rounds from this one on whose action card is still face down."""
    return [r for r in range(state.round, ROUNDS + 1) if not state.face_up[r - 1]]


def peek(state: CanyonState, seat: int, round_no: int) -> list[Event]:
    """A peeker looks at a face-down action card: the table sees which, not what."""
    state.peeked[seat] = round_no
    events = [Event("peeked", {"seat": seat, "round": round_no})]
    if any(not state.peeked[s] for s in state.peekers):
        return events
    return events + open_round(state)


def _finish(state: CanyonState) -> list[Event]:
    state.phase = OVER
    outcome = outcome_of(state)
    assert outcome is not None
    return [
        Event(
            "match_over",
            {
                "scores": list(state.scores),
                "points": list(outcome.scores),
                "fates": fates_of(state),
                "winners": sorted(outcome.winners),
                "places": list(outcome.places),
            },
        )
    ]


def fates_of(state: CanyonState) -> list[str]:
    """How each seat's race ended (``race.fate``)."""
    return [
        race.fate(state.scores[s], bool(state.eliminated_in[s]), state.hero[s])
        for s in range(state.seats)
    ]


def outcome_of(state: CanyonState) -> Outcome | None:
    """The result of the race, None until it is over."""
    if state.phase != OVER:
        return None
    fates = fates_of(state)
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
