"""The store: migrations, pragmas, transactions and the repositories."""

from __future__ import annotations

import sqlite3

import pytest

from data import career, matches, message_rows, meta, move_rows, seat_rows, shown, versions
from data.errors import IntegrityError, NewerDatabaseError
from data.schema import migrations
from tests.databases import open_store, sqlite_only


@pytest.fixture
async def store(tmp_path):
    store = await open_store(tmp_path / "table.db")
    yield store
    await store.close()


async def test_new_database_is_migrated_to_the_latest_version(store):
    assert await store.schema_version() == migrations()[-1].number


@sqlite_only
async def test_database_uses_wal_and_foreign_keys(store):
    async with store.read() as db:
        assert (await (await db.execute("PRAGMA journal_mode")).fetchone())[0] == "wal"
        assert (await (await db.execute("PRAGMA foreign_keys")).fetchone())[0] == 1
        assert (await (await db.execute("PRAGMA busy_timeout")).fetchone())[0] > 0


async def test_reopening_keeps_data_and_does_not_migrate_again(tmp_path):
    path = tmp_path / "table.db"
    store = await open_store(path)
    async with store.transaction() as db:
        await meta.set_meta(db, "greeting", "hello")
    await store.close()
    store = await open_store(path)
    async with store.read() as db:
        assert await meta.get_meta(db, "greeting") == "hello"
    await store.close()


@sqlite_only
async def test_a_newer_database_is_refused(tmp_path):
    path = tmp_path / "table.db"
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA user_version = 999")
    with pytest.raises(NewerDatabaseError, match="999"):
        await open_store(path)


async def test_a_failed_transaction_is_rolled_back(store):
    with pytest.raises(RuntimeError):
        async with store.transaction() as db:
            await meta.set_meta(db, "half", "written")
            raise RuntimeError("crash mid-move")
    async with store.read() as db:
        assert await meta.get_meta(db, "half") is None


async def _new_match(db, channel_id=10, game="whyfirst"):
    return await matches.insert_match(
        db, game=game, guild_id=1, channel_id=channel_id, host_id=100, options={}
    )


async def test_only_one_open_match_per_game_and_channel(store):
    async with store.transaction() as db:
        await _new_match(db)
        await _new_match(db, game="hare")
    with pytest.raises(IntegrityError):
        async with store.transaction() as db:
            await _new_match(db)


async def test_a_finished_match_frees_the_channel(store):
    async with store.transaction() as db:
        match_id = await _new_match(db)
        await versions.update_match(db, match_id, expected_version=0, status="finished", state={})
        await _new_match(db)


async def test_seats_close_their_gap_when_a_player_leaves(store):
    async with store.transaction() as db:
        match_id = await _new_match(db)
        for user in (100, 101, 102):
            await seat_rows.add_seat(db, match_id, user, f"player {user}")
        await seat_rows.remove_seat(db, match_id, 101)
        record = await matches.fetch_match(db, match_id)
    assert [(s.seat, s.user_id) for s in record.seats] == [(0, 100), (1, 102)]


async def test_a_stale_version_is_not_written(store):
    async with store.transaction() as db:
        match_id = await _new_match(db)
        await versions.update_match(db, match_id, expected_version=0, status="playing", state={})
    with pytest.raises(versions.MatchMoved, match="changed since version 0"):
        async with store.transaction() as db:
            await versions.update_match(
                db, match_id, expected_version=0, status="playing", state={"x": 1}
            )
    async with store.read() as db:
        assert (await matches.fetch_match(db, match_id)).state == {}


async def test_move_log_keeps_order_and_events(store):
    async with store.transaction() as db:
        match_id = await _new_match(db)
        for n in range(5):
            await move_rows.append_move(
                db, match_id, seat=n % 2, move=f"m{n}", decision_point=n, events=[{"kind": "k"}]
            )
    async with store.read() as db:
        log = await move_rows.move_log(db, match_id)
        last = await move_rows.move_log(db, match_id, last=2)
    assert [m.move for m in log] == ["m0", "m1", "m2", "m3", "m4"]
    assert [m.seq for m in last] == [4, 5]
    assert last[0].events == [{"kind": "k"}]


async def test_deleting_a_match_removes_its_rows(store):
    async with store.transaction() as db:
        match_id = await _new_match(db)
        await seat_rows.add_seat(db, match_id, 100, "host")
        await message_rows.remember_message(db, match_id, "board", 10, 555, "", 0)
        await db.execute("DELETE FROM matches WHERE id = ?", (match_id,))
        left = await (await db.execute("SELECT COUNT(*) FROM seats")).fetchone()
    assert left[0] == 0


async def test_career_totals_add_up_per_server_player_and_game(store):
    async with store.transaction() as db:
        await career.record_result(db, 1, 100, "whyfirst", won=True, points=7)
        await career.record_result(db, 1, 100, "whyfirst", won=False, points=-2)
        await career.record_result(db, 2, 100, "whyfirst", won=True, points=3)
        await career.record_result(db, 1, 101, "whyfirst", won=True, points=1)
    async with store.read() as db:
        mine = await career.player_totals(db, 1, 100)
        board = await career.leaderboard(db, 1, "whyfirst")
    assert [(c.played, c.wins, c.points) for c in mine] == [(2, 1, 5)]
    assert [c.user_id for c in board] == [101, 100]


@sqlite_only
async def test_a_full_disk_fails_the_write_and_keeps_nothing_of_it(store):
    from data.errors import WriteFailed

    async with store.transaction() as db:
        pages = (await (await db.execute("PRAGMA page_count")).fetchone())[0]
        await db.execute(f"PRAGMA max_page_count = {pages}")  # the disk has no room left
    with pytest.raises(WriteFailed, match="full"):
        async with store.transaction() as db:
            await meta.set_meta(db, "small", "kept?")
            await meta.set_meta(db, "large", "x" * 200_000)
    async with store.read() as db:
        assert await meta.get_meta(db, "small") is None


@sqlite_only
async def test_reads_do_not_wait_behind_a_writer_waiting_for_a_lock(tmp_path):
    import asyncio

    from data.errors import WriteFailed

    path = tmp_path / "table.db"
    store = await open_store(path, busy_timeout_ms=2000)
    async with store.transaction() as db:
        await meta.set_meta(db, "greeting", "hello")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock

    async def write() -> None:
        async with store.transaction() as db:
            await meta.set_meta(db, "greeting", "changed")

    writing = asyncio.create_task(write())
    await asyncio.sleep(0.05)  # the writer waits for the lock now
    async with store.read() as db:
        assert await meta.get_meta(db, "greeting") == "hello"
    assert not writing.done(), "read while the writer still waits for the lock"
    with pytest.raises(WriteFailed, match="locked"):
        await writing
    other.execute("ROLLBACK")
    other.close()
    await store.close()


async def test_closing_with_a_statement_still_open_keeps_every_commit(tmp_path):
    store = await open_store(tmp_path / "table.db")
    async with store.transaction() as db:
        for n in range(5):
            await meta.set_meta(db, f"k{n}", str(n))
    async with store.transaction() as db:
        cursor = await db.execute("SELECT key FROM meta")
        await cursor.fetchone()  # read one row and leave the statement open
    await store.close()
    del cursor  # the statement ends with its cursor; the file is free again
    again = await open_store(tmp_path / "table.db")
    try:
        async with again.read() as db:
            assert await meta.get_meta(db, "k4") == "4"
    finally:
        await again.close()


async def test_a_kept_message_is_retired_by_one_caller_only(store):
    """Swapping a message in and taking one out each hand the one they replace to their
    caller alone: a message already taken or replaced is nobody's to retire again."""
    async with store.transaction() as db:
        match_id = await _new_match(db)
        notice = message_rows.MessageRecord("notice:100", 10, 555, "", 0)
        assert await shown.swap_message(db, notice, match_id) is None
        newer = message_rows.MessageRecord("notice:100", 10, 556, "", 0)
        assert await shown.swap_message(db, newer, match_id) == notice
        assert await shown.take_message(db, match_id, "notice:100") == newer
        assert await shown.take_message(db, match_id, "notice:100") is None
        assert await shown.swap_message(db, notice, match_id) is None, "kept anew"
    async with store.read() as db:
        assert await message_rows.match_messages(db, match_id) == {"notice:100": notice}


async def test_a_message_asking_to_play_is_kept_only_while_its_match_is_played(store):
    """Swapped in ``while_playing``, a notice asking a player to play is handed back for
    its caller to retire when its match is not being played, and nothing is kept."""
    async with store.transaction() as db:
        match_id = await _new_match(db)
        notice = message_rows.MessageRecord("notice:100", 10, 555, "", 0)
        assert await shown.swap_message(db, notice, match_id, while_playing=True) is notice
        await versions.set_status(db, match_id, expected_version=0, status="playing")
        assert await shown.swap_message(db, notice, match_id, while_playing=True) is None
        await versions.set_status(db, match_id, expected_version=1, status="cancelled")
        later = message_rows.MessageRecord("notice:100", 10, 556, "", 0)
        assert await shown.swap_message(db, later, match_id, while_playing=True) is later
        result = message_rows.MessageRecord("notice:100", 10, 557, "", 0)
        assert await shown.swap_message(db, result, match_id) == notice, "any other notice"
    async with store.read() as db:
        assert await message_rows.match_messages(db, match_id) == {"notice:100": result}
