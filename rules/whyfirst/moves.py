"""Why First?: the move codes.

Standard ``p<card>:<figure>`` plays a card on a figure; tactical ``p<card>`` plays a card in
front of yourself and, after the reveal, ``f<figure>`` moves that figure. ``legal_moves``
lists a seat's codes, each in its one spelling, and ``parse_play`` and ``parse_pick`` accept
exactly those, saying why not otherwise.
"""

from __future__ import annotations

import re

from rules.base import MAX_MOVE_CODE, N_, IllegalMove, Move
from rules.whyfirst.cards import DECK
from rules.whyfirst.state import CARD_ROUNDS, MAX_FIGURES, WhyFirstState

_PLAY = re.compile(r"p(?P<card>[0-9]{1,2})(?::(?P<target>[0-9]))?")

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
_FIGURE_OF = {f"f{figure}": figure for figure in range(10)}
"""Every well-formed tactical pick code (``f`` and one digit) and the figure it names."""
_PLAYS: dict[str, tuple[int, int | None]] = {
    f"p{card}" + ("" if target is None else f":{target}"): (card, target)
    for card in range(100)
    for target in (None, *range(10))
}
"""Every well-formed play code in its one spelling (``p7:1``, not ``p07:1``): card, figure."""


def legal_moves(state: WhyFirstState, seat: int) -> list[Move]:
    """The codes ``seat`` may play now: its cards, or its pick of a figure to move."""
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


def parse_play(state: WhyFirstState, seat: int, move: Move) -> tuple[int, int | None]:
    """The card and target of a play, or IllegalMove with the reason."""
    if state.sealed[seat] is not None:
        raise IllegalMove(N_("You have already played this round."))
    play = _PLAYS.get(move)
    if play is None:
        match = _PLAY.fullmatch(move) if len(move) <= MAX_MOVE_CODE else None
        if match is None:
            raise IllegalMove(N_("Play one card from your hand."))
        # Another spelling of a play ("p07:1"): refused as that play would be, else as no move.
        card = int(match["card"])
        parse_play(state, seat, f"p{card}" + (f":{match['target']}" if match["target"] else ""))
        raise IllegalMove(N_("That is not a move of this game."))
    card, target = play
    if card not in state.hands[seat]:
        raise IllegalMove(N_("That card is not in your hand."))
    if state.variant == "tactical":
        if target is not None:
            raise IllegalMove(
                N_("In the tactical variant you play your card in front of yourself.")
            )
        return card, None
    if target is None:
        raise IllegalMove(N_("Choose the figure to play your card on."))
    if target >= state.figures:
        raise IllegalMove(N_("There is no such figure."))
    if state.card_round == CARD_ROUNDS and target != seat:
        raise IllegalMove(N_("In the fifth card round you must play on yourself."))
    return card, target


def parse_pick(state: WhyFirstState, seat: int, move: Move) -> int:
    """Tactical: the figure the current seat moves, or IllegalMove with the reason."""
    if seat != state.turns[0][0]:
        raise IllegalMove(N_("It is not your turn to move a figure."))
    figure = _FIGURE_OF.get(move)
    if figure is None:
        raise IllegalMove(N_("Choose a figure to move with your card."))
    if figure >= state.figures:
        raise IllegalMove(N_("There is no such figure."))
    return figure
