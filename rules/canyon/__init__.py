"""Great Canyon Race: stop closest to the canyon's edge, 30 points, over ten rounds.

``ENGINE`` implements ``rules.base.Engine``; the move codes are in ``rules.canyon.engine``.

RULINGS beyond the printed rules (decided as the printed game would; GAMES.md has the ones
marked there, and rulebook.md states them all):

1. Divide by 2 truncates toward zero (``ActionKind.apply``).
2. A card and a collision call are committed in one step (``c<card>:x``).
3. Tied victims all take a collision; the first in seat order chooses (``race.victims``).
4. The two drawn action cards are discarded after the round, whichever was chosen.
5. A six-card hand still plays five cards; one is kept.
6. An eliminated player plays no more cards and gets no second hand; send rounds pass between
   the players still racing, and the bonus tables count only them (``race.receiver``,
   ``race.bonuses``). A lone racer in a send round scores their own card.
7. A send card drawn after a collision may be chosen; it then scores as in a send round.
8. When the action deck cannot give two cards, the discarded drawn cards are shuffled back in;
   if it still cannot, the victim chooses among what there is (``_draw_actions``).
9. A peeked action card is shown only to its player, until it flips; the table sees which
   round's card was looked at. Peeks happen after the second hand is dealt, before round 6.
10. A score stops on 50, the last space of the track, as it stops on 0 (``race.moved``).
11. A double-value card's sign is asked only when it changes the result (not under Cancel);
    signs are chosen in secret and shown when the round is scored.
12. 5-6 players: when five of six tie, the sixth still gets the bonus their score clearly
    earns; the tied five get none (``race._favoured``).
13. Places: qualifiers by score then collisions; then the others still racing by how close to
    30 they ended, then collisions; then the eliminated, later eliminations first
    (``race.places``). Career points (``rounds.outcome_of``) are the final score of a driver
    who stopped at the edge (16 to 30, a hero finish included); a fall into the canyon, a
    chicken or an elimination scores 0.
"""

from rules.canyon.cards import ACCELERATION, ACTIONS, Acceleration, Action
from rules.canyon.engine import ENGINE, CanyonEngine
from rules.canyon.state import CanyonState

__all__ = [
    "ACCELERATION",
    "ACTIONS",
    "ENGINE",
    "Acceleration",
    "Action",
    "CanyonEngine",
    "CanyonState",
]
