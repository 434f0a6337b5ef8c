"""Results and ratings of finished matches: openskill's numbers, live and backfilled."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from data import matches as rows
from data import meta, ratings
from matches import clock, results, upkeep
from matches.match import Player
from matches.service import MatchService
from rules.base import Outcome
from rules.catalog import ENGINES
from tests.databases import open_store, sqlite_only
from tests.matches.helpers import play_match, to_version_5

ANNE, BEN, CHRIS, DORA = (Player(n, name) for n, name in enumerate("abcd", start=1))
GUILD, OTHER_GUILD = 1, 2


@pytest.fixture
async def service(tmp_path):
    store = await open_store(tmp_path / "table.db", durable=False)
    yield MatchService(store, ENGINES, new_seed=iter(range(100, 10_000)).__next__)
    await store.close()


async def _record(service, match_id):
    async with service.store.read() as db:
        return await rows.fetch_match(db, match_id)


async def _outcome(service, match_id):
    """The stored result with the forfeits applied, as the table rules it."""
    record = await _record(service, match_id)
    engine = ENGINES[record.game]
    outcome = engine.outcome(engine.load(record.state))
    return record, clock.forfeit(outcome, {s.seat for s in record.seats if s.autopilot})


async def _ratings(service, guild_id, game):
    async with service.store.read() as db:
        cursor = await db.execute(
            "SELECT user_id, mu, sigma, matches, wins FROM ratings"
            " WHERE guild_id = ? AND game = ? ORDER BY user_id",
            (guild_id, game),
        )
        return {r[0]: tuple(r[1:]) for r in await cursor.fetchall()}


def _expected(history):
    """Ratings computed with openskill directly: ``history`` is [(teams of user ids, ranks)]."""
    model = PlackettLuce()
    known = {}
    for teams, ranks in history:
        before = [[known.get(u, model.rating()) for u in team] for team in teams]
        after = model.rate(before, ranks=ranks)
        for team, new in zip(teams, after, strict=True):
            for user, rating in zip(team, new, strict=True):
                known[user] = rating
    return {u: (r.mu, r.sigma) for u, r in known.items()}


def _assert_ratings(stored, expected):
    assert set(stored) == set(expected)
    for user, (mu, sigma) in expected.items():
        assert stored[user][:2] == pytest.approx((mu, sigma), abs=1e-12), user


async def test_ratings_after_three_matches_equal_openskills_own(service):
    history = []
    for number, players in enumerate([[ANNE, BEN, CHRIS], [BEN, CHRIS], [CHRIS, ANNE, DORA]]):
        match_id = await play_match(service, "whyfirst", players, seed=number)
        record, outcome = await _outcome(service, match_id)
        history.append(
            ([[s.user_id] for s in record.seats], [outcome.places[s.seat] for s in record.seats])
        )
    stored = await _ratings(service, GUILD, "whyfirst")
    _assert_ratings(stored, _expected(history))
    assert stored[CHRIS.user_id][2] == 3 and stored[DORA.user_id][2] == 1, "matches counted"
    assert await _ratings(service, ratings.GLOBAL, "whyfirst") == stored


async def test_leo_is_not_rated_and_the_seats_keep_their_places(service):
    match_id = await play_match(service, "whyfirst", [ANNE, BEN])
    _, outcome = await _outcome(service, match_id)
    assert outcome.phantoms == {2: "Leo"}
    stored = await _ratings(service, GUILD, "whyfirst")
    assert set(stored) == {ANNE.user_id, BEN.user_id}
    _assert_ratings(stored, _expected([([[1], [2]], list(outcome.places[:2]))]))


def _record_of(seats, *, match_id=1, game="whyfirst"):
    return rows.MatchRecord(
        id=match_id, game=game, guild_id=GUILD, channel_id=10, host_id=1, status="finished",
        options={}, state=None, version=1, seats=tuple(seats),
    )


def _human(seat, user):
    return rows.SeatRecord(seat, "human", user, f"p{user}", False)


def test_tied_players_form_teams_of_their_own_sharing_a_rank():
    record = _record_of([_human(0, 1), _human(1, 2), _human(2, 3), _human(3, 4)])
    outcome = Outcome(scores=(5, 5, 9, 1), winners=frozenset({0, 1}), places=(1, 1, 3, 4))
    teams = results.teams(record, outcome)
    assert [(t.user_ids, t.place) for t in teams] == [((1,), 1), ((2,), 1), ((3,), 3), ((4,), 4)]
    new = results.rate({}, teams)
    expected = _expected([([[1], [2], [3], [4]], [1, 1, 3, 4])])
    assert set(new) == set(expected)
    for user, numbers in expected.items():
        assert new[user] == pytest.approx(numbers, abs=1e-12)
    assert new[1] == new[2], "a tie moves both players alike"


def test_computer_seats_are_not_rated():
    computer = rows.SeatRecord(1, "computer", None, "Robot", False)
    record = _record_of([_human(0, 1), computer, _human(2, 3)])
    outcome = Outcome(scores=(1, 2, 3), winners=frozenset({2}), places=(3, 2, 1))
    teams = results.teams(record, outcome)
    assert [(t.user_ids, t.place) for t in teams] == [((3,), 1), ((1,), 3)]
    results_ = results.seat_results(record, outcome, (), "now")
    assert results_[1].user_id is None


def test_a_single_rated_player_changes_no_rating():
    record = _record_of([_human(0, 1)])
    outcome = Outcome(scores=(1,), winners=frozenset({0}), places=(1,))
    assert results.rate({}, results.teams(record, outcome)) == {}


async def test_sequence_numbers_sides_are_rated_as_teams(service):
    players = [ANNE, BEN, CHRIS, DORA]
    match_id = await play_match(service, "numbers", players, options={"teams": 2})
    record, outcome = await _outcome(service, match_id)
    engine = ENGINES["numbers"]
    sides = engine.view(engine.load(record.state), None)["sides"]
    assert sorted(len(side) for side in sides) == [2, 2]
    teams = [[record.seats[s].user_id for s in side] for side in sides]
    ranks = [outcome.places[side[0]] for side in sides]
    stored = await _ratings(service, GUILD, "numbers")
    _assert_ratings(stored, _expected([(teams, ranks)]))
    for side in sides:
        assert len({stored[record.seats[s].user_id] for s in side}) == 1, "partners move alike"
    async with service.store.read() as db:
        told = [(await ratings.results_of_player(db, GUILD, player.user_id, "numbers",
                                                    limit=1))[0]
                for player in players]
    assert sorted((result.place, result.players) for result in told) == [
        (1, 2), (1, 2), (2, 2), (2, 2)], "partners who lost placed 2nd of the 2 sides"


async def test_a_partner_who_resigns_is_rated_alone_after_everyone_who_stayed(service):
    players = [ANNE, BEN, CHRIS, DORA]
    match_id = await play_match(
        service, "numbers", players, options={"teams": 2}, resign=BEN, seed=3
    )
    record, outcome = await _outcome(service, match_id)
    ben = record.seat_of(BEN.user_id)
    assert outcome.places[ben] == max(outcome.places), "the forfeit is placed last"
    rated = results.teams(record, outcome, results.sides_of(ENGINES["numbers"],
                          ENGINES["numbers"].load(record.state)))
    assert rated[-1].user_ids == (BEN.user_id,)
    expected = _expected([([list(t.user_ids) for t in rated], [t.place for t in rated])])
    _assert_ratings(await _ratings(service, GUILD, "numbers"), expected)
    async with service.store.read() as db:
        ben_result = (await ratings.results_of_player(db, GUILD, BEN.user_id, "numbers", limit=1))
    assert ben_result[0].forfeited and not ben_result[0].won and ben_result[0].points == 0
    assert (ben_result[0].place, ben_result[0].players) == (4, 4), "placed apart: of 4"


async def test_a_match_without_a_result_is_not_rated(service):
    match = await service.create("whyfirst", guild_id=GUILD, channel_id=10, host=ANNE, options={})
    await service.join(match.id, BEN)
    await service.start(match.id, ANNE.user_id)
    await service.cancel(match.id, ANNE.user_id)
    assert await _ratings(service, GUILD, "whyfirst") == {}
    async with service.store.read() as db:
        assert not await ratings.has_results(db, match.id)


async def test_server_ratings_count_one_server_and_global_ones_every_server(service):
    await play_match(service, "hare", [ANNE, BEN], guild_id=GUILD)
    await play_match(service, "hare", [ANNE, BEN], guild_id=OTHER_GUILD, channel_id=20)
    here = await _ratings(service, GUILD, "hare")
    everywhere = await _ratings(service, ratings.GLOBAL, "hare")
    assert here[ANNE.user_id][2] == 1 and everywhere[ANNE.user_id][2] == 2


async def _play_a_season(service):
    await play_match(service, "whyfirst", [ANNE, BEN, CHRIS], seed=1)
    await play_match(service, "hare", [BEN, CHRIS, DORA], resign=DORA, seed=2)
    await play_match(service, "whyfirst", [DORA, ANNE], guild_id=OTHER_GUILD, channel_id=20)
    await play_match(service, "numbers", [ANNE, BEN, CHRIS, DORA], options={"teams": 2})
    await play_match(service, "whyfirst", [CHRIS, ANNE, BEN, DORA], seed=5)


async def _snapshot(store):
    async with store.read() as db:
        found = {}
        for table in ("ratings", "results"):
            cursor = await db.execute(f"SELECT * FROM {table} ORDER BY 1, 2, 3")
            found[table] = [tuple(r) for r in await cursor.fetchall()]
        return found


@sqlite_only
async def test_the_backfill_of_an_older_database_equals_live_rating(tmp_path):
    path = tmp_path / "table.db"
    store = await open_store(path, durable=False)
    service = MatchService(store, ENGINES, new_seed=iter(range(100, 10_000)).__next__)
    await _play_a_season(service)
    live = await _snapshot(store)
    assert len(live["ratings"]) > 8
    await store.close()
    to_version_5(path)
    store = await open_store(path, durable=False)
    try:
        service = MatchService(store, ENGINES)
        assert await _snapshot(store) == {"ratings": [], "results": []}
        assert await upkeep.backfill_ratings(store, ENGINES) == 5
        assert await _snapshot(store) == live
        assert await upkeep.backfill_ratings(store, ENGINES) == 0, "done once"
        async with store.read() as db:
            assert await meta.get_meta(db, results.BACKFILLED) == "5"
    finally:
        await store.close()


async def _ratings_rows(store):
    async with store.read() as db:
        cursor = await db.execute("SELECT * FROM ratings ORDER BY 1, 2, 3")
        return [tuple(r) for r in await cursor.fetchall()]


@sqlite_only
async def test_a_match_finished_during_the_backfill_is_rated_after_the_older_ones(tmp_path):
    """The backfill goes a few matches per transaction; a match finishing meanwhile keeps
    its results and is rated last, so the numbers equal live rating of the whole season."""
    seeds = iter(range(100, 10_000)).__next__
    reference = await open_store(tmp_path / "live.db", durable=False)
    service = MatchService(reference, ENGINES, new_seed=seeds)
    await _play_a_season(service)
    await play_match(service, "whyfirst", [BEN, DORA], seed=6)
    live = await _ratings_rows(reference)
    await reference.close()

    path = tmp_path / "table.db"
    store = await open_store(path, durable=False)
    await _play_a_season(MatchService(store, ENGINES, new_seed=iter(range(100, 105)).__next__))
    await store.close()
    to_version_5(path)
    store = await open_store(path, durable=False)
    try:
        service = MatchService(store, ENGINES, new_seed=iter(range(105, 10_000)).__next__)
        assert await results.backfill_step(store, ENGINES, batch=2) == 2
        match_id = await play_match(service, "whyfirst", [BEN, DORA], seed=6)
        async with store.read() as db:
            assert await ratings.has_results(db, match_id), "its results are kept at once"
            assert await results.backfill_pending(db)
        assert await _ratings_rows(store) != live
        rated = await upkeep.backfill_ratings(store, ENGINES)
        assert rated == 4, "three older matches, then the new one"
        assert await _ratings_rows(store) == live
        async with store.read() as db:
            assert not await results.backfill_pending(db)
            assert await meta.get_meta(db, results.BACKFILLED) == "6"
    finally:
        await store.close()


async def test_a_new_database_records_the_backfill_as_done(service):
    assert await upkeep.backfill_ratings(service.store, ENGINES) == 0
    async with service.store.read() as db:
        assert await meta.get_meta(db, results.BACKFILLED) == "0"
