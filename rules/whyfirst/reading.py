"""Why First?: what this stage's card rounds tell of the hands that played them.

A casual player plays the card its judgement (``casual.judged``) ranks best, on the figure
that card is best on, so the cards it held beside it are none it judged better. Where the
table shows how the figures stood before a card round of this stage (all on the start space
before the first; the last round's reveal tells where the figures it moved came from), the
hands a seat could hold are narrowed to those its plays there fit. Only what the table shows
is read: the revealed cards in the order they were played and the figures' moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.whyfirst.casual import judged
from rules.whyfirst.determinize import Fits
from rules.whyfirst.engine import START_SPACE
from rules.whyfirst.state import CARD_ROUNDS

SLACK = 1e-9
"""How far a held card may be judged above the played one and still count as no better."""


def hands_read(view: Mapping[str, Any], seat: int) -> Fits | None:
    """How the other seats' plays this stage narrow their hands, as ``seat`` sees them; None
    when they tell nothing (the first card round, the tactical variant, or the fifth round,
    whose card is no choice)."""
    card_round = view["card_round"]
    if view["variant"] != "standard" or not 2 <= card_round < CARD_ROUNDS:
        return None
    figures = len(view["positions"])
    rounds = _plays_by_round(view)
    known = {1: [START_SPACE] * figures}
    reveal = view["last_reveal"]
    if reveal is not None and reveal["stage"] == view["stage"]:
        before = list(view["positions"])
        for move in reveal["moves"]:
            before[move["figure"]] = move["from"]
        known[card_round - 1] = before
    stage, totals = view["stage"], view["totals"]
    best: dict[tuple[int, int, int], float] = {}

    def value(n: int, other: int, card: int) -> float:
        """The casual judgement of ``card`` on the figure it is best on, before round ``n``."""
        key = n, other, card
        if key not in best:
            before = known[n]
            best[key] = max(
                judged(before, stage, other, card, f, None, totals) for f in range(figures)
            )
        return best[key]

    def fits(other: int, cards: Sequence[int]) -> bool:
        if other == seat:
            return True
        for n in known:
            played = rounds[n - 1][other]
            bar = value(n, other, played) + SLACK
            if any(value(n, other, card) > bar for card in cards):
                return False
        return True

    return fits


def _plays_by_round(view: Mapping[str, Any]) -> list[list[int]]:
    """Each revealed card round's cards by seat: a round reveals the seats' cards in seat
    order, then Leo's (with 2 players, rounds 1 to 4)."""
    played = [card["card"] for card in view["played"]]
    players = view["players"]
    size = players + (0 if view["leo"] is None else 1)
    return [played[n * size : n * size + players] for n in range(view["card_round"] - 1)]
