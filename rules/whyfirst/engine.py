"""Why First?: a race of 5 stages in which the second place scores.

The rules follow the rulebook (seeds/why-first.es.txt, .it.txt) with the rulings of GAMES.md.
Rulings live in one place each:

- the 32-card deck and its white numbers: ``deck.json`` only (``cards._validate_deck``
  checks its shape, not its contents, so a corrected deck loads);
- nobody scores when all figures share one space: ``scoring.second_place``;
- the second-highest *distinct* total wins, all equal means all win: ``scoring.winners_of``;
- how the rest are placed: ``scoring.places_of``;
- in the tactical variant Leo's card moves Leo at its white-number turn: ``_advance_turns``.

Participants are the seats 0..n-1 and, with 2 players, Leo, the phantom figure, at index 2.
Figures, totals and ``Outcome`` are indexed by participant. This module resolves the moves;
the cards, the scoring, the state and the move codes have modules of their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import (
    N_,
    Event,
    IllegalMove,
    InvalidOptions,
    Move,
    Outcome,
    check_move_input,
    seeded_random,
)
from rules.whyfirst.cards import DECK, Card
from rules.whyfirst.moves import legal_moves, parse_pick, parse_play
from rules.whyfirst.scoring import StageScore, places_of, score_json, second_place, winners_of
from rules.whyfirst.state import (
    CARD_ROUNDS,
    MAX_FIGURES,
    STAGES,
    WhyFirstState,
    dump_state,
    load_state,
    reveal_copy,
)

HAND_SIZE = 5
LEO_CARDS = 4
LEO_NAME = "Leo"
TRACK_MIN = -12
TRACK_MAX = 16
START_SPACE = 0
VARIANTS = ("standard", "tactical")

_WHITE = tuple(card.white for card in DECK)
"""Each card's white number, by card id."""
_CARD_JSON = tuple(card.to_json() for card in DECK)
"""Each card's ``to_json()``, made once: copy it (``{**_CARD_JSON[c]}``), never hand it out."""
_ALONE = tuple(frozenset({seat}) for seat in range(MAX_FIGURES))
"""``to_move`` while one seat moves a figure, made once (frozensets are immutable)."""


def clamp(space: int) -> int:
    """A figure stops on 16 and on -12: it never leaves the track."""
    return max(TRACK_MIN, min(TRACK_MAX, space))


class WhyFirstEngine:
    """The rules of Why First? behind the engine protocol of ``rules.base``.

    Move codes: standard ``p<card>:<figure>`` (play a card on a figure); tactical ``p<card>``
    (play a card in front of yourself) and, after the reveal, ``f<figure>`` (move that figure).
    """

    key = "whyfirst"
    title = "Why First?"
    min_players = 2
    max_players = 6

    # -- helpers for rendering ------------------------------------------------------------

    def card(self, card_id: int) -> Card:
        """The race card with this id (value, white number)."""
        if not 0 <= card_id < len(DECK):
            raise ValueError(f"no race card {card_id}")
        return DECK[card_id]

    def figures(self, state: WhyFirstState) -> int:
        """How many figures race, Leo included."""
        return state.figures

    def phantoms(self, state: WhyFirstState) -> dict[int, str]:
        """Phantom participants by index: ``{2: "Leo"}`` with 2 players, else empty."""
        return {} if state.leo is None else {state.leo: LEO_NAME}

    # -- protocol -------------------------------------------------------------------------

    def options(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        """``{"variant": "standard" | "tactical"}``, standard by default."""
        unknown = sorted(str(k) for k in raw if k != "variant")
        if unknown:
            raise InvalidOptions(f"Why First? has no option {unknown[0]!r}.")
        variant = raw.get("variant", "standard")
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise InvalidOptions("The variant must be standard or tactical.")
        return {"variant": variant}

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> WhyFirstState:
        if not self.min_players <= seats <= self.max_players:
            raise ValueError(f"Why First? seats 2 to 6 players, not {seats}")
        state = WhyFirstState(
            seats=seats,
            variant=self.options(options, seats)["variant"],
            seed=seed,
            draw=0,
            decision=1,
            stage=1,
            card_round=1,
            positions=[],
            hands=[],
            leo_stack=[],
            undealt=[],
            played=[],
            sealed=[None] * seats,
            targets=[None] * seats,
            turns=[],
            scoring=[],
            last_reveal=None,
        )
        _start_stage(state)
        return state

    def to_move(self, state: WhyFirstState) -> frozenset[int]:
        if state.turns:
            return _ALONE[state.turns[0][0]]
        if state.over:
            return frozenset()
        return frozenset([s for s, card in enumerate(state.sealed) if card is None])

    def decision_point(self, state: WhyFirstState) -> int:
        return state.decision

    def legal_moves(self, state: WhyFirstState, seat: int) -> list[Move]:
        return legal_moves(state, seat)

    def apply(self, state: WhyFirstState, seat: int, move: Move) -> list[Event]:
        check_move_input(state.seats, seat, move)
        # The parsers accept exactly the codes legal_moves lists, and say why not otherwise.
        if state.turns:
            figure = parse_pick(state, seat, move)
            return [_move_by_turn(state, figure), *self._advance_turns(state)]
        if state.over:
            raise IllegalMove(N_("The match is over."))
        card, target = parse_play(state, seat, move)
        return self._commit(state, seat, card, target)

    def view(self, state: WhyFirstState, seat: int | None) -> dict[str, Any]:
        """The board as ``seat`` sees it (None: the public); only its own hand and play."""
        view: dict[str, Any] = {
            "game": self.key,
            "variant": state.variant,
            "players": state.seats,
            "leo": state.leo,
            "stage": state.stage,
            "card_round": state.card_round,
            "phase": "over" if state.over else "move_figure" if state.turns else "play_card",
            "positions": list(state.positions),
            "awaiting": sorted(self.to_move(state)),
            "committed": [s for s, card in enumerate(state.sealed) if card is not None],
            "hand_sizes": [len(hand) for hand in state.hands],
            "leo_cards_left": len(state.leo_stack),
            "played": [DECK[c].to_json() for c in state.played],
            "pending_moves": [{"seat": p, **DECK[c].to_json()} for p, c in state.turns],
            "last_reveal": reveal_copy(state.last_reveal),
            "stage_scores": [score_json(s, state.figures) for s in state.scoring],
            "totals": state.totals(),
        }
        outcome = self.outcome(state)
        if outcome is not None:
            view["winners"] = sorted(outcome.winners)
            view["places"] = list(outcome.places)
        if seat is not None:
            _check_seat(state, seat)
            sealed = state.sealed[seat]
            view["seat"] = seat
            view["hand"] = [DECK[c].to_json() for c in state.hands[seat]]
            view["my_play"] = (
                None
                if sealed is None
                else {**DECK[sealed].to_json(), "target": state.targets[seat]}
            )
        return view

    def outcome(self, state: WhyFirstState) -> Outcome | None:
        if not state.over:
            return None
        totals = state.totals()
        winners = winners_of(totals)
        return Outcome(
            scores=tuple(totals),
            winners=winners,
            places=places_of(totals, winners),
            phantoms=self.phantoms(state),
        )

    def dump(self, state: WhyFirstState) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> WhyFirstState:
        return load_state(data)

    # -- the card round -------------------------------------------------------------------

    def _commit(
        self, state: WhyFirstState, seat: int, card: int, target: int | None
    ) -> list[Event]:
        """Seal a seat's card; the last awaited seat's commit reveals the round."""
        state.hands[seat].remove(card)
        state.sealed[seat] = card
        state.targets[seat] = target
        committed = Event(
            "committed", {"seat": seat, "stage": state.stage, "card_round": state.card_round}
        )
        if None in state.sealed:
            return [committed]
        return [committed, *self._reveal(state)]

    def _reveal(self, state: WhyFirstState) -> list[Event]:
        """Turn all sealed cards (and Leo's top card in rounds 1-4) face up."""
        cards = [c for c in state.sealed if c is not None]
        assert len(cards) == state.seats
        plays = [
            {"seat": s, **_CARD_JSON[c], "target": state.targets[s]}
            for s, c in enumerate(cards)
        ]
        # Leo flips his top card in card rounds 1-4 and plays nothing in round 5.
        leo_card = None
        if state.leo is not None and state.card_round < CARD_ROUNDS:
            leo_card = state.leo_stack.pop(0)
        state.played += cards + ([] if leo_card is None else [leo_card])
        state.sealed = [None] * state.seats
        state.targets = [None] * state.seats
        reveal: dict[str, Any] = {
            "stage": state.stage,
            "card_round": state.card_round,
            "variant": state.variant,
            "plays": plays,
            "leo": None if leo_card is None else {**_CARD_JSON[leo_card]},
        }
        if state.variant == "tactical":
            order = list(enumerate(cards))
            if leo_card is not None:
                order.append((state.leo, leo_card))
            # The highest white number moves first.
            state.turns = sorted(order, key=lambda turn: -_WHITE[turn[1]])
            reveal["order"] = [p for p, _ in state.turns]
            reveal["moves"] = []
            state.last_reveal = reveal
            # The event keeps the reveal as it stands now: the figure moves follow as events.
            return [Event("revealed", {**reveal, "moves": []}), *self._advance_turns(state)]
        reveal["moves"] = _race(state, plays, leo_card)
        state.last_reveal = reveal
        return [Event("revealed", dict(reveal)), *self._close_card_round(state)]

    def _advance_turns(self, state: WhyFirstState) -> list[Event]:
        """Tactical: Leo's card moves Leo at its turn (ruling); open the next seat's pick."""
        events = []
        leo = state.leo
        while leo is not None and state.turns and state.turns[0][0] == leo:
            events.append(_move_by_turn(state, leo))
        if state.turns:
            state.decision += 1
            return events
        return events + self._close_card_round(state)

    def _close_card_round(self, state: WhyFirstState) -> list[Event]:
        """Open the next card round; after the fifth, score and open the next stage."""
        if state.card_round < CARD_ROUNDS:
            state.card_round += 1
            state.decision += 1
            return []
        events = [_score_stage(state)]
        if state.stage < STAGES:
            state.stage += 1
            state.card_round = 1
            _start_stage(state)
            state.decision += 1
            events.append(Event("stage_started", {"stage": state.stage}))
        else:
            outcome = self.outcome(state)
            assert outcome is not None
            events.append(
                Event(
                    "match_over",
                    {
                        "scores": list(outcome.scores),
                        "winners": sorted(outcome.winners),
                        "places": list(outcome.places),
                        "phantoms": {str(k): v for k, v in outcome.phantoms.items()},
                    },
                )
            )
        return events


def _check_seat(state: WhyFirstState, seat: int) -> None:
    if not 0 <= seat < state.seats:
        raise ValueError(f"no seat {seat} in a match of {state.seats}")


def _start_stage(state: WhyFirstState) -> None:
    """All figures to the start space; shuffle all 32 cards; deal 5 each and Leo's 4."""
    deck = list(range(len(DECK)))
    seeded_random(state.seed, state.draw).shuffle(deck)
    state.draw += 1
    state.positions = [START_SPACE] * state.figures
    state.hands = [sorted(deck[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(state.seats)]
    dealt = state.seats * HAND_SIZE
    leo_cards = LEO_CARDS if state.leo is not None else 0
    state.leo_stack = deck[dealt : dealt + leo_cards]
    state.undealt = sorted(deck[dealt + leo_cards :])
    state.played = []


def _race(
    state: WhyFirstState, plays: list[dict[str, Any]], leo_card: int | None
) -> list[dict[str, Any]]:
    """Standard: each figure moves by the sum of the cards in front of it, then stops at the
    track's ends (rulebook: on 15 with +3 and -4 a figure ends on 14, not 12)."""
    in_front: list[list[int]] = [[] for _ in range(state.figures)]
    for play in plays:
        in_front[play["target"]].append(play["value"])
    if leo_card is not None and state.leo is not None:
        in_front[state.leo].append(DECK[leo_card].value)
    moves = []
    for figure, values in enumerate(in_front):
        if values:
            start = state.positions[figure]
            state.positions[figure] = clamp(start + sum(values))
            moves.append(
                {
                    "figure": figure,
                    "cards": values,
                    "from": start,
                    "to": state.positions[figure],
                }
            )
    return moves


def _move_by_turn(state: WhyFirstState, figure: int) -> Event:
    """Tactical: the current turn's card moves ``figure``; each move stops at the ends alone."""
    participant, card = state.turns.pop(0)
    start = state.positions[figure]
    state.positions[figure] = clamp(start + DECK[card].value)
    move = {
        "seat": participant,
        **_CARD_JSON[card],
        "figure": figure,
        "from": start,
        "to": state.positions[figure],
        "automatic": participant == state.leo,
    }
    assert state.last_reveal is not None
    # The record is never changed once made, so the event and the reveal may share it.
    state.last_reveal["moves"].append(move)
    return Event("figure_moved", move)


def _score_stage(state: WhyFirstState) -> Event:
    """Every figure on the second place space scores that space's number."""
    space = second_place(state.positions)
    scorers = tuple(f for f, p in enumerate(state.positions) if space is not None and p == space)
    score = StageScore(state.stage, space, scorers, tuple(state.positions))
    state.scoring.append(score)
    return Event("stage_scored", {**score_json(score, state.figures), "totals": state.totals()})


ENGINE = WhyFirstEngine()
