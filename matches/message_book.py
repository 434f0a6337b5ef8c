"""Which Discord message shows what, for every match: the rows of ``match_messages``.

Read far more often than written (every click checks what its messages show), so the
rows are kept in memory once read, and every change goes through here. Where a message
is (its channel and id) is written at once: losing it would post the message twice.
What a message shows (fingerprint and version) is only a hint that saves edits, so it is
written in batches, at most ``NOTE_DELAY`` seconds late and always before the store closes;
a crash in between costs a few needless edits after the restart, nothing more.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from data import matches as rows
from data.database import Database
from data.errors import StoreUnavailable
from data.interface import Connection
from matches.keyed import Recent

log = logging.getLogger(__name__)

NOTE_DELAY = 1.0
MATCHES_KEPT = 4096
"""Matches whose message rows stay in memory, the most recently used."""


class MessageBook:
    def __init__(self, store: Database) -> None:
        self._store = store
        self._rows: Recent[int, dict[str, rows.MessageRecord]] = Recent(MATCHES_KEPT)
        self._notes: dict[tuple[int, str], rows.MessageRecord] = {}
        self._writing: asyncio.Task[None] | None = None

    async def of(self, match_id: int) -> dict[str, rows.MessageRecord]:
        """The match's kept messages by purpose (a copy: callers may keep it)."""
        cached = self._rows.get(match_id)
        if cached is None:
            cached = await self._store.reading(lambda db: rows.match_messages(db, match_id))
            # A write may have landed while reading: it is newer than what was read.
            cached = self._rows.setdefault(match_id, cached)
        return dict(cached)

    async def remember(
        self,
        match_id: int,
        purpose: str,
        channel_id: int,
        message_id: int,
        fingerprint: str,
        version: int,
    ) -> None:
        await self._store.writing(
            lambda db: rows.remember_message(
                db, match_id, purpose, channel_id, message_id, fingerprint, version
            )
        )
        self._notes.pop((match_id, purpose), None)
        cached = self._rows.get(match_id)
        if cached is not None:  # else the next read finds the row in the database
            cached[purpose] = rows.MessageRecord(
                purpose, channel_id, message_id, fingerprint, version
            )

    def note_shown(self, match_id: int, purpose: str, fingerprint: str, version: int) -> None:
        """What the message shows now; written with the next batch."""
        cached = self._rows.get(match_id)
        current = None if cached is None else cached.get(purpose)
        if cached is None or current is None:
            return  # a hint: the match was forgotten meanwhile, its next refresh finds out
        noted = replace(current, fingerprint=fingerprint, version=version)
        cached[purpose] = noted
        self._notes[(match_id, purpose)] = noted
        if self._writing is None or self._writing.done():
            self._writing = asyncio.create_task(self._write_soon(), name="message-notes")

    async def _write_soon(self) -> None:
        await asyncio.sleep(NOTE_DELAY)
        await self.flush()

    async def flush(self) -> None:
        """Write every pending note in one transaction."""
        notes, self._notes = self._notes, {}
        if not notes:
            return

        async def write(db: Connection) -> None:
            for (match_id, purpose), record in notes.items():
                await rows.note_shown(db, match_id, purpose, record.fingerprint, record.version)

        try:
            await self._store.writing(write)
        except StoreUnavailable as error:
            log.warning("notes of %d messages not written: %s", len(notes), error)

    async def close(self) -> None:
        """Write what is pending; call before the store closes."""
        if self._writing is not None and not self._writing.done():
            self._writing.cancel()
        await self.flush()
