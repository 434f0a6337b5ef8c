"""Great Canyon Race positions for the rule tests: rigged deals and the cards each seat commits."""

from __future__ import annotations

from rules.canyon import ACCELERATION, ACTIONS, ENGINE, CanyonState
from rules.canyon.cards import Acceleration

ANNE, BEN, CHRIS, DANA, EVE, FINN = range(6)
Card = int | str
"""A wanted acceleration card: a value such as 4 or -3, or a double card such as "±4"."""


def card_matches(card: Acceleration, wanted: Card) -> bool:
    if isinstance(wanted, str):
        return card.double and card.value == int(wanted.removeprefix("±"))
    return not card.double and card.value == wanted


def rigged(
    players: int = 4,
    *,
    round_no: int = 1,
    action: str = "keep_value",
    hands: dict[int, list[Card]] | None = None,
    scores: list[int] | None = None,
    collisions: list[int] | None = None,
    deck: list[str] | None = None,
    row: dict[int, str] | None = None,
) -> CanyonState:
    """A match at the start of ``round_no``, whose action card is ``action``.

    ``hands`` gives the wanted cards (the rest are filled in), ``deck`` the kinds of the action
    deck from the top, ``row`` the kinds of other rounds' action cards. Every card stays in
    exactly one place.
    """
    state = ENGINE.setup(players, {}, seed=11)
    pool = list(range(len(ACCELERATION)))

    def take(wanted: Card | None) -> int:
        card = next(c for c in pool if wanted is None or card_matches(ACCELERATION[c], wanted))
        pool.remove(card)
        return card

    wanted = [[take(v) for v in (hands or {}).get(s, [])] for s in range(players)]
    size = 5 - (round_no - 1) % 5
    state.hands = [sorted(h + [take(None) for _ in range(size - len(h))]) for h in wanted]
    state.stock = pool

    actions = list(range(len(ACTIONS)))

    def take_action(kind: str) -> int:
        card = next(a for a in actions if ACTIONS[a].kind == kind)
        actions.remove(card)
        return card

    kinds = {**(row or {}), round_no: action}
    chosen = {r: take_action(kind) for r, kind in kinds.items()}
    top = [take_action(kind) for kind in deck or []]
    state.row = [chosen[r] if r in chosen else actions.pop() for r in range(1, 11)]
    state.action_deck = top + (actions if deck is None else [])
    if deck is not None:
        state.action_discard = []
    # Rounds 1 and 4 are face up from the start, 6 and 9 from the second hand.
    face_up = {1, 4} | ({6, 9} if round_no >= 6 else set())
    state.face_up = [r <= round_no or r in face_up for r in range(1, 11)]
    state.round = round_no
    if scores is not None:
        state.scores = list(scores)
    if collisions is not None:
        state.collisions = list(collisions)
    return state


def code(state: CanyonState, seat: int, wanted: Card, call: bool = False) -> str:
    card = next(c for c in state.hands[seat] if card_matches(ACCELERATION[c], wanted))
    return f"c{card}" + (":x" if call else "")


def play(state: CanyonState, cards: dict[int, Card], calls: tuple[int, ...] = ()) -> list:
    """Every seat in ``cards`` commits that card; the seats in ``calls`` call a collision."""
    events = []
    for seat, wanted in cards.items():
        events += ENGINE.apply(state, seat, code(state, seat, wanted, seat in calls))
    return events




def action_ids(data) -> set[int]:
    """Every action card id in JSON data: action cards always carry an "action" id."""
    if isinstance(data, dict):
        found = {data["action"]} if isinstance(data.get("action"), int) else set()
        return found.union(*(action_ids(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(action_ids(v) for v in data))
    return set()


def action_id(state: CanyonState, kind: str) -> int:
    """The id of the offered action card of ``kind``."""
    return next(a for a in state.offer if ACTIONS[a].kind == kind)
