"""Hare and Tortoise: race to the Finish paying carrots for speed.

RULINGS beyond /work/shared/GAMES.md (decided as the printed game would; keep the
project's rule text in step):

1. Turn order: seat 0 starts, then seats in ascending order; finished players are skipped.
2. Finish limit: checked on the carrots kept after paying for the move to the Finish.
3. Forced restart tops carrots up to the starting amount and never takes any away.
4. Position space: checked once, at the start of the owner's very next turn (also when that
   turn is lost or spent eating), for the race place then; in the two-marker game whichever
   marker the player then moves.
5. A player may stay on a carrot space at any turn their marker begins there, however it got
   there (a hare result included).
6. Hare "give or take 10" with fewer than 10 carrots: the player takes 10 (no choice is asked).
7. Hare "one place forward" when the marker in front has finished, or when the scan reaches
   the Finish: the Finish if this marker may finish now, else no effect. "One place back"
   never reaches Start: if the marker behind is on Start, or no space behind it is free, no
   effect. Own markers count like any other in the two-marker game.
8. Hare "forward/back to carrot space": the nearest free carrot action space; none, no effect.
9. Hare "free move" refunds what was paid for the move that reached this hare space (a hare
   relocation in between is part of that move); nothing paid, no effect.
10. Hare "move again": the same marker, forward or back (no staying on a space); when it has
    no such move, no effect.
11. Hare "eat a carrot" with no carrot: forced restart (back to Start, topped up).
12. Hare "lose turn" and "eat lettuce" without a lettuce cost the player's whole next turn
    (both markers in the two-marker game).
13. Two-marker game: the turn after eating, the player must move the marker that ate; if it
    cannot move, the forced restart sends that marker to Start. Otherwise a player who can
    move neither marker sends the rearmost marker to Start; the shared supply is topped up
    to 95.
14. Race places: markers on Start share the place after every marker that left Start
    (e.g. 2nd of 4); this only shows in the view, as nobody on Start rolls, eats or is paid.
15. Outcome: places are finishing places, the last runner takes the last place; score is
    players minus place (so the winner has players - 1 and the last 0). Two-marker game:
    the first player with both markers home is 1st, the other 2nd.
16. Option ``two_markers`` (2 players only, default on): off, two players race one marker
    each under the normal rules and the match ends when one finishes.
17. Two-marker game: every place (hare table, lettuce, position spaces, finishing limit) is
    the marker's place among all four markers.
18. A space reached by a hare relocation is resolved like any other: a hare space rolls
    again, a lettuce space is eaten next turn, a position space is checked next turn.
"""

from rules.hare.board import forward_cost
from rules.hare.dice import HareResult, hare_result
from rules.hare.engine import HareEngine
from rules.hare.moves import move_cost, parse_move
from rules.hare.policy import purposeful_move
from rules.hare.state import HareState, race_places

ENGINE = HareEngine()

__all__ = [
    "ENGINE",
    "HareEngine",
    "HareResult",
    "HareState",
    "forward_cost",
    "hare_result",
    "move_cost",
    "parse_move",
    "purposeful_move",
    "race_places",
]
