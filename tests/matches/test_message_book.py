"""Where each kept message is, and what it shows: cached, written through, every edit
claimed across processes and never recording an older version over a newer one."""

from __future__ import annotations

from data import matches as rows
from data import message_rows
from data.database import Database
from matches.message_book import MessageBook
from tests.databases import open_store

LEASE = 30.0


class Clock:
    now = 1_000.0

    def __call__(self) -> float:
        return self.now


async def _stored(store: Database, match_id: int) -> dict[str, message_rows.MessageRecord]:
    async with store.read() as db:
        return await message_rows.match_messages(db, match_id)


async def _match(store: Database) -> int:
    async with store.transaction() as db:
        return await rows.insert_match(
            db, game="whyfirst", guild_id=1, channel_id=2, host_id=3, options={}
        )


async def test_where_a_message_is_is_written_at_once(tmp_path):
    store = await open_store(tmp_path / "table.db")
    match_id = await _match(store)
    book = MessageBook(store, "one", Clock(), LEASE)
    assert await book.of(match_id) == {}
    await book.remember(match_id, "board", 10, 555, "first", 1)
    assert (await _stored(store, match_id))["board"].message_id == 555
    assert (await book.of(match_id))["board"].fingerprint == "first"
    await store.close()


async def test_an_edit_records_what_it_showed_when_it_is_over(tmp_path):
    store = await open_store(tmp_path / "table.db")
    match_id = await _match(store)
    book = MessageBook(store, "one", Clock(), LEASE)
    await book.remember(match_id, "board", 10, 555, "first", 1)
    edit = await book.begin(match_id, "board", 2, "second")
    assert edit.granted and edit.shown.fingerprint == "first"
    await book.end(match_id, "board", "second", 2)
    stored = (await _stored(store, match_id))["board"]
    assert (stored.fingerprint, stored.version) == ("second", 2)
    again = await book.begin(match_id, "board", 2, "second")
    assert not again.granted and not again.busy, "it shows that already"
    await store.close()


async def test_one_process_edits_a_message_at_a_time(tmp_path):
    store = await open_store(tmp_path / "table.db")
    match_id = await _match(store)
    clock = Clock()
    one, other = (MessageBook(store, name, clock, LEASE) for name in ("one", "other"))
    await one.remember(match_id, "board", 10, 555, "first", 1)
    assert (await one.begin(match_id, "board", 2, "second")).granted
    waiting = await other.begin(match_id, "board", 3, "third")
    assert not waiting.granted and waiting.busy
    await one.end(match_id, "board", "second", 2)
    assert (await other.begin(match_id, "board", 3, "third")).granted
    await other.end(match_id, "board", "third", 3)
    assert (await _stored(store, match_id))["board"].version == 3
    await store.close()


async def test_an_older_version_is_never_recorded_over_a_newer_one(tmp_path):
    """A process slower than its claim's lease records nothing, and marks the message
    unknown: its edit may have covered the newer state, so the next refresh edits again."""
    store = await open_store(tmp_path / "table.db")
    match_id = await _match(store)
    clock = Clock()
    slow, other = (MessageBook(store, name, clock, LEASE) for name in ("slow", "other"))
    await slow.remember(match_id, "board", 10, 555, "first", 1)
    assert (await slow.begin(match_id, "board", 2, "second")).granted
    clock.now += LEASE + 1
    assert (await other.begin(match_id, "board", 3, "third")).granted, "the lease lapsed"
    await other.end(match_id, "board", "third", 3)
    assert not (await slow.begin(match_id, "board", 2, "second")).granted, "newer shown"
    await slow.end(match_id, "board", "second", 2)
    stored = (await _stored(store, match_id))["board"]
    assert (stored.fingerprint, stored.version) == ("", 3)
    await store.close()
