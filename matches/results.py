"""Results and ratings of a finished match: who placed where, and the new ratings.

Ratings are openskill's Plackett-Luce model with its default parameters (mu 25, sigma
25/3, beta 25/6, tau 25/300): one rating per player and game on each server, and one
across every server. They change in the transaction that finishes a match
(``record``), and for matches finished before ratings existed in the background after
start-up, a few per transaction (``backfill_step``), in the same order and by the same
function, so both give equal numbers.

Who is rated (the rulings of the issue "ratings, match history and replays"):
- Only seats are rated, never phantom participants (Leo); computer seats are not rated.
- Places are the Outcome's with forfeits applied (resigned and absent players rank after
  everyone who stayed); tied places are ties.
- Sides (``view(state, None)["sides"]``, Sequence Numbers' teams) are rated as teams: the
  seats of a side sharing a place form one team. A forfeiting partner gets a worse place,
  so they are rated alone at that place.
- A match without a result (cancelled, expired, abandoned) is never rated, and a match
  with fewer than two teams of rated players changes no rating.

Ties are openskill's own: in openskill 6 a player placed just below tied players can gain
as much as they do (vivekjoshy/openskill.py issues 155 and 173); the numbers follow the
library, so they stay comparable with it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from data import matches as rows
from data import meta, ratings
from data.database import Database
from data.interface import Connection
from matches import clock
from rules.base import Engine, Outcome

log = logging.getLogger(__name__)

BACKFILLED = "ratings_backfilled"
"""Meta key: the finished matches stored before ratings existed have been rated."""
BACKFILL_FROM = "ratings_backfill_from"
"""Meta key: the backfill is under way; the last match it rated ('finished_at id')."""
BACKFILL_DONE = "ratings_backfill_done"
"""Meta key: how many matches the backfill under way has rated so far."""


def rating_model() -> PlackettLuce:
    """The model every rating is computed with (openskill's defaults)."""
    return PlackettLuce()


MODEL = rating_model()


@dataclass(frozen=True)
class Team:
    """Rated players who share a place: one player, or the partners of one side."""

    user_ids: tuple[int, ...]
    place: int


def placed(outcome: Outcome, sides: list[list[int]] | None = None) -> int:
    """How many were placed against each other: the sides of a game played in teams ("2nd
    of 2", not "2nd of 4" for partners who lost), else every participant, phantoms (Leo)
    too ("3rd of 3"). A forfeit places each partner apart ("4th of 4")."""
    if not sides:
        return len(outcome.places)
    return max(len(sides), *outcome.places)


def seat_results(
    record: rows.MatchRecord,
    outcome: Outcome,
    forfeited: Iterable[int],
    finished_at: str,
    sides: list[list[int]] | None = None,
) -> list[ratings.SeatResult]:
    """Each participant's result, the seats' then the phantoms' (Leo, placed as the result
    places him); a forfeit counts as lost with 0 points. ``players`` is how many were
    :func:`placed` (``sides``: the seats playing together)."""
    out = frozenset(forfeited)
    decided = bool(outcome.winners)
    players = placed(outcome, sides)
    seats = [
        ratings.SeatResult(
            match_id=record.id,
            seat=seat.seat,
            guild_id=record.guild_id,
            game=record.game,
            user_id=seat.user_id if seat.kind == "human" else None,
            players=players,
            place=outcome.places[seat.seat],
            points=0 if seat.seat in out else outcome.scores[seat.seat],
            won=outcome.seat_won(seat.seat),
            forfeited=seat.seat in out,
            finished_at=finished_at,
            decided=decided,
        )
        for seat in record.seats
    ]
    phantoms = [
        ratings.SeatResult(
            match_id=record.id, seat=index, guild_id=record.guild_id, game=record.game,
            user_id=None, players=players, place=outcome.places[index],
            points=outcome.scores[index], won=outcome.seat_won(index), forfeited=False,
            finished_at=finished_at, phantom=name, decided=decided,
        )
        for index, name in sorted(outcome.phantoms.items())
    ]
    return seats + phantoms


def teams(
    record: rows.MatchRecord, outcome: Outcome, sides: list[list[int]] | None = None
) -> list[Team]:
    """The rated teams of a finished match, best place first.

    ``sides``: seats playing together (None: everyone for themselves).
    """
    side_of = {seat: index for index, members in enumerate(sides or []) for seat in members}
    grouped: dict[tuple[Any, int], list[int]] = {}
    for seat in record.seats:
        if seat.kind != "human" or seat.user_id is None:
            continue
        side = side_of.get(seat.seat, ("seat", seat.seat))
        place = outcome.places[seat.seat]
        grouped.setdefault((side, place), []).append(seat.user_id)
    found = [Team(tuple(users), place) for (_, place), users in grouped.items()]
    return sorted(found, key=lambda team: team.place)


def sides_of(engine: Engine[Any], state: Any) -> list[list[int]] | None:
    """The game's sides when it has them (the public view's ``sides``), else None."""
    sides = engine.view(state, None).get("sides")
    if not isinstance(sides, list) or not all(isinstance(side, list) for side in sides):
        return None
    return [[int(seat) for seat in side] for side in sides]


def rate(
    current: Mapping[int, tuple[float, float]], rated: list[Team]
) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) of every player of ``rated``; ``current`` holds the known ratings."""
    if len(rated) < 2:
        return {}
    before = [
        [MODEL.rating(*current[u]) if u in current else MODEL.rating() for u in team.user_ids]
        for team in rated
    ]
    after = MODEL.rate(before, ranks=[float(team.place) for team in rated])
    return {
        user: (rating.mu, rating.sigma)
        for team, new in zip(rated, after, strict=True)
        for user, rating in zip(team.user_ids, new, strict=True)
    }


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating players are ranked by."""
    return MODEL.rating(mu, sigma).ordinal()


@dataclass(frozen=True)
class Finished:
    """A finished match to record: its state and outcome, forfeits applied."""

    engine: Engine[Any]
    record: rows.MatchRecord
    state: Any
    outcome: Outcome
    forfeited: frozenset[int]
    finished_at: str
    results_stored: bool = False
    """Whether its results are stored already (it finished while the backfill ran)."""


async def record(
    db: Connection,
    engine: Engine[Any],
    record_: rows.MatchRecord,
    state: Any,
    outcome: Outcome,
    forfeited: Iterable[int],
    finished_at: str,
    *,
    rating: bool | None = None,
) -> None:
    """Store a finished match's results and rate it, on this server and globally.

    Call inside the transaction that finishes the match. While the backfill is under way
    (``rating`` None: asked of the database) only the results are stored: the backfill
    rates the match after those that finished before it.
    """
    if rating is None:
        rating = not await backfill_pending(db)
    finished = Finished(engine, record_, state, outcome, frozenset(forfeited), finished_at)
    await record_all(db, [finished], rating=rating)


async def record_all(db: Connection, finished: Sequence[Finished], *, rating: bool) -> None:
    """Store finished matches' results and rate them (``rating``), in order, each as if
    recorded alone: the ratings each match starts from are the ones the matches before it
    left. A few statements however many matches."""
    sides = [sides_of(match.engine, match.state) for match in finished]
    results = [
        seat_results(match.record, match.outcome, match.forfeited, match.finished_at, of_match)
        for match, of_match in zip(finished, sides, strict=True)
    ]
    await ratings.record_results(db, [
        result
        for match, of_match in zip(finished, results, strict=True)
        if not match.results_stored
        for result in of_match
    ])
    if not rating:
        return
    rated = [
        (match, teams(match.record, match.outcome, of_match))
        for match, of_match in zip(finished, sides, strict=True)
    ]
    keys = [
        (scope, match.record.game, user)
        for match, teams_ in rated
        for scope in (match.record.guild_id, ratings.GLOBAL)
        for team in teams_
        for user in team.user_ids
    ]
    known = {key: (r.mu, r.sigma) for key, r in (await ratings.ratings_among(db, keys)).items()}
    changes = []
    for (match, teams_), of_match in zip(rated, results, strict=True):
        game, users = match.record.game, [user for team in teams_ for user in team.user_ids]
        won = {r.user_id for r in of_match if r.won and r.user_id is not None}
        for scope in (match.record.guild_id, ratings.GLOBAL):
            current = {user: known[scope, game, user] for user in users
                       if (scope, game, user) in known}
            for user, (mu, sigma) in rate(current, teams_).items():
                known[scope, game, user] = (mu, sigma)
                changes.append(ratings.RatingChange(
                    scope, game, user, mu, sigma, ordinal(mu, sigma), user in won,
                    match.record.id,
                ))
    await ratings.save_ratings(db, changes)


BATCH = 4
"""Matches rated per transaction of the backfill: the writer is never held for long."""


async def backfill_pending(db: Connection) -> bool:
    """Whether finished matches still wait for their ratings (``backfill``)."""
    return await meta.get_meta(db, BACKFILLED) is None


async def backfill_step(
    store: Database, engines: Mapping[str, Engine[Any]], batch: int = BATCH
) -> int | None:
    """Rate the next few finished matches waiting for their ratings, in one short
    transaction: how many were rated, or None once every one is (recorded then).

    In the order they finished (their last update, then their number), each exactly as
    ``record`` rates it live; matches that finished while the backfill was under way come
    last, their results already stored. The step runs in the writer's thread in one go
    (``Store.writing``): the writer is held for the work alone.
    """
    async def step(db: Connection) -> int | None:
        kept = await meta.get_many(db, BACKFILLED, BACKFILL_FROM, BACKFILL_DONE)
        if BACKFILLED in kept:
            return None
        waiting = await rows.finished_after(
            db, *_position(kept.get(BACKFILL_FROM, "")), limit=batch
        )
        ids = [match_id for match_id, _ in waiting]
        records = await rows.fetch_matches(db, ids)
        stored = await ratings.with_results(db, ids)
        finished = [
            match
            for match_id, finished_at in waiting
            if (match := _finished(engines, records.get(match_id), finished_at,
                                   match_id in stored)) is not None
        ]
        await record_all(db, finished, rating=True)
        done = len(finished)
        total = int(kept.get(BACKFILL_DONE) or 0) + done
        if len(waiting) < batch:
            await meta.set_meta(db, BACKFILLED, str(total))
            await meta.delete_meta(db, BACKFILL_FROM, BACKFILL_DONE)
            if total:
                log.info("rated %d matches finished before ratings existed", total)
            return done or None
        finished_at, match_id = waiting[-1][1], waiting[-1][0]
        await meta.set_many(
            db, {BACKFILL_FROM: f"{finished_at} {match_id}", BACKFILL_DONE: str(total)}
        )
        return done

    return await store.writing(step)


def _position(after: str) -> tuple[str, int]:
    """(finished at, match id) of the last match rated ('' and 0 before the first)."""
    if not after:
        return "", 0
    finished_at, match_id = after.rsplit(" ", 1)
    return finished_at, int(match_id)


def _finished(
    engines: Mapping[str, Engine[Any]],
    record_: rows.MatchRecord | None,
    finished_at: str,
    results_stored: bool,
) -> Finished | None:
    """A match the backfill rates, as the table finished it (None: it is not rated)."""
    if record_ is None or record_.game not in engines or record_.state is None:
        return None
    engine = engines[record_.game]
    try:
        state = engine.load(record_.state)
        finished = engine.outcome(state)
    except Exception:
        log.warning("match %s: its stored state does not load; it is not rated", record_.id)
        return None
    if finished is None:
        return None
    forfeited = frozenset(seat.seat for seat in record_.seats if seat.autopilot)
    outcome = clock.forfeit(finished, forfeited)
    return Finished(engine, record_, state, outcome, forfeited, finished_at, results_stored)
