"""Sequence Numbers: five chips in a row on a board of sums. ``ENGINE`` implements
``rules.base.Engine``.

RULINGS beyond /work/shared/GAMES.md (keep the rulebook's text in step). Each lives in one
place: 1 ``NumbersEngine.options``, 2 ``sequences.complete_sequences``, 3
``NumbersEngine.legal_moves``, 4 ``table.draw_card``, 5 ``table.places_of``.

1. Six players split into 2 teams of 3 by default; the option ``{"teams": 3}`` makes 3 teams
   of 2. The option means nothing with 2-4 players.
2. A line longer than five: the first five in reading order through the new chip count as
   the sequence, and every chip of the line is locked.
3. A player who cannot play any card (after trading a dead card, if they can) discards a card
   of their choice and draws; that is their turn.
4. The draw pile running out for the third time with no new sequence since the start (or
   since the last sequence) ends the match at once in a draw.
5. Result: the winning side's seats win and are 1st; the other sides are placed by their
   completed sequences, equal counts sharing a place; a draw has no winner and places every
   side by its sequences. Score (career points) of a seat: its side's completed sequences.
"""

from rules.numbers.board import LAYOUT, parse_space, space_name
from rules.numbers.cards import DECK, Card
from rules.numbers.engine import ENGINE, NumbersEngine
from rules.numbers.state import NumbersState

__all__ = [
    "DECK",
    "ENGINE",
    "LAYOUT",
    "Card",
    "NumbersEngine",
    "NumbersState",
    "parse_space",
    "space_name",
]
