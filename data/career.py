"""Career totals per server, player and game."""

from __future__ import annotations

from dataclasses import dataclass

from data.interface import Connection


@dataclass(frozen=True)
class CareerLine:
    user_id: int
    game: str
    played: int
    wins: int
    points: int


async def record_result(
    db: Connection, guild_id: int, user_id: int, game: str, *, won: bool, points: int
) -> None:
    """Add one finished match to a player's totals (call inside the match's transaction)."""
    await db.execute(
        "INSERT INTO career (guild_id, user_id, game, played, wins, points)"
        " VALUES (?, ?, ?, 1, ?, ?)"
        " ON CONFLICT (guild_id, user_id, game) DO UPDATE SET played = career.played + 1,"
        " wins = career.wins + excluded.wins, points = career.points + excluded.points",
        (guild_id, user_id, game, int(won), points),
    )


async def player_totals(db: Connection, guild_id: int, user_id: int) -> list[CareerLine]:
    cursor = await db.execute(
        "SELECT user_id, game, played, wins, points FROM career"
        " WHERE guild_id = ? AND user_id = ? ORDER BY game",
        (guild_id, user_id),
    )
    return [CareerLine(*row) for row in await cursor.fetchall()]


async def leaderboard(
    db: Connection, guild_id: int, game: str, limit: int = 10
) -> list[CareerLine]:
    """The server's best players of a game: most wins, then best win rate, then points."""
    cursor = await db.execute(
        "SELECT user_id, game, played, wins, points FROM career WHERE guild_id = ? AND game = ?"
        " ORDER BY wins DESC, CAST(wins AS REAL) / played DESC, points DESC, user_id LIMIT ?",
        (guild_id, game, limit),
    )
    return [CareerLine(*row) for row in await cursor.fetchall()]
