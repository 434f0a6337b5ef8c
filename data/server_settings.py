"""One server's ``settings`` row: each setting set on its own, the others kept."""

from __future__ import annotations

from typing import Literal, get_args

from data.interface import Connection

Setting = Literal["language", "pace", "notices"]
"""A column of ``settings`` a server sets (None in it: the table's default)."""


async def set_server_setting(
    db: Connection, guild_id: int, setting: Setting, value: str | int | None, *, now: float
) -> None:
    """Set one of the server's settings, its other settings as they were; ``now`` marks the
    row changed (readers in other processes look for changed rows)."""
    if setting not in get_args(Setting):  # a column name, never a player's text
        raise ValueError(f"no server setting {setting!r}")
    await db.execute(
        f"INSERT INTO settings (guild_id, {setting}, changed_at) VALUES (?, ?, ?)"
        f" ON CONFLICT (guild_id) DO UPDATE SET {setting} = excluded.{setting},"
        " changed_at = excluded.changed_at",
        (guild_id, value, now),
    )


async def notice_channel(db: Connection, guild_id: int) -> int | None:
    """The channel the server chose for the notices posted in a channel; None: each match's
    own channel."""
    cursor = await db.execute("SELECT notices FROM settings WHERE guild_id = ?", (guild_id,))
    row = await cursor.fetchone()
    return int(row[0]) if row and row[0] is not None else None
