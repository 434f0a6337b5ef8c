"""Why First?: strong's choices in the last stage, judged by how the stage really plays out.

    python -m bench.whyfirst_choices [--round R] [--matches N] [--seconds S] [--shortlist K]

Four casual players (``rules/whyfirst/casual.py``) play match after match (seeds 1 to N);
in the last stage's card round R, seat N % 4 is judged. Every distinct move it could make is
played, and the rest of the stage with it by the casual players with the cards they really
hold (as at the bench's table: a casual player's move is certain but for ties, drawn
``REPEATS`` times), so its true share of the victory is known. Where the moves' shares
differ, the report compares the best attainable, the casual judgement's first choice and
strong's choice from the seat's view (with ``--shortlist K`` it weighs the K moves the casual
judgement ranks best, 0: every move; at the last chosen card, round 4, it weighs every move
whatever K is). Strong's search imagines the hidden cards; the gap
between its choice and the best is what it cannot see. Figures, not tests: run by hand.
"""

from __future__ import annotations

import argparse
import random

from rules.base import Budget, Move
from rules.whyfirst import ENGINE, WhyFirstState, computer
from rules.whyfirst.casual import casual_choice, casual_move, move_value
from rules.whyfirst.standing import win_share
from rules.whyfirst.state import STAGES

SEATS = 4
REPEATS = 10
"""Plays of the rest of the stage per move, ties drawn anew each time."""


def true_share(state: WhyFirstState, seat: int, move: Move) -> float:
    """``seat``'s share of the victory once ``move`` is played and the casual players finish
    the match with the cards they hold (its own later cards played as the casual one would)."""
    share = 0.0
    for repeat in range(REPEATS):
        rng = random.Random(repeat)
        played = ENGINE.load(ENGINE.dump(state))
        ENGINE.apply(played, seat, move)
        while awaited := ENGINE.to_move(played):
            other = min(awaited)
            ENGINE.apply(played, other, casual_choice(played, other, rng))
        share += win_share(played.totals(), seat)
    return share / REPEATS


def judged(
    card_round: int, match: int, budget: Budget, weighed: int = computer.SHORTLIST
) -> tuple[bool, tuple[float, float, float]]:
    """In match ``match``, at the last stage's ``card_round``: whether the move counts, and
    the best true share, the casual first choice's and strong's (weighing ``weighed``
    moves before round 4)."""
    rng = random.Random(match)
    state = ENGINE.setup(SEATS, {}, match)
    seat = match % SEATS
    while awaited := ENGINE.to_move(state):
        mover = min(awaited)
        view = ENGINE.view(state, mover)
        if (state.stage, state.card_round, mover) == (STAGES, card_round, seat):
            moves = computer.distinct(ENGINE.legal_moves(state, seat), "standard")
            shares = {move: true_share(state, seat, move) for move in moves}
            counts = max(shares.values()) - min(shares.values()) > 1e-9
            totals = state.totals()
            first = max(moves, key=lambda move: move_value(state, seat, move, totals))
            strong = computer.choose(view, seat, "strong", match, budget, weighed)
            return counts, (max(shares.values()), shares[first], shares[strong])
        ENGINE.apply(state, mover, casual_move(view, mover, rng))
    raise AssertionError("every match reaches the last stage's card rounds")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--round", type=int, default=4, choices=range(1, 5))
    parser.add_argument("--matches", type=int, default=160)
    parser.add_argument("--seconds", type=float, default=0.05, help="CPU a decision")
    parser.add_argument("--shortlist", type=int, default=computer.SHORTLIST,
                        help="moves strong weighs before round 4 (0: every move)")
    args = parser.parse_args()
    weighed = args.shortlist or 100  # more than a hand offers: every move
    budget = Budget(seconds=args.seconds)
    totals = [0.0, 0.0, 0.0]
    positions = 0
    for match in range(1, args.matches + 1):
        counts, shares = judged(args.round, match, budget, weighed)
        positions += counts
        totals = [total + share for total, share in zip(totals, shares, strict=True)]
    weighs = f"{args.shortlist} moves" if args.shortlist else "every move"
    print(f"Last stage, card round {args.round}, {args.matches} matches of four casual players, "
          f"strong weighs {weighs} at {args.seconds:g} s of CPU: "
          f"the move counts in {positions}. The judged seat wins:")
    for name, total in zip(("best attainable", "casual first choice", "strong's choice"),
                           totals, strict=True):
        print(f"  {name:<20} {total:6.1f} ({total / args.matches:.1%})")


if __name__ == "__main__":
    main()
