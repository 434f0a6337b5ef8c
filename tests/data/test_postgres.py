"""The PostgreSQL store: placeholders, one snapshot per read, the match lock, and a busy or
vanished server answered with the store's own errors, never a hang."""

from __future__ import annotations

import asyncio

import pytest

from data import matches, message_rows, meta, shown, versions
from data.errors import StoreUnavailable, WriteFailed
from data.postgres import PostgresStore, translated
from data.schema import migrations
from tests.databases import open_store, postgres_only, server


def test_placeholders_are_numbered_outside_quotes_once_per_statement():
    sql = "SELECT '?', \"a?\" FROM t WHERE x = ? AND y IN (?, ?) RETURNING id"
    assert translated(sql) == (
        "SELECT '?', \"a?\" FROM t WHERE x = $1 AND y IN ($2, $3) RETURNING id", True
    )
    assert translated("UPDATE t SET x = ? WHERE y = ?") == (
        "UPDATE t SET x = $1 WHERE y = $2", False
    )
    hits = translated.cache_info().hits
    translated("UPDATE t SET x = ? WHERE y = ?")
    assert translated.cache_info().hits == hits + 1


@pytest.fixture
async def store(tmp_path):
    store = await open_store(tmp_path / "table.db", busy_timeout=0.5)
    yield store
    await store.close()


async def _new_match(store) -> int:
    async with store.transaction() as db:
        return await matches.insert_match(
            db, game="hare", guild_id=1, channel_id=10, host_id=100, options={}
        )


@postgres_only
async def test_a_locked_match_makes_another_write_fail_plainly_while_reads_go_on(
    store, tmp_path
):
    match_id = await _new_match(store)
    other = await open_store(tmp_path / "table.db")  # another process on the same database
    locked, release = asyncio.Event(), asyncio.Event()

    async def hold() -> None:
        async with other.transaction() as db:
            await versions.lock_match(db, match_id)
            locked.set()
            await release.wait()

    holder = asyncio.create_task(hold())
    await locked.wait()
    with pytest.raises(WriteFailed, match="lock"):
        async with store.transaction() as db:
            await versions.lock_match(db, match_id)
    async with store.read() as db:
        assert (await matches.fetch_match(db, match_id)).version == 0
    release.set()
    await holder
    await other.close()
    async with store.transaction() as db:  # the lock is free again
        await versions.lock_match(db, match_id)
        await versions.set_status(db, match_id, expected_version=0, status="cancelled")


@postgres_only
async def test_a_read_sees_one_committed_snapshot(store):
    async with store.transaction() as db:
        await meta.set_meta(db, "greeting", "hello")
    async with store.read() as db:
        before = await meta.get_meta(db, "greeting")
        async with store.transaction() as writer:
            await meta.set_meta(writer, "greeting", "changed")
        assert (before, await meta.get_meta(db, "greeting")) == ("hello", "hello")
    assert await store.reading(lambda db: meta.get_meta(db, "greeting")) == "changed"


@postgres_only
async def test_a_connection_lost_mid_write_fails_it_and_keeps_nothing(store):
    with pytest.raises(WriteFailed):
        async with store.transaction() as db:
            await meta.set_meta(db, "half", "written")
            (pid,) = await (await db.execute("SELECT pg_backend_pid()")).fetchone()
            server().count(f"SELECT count(*) FROM (SELECT pg_terminate_backend({pid})) AS gone")
            await meta.set_meta(db, "rest", "written")
    assert await store.reading(lambda db: meta.get_meta(db, "half")) is None
    assert await store.writing(lambda db: meta.set_meta(db, "after", "fine")) is None


@postgres_only
async def test_a_read_on_a_lost_connection_is_a_passing_failure(store):
    with pytest.raises(StoreUnavailable):
        async with store.read() as db:
            (pid,) = await (await db.execute("SELECT pg_backend_pid()")).fetchone()
            server().count(f"SELECT count(*) FROM (SELECT pg_terminate_backend({pid})) AS gone")
            await meta.get_meta(db, "anything")
    assert await store.reading(lambda db: meta.get_meta(db, "anything")) is None


@postgres_only
async def test_processes_starting_together_on_a_new_database_migrate_it_once():
    server().psql("DROP DATABASE IF EXISTS started_together WITH (FORCE)")
    server().psql("CREATE DATABASE started_together")
    url = server().url("started_together")
    try:
        stores = await asyncio.gather(*(PostgresStore.open(url) for _ in range(3)))
        assert [await store.schema_version() for store in stores] == [
            migrations()[-1].number
        ] * 3
        for store in stores:
            await store.close()
    finally:
        server().psql("DROP DATABASE started_together WITH (FORCE)")


@postgres_only
async def test_two_processes_swapping_one_message_at_once_each_retire_the_one_they_replaced(
    tmp_path,
):
    """One process swaps a notice in while another's swap of the same notice is not yet
    committed: the second waits for the first and retires what the first kept, so no
    notice is left behind undeleted."""
    first = await open_store(tmp_path / "table.db", busy_timeout=30)
    second = await open_store(tmp_path / "table.db", busy_timeout=30)  # another process
    match_id = await _new_match(first)
    kept, by_first, by_second = (
        message_rows.MessageRecord("notice:100", 10, message_id, "", 0)
        for message_id in (555, 556, 557)
    )
    await first.writing(lambda db: shown.swap_message(db, kept, match_id))
    swapped, commit = asyncio.Event(), asyncio.Event()

    async def first_swap() -> message_rows.MessageRecord | None:
        async with first.transaction() as db:
            retired = await shown.swap_message(db, by_first, match_id)
            swapped.set()
            await commit.wait()
        return retired

    first_swapping = asyncio.ensure_future(first_swap())
    await swapped.wait()
    second_swapping = asyncio.ensure_future(
        second.writing(lambda db: shown.swap_message(db, by_second, match_id))
    )
    while not await _waiting_for_a_lock(first):
        await asyncio.sleep(0.01)  # the second swap has reached the first's lock
    commit.set()
    assert await first_swapping == kept
    assert await second_swapping == by_first
    async with first.read() as db:
        assert await message_rows.match_messages(db, match_id) == {"notice:100": by_second}
    await first.close()
    await second.close()


async def _waiting_for_a_lock(store) -> bool:
    async with store.read() as db:
        cursor = await db.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
        return (await cursor.fetchone())[0] > 0
