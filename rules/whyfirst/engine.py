"""Why First?: a race of 5 stages in which the second place scores.

The rules follow the rulebook (seeds/why-first.es.txt, .it.txt) with the rulings of GAMES.md.
Rulings live in one place each:

- the 32-card deck and its white numbers: ``deck.json`` only (``_validate_deck`` checks its
  shape, not its contents, so a corrected deck loads);
- nobody scores when all figures share one space: ``second_place``;
- the second-highest *distinct* total wins, all equal means all win: ``winners_of``;
- how the rest are placed: ``places_of``;
- in the tactical variant Leo's card moves Leo at its white-number turn: ``_advance_turns``.

Participants are the seats 0..n-1 and, with 2 players, Leo, the phantom figure, at index 2.
Figures, totals and ``Outcome`` are indexed by participant.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.base import (
    MAX_MOVE_CODE,
    Event,
    IllegalMove,
    InvalidOptions,
    Move,
    Outcome,
    check_move_input,
    seeded_random,
)

STAGES = 5
CARD_ROUNDS = 5
HAND_SIZE = 5
LEO_CARDS = 4
LEO_NAME = "Leo"
TRACK_MIN = -12
TRACK_MAX = 16
START_SPACE = 0
VARIANTS = ("standard", "tactical")

_PLAY = re.compile(r"p(?P<card>[0-9]{1,2})(?::(?P<target>[0-9]))?")


@dataclass(frozen=True)
class Card:
    """A race card: its stable id, the value it moves a figure by, and its white number."""

    id: int
    value: int
    white: int

    @property
    def label(self) -> str:
        """The value as printed: "+2", "-3"."""
        return f"{self.value:+d}"

    def to_json(self) -> dict[str, int]:
        return {"card": self.id, "value": self.value, "white": self.white}


def _validate_deck(cards: Sequence[Card]) -> None:
    """Raise ValueError unless ``cards`` is a usable deck: ids 0..n-1 in order, non-zero
    values and white numbers 1..n, each once (what they are is the data file's business)."""
    if [c.id for c in cards] != list(range(len(cards))):
        raise ValueError("deck.json: card ids must be 0, 1, 2, ... in order")
    if any(c.value == 0 for c in cards):
        raise ValueError("deck.json: a race card moves a figure: no value may be 0")
    if sorted(c.white for c in cards) != list(range(1, len(cards) + 1)):
        raise ValueError(f"deck.json: white numbers must be 1..{len(cards)}, each once")


def _load_deck() -> tuple[Card, ...]:
    raw = json.loads((Path(__file__).with_name("deck.json")).read_text(encoding="utf-8"))
    cards = tuple(Card(int(c["id"]), int(c["value"]), int(c["white"])) for c in raw["cards"])
    _validate_deck(cards)
    return cards


DECK: tuple[Card, ...] = _load_deck()
"""The 32 race cards, indexed by card id."""

_WHITE = tuple(card.white for card in DECK)
"""Each card's white number, by card id."""
_CARD_JSON = tuple(card.to_json() for card in DECK)
"""Each card's ``to_json()``, made once: copy it (``{**_CARD_JSON[c]}``), never hand it out."""

MAX_FIGURES = 6
"""Six players race six figures; Leo makes a third figure only with two."""

_PLAY_ON = tuple(
    tuple(f"p{card}:{figure}" for figure in range(MAX_FIGURES)) for card in range(len(DECK))
)
"""Standard move codes by card and figure, written once: ``_PLAY_ON[7][1] == "p7:1"``."""
_PLAY_ON_FIGURES = {
    figures: tuple(codes[:figures] for codes in _PLAY_ON) for figures in range(3, MAX_FIGURES + 1)
}
"""For each number of figures, each card's plays on every figure (card rounds 1-4)."""
_PLAY_IN_FRONT = tuple(f"p{card}" for card in range(len(DECK)))
"""Tactical move codes by card: the card is played in front of yourself."""
_PICKS = tuple(f"f{figure}" for figure in range(MAX_FIGURES))
"""Tactical move codes by figure: move that figure with your card."""
_ALONE = tuple(frozenset({seat}) for seat in range(MAX_FIGURES))
"""``to_move`` while one seat moves a figure, made once (frozensets are immutable)."""
_FIGURE_OF = {f"f{figure}": figure for figure in range(10)}
"""Every well-formed tactical pick code (``f`` and one digit) and the figure it names."""
_PLAYS: dict[str, tuple[int, int | None]] = {
    f"p{card}" + ("" if target is None else f":{target}"): (card, target)
    for card in range(100)
    for target in (None, *range(10))
}
"""Every well-formed play code in its one spelling (``p7:1``, not ``p07:1``): card, figure."""


def clamp(space: int) -> int:
    """A figure stops on 16 and on -12: it never leaves the track."""
    return max(TRACK_MIN, min(TRACK_MAX, space))


def second_place(positions: Sequence[int]) -> int | None:
    """The second-highest occupied space, or None when all figures share one space (ruling)."""
    spaces = sorted(set(positions), reverse=True)
    return spaces[1] if len(spaces) > 1 else None


def winners_of(totals: Sequence[int]) -> frozenset[int]:
    """Who holds the second-highest distinct total (ruling); all win when all totals are equal."""
    distinct = sorted(set(totals), reverse=True)
    winning = distinct[1] if len(distinct) > 1 else distinct[0]
    return frozenset(i for i, total in enumerate(totals) if total == winning)


def places_of(totals: Sequence[int], winners: frozenset[int]) -> tuple[int, ...]:
    """Places for the result (ruling): the winners 1st; then those on the highest total (they
    were first, which is not what the game rewards); then everyone else by total, descending.
    Ties share a place and the next place is skipped (1, 2, 2, 4)."""
    highest = max(totals)

    def rank_key(i: int) -> tuple[int, int]:
        tier = 0 if i in winners else 1 if totals[i] == highest else 2
        return tier, -totals[i]

    keys = [rank_key(i) for i in range(len(totals))]
    return tuple(1 + sum(other < key for other in keys) for key in keys)


@dataclass(frozen=True)
class StageScore:
    """The scoring after one stage: the second place space and the figures that stood on it."""

    stage: int
    space: int | None
    scorers: tuple[int, ...]
    positions: tuple[int, ...] | None = None
    """Where every figure stood when the stage ended (None in matches stored before it was
    kept)."""

    def points(self, figure: int) -> int:
        """What ``figure`` scored this stage."""
        return self.space if self.space is not None and figure in self.scorers else 0


@dataclass(slots=True)
class WhyFirstState:
    """A match of Why First?. Cards are ids into ``DECK``; figures are indexed by participant.

    Each card of the current stage is in exactly one place: a hand, a sealed play, ``played``
    (revealed this stage), ``undealt`` or Leo's face-down ``leo_stack`` (top card first).
    """

    seats: int
    variant: str
    seed: int
    draw: int
    decision: int
    stage: int
    card_round: int
    positions: list[int]
    hands: list[list[int]]
    leo_stack: list[int]
    undealt: list[int]
    played: list[int]
    sealed: list[int | None]
    """Each seat's face-down card of this card round, None until it commits."""
    targets: list[int | None]
    """The figure each sealed card is played on (standard variant)."""
    turns: list[tuple[int, int]]
    """Tactical, after a reveal: (participant, card) yet to move a figure, current turn first."""
    scoring: list[StageScore]
    last_reveal: dict[str, Any] | None

    @property
    def figures(self) -> int:
        """How many figures race: one per seat, plus Leo with 2 players."""
        return self.seats + (1 if self.seats == 2 else 0)

    @property
    def leo(self) -> int | None:
        """Leo's participant index, or None when there is no Leo."""
        return self.seats if self.seats == 2 else None

    @property
    def over(self) -> bool:
        return len(self.scoring) == STAGES

    def totals(self) -> list[int]:
        """Points of every participant over the stages scored so far."""
        totals = [0] * self.figures
        for score in self.scoring:
            for figure in score.scorers:
                totals[figure] += score.points(figure)
        return totals


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
        if state.turns:
            return list(_PICKS[: state.figures]) if state.turns[0][0] == seat else []
        if state.over or not 0 <= seat < state.seats or state.sealed[seat] is not None:
            return []
        hand = state.hands[seat]
        if state.variant == "tactical":
            return [_PLAY_IN_FRONT[card] for card in hand]
        if state.card_round == CARD_ROUNDS:
            return [_PLAY_ON[card][seat] for card in hand]
        plays = _PLAY_ON_FIGURES[state.figures]
        return [code for card in hand for code in plays[card]]

    def apply(self, state: WhyFirstState, seat: int, move: Move) -> list[Event]:
        check_move_input(state.seats, seat, move)
        # The parsers accept exactly the codes legal_moves lists, and say why not otherwise.
        if state.turns:
            figure = _parse_pick(state, seat, move)
            return [_move_by_turn(state, figure), *self._advance_turns(state)]
        if state.over:
            raise IllegalMove("The match is over.")
        card, target = _parse_play(state, seat, move)
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
            "stage_scores": [_score_json(s, state.figures) for s in state.scoring],
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
        return {
            "seats": state.seats,
            "variant": state.variant,
            "seed": state.seed,
            "draw": state.draw,
            "decision": state.decision,
            "stage": state.stage,
            "card_round": state.card_round,
            "positions": list(state.positions),
            "hands": [list(hand) for hand in state.hands],
            "leo_stack": list(state.leo_stack),
            "undealt": list(state.undealt),
            "played": list(state.played),
            "sealed": list(state.sealed),
            "targets": list(state.targets),
            "turns": [[p, c] for p, c in state.turns],
            "scoring": [_score_data(s) for s in state.scoring],
            "last_reveal": reveal_copy(state.last_reveal),
        }

    def load(self, data: Mapping[str, Any]) -> WhyFirstState:
        return WhyFirstState(
            seats=data["seats"],
            variant=data["variant"],
            seed=data["seed"],
            draw=data["draw"],
            decision=data["decision"],
            stage=data["stage"],
            card_round=data["card_round"],
            positions=list(data["positions"]),
            hands=[list(hand) for hand in data["hands"]],
            leo_stack=list(data["leo_stack"]),
            undealt=list(data["undealt"]),
            played=list(data["played"]),
            sealed=list(data["sealed"]),
            targets=list(data["targets"]),
            turns=[(p, c) for p, c in data["turns"]],
            scoring=[
                StageScore(
                    s["stage"], s["space"], tuple(s["scorers"]),
                    tuple(s["positions"]) if "positions" in s else None,
                )
                for s in data["scoring"]
            ],
            last_reveal=reveal_copy(data["last_reveal"]),
        )

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


def _parse_play(state: WhyFirstState, seat: int, move: Move) -> tuple[int, int | None]:
    """The card and target of a play, or IllegalMove with the reason."""
    if state.sealed[seat] is not None:
        raise IllegalMove("You have already played this round.")
    play = _PLAYS.get(move)
    if play is None:
        match = _PLAY.fullmatch(move) if len(move) <= MAX_MOVE_CODE else None
        if match is None:
            raise IllegalMove("Play one card from your hand.")
        # Another spelling of a play ("p07:1"): refused as that play would be, else as no move.
        card = int(match["card"])
        _parse_play(state, seat, f"p{card}" + (f":{match['target']}" if match["target"] else ""))
        raise IllegalMove("That is not a move of this game.")
    card, target = play
    if card not in state.hands[seat]:
        raise IllegalMove("That card is not in your hand.")
    if state.variant == "tactical":
        if target is not None:
            raise IllegalMove("In the tactical variant you play your card in front of yourself.")
        return card, None
    if target is None:
        raise IllegalMove("Choose the figure to play your card on.")
    if target >= state.figures:
        raise IllegalMove("There is no such figure.")
    if state.card_round == CARD_ROUNDS and target != seat:
        raise IllegalMove("In the fifth card round you must play on yourself.")
    return card, target


def _parse_pick(state: WhyFirstState, seat: int, move: Move) -> int:
    """Tactical: the figure the current seat moves, or IllegalMove with the reason."""
    if seat != state.turns[0][0]:
        raise IllegalMove("It is not your turn to move a figure.")
    figure = _FIGURE_OF.get(move)
    if figure is None:
        raise IllegalMove("Choose a figure to move with your card.")
    if figure >= state.figures:
        raise IllegalMove("There is no such figure.")
    return figure


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


def reveal_copy(reveal: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A copy of a card round's reveal that the original's changes never reach: only its
    list of figure moves grows (in the tactical variant); each record in it is final."""
    return None if reveal is None else {**reveal, "moves": list(reveal["moves"])}


def _score_stage(state: WhyFirstState) -> Event:
    """Every figure on the second place space scores that space's number."""
    space = second_place(state.positions)
    scorers = tuple(f for f, p in enumerate(state.positions) if space is not None and p == space)
    score = StageScore(state.stage, space, scorers, tuple(state.positions))
    state.scoring.append(score)
    return Event("stage_scored", {**_score_json(score, state.figures), "totals": state.totals()})


def _score_data(score: StageScore) -> dict[str, Any]:
    """A stage's scoring as stored."""
    data = {"stage": score.stage, "space": score.space, "scorers": list(score.scorers)}
    if score.positions is not None:
        data["positions"] = list(score.positions)
    return data


def _score_json(score: StageScore, figures: int) -> dict[str, Any]:
    """A stage's scoring as the public sees it, with the figures' final positions."""
    data = {
        "stage": score.stage,
        "second_place_space": score.space,
        "scorers": list(score.scorers),
        "points": score.space if score.space is not None else 0,
        "scores": [score.points(f) for f in range(figures)],
    }
    if score.positions is not None:
        data["positions"] = list(score.positions)
    return data


ENGINE = WhyFirstEngine()
