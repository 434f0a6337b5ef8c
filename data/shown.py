"""What each kept message shows, across processes: one editor at a time, and never an
older version of the match recorded over a newer one."""

from __future__ import annotations

from dataclasses import dataclass

from data import claims, message_rows, versions
from data.interface import Connection


@dataclass(frozen=True)
class Edit:
    """The answer to a process about to edit a kept message."""

    granted: bool
    """Whether it edits now; else the message shows this already or something newer, or
    another process is editing it (``busy``)."""
    busy: bool
    shown: message_rows.MessageRecord | None
    """The message as recorded now (None: never posted)."""
    match_version: int | None
    """The match's version as stored now."""


async def message_of(
    db: Connection, match_id: int, purpose: str
) -> message_rows.MessageRecord | None:
    cursor = await db.execute(
        f"SELECT {message_rows.COLUMNS} FROM match_messages WHERE match_id = ? AND purpose = ?",
        (match_id, purpose),
    )
    return await message_rows.one_record(cursor)


async def swap_message(
    db: Connection, record: message_rows.MessageRecord, match_id: int,
    *, while_playing: bool = False,
) -> message_rows.MessageRecord | None:
    """Keep ``record`` as the match's message of its purpose, the match locked meanwhile
    (``versions.lock_match``: two processes swapping at once take turns); the message this
    caller alone then retires: the one ``record`` replaces, whichever process posted it, or
    ``record`` itself when it asks a player to play (``while_playing``) and the match is no
    longer being played (None: nothing to retire)."""
    await versions.lock_match(db, match_id)
    if while_playing:
        cursor = await db.execute("SELECT status FROM matches WHERE id = ?", (match_id,))
        row = await cursor.fetchone()
        if row is None or row[0] != "playing":
            return record
    old = await message_of(db, match_id, record.purpose)
    if old is not None:
        cursor = await db.execute(
            "UPDATE match_messages SET channel_id = ?, message_id = ?, fingerprint = ?,"
            " version = ? WHERE match_id = ? AND purpose = ? AND message_id = ?",
            (record.channel_id, record.message_id, record.fingerprint, record.version,
             match_id, record.purpose, old.message_id),
        )
        if cursor.rowcount == 1:
            return old
    # None kept, or taken back meanwhile (taking does not lock): the taker retires it.
    await message_rows.remember_message(
        db, match_id, record.purpose, record.channel_id, record.message_id,
        record.fingerprint, record.version,
    )
    return None


async def take_message(
    db: Connection, match_id: int, purpose: str
) -> message_rows.MessageRecord | None:
    """Forget the match's message of ``purpose``; the one it was, which this caller alone
    then retires (None: none is kept, or another caller took it first)."""
    cursor = await db.execute(
        "DELETE FROM match_messages WHERE match_id = ? AND purpose = ?"
        f" RETURNING {message_rows.COLUMNS}",
        (match_id, purpose),
    )
    return await message_rows.one_record(cursor)


def _editing(match_id: int, purpose: str) -> str:
    return f"message:{match_id}:{purpose}"


async def begin_edit(
    db: Connection,
    match_id: int,
    purpose: str,
    *,
    version: int,
    fingerprint: str | None,
    holder: str,
    now: float,
    lease: float,
) -> Edit:
    """Claim the edit of the message to show ``fingerprint`` (None: something not recorded,
    such as a step of a move) of match ``version``, unless it shows that or a newer version
    already."""
    shown = await message_of(db, match_id, purpose)
    stored = await versions.match_version(db, match_id)
    if shown is not None and shown.version > version:
        return Edit(False, False, shown, stored)
    if shown is not None and shown.fingerprint == fingerprint:
        # Shown already: it counts as showing this version, so no older one replaces it.
        await db.execute(
            "UPDATE match_messages SET version = ? WHERE match_id = ? AND purpose = ?"
            " AND version < ?",
            (version, match_id, purpose, version),
        )
        return Edit(False, False, shown, stored)
    granted = await claims.claim(
        db, _editing(match_id, purpose), holder, now=now, lease=lease
    )
    return Edit(granted, not granted, shown, stored)


async def end_edit(
    db: Connection,
    match_id: int,
    purpose: str,
    *,
    holder: str,
    fingerprint: str | None,
    version: int,
) -> bool:
    """The edit is over: record what the message shows (``fingerprint`` of ``version``;
    None: nothing new) unless a newer version was recorded meanwhile, and let the next
    editor in; whether it was recorded. A newer record means this edit outlived its claim
    and may have covered the newer state: the message is then marked unknown, so the next
    refresh edits it again."""
    recorded = False
    if fingerprint is not None:
        cursor = await db.execute(
            "UPDATE match_messages SET fingerprint = ?, version = ?"
            " WHERE match_id = ? AND purpose = ? AND version <= ?",
            (fingerprint, version, match_id, purpose, version),
        )
        recorded = cursor.rowcount == 1
        if not recorded:
            await db.execute(
                "UPDATE match_messages SET fingerprint = '' WHERE match_id = ? AND purpose = ?",
                (match_id, purpose),
            )
    await claims.give_back(db, _editing(match_id, purpose), holder)
    return recorded
