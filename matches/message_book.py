"""Which Discord message shows what, for every match: the rows of ``match_messages``.

Read far more often than written (every click checks what its messages show), so the
rows are kept in memory once read, and every change goes through here. Where a message
is (its channel and id) is written at once: losing it would post the message twice.

Several processes may edit one message: an edit is claimed in the database first
(``begin``), which also answers with the row and the match's version as stored now, and
records the version it showed when it is over (``end``); an older version is never
recorded over a newer one (``data.shown``). What is kept here is only a hint: a message
recorded as showing a newer version than a process has is left alone, anything else is
settled by the claim.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from data import message_rows, shown
from data.database import Database
from matches.keyed import Recent

MATCHES_KEPT = 4096
"""Matches whose message rows stay in memory, the most recently used."""


class MessageBook:
    def __init__(
        self, store: Database, holder: str, now: Callable[[], float], lease: float
    ) -> None:
        """``holder``: this process, as its claims name it; ``lease``: seconds an edit's
        claim lasts should the process die while editing."""
        self._store = store
        self._holder = holder
        self._now = now
        self.lease = lease
        self._rows: Recent[int, dict[str, message_rows.MessageRecord]] = Recent(MATCHES_KEPT)

    async def of(self, match_id: int) -> dict[str, message_rows.MessageRecord]:
        """The match's kept messages by purpose (a copy: callers may keep it)."""
        cached = self._rows.get(match_id)
        if cached is None:
            cached = await self._store.reading(lambda db: message_rows.match_messages(db, match_id))
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
            lambda db: message_rows.remember_message(
                db, match_id, purpose, channel_id, message_id, fingerprint, version
            )
        )
        self._keep(
            match_id,
            message_rows.MessageRecord(purpose, channel_id, message_id, fingerprint, version),
        )

    async def swap(
        self, match_id: int, record: message_rows.MessageRecord, *, while_playing: bool = False
    ) -> message_rows.MessageRecord | None:
        """Keep ``record`` as the match's message of its purpose (a message posted anew);
        the message for the caller to retire: the one it replaces, or ``record`` itself
        when it asks a player to play (``while_playing``) and the match has ended
        (``data.shown.swap_message``)."""
        retire = await self._store.writing(
            lambda db: shown.swap_message(db, record, match_id, while_playing=while_playing)
        )
        if retire is record:
            self._rows.pop(match_id)  # read afresh: the match's messages are being taken back
        else:
            self._keep(match_id, record)
        return retire

    async def take(
        self, match_id: int, purpose: str
    ) -> message_rows.MessageRecord | None:
        """Forget the match's message of ``purpose``; the one it was, for the caller alone
        to retire (``data.shown.take_message``)."""
        taken = await self._store.writing(
            lambda db: shown.take_message(db, match_id, purpose)
        )
        self._rows.pop(match_id)  # read afresh: another message may be kept since
        return taken

    async def begin(
        self, match_id: int, purpose: str, version: int, fingerprint: str | None
    ) -> shown.Edit:
        """Claim the edit of the message to show ``fingerprint`` of match ``version`` (see
        ``data.shown.begin_edit``); pair a granted one with :meth:`end`."""
        edit = await self._store.writing(
            lambda db: shown.begin_edit(
                db, match_id, purpose, version=version, fingerprint=fingerprint,
                holder=self._holder, now=self._now(), lease=self.lease,
            )
        )
        if edit.shown is not None:
            self._keep(match_id, edit.shown)
        return edit

    async def end(
        self, match_id: int, purpose: str, fingerprint: str | None, version: int
    ) -> None:
        """The edit claimed by :meth:`begin` is over; ``fingerprint``: what the message
        shows now (None: nothing to record, the edit failed or showed a step)."""
        recorded = await self._store.writing(
            lambda db: shown.end_edit(
                db, match_id, purpose, holder=self._holder, fingerprint=fingerprint,
                version=version,
            )
        )
        current = (self._rows.get(match_id) or {}).get(purpose)
        if recorded and current is not None and fingerprint is not None:
            self._keep(match_id, replace(current, fingerprint=fingerprint, version=version))
        elif fingerprint is not None:
            self._rows.pop(match_id)  # refused: what is recorded is read afresh

    def _keep(self, match_id: int, record: message_rows.MessageRecord) -> None:
        cached = self._rows.get(match_id)
        if cached is not None:  # else the next read finds the row in the database
            cached[record.purpose] = record
