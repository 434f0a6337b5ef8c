"""Work run in a connection's thread in one go (``Store.reading``, ``Store.writing``):
the same answers, savepoints, group commits and failures as the statement-by-statement
``read`` and ``transaction``."""

from __future__ import annotations

import asyncio
import threading

import pytest

from data import meta
from data.errors import StoreUnavailable, WriteFailed
from tests.databases import open_store, sqlite_only


@pytest.fixture
async def store(tmp_path):
    store = await open_store(tmp_path / "table.db")
    yield store
    await store.close()


def _setting(key: str, value: str):
    async def change(db) -> str:
        await meta.set_meta(db, key, value)
        return value

    return change


def _get(key: str):
    async def query(db) -> str | None:
        return await meta.get_meta(db, key)

    return query


@sqlite_only
async def test_a_change_and_a_query_each_run_in_their_connections_thread(store):
    loop_thread = threading.get_ident()
    threads = []

    async def change(db) -> int:
        threads.append(threading.get_ident())
        cursor = await db.execute("INSERT INTO meta (key, value) VALUES ('a', '1')")
        return cursor.rowcount

    assert await store.writing(change) == 1
    assert await store.reading(_get("a")) == "1"
    async with store.read() as db:  # what a statement-by-statement read finds too
        assert await meta.get_meta(db, "a") == "1"
    assert threads and loop_thread not in threads


@sqlite_only
async def test_changes_in_one_go_share_commits_with_transactions(store):
    async def transaction(n: int) -> None:
        async with store.transaction() as db:
            await meta.set_meta(db, f"t{n}", str(n))

    before = store.commits
    await asyncio.gather(*(store.writing(_setting(f"w{n}", str(n))) for n in range(20)),
                         *(transaction(n) for n in range(20)))
    found = await asyncio.gather(*(store.reading(_get(f"{k}{n}")) for k in "wt" for n in range(20)))
    assert found == [str(n) for n in range(20)] * 2
    assert 1 <= store.commits - before < 10, "forty writers, a handful of fsyncs"


async def test_a_failing_change_rolls_back_only_its_own_statements(store):
    async def failing(db) -> None:
        await meta.set_meta(db, "bad", "never")
        raise ValueError("the move was refused")

    results = await asyncio.gather(
        store.writing(_setting("a", "1")),
        store.writing(failing),
        store.writing(_setting("b", "2")),
        return_exceptions=True,
    )
    assert isinstance(results[1], ValueError)
    assert [await store.reading(_get(k)) for k in ("a", "bad", "b")] == ["1", None, "2"]


@sqlite_only
async def test_work_that_awaits_anything_else_is_refused_and_undone(store):
    async def waits(db) -> None:
        await meta.set_meta(db, "half", "done")
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="awaited something besides"):
        await store.writing(waits)
    with pytest.raises(RuntimeError, match="awaited something besides"):
        await store.reading(waits)
    assert await store.reading(_get("half")) is None
    assert await store.writing(_setting("after", "fine")) == "fine"  # the writer works on


@sqlite_only
async def test_a_full_disk_fails_the_change_and_its_batch(store):
    async with store.transaction() as db:
        pages = (await (await db.execute("PRAGMA page_count")).fetchone())[0]
        await db.execute(f"PRAGMA max_page_count = {pages + 2}")  # room for small writes only

    results = await asyncio.gather(
        store.writing(_setting("small", "kept?")), store.writing(_setting("large", "x" * 200_000)),
        return_exceptions=True,
    )
    assert all(isinstance(r, WriteFailed) for r in results), results
    assert await store.reading(_get("small")) is None
    assert await store.writing(_setting("after", "fine")) == "fine"


async def test_a_query_the_database_refuses_is_a_passing_store_failure(store):
    async def broken(db) -> None:
        await db.execute("SELECT * FROM no_such_table")

    with pytest.raises(StoreUnavailable):
        await store.reading(broken)
    assert await store.reading(_get("anything")) is None  # the reader went back to the pool


@sqlite_only
async def test_changes_waiting_together_are_made_in_one_commit(store):
    before = store.commits
    made = await asyncio.gather(*(store.writing(_setting(f"k{n}", str(n))) for n in range(60)))
    assert made == [str(n) for n in range(60)]
    assert store.commits - before == 1, "sixty changes asked for at once, one commit"


async def test_a_change_whose_caller_gave_up_before_it_was_made_is_not_made(store):
    async with store.transaction() as db:  # the writer is busy: the change has to wait
        await meta.set_meta(db, "first", "1")
        waiting = asyncio.ensure_future(store.writing(_setting("given up", "x")))
        await asyncio.sleep(0)
        waiting.cancel()
    assert await store.writing(_setting("later", "2")) == "2"
    assert await store.reading(_get("given up")) is None
    assert await store.reading(_get("first")) == "1"


@sqlite_only
async def test_queries_waiting_together_are_answered_in_one_call_per_reader(store, monkeypatch):
    from data import direct

    batches = []
    reads = direct.reads

    def counted(connection, queries):
        batches.append(len(queries))
        return reads(connection, queries)

    monkeypatch.setattr(direct, "reads", counted)
    await store.writing(_setting("k", "v"))
    found = await asyncio.gather(*(store.reading(_get("k")) for _ in range(50)))
    assert found == ["v"] * 50
    assert sum(batches) == 50 and len(batches) <= 3, batches  # two readers: two or three calls


async def test_closing_the_store_first_makes_the_changes_and_answers_the_queries_asked(tmp_path):
    store = await open_store(tmp_path / "closing.db")
    writes = [asyncio.ensure_future(store.writing(_setting(f"k{n}", str(n)))) for n in range(10)]
    reads = [asyncio.ensure_future(store.reading(_get("k0"))) for _ in range(5)]
    await asyncio.sleep(0)  # all asked for, none made yet
    await store.close()
    assert [w.result() for w in writes] == [str(n) for n in range(10)]
    assert all(r.done() for r in reads)
    reopened = await open_store(tmp_path / "closing.db")
    assert await reopened.reading(_get("k9")) == "9"
    await reopened.close()


async def test_a_read_is_not_starved_by_queries_that_keep_coming(store):
    await store.writing(_setting("k", "v"))
    done = asyncio.Event()

    async def keep_asking() -> None:
        while not done.is_set():
            await store.reading(_get("k"))

    askers = [asyncio.create_task(keep_asking()) for _ in range(300)]
    try:
        await asyncio.sleep(0.05)  # the readers answer batch after batch now

        async def read_once() -> str | None:
            async with store.read() as db:
                return await meta.get_meta(db, "k")

        assert await asyncio.wait_for(read_once(), timeout=60.0) == "v"  # not starved: no hang
    finally:
        done.set()
        await asyncio.gather(*askers)


async def test_a_transaction_is_not_starved_by_changes_that_keep_coming(store):
    done = asyncio.Event()

    async def keep_changing(n: int) -> None:
        while not done.is_set():
            await store.writing(_setting(f"k{n}", "v"))

    changers = [asyncio.create_task(keep_changing(n)) for n in range(300)]
    try:
        await asyncio.sleep(0.05)  # the writer makes batch after batch now

        async def transaction() -> None:
            async with store.transaction() as db:
                await meta.set_meta(db, "t", "1")

        await asyncio.wait_for(transaction(), timeout=60.0)  # not starved: no hang
    finally:
        done.set()
        await asyncio.gather(*changers)
    assert await store.reading(_get("t")) == "1"
