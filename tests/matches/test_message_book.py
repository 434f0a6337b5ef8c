"""Where each kept message is, and what it shows: cached, written through, notes batched."""

from __future__ import annotations

from data import matches as rows
from data.store import Store
from matches.message_book import MessageBook
from tests.databases import open_store


async def _stored(store: Store, match_id: int) -> dict[str, rows.MessageRecord]:
    async with store.read() as db:
        return await rows.match_messages(db, match_id)


async def _match(store: Store) -> int:
    async with store.transaction() as db:
        return await rows.insert_match(
            db, game="whyfirst", guild_id=1, channel_id=2, host_id=3, options={}
        )


async def test_where_a_message_is_is_written_at_once_and_notes_before_closing(tmp_path):
    store = await open_store(tmp_path / "table.db")
    match_id = await _match(store)
    book = MessageBook(store)
    assert await book.of(match_id) == {}
    await book.remember(match_id, "board", 10, 555, "first", 1)
    assert (await _stored(store, match_id))["board"].message_id == 555
    book.note_shown(match_id, "board", "second", 2)
    assert (await book.of(match_id))["board"].fingerprint == "second", "seen at once here"
    assert (await _stored(store, match_id))["board"].fingerprint == "first", "written later"
    await book.close()
    stored = (await _stored(store, match_id))["board"]
    assert (stored.fingerprint, stored.version) == ("second", 2)
    await store.close()


async def test_a_note_of_a_message_never_remembered_is_ignored(tmp_path):
    store = await open_store(tmp_path / "table.db")
    match_id = await _match(store)
    book = MessageBook(store)
    book.note_shown(match_id, "hand:7", "anything", 3)
    await book.close()
    assert await _stored(store, match_id) == {}
    await store.close()
