"""Group commit: transactions queued behind one another share one durable commit."""

from __future__ import annotations

import asyncio

import pytest

from data import meta
from data.errors import WriteFailed
from data.store import Store
from tests.databases import open_store, sqlite_only


@pytest.fixture
async def store(tmp_path):
    store = await open_store(tmp_path / "table.db")
    yield store
    await store.close()


async def _write(store: Store, key: str, value: str) -> None:
    async with store.transaction() as db:
        await meta.set_meta(db, key, value)
        await asyncio.sleep(0)  # a real transaction awaits between its statements


async def _read(store: Store, key: str) -> str | None:
    async with store.read() as db:
        return await meta.get_meta(db, key)


@sqlite_only
async def test_queued_transactions_share_commits_and_all_are_kept(store):
    before = store.commits
    await asyncio.gather(*(_write(store, f"k{n}", str(n)) for n in range(40)))
    assert [await _read(store, f"k{n}") for n in range(40)] == [str(n) for n in range(40)]
    assert 1 <= store.commits - before < 10, "forty writers, a handful of fsyncs"


async def test_a_lone_transaction_commits_at_once(store):
    before = store.commits
    await _write(store, "alone", "yes")
    assert store.commits == before + 1
    assert await _read(store, "alone") == "yes"


async def test_a_failing_transaction_rolls_back_only_its_own_changes(store):
    async def failing() -> None:
        async with store.transaction() as db:
            await meta.set_meta(db, "bad", "never")
            raise ValueError("the move was refused")

    results = await asyncio.gather(
        _write(store, "a", "1"), failing(), _write(store, "b", "2"), return_exceptions=True
    )
    assert isinstance(results[1], ValueError)
    assert (await _read(store, "a"), await _read(store, "bad"), await _read(store, "b")) == (
        "1", None, "2"
    )


async def test_every_transaction_returns_only_once_its_commit_is_visible(store):
    async def write_then_read(n: int) -> str | None:
        await _write(store, f"seen{n}", "yes")
        return await _read(store, f"seen{n}")  # on another connection: committed data only

    assert await asyncio.gather(*(write_then_read(n) for n in range(20))) == ["yes"] * 20


async def test_a_transaction_cancelled_in_the_queue_leaves_no_batch_open(store):
    async with store.transaction() as db:
        await meta.set_meta(db, "first", "1")
        queued = asyncio.create_task(_write(store, "never", "x"))
        await asyncio.sleep(0)  # it waits for the writer
        queued.cancel()
    # The first transaction saw a queued one and left its batch open for it; the queued
    # one was cancelled, yet the first is committed.
    assert await _read(store, "first") == "1"
    with pytest.raises(asyncio.CancelledError):
        await queued
    assert await _read(store, "never") is None


@sqlite_only
async def test_a_full_disk_fails_every_transaction_of_the_batch(store):
    async with store.transaction() as db:
        pages = (await (await db.execute("PRAGMA page_count")).fetchone())[0]
        await db.execute(f"PRAGMA max_page_count = {pages + 2}")  # room for small writes only

    async def large() -> None:
        async with store.transaction() as db:
            await meta.set_meta(db, "large", "x" * 200_000)

    results = await asyncio.gather(
        _write(store, "small", "kept?"), large(), return_exceptions=True
    )
    # SQLite rolled the whole batch back: the small write went with it, and says so.
    assert all(isinstance(r, WriteFailed) for r in results), results
    assert await _read(store, "small") is None
    await _write(store, "after", "fine")  # the writer works again
    assert await _read(store, "after") == "fine"
