"""The rules of Great Canyon Race as pure functions: the score track, collisions, send rounds,
second-hand bonuses and the final result. The engine only keeps the state and asks these."""

from __future__ import annotations

from collections.abc import Sequence

from rules.canyon.cards import MOST_SHARING_A_BONUS

EDGE = 30
"""The canyon's edge: finish on it or as close below as possible."""
CHICKEN_BELOW = 16
TRACK_TOP = 50
CIRCLED = frozenset({5, 10, 15, 20, 25, 35, 40, 45, 50})
"""The danger spaces of the score track."""
COLLISIONS_SURVIVED = 3
"""A car survives three collisions; the fourth sets it on fire."""
LAST_ROUND = 10

EDGE_FATE, HERO, CANYON, CHICKEN, ELIMINATED = "edge", "hero", "canyon", "chicken", "eliminated"
QUALIFYING_FATES = frozenset({EDGE_FATE, HERO})


def moved(score: int, effect: int) -> int:
    """A score after moving by ``effect``: never below 0 and, table ruling, never past the
    track's last space, 50."""
    score += effect
    return 0 if score < 0 else TRACK_TOP if score > TRACK_TOP else score


def victims(racing: Sequence[int], scores: Sequence[int], sizes: Sequence[int]) -> list[int]:
    """Who takes the collision, in seat order. ``racing`` are the seats that played; ``scores``
    (before the round) and ``sizes`` (card values without sign) are indexed by seat.

    A circled space overrides the cards: the highest circled space, then the bigger card.
    Without one, the biggest card. Still tied (table ruling): all tied players are victims.
    """
    circled = [s for s in racing if scores[s] in CIRCLED]
    if circled:
        top = max(scores[s] for s in circled)
        candidates = [s for s in circled if scores[s] == top]
    else:
        candidates = list(racing)
    biggest = max(sizes[s] for s in candidates)
    return [s for s in candidates if sizes[s] == biggest]


def receiver(racing: Sequence[int], seat: int, send: int) -> int:
    """Who scores ``seat``'s card in a send round: the next racing seat on the left (``send``
    +1, the next seat clockwise) or on the right (-1). Eliminated players are skipped
    (table ruling); a lone racer keeps their own card."""
    return racing[(racing.index(seat) + send) % len(racing)]


def _favoured(ranked: list[tuple[int, int]], wanted: int) -> list[int]:
    """The seats a bonus for the ``wanted`` best of ``ranked`` (score, seat; best first) goes to.

    Everybody on the score of the ``wanted``-th player shares it while that makes at most three;
    a tie that would make four or more leaves it to those clearly better than that score.
    """
    mark = ranked[wanted - 1][0]
    clear = [seat for score, seat in ranked[:wanted] if score != mark]
    group = clear + [seat for score, seat in ranked if score == mark]
    return sorted(group if len(group) <= MOST_SHARING_A_BONUS else clear)


def bonuses(racing: Sequence[int], scores: Sequence[int]) -> tuple[list[int], list[int]]:
    """(six-card seats, peeking seats) from the scores after round 5, counting only the seats
    still racing: with 2-4 racers the highest and the lowest score, with 5-6 the two highest and
    the two lowest (see ``_favoured``). When everybody ties, nobody gets a bonus."""
    if len({scores[s] for s in racing}) <= 1:
        return [], []
    wanted = 2 if len(racing) >= 5 else 1
    high = sorted(((scores[s], s) for s in racing), key=lambda pair: -pair[0])
    low = sorted(((scores[s], s) for s in racing), key=lambda pair: pair[0])
    return _favoured(high, wanted), _favoured(low, wanted)


def fate(score: int, eliminated: bool, hero: bool) -> str:
    """How a driver's race ended."""
    if hero:
        return HERO
    if eliminated:
        return ELIMINATED
    if score > EDGE:
        return CANYON
    if score < CHICKEN_BELOW:
        return CHICKEN
    return EDGE_FATE


def winners(fates: Sequence[str], scores: Sequence[int], collisions: Sequence[int]) -> frozenset:
    """The highest qualifying score wins; a tie goes to the car with more collisions; still
    tied, shared. Nobody qualifies: nobody wins."""
    qualified = [s for s, f in enumerate(fates) if f in QUALIFYING_FATES]
    if not qualified:
        return frozenset()
    best = max((scores[s], collisions[s]) for s in qualified)
    return frozenset(s for s in qualified if (scores[s], collisions[s]) == best)


def places(
    fates: Sequence[str],
    scores: Sequence[int],
    collisions: Sequence[int],
    eliminated_in: Sequence[int],
) -> tuple[int, ...]:
    """Places for the result (table ruling): the qualifiers by score then collisions; then the
    others still racing by how close they ended to 30, then collisions; then the eliminated, a
    later elimination first. Ties share a place and the next is skipped (1, 2, 2, 4)."""

    def key(seat: int) -> tuple[int, int, int]:
        if fates[seat] in QUALIFYING_FATES:
            return 0, -scores[seat], -collisions[seat]
        if fates[seat] != ELIMINATED:
            return 1, abs(scores[seat] - EDGE), -collisions[seat]
        return 2, -eliminated_in[seat], 0

    keys = [key(s) for s in range(len(fates))]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)
