"""The match lifecycle over a real SQLite file and the Why First? engine."""

from __future__ import annotations

import asyncio

import pytest

from data import career, move_rows
from data.errors import StoreUnavailable
from matches.match import MatchError, Player
from matches.service import MatchService
from matches.timekeeper import Timekeeper
from rules.whyfirst import ENGINE
from tests.databases import open_store
from tests.matches.helpers import play_match

ANNE, BEN, CHRIS = Player(1, "Anne"), Player(2, "Ben"), Player(3, "Chris")


@pytest.fixture
async def service(tmp_path):
    store = await open_store(tmp_path / "table.db")
    yield MatchService(store, {"whyfirst": ENGINE}, new_seed=lambda: 7)
    await store.close()


async def _lobby(service, *players, channel=10):
    match = await service.create(
        "whyfirst", guild_id=1, channel_id=channel, host=players[0], options={}
    )
    for player in players[1:]:
        match = await service.join(match.id, player)
    return match


async def _started(service, *players):
    match = await _lobby(service, *players)
    return await service.start(match.id, players[0].user_id)


async def test_the_host_takes_the_first_seat(service):
    match = await _lobby(service, ANNE)
    assert [(s.seat, s.user_id) for s in match.seats] == [(0, ANNE.user_id)]
    assert match.status == "lobby"


async def test_one_open_match_per_game_per_channel(service):
    await _lobby(service, ANNE)
    with pytest.raises(MatchError, match="already an open"):
        await _lobby(service, BEN)
    await _lobby(service, BEN, channel=11)


async def test_joining_twice_is_refused(service):
    match = await _lobby(service, ANNE, BEN)
    with pytest.raises(MatchError, match="already joined"):
        await service.join(match.id, BEN)


async def test_a_full_match_refuses_a_seventh_player(service):
    match = await _lobby(service, *(Player(n, f"p{n}") for n in range(1, 7)))
    with pytest.raises(MatchError, match="full"):
        await service.join(match.id, Player(7, "p7"))


async def test_only_the_host_starts_and_only_with_enough_players(service):
    match = await _lobby(service, ANNE)
    with pytest.raises(MatchError, match="at least 2"):
        await service.start(match.id, ANNE.user_id)
    match = await service.join(match.id, BEN)
    with pytest.raises(MatchError, match="Only the host"):
        await service.start(match.id, BEN.user_id)
    match = await service.start(match.id, ANNE.user_id)
    assert match.status == "playing"
    assert match.awaited() == {0, 1}


async def test_the_host_cannot_leave_but_others_can(service):
    match = await _lobby(service, ANNE, BEN)
    with pytest.raises(MatchError, match="host"):
        await service.leave(match.id, ANNE.user_id)
    match = await service.leave(match.id, BEN.user_id)
    assert len(match.seats) == 1


async def test_lobby_actions_are_refused_once_started(service):
    match = await _started(service, ANNE, BEN)
    for action in (service.join(match.id, CHRIS), service.leave(match.id, BEN.user_id)):
        with pytest.raises(MatchError, match="already started"):
            await action


async def test_a_move_is_logged_with_the_state_in_one_transaction(service):
    match = await _started(service, ANNE, BEN, CHRIS)
    point = match.decision_point()
    move = ENGINE.legal_moves(match.state, 0)[0]
    result = await service.play(match.id, ANNE.user_id, point, move)
    assert result.match.record.version == match.record.version + 1
    async with service.store.read() as db:
        log = await move_rows.move_log(db, match.id)
    assert [(m.seat, m.move, m.decision_point) for m in log] == [(0, move, point)]
    assert log[0].events == [{"kind": "committed", "seat": 0, "stage": 1, "card_round": 1}]


async def test_refusals_change_nothing(service):
    match = await _started(service, ANNE, BEN)
    point = match.decision_point()
    move = ENGINE.legal_moves(match.state, 0)[0]
    await service.play(match.id, ANNE.user_id, point, move)
    before = await service.get(match.id)
    refusals = [
        (CHRIS.user_id, point, move, "not playing"),
        (ANNE.user_id, point, move, "already played"),
        (ANNE.user_id, point - 1, move, "earlier turn"),
        (BEN.user_id, point, "p99:0", "not in your hand"),
    ]
    for user, at, code, reason in refusals:
        with pytest.raises(MatchError, match=reason):
            await service.play(match.id, user, at, code)
    after = await service.get(match.id)
    assert after.record == before.record


async def test_a_finished_match_updates_careers(service):
    match = await _started(service, ANNE, BEN, CHRIS)
    players = {0: ANNE, 1: BEN, 2: CHRIS}
    while match.status == "playing":
        seat = min(match.awaited())
        move = ENGINE.legal_moves(match.state, seat)[0]
        match = (
            await service.play(match.id, players[seat].user_id, match.decision_point(), move)
        ).match
    outcome = match.outcome()
    async with service.store.read() as db:
        totals = {p.user_id: await career.player_totals(db, 1, p.user_id) for p in players.values()}
    for seat, player in players.items():
        (line,) = totals[player.user_id]
        assert (line.played, line.wins, line.points) == (
            1,
            int(seat in outcome.winners),
            outcome.scores[seat],
        )
    with pytest.raises(MatchError, match="over"):
        await service.play(match.id, ANNE.user_id, match.decision_point(), "p0:0")


async def test_cancel_needs_the_host_or_a_moderator(service):
    match = await _started(service, ANNE, BEN)
    with pytest.raises(MatchError, match="Only the host"):
        await service.cancel(match.id, BEN.user_id)
    match = await service.cancel(match.id, BEN.user_id, moderator=True)
    assert match.status == "cancelled"
    assert await service.stale_messages() == [], "nothing of a cancelled match is kept fresh"


async def test_open_matches_come_back_from_the_database(service, tmp_path):
    match = await _started(service, ANNE, BEN)
    reopened = MatchService(service.store, {"whyfirst": ENGINE})
    again = await reopened.get(match.id)
    assert ENGINE.dump(again.state) == ENGINE.dump(match.state)
    assert await reopened.stale_messages() == [
        (match.id, "board"), (match.id, f"hand:{ANNE.user_id}"), (match.id, f"hand:{BEN.user_id}")
    ], "no message was ever posted for it: all three are due"


async def test_each_read_gets_a_state_of_its_own_and_every_change_is_seen(service):
    match = await _started(service, ANNE, BEN)
    first = await service.get(match.id)
    card = first.state.hands[0][0]
    first.state.hands[0].clear()  # a caller changing its copy changes nothing stored
    again = await service.get(match.id)
    assert again.state.hands[0] and again.version == first.version
    played = await service.play(match.id, ANNE.user_id, again.decision_point(), f"p{card}:0")
    assert (await service.get(match.id)).version == played.match.version == first.version + 1


async def _read_racing_a_write(service, monkeypatch, match_id, meanwhile=None):
    """What ``get`` returns when it read the match's row just before a change raised its
    version by 5 (and ``meanwhile`` ran, before the read came back)."""
    service._forget(match_id)
    fetched, written = asyncio.Event(), asyncio.Event()
    store = service._store
    read = store.reading

    async def slow_read(query):
        record = await read(query)  # the row as it was before the write
        fetched.set()
        await written.wait()
        return record

    monkeypatch.setattr(store, "reading", slow_read)
    reading = asyncio.create_task(service.get(match_id))
    await fetched.wait()
    monkeypatch.setattr(store, "reading", read)
    async with service.changing(match_id) as db:
        await db.execute("UPDATE matches SET version = version + 5 WHERE id = ?", (match_id,))
    if meanwhile is not None:
        await meanwhile()
    written.set()
    return await reading


async def test_a_read_racing_a_write_never_keeps_the_older_row(service, monkeypatch):
    match = await _started(service, ANNE, BEN)
    raced = await _read_racing_a_write(service, monkeypatch, match.id)
    assert raced.version == match.version, "the racing read saw the older row"
    assert (await service.get(match.id)).version == match.version + 5, "and did not keep it"


async def test_computer_seats_are_added_by_the_host_named_and_removed_last_first(service):
    match = await service.create("whyfirst", guild_id=1, channel_id=10, host=ANNE, options={})
    with pytest.raises(MatchError, match="easy or strong"):
        await service.add_computer(match.id, ANNE.user_id, "perfect")
    with pytest.raises(MatchError, match="Only the host"):
        await service.add_computer(match.id, BEN.user_id, "easy")
    await service.add_computer(match.id, ANNE.user_id, "easy")
    match = await service.add_computer(match.id, ANNE.user_id, "strong")
    assert [(s.display_name, s.level, s.user_id) for s in match.seats[1:]] == [
        ("Ada (easy bot)", "easy", None), ("Alan (strong bot)", "strong", None)
    ]
    match = await service.remove_computer(match.id, ANNE.user_id)
    assert [s.display_name for s in match.seats] == ["Anne", "Ada (easy bot)"]
    match = await service.add_computer(match.id, ANNE.user_id, "strong")
    assert match.seats[-1].display_name == "Alan (strong bot)", "a free name again"


async def test_a_rematch_copies_game_options_pace_and_computers_but_not_the_players(service):
    match = await service.create(
        "whyfirst", guild_id=1, channel_id=10, host=ANNE, options={"variant": "tactical"},
        pace="live",
    )
    await service.join(match.id, BEN)
    await service.add_computer(match.id, ANNE.user_id, "strong")
    match = await service.start(match.id, ANNE.user_id)
    with pytest.raises(MatchError, match="follows a finished match"):
        await service.rematch(match.id, BEN)
    await service.cancel(match.id, ANNE.user_id)
    with pytest.raises(MatchError, match="follows a finished match"):
        await service.rematch(match.id, BEN)
    async with service.store.transaction() as db:  # as if it had been played to the end
        await db.execute("UPDATE matches SET status = 'finished' WHERE id = ?", (match.id,))
    service._forget(match.id)
    with pytest.raises(MatchError, match="Only the players"):
        await service.rematch(match.id, Player(99, "stranger"))
    again = await service.rematch(match.id, BEN)
    assert again.id != match.id and again.status == "lobby" and again.host_id == BEN.user_id
    assert again.record.options == {"variant": "tactical"} and again.record.pace == "live"
    assert [(s.user_id, s.level) for s in again.seats] == [(BEN.user_id, None), (None, "strong")]


async def test_a_read_whose_match_is_forgotten_meanwhile_is_not_kept(tmp_path, monkeypatch):
    monkeypatch.setattr("matches.records.MATCHES_CACHED", 2)
    store = await open_store(tmp_path / "table.db")
    try:
        service = MatchService(store, {"whyfirst": ENGINE}, new_seed=lambda: 7)
        first, *others = [await _lobby(service, ANNE, BEN, channel=c) for c in (10, 11, 12)]

        async def forget_the_others():  # and so the first match's mark as well
            for match in others:
                async with service.changing(match.id):
                    pass

        raced = await _read_racing_a_write(service, monkeypatch, first.id, forget_the_others)
        assert raced.version == first.version, "the racing read saw the older row"
        assert (await service.get(first.id)).version == first.version + 5, "and did not keep it"
        # A match forgotten and changed again is never given a mark it had before, so a
        # read that began before it was forgotten cannot take the newer mark for its own.
        marks = [service._forget(first.id) for _ in range(3)]
        for match in others:
            service._forget(match.id)
        marks += [service._forget(first.id) for _ in range(10)]
        assert len(set(marks)) == len(marks)
    finally:
        await store.close()


async def test_matches_beyond_the_cache_are_read_again_as_stored(tmp_path, monkeypatch):
    monkeypatch.setattr("matches.records.MATCHES_CACHED", 2)
    store = await open_store(tmp_path / "table.db")
    try:
        service = MatchService(store, {"whyfirst": ENGINE}, new_seed=lambda: 7)
        started = []
        for channel in range(10, 15):
            match = await _lobby(service, ANNE, BEN, channel=channel)
            started.append(await service.start(match.id, ANNE.user_id))
        first = started[0]
        move = ENGINE.legal_moves(first.state, 0)[0]
        await service.play(first.id, ANNE.user_id, first.decision_point(), move)
        for match in started[1:]:
            await service.get(match.id)  # the first match is forgotten meanwhile
        assert len(service._cache) == 2 and len(service._marks) == 2, "bounded, not per match"
        again = await service.get(first.id)
        assert again.version > first.version
        assert ENGINE.dump(again.state) != ENGINE.dump(first.state)
        assert [m.id for m in started] == [(await service.get(m.id)).id for m in started]
    finally:
        await store.close()


async def test_what_a_move_leaves_in_memory_is_what_the_database_holds(service, monkeypatch):
    match = await _started(service, ANNE, BEN, CHRIS)
    asked: list[object] = []
    reading = service.store.reading

    async def counted(query):
        asked.append(query)
        return await reading(query)

    monkeypatch.setattr(service.store, "reading", counted)
    for turn in range(12):
        seat = min(match.awaited())
        move = ENGINE.legal_moves(match.state, seat)[turn % 2]
        point = match.decision_point()
        if turn % 3 == 2:  # the table plays for a seat whose time ran out
            result = await service.play_for_table(match.id, seat, point, move, "timeout")
        else:
            result = await service.play(match.id, match.seats[seat].user_id, point, move)
        match = result.match
        fresh = MatchService(service.store, {"whyfirst": ENGINE})
        stored = await fresh.get(match.id)
        assert match.record == stored.record
        assert ENGINE.dump(match.state) == ENGINE.dump(stored.state)
        # What the move left in memory is what a read finds, and no read is made for it:
        # the windows of recent moves kept before the move (of any size), and the deadlines.
        asked.clear()
        kept = [await service.recent_moves(match.id, moves) for moves in (3, 12, 20)]
        deadlines = await service.deadlines(match.id)
        # After the first move, the windows of 12 and 20 moves are read once and moved on.
        assert len(asked) == (2 if turn == 0 else 0)
        assert kept == [await fresh.recent_moves(match.id, moves) for moves in (3, 12, 20)]
        assert deadlines == await fresh.deadlines(match.id)
    assert any(seat.timeouts for seat in match.seats)


async def test_a_finished_match_in_memory_is_the_finished_match_stored(service):
    match_id = await play_match(service, "whyfirst", [ANNE, BEN, CHRIS])
    kept = await service.get(match_id)
    stored = await MatchService(service.store, {"whyfirst": ENGINE}).get(match_id)
    assert kept.status == "finished" and kept.record == stored.record
    assert ENGINE.dump(kept.state) == ENGINE.dump(stored.state)


async def test_reads_about_a_match_are_shared_and_never_outlive_a_change(service, monkeypatch):
    match = await _started(service, ANNE, BEN)
    asked, release = [], asyncio.Event()
    store = service._store
    real = store.reading

    async def slow_reading(query):
        asked.append(match.id)
        await release.wait()
        if len(asked) == 3:
            raise StoreUnavailable("the disk is busy")
        return await real(query)

    monkeypatch.setattr(store, "reading", slow_reading)
    first = asyncio.gather(*(service.deadlines(match.id) for _ in range(3)))
    await asyncio.sleep(0.01)
    assert asked == [match.id]  # three asked at once: one read
    async with service.changing(match.id):
        pass  # a change begins and ends while that read is still out
    after = asyncio.ensure_future(service.deadlines(match.id))
    await asyncio.sleep(0.01)
    assert len(asked) == 2  # asked after the change: read again
    release.set()
    assert len({str(d) for d in await first}) == 1
    assert "idle" in await after
    assert await service.deadlines(match.id) == await after  # kept: no read
    assert len(asked) == 2
    async with service.changing(match.id):
        pass
    with pytest.raises(StoreUnavailable):
        await service.deadlines(match.id)  # this read fails ...
    assert "idle" in await service.deadlines(match.id)  # ... and is not kept
    assert len(asked) == 4


async def test_the_seats_that_time_out_together_are_thought_for_at_once(service):
    """Why First?'s card rounds are simultaneous: every seat still awaited at the deadline is
    decided at the same time (a barrier that each decision waits on passes only if all three
    are under way together), and each gets the move decided for it."""
    match = await _started(service, ANNE, BEN, CHRIS)
    deadline = (await service.deadlines(match.id))["decision"]
    waiting = sorted(match.awaited())
    together = asyncio.Barrier(len(waiting))

    async def decide(match, seat):
        await together.wait()
        return match.engine.legal_moves(match.state, seat)[-1]

    result = await asyncio.wait_for(Timekeeper(service).time_out(deadline, decide), 60)
    assert result is not None and result.timed_out == tuple(waiting)
    played = await service.recent_moves(match.id, 10)
    assert [(move.seat, move.how) for move in played] == [(seat, "timeout") for seat in waiting]
    assert [move.move for move in played] == [
        match.engine.legal_moves(match.state, seat)[-1] for seat in waiting
    ]
