"""The rules a turn relies on: seating, dealing and drawing, where a card may go, the result.

Rulings beyond GAMES.md live here, one place each: the end of a match without a winner
(``draw_card``) and the places of the result (``places_of``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.base import N_, Event, InvalidOptions, seeded_random
from rules.numbers.board import FREE, SPACES, SPACES_OF
from rules.numbers.cards import DECK, MINUS, PLUS
from rules.numbers.state import TEAM_GAME_PLAYERS, NumbersState

HAND_SIZE_ALONE = 5
HAND_SIZE_TEAMS = 4
RUN_OUTS_FOR_A_DRAW = 3
"""Ruling: the draw pile running out this many times with no new sequence ends the match
in a draw (counted from the start, and again from each new sequence)."""

MIN_PLAYERS = 2
MAX_PLAYERS = 6


def sides_of_options(players: int, teams: int) -> int:
    """How many sides play: each player alone with 2 or 3, 2 teams with 4, ``teams`` teams
    with 6. InvalidOptions for a table that cannot be seated evenly."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidOptions(N_("Sequence Numbers is for 2, 3, 4 or 6 players."))
    if players == 5:
        raise InvalidOptions(N_(
            "Sequence Numbers cannot start with 5 players: they cannot be split into even "
            "teams. Play with 2, 3, 4 or 6."
        ))
    if players < TEAM_GAME_PLAYERS:
        return players
    return 2 if players == TEAM_GAME_PLAYERS else teams


def hand_size(players: int) -> int:
    return HAND_SIZE_ALONE if players < TEAM_GAME_PLAYERS else HAND_SIZE_TEAMS


def deal(state: NumbersState) -> None:
    """Shuffle the 100 cards and deal every seat its hand; the rest is the draw pile."""
    deck = list(range(len(DECK)))
    seeded_random(state.seed, state.draw).shuffle(deck)
    state.draw += 1
    size = hand_size(state.seats)
    state.hands = [deck[s * size : (s + 1) * size] for s in range(state.seats)]
    state.draw_pile = deck[state.seats * size :]


def draw_card(state: NumbersState, seat: int) -> list[Event]:
    """``seat`` draws the top card. When that empties the draw pile, the discard piles are
    shuffled into a new one, unless the pile has now run out ``RUN_OUTS_FOR_A_DRAW`` times
    without a new sequence: then the match ends in a draw (ruling)."""
    state.hands[seat].append(state.draw_pile.pop())
    events = [Event("card_drawn", {"seat": seat, "draw_pile": len(state.draw_pile)})]
    if state.draw_pile:
        return events
    if state.quiet_rebuilds + 1 >= RUN_OUTS_FOR_A_DRAW:
        state.turn = None
        return [*events, Event("match_stalled", {"run_outs": RUN_OUTS_FOR_A_DRAW})]
    pile = [card for discards in state.discards for card in discards]
    seeded_random(state.seed, state.draw).shuffle(pile)
    state.draw += 1
    state.draw_pile = pile
    state.discards = [[] for _ in range(state.seats)]
    state.rebuilds += 1
    state.quiet_rebuilds += 1
    return [*events, Event("draw_pile_rebuilt", {"rebuilds": state.rebuilds, "size": len(pile)})]


_ANSWER_SPACES: tuple[tuple[int, ...], ...] = tuple(
    SPACES_OF[card.answer] if card.answer is not None else () for card in DECK
)
"""The two spaces each equation card can go to (none for Plus and Minus)."""


def is_dead(state: NumbersState, card: int) -> bool:
    """An equation card whose both spaces are covered; one open space keeps it alive."""
    spaces = _ANSWER_SPACES[card]
    chips = state.chips
    return bool(spaces) and all(chips[s] is not None for s in spaces)


def targets(state: NumbersState, seat: int, card: int) -> list[int]:
    """The spaces ``card`` can be played on by ``seat`` now: open spaces showing its answer
    (equation), any open space (Plus), or an opponent chip outside a sequence (Minus)."""
    chips = state.chips
    spaces = _ANSWER_SPACES[card]
    if spaces:
        return [s for s in spaces if chips[s] is None]
    kind = DECK[card].kind
    if kind == PLUS:
        return [s for s in range(SPACES) if chips[s] is None and not FREE[s]]
    assert kind == MINUS
    side, locked = state.side_of(seat), state.locked
    return [s for s in range(SPACES) if chips[s] not in (None, side) and not locked[s]]


def places_of(counts: Sequence[int], winner: int | None) -> list[int]:
    """Each side's place (ruling): the winning side 1st, the others by completed sequences,
    more first, equal counts sharing a place. In a draw every side is placed by its count."""

    def key(side: int) -> tuple[bool, int]:
        return side != winner, -counts[side]

    keys = [key(side) for side in range(len(counts))]
    return [1 + sum(other < mine for other in keys) for mine in keys]
