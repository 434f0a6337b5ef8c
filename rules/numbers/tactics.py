"""A quick player for Sequence Numbers: the easy computer, and every player in a playout.

It looks only at its own hand and the public board. A dead card is always traded (a fresh
card is worth more than a dead one). Every play is judged by the lines of five through its
space: how much closer it brings its side to a sequence, and how much it spoils the lines of
the other sides; a Plus or Minus card is kept for a play that is worth it. With nothing to
play it discards a dead card if it has one.
"""

from __future__ import annotations

import math
import random

from rules.base import Move
from rules.numbers.board import COPIES, FREE, LAYOUT, SPACE_NAMES, SPACES_OF
from rules.numbers.cards import DECK, MINUS, PLUS
from rules.numbers.lines import CORNERS_IN, OTHERS_AT, WINDOWS, closed_windows
from rules.numbers.state import NumbersState
from rules.numbers.table import is_dead, targets

LINE_VALUES = (0.0, 1.0, 4.0, 16.0, 64.0)
"""What a line of five that can still become a sequence is worth, by its count (0 to 4)."""
SEQUENCE = 1_000.0
"""A completed sequence that does not yet win."""
WIN = 1_000_000.0
BLOCKING = 1.2
"""Spoiling another side's line is worth this times what the line was worth to them."""
URGENT = 500.0
"""Spoiling another side's line of four: it would be a sequence at their next chance."""
KEEP = {PLUS: 700.0, MINUS: 400.0}
"""What holding on to a Plus or Minus card is worth: a play must beat it."""
FILL = (0.25, 0.7, 1.0)
"""How likely an open space is to be filled in time, by how many of the two cards showing its
number are still to come (not yet in a discard pile); with none left only a Plus fills it."""
ANSWERS = tuple(card.answer or 0 for card in DECK)
"""Each card's answer, 0 for a Plus or Minus card."""
FREE_NUMBER = 0
"""The number ``LAYOUT`` shows on a free corner."""
HELD = 1.5
"""``FILL`` of a space the side holds a card for: above the best of ``FILL``, since filling it
needs no luck at all."""


def _gone(state: NumbersState) -> list[int]:
    """How many cards of each number are in the discard piles."""
    gone = [0] * (len(SPACES_OF) + 1)
    for pile in state.discards:
        for card in pile:
            answer = ANSWERS[card]
            if answer:
                gone[answer] += 1
    return gone


def _by_space(gone: list[int]) -> list[float]:
    """``FILL`` of every space, given how many cards of each number are out of reach."""
    by_number = [FILL[max(0, COPIES - n)] for n in gone]
    by_number[FREE_NUMBER] = 1.0
    return [by_number[number] for number in LAYOUT]


def fill_chances(state: NumbersState) -> list[float]:
    """``FILL`` of every space from the discard piles everybody sees."""
    return _by_space(_gone(state))


def hand_fill_chances(state: NumbersState, hand: list[int]) -> tuple[list[float], list[float]]:
    """``FILL`` of every space for the side holding ``hand`` (``HELD`` where a card of the hand
    fits) and for the other sides (the hand's cards are not coming to them)."""
    gone = _gone(state)
    own = _by_space(gone)
    for card in hand:
        answer = ANSWERS[card]
        if answer:
            gone[answer] += 1
            for space in SPACES_OF[answer]:
                own[space] = HELD
    return own, _by_space(gone)


class Judge:
    """Values of plays for one side on one board (the board must not change meanwhile)."""

    def __init__(self, state: NumbersState, seat: int) -> None:
        side = state.side_of(seat)
        hand = state.hands[seat]
        self.chips = state.chips
        self.own, self.fill = hand_fill_chances(state, hand)
        self.side = side
        self.closed = closed_windows(state)
        self.done = state.sequence_counts()[side]
        self.needed = state.needed

    def place(self, space: int) -> float:
        """The value of a chip of this side on the open ``space``."""
        chips, own, fill, side, closed = self.chips, self.own, self.fill, self.side, self.closed
        total = 0.0
        completed = False
        for window, others in OTHERS_AT[space]:
            mine = foes = 0
            foe = -1
            chance = threat_chance = 1.0
            for other in others:
                owner = chips[other]
                if owner is None:
                    chance *= own[other]
                    threat_chance *= fill[other]
                elif owner == side:
                    mine += 1
                elif foe in (-1, owner):
                    foe = owner
                    foes += 1
                else:
                    foes = -1
                    break
            if foes < 0 or (mine and foes):
                continue
            corners = CORNERS_IN[window]
            if not foes:
                if window not in closed[side]:
                    count = mine + corners
                    if count == len(LINE_VALUES) - 1:
                        completed = True
                    else:
                        gain = LINE_VALUES[count + 1] - own[space] * LINE_VALUES[count]
                        total += chance * gain
            elif window not in closed[foe]:
                count = foes + corners
                threat = URGENT if count == len(LINE_VALUES) - 1 else BLOCKING * LINE_VALUES[count]
                total += threat_chance * fill[space] * threat
        if completed:
            total += WIN if self.done + 1 >= self.needed else SEQUENCE
        return total

    def remove(self, space: int) -> float:
        """The value of taking the other side's chip off ``space``."""
        chips, own, fill, side, closed = self.chips, self.own, self.fill, self.side, self.closed
        owner = chips[space]
        assert owner is not None and owner != side
        total = 0.0
        for window, others in OTHERS_AT[space]:
            mine = theirs = 0
            stranger = False
            chance = threat_chance = 1.0
            for other in others:
                held = chips[other]
                if held is None:
                    chance *= own[other]
                    threat_chance *= fill[other]
                elif held == side:
                    mine += 1
                elif held == owner:
                    theirs += 1
                else:
                    stranger = True
            if stranger:
                continue
            corners = CORNERS_IN[window]
            if not mine and window not in closed[owner]:
                count = theirs + 1 + corners
                top = len(LINE_VALUES) - 1
                loss = URGENT if count >= top else LINE_VALUES[count] - LINE_VALUES[count - 1]
                total += threat_chance * BLOCKING * loss
            elif not theirs and window not in closed[side]:
                count = min(mine + corners, len(LINE_VALUES) - 1)
                total += chance * own[space] * LINE_VALUES[count]
        return total


def plays(state: NumbersState, seat: int) -> list[tuple[float, Move]]:
    """Every play of ``seat`` (no trade, no discard) with its value, best first.

    A Plus or Minus card is only worth playing on a line of four (``KEEP``): while there is an
    equation card to play, it is judged on those spaces only, which saves judging the whole
    board."""
    judge = Judge(state, seat)
    hand = state.hands[seat]
    found = []
    special = []
    for card in hand:
        kind = DECK[card].kind
        if kind in KEEP:
            special.append(card)
            continue
        for space in targets(state, seat, card):
            found.append((judge.place(space), f"p{card}@{SPACE_NAMES[space]}"))
    if special:
        fours = set(spaces_of_fours(state)) if found else None
        for card in special:
            kind = DECK[card].kind
            keep = KEEP[kind]
            letter = "m" if kind == MINUS else "p"
            value = judge.remove if kind == MINUS else judge.place
            for space in targets(state, seat, card):
                if fours is None or space in fours:
                    found.append((value(space) - keep, f"{letter}{card}@{SPACE_NAMES[space]}"))
    found.sort(key=lambda pair: -pair[0])
    return found


def spaces_of_fours(state: NumbersState) -> list[int]:
    """Every space of a line of five that holds four of one side's chips (free corners
    included) and nothing of another side."""
    chips = state.chips
    found = []
    for window, spaces in enumerate(WINDOWS):
        owner = -1
        count = CORNERS_IN[window]
        for space in spaces:
            held = chips[space]
            if held is None or FREE[space]:
                continue
            if owner in (-1, held):
                owner = held
                count += 1
            else:
                count = -1
                break
        if count >= len(LINE_VALUES) - 1:
            found.extend(spaces)
    return found


def _trade(state: NumbersState, seat: int) -> Move | None:
    """The trade of a dead card, if one is allowed now."""
    if not state.traded:
        for card in state.hands[seat]:
            if is_dead(state, card):
                return f"t{card}"
    return None


def _discard(state: NumbersState, seat: int) -> Move:
    hand = state.hands[seat]
    dead = [card for card in hand if is_dead(state, card)]
    return f"d{(dead or hand)[0]}"


def move(state: NumbersState, seat: int, rng: random.Random, noise: float = 0.0) -> Move:
    """This player's move for ``seat`` now; ``noise`` blurs its judgement of plays (the value
    of each play is scaled by a random factor of about ``exp(noise)``, give or take)."""
    trade = _trade(state, seat)
    if trade is not None:
        return trade
    found = plays(state, seat)
    if not found:
        return _discard(state, seat)
    if not noise:
        return found[0][1]
    return max(found, key=lambda p: p[0] * math.exp(rng.gauss(0.0, noise)) + rng.gauss(0.0, 1.0))[1]


def shortlist(state: NumbersState, seat: int, size: int) -> list[Move]:
    """The moves worth simulating, the best first; a trade or a discard stands alone."""
    trade = _trade(state, seat)
    if trade is not None:
        return [trade]
    found = plays(state, seat)
    if not found:
        return [_discard(state, seat)]
    return [code for _, code in found[:size]]


def side_strengths(state: NumbersState) -> list[float]:
    """How close each side is to winning: its sequences and the lines it can still finish."""
    closed = closed_windows(state)
    chips = state.chips
    fill = fill_chances(state)
    strengths = [SEQUENCE * n for n in state.sequence_counts()]
    for window, spaces in enumerate(WINDOWS):
        owner = -1
        count = CORNERS_IN[window]
        chance = 1.0
        for space in spaces:
            held = chips[space]
            if held is None:
                chance *= fill[space]
            elif owner in (-1, held):
                owner = held
                count += 1
            else:
                owner = -2
                break
        if owner >= 0 and count < len(LINE_VALUES) and window not in closed[owner]:
            strengths[owner] += chance * LINE_VALUES[count]
    return strengths
