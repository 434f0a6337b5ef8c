"""Which language each player and each server reads: players' choices and the Discord
locale they last used, servers' settings."""

from __future__ import annotations

from dataclasses import dataclass

from data.interface import Connection
from data.server_settings import set_server_setting


@dataclass(frozen=True)
class PlayerLanguage:
    user_id: int
    chosen: str | None
    """The language chosen with /language; None: follow Discord."""
    discord_locale: str | None
    """The Discord locale of the player's latest interaction."""


async def player_languages(
    db: Connection, since: float | None = None
) -> list[PlayerLanguage]:
    """Every player's languages; ``since``: only those changed since then (seconds since
    the epoch), by any process."""
    query = "SELECT user_id, chosen, discord_locale FROM player_languages"
    cursor = await (
        db.execute(query) if since is None
        else db.execute(f"{query} WHERE changed_at >= ?", (since,))
    )
    return [PlayerLanguage(*row) for row in await cursor.fetchall()]


async def server_languages(
    db: Connection, since: float | None = None
) -> dict[int, str | None]:
    """The language each server chose; ``since``: those whose setting changed since then,
    None where it follows its Discord locale again (else those are absent)."""
    if since is None:
        cursor = await db.execute(
            "SELECT guild_id, language FROM settings WHERE language IS NOT NULL"
        )
    else:
        cursor = await db.execute(
            "SELECT guild_id, language FROM settings WHERE changed_at >= ?", (since,)
        )
    return {guild_id: lang for guild_id, lang in await cursor.fetchall()}


async def choose_language(
    db: Connection, user_id: int, chosen: str | None, *, now: float
) -> None:
    await db.execute(
        "INSERT INTO player_languages (user_id, chosen, changed_at) VALUES (?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET chosen = excluded.chosen,"
        " changed_at = excluded.changed_at",
        (user_id, chosen, now),
    )


async def remember_locale(
    db: Connection, user_id: int, locale: str, *, now: float
) -> None:
    await db.execute(
        "INSERT INTO player_languages (user_id, discord_locale, changed_at) VALUES (?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET discord_locale = excluded.discord_locale,"
        " changed_at = excluded.changed_at",
        (user_id, locale, now),
    )


async def set_server_language(
    db: Connection, guild_id: int, lang: str | None, *, now: float
) -> None:
    await set_server_setting(db, guild_id, "language", lang, now=now)
