"""Which language each player and each server reads: players' choices and the Discord
locale they last used, servers' settings."""

from __future__ import annotations

from dataclasses import dataclass

from data.interface import Connection


@dataclass(frozen=True)
class PlayerLanguage:
    user_id: int
    chosen: str | None
    """The language chosen with /language; None: follow Discord."""
    discord_locale: str | None
    """The Discord locale of the player's latest interaction."""


async def player_languages(db: Connection) -> list[PlayerLanguage]:
    cursor = await db.execute("SELECT user_id, chosen, discord_locale FROM player_languages")
    return [PlayerLanguage(*row) for row in await cursor.fetchall()]


async def server_languages(db: Connection) -> dict[int, str]:
    """The language each server chose (servers that follow their Discord locale are absent)."""
    cursor = await db.execute("SELECT guild_id, language FROM settings WHERE language IS NOT NULL")
    return {guild_id: lang for guild_id, lang in await cursor.fetchall()}


async def choose_language(db: Connection, user_id: int, chosen: str | None) -> None:
    await db.execute(
        "INSERT INTO player_languages (user_id, chosen) VALUES (?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET chosen = excluded.chosen",
        (user_id, chosen),
    )


async def remember_locale(db: Connection, user_id: int, locale: str) -> None:
    await db.execute(
        "INSERT INTO player_languages (user_id, discord_locale) VALUES (?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET discord_locale = excluded.discord_locale",
        (user_id, locale),
    )


async def set_server_language(db: Connection, guild_id: int, lang: str | None) -> None:
    await db.execute(
        "INSERT INTO settings (guild_id, language) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
        (guild_id, lang),
    )
