"""Careers: /stats and /leaderboard (stats.py), /history (history.py), /replay (replay.py).

Each module is an extension of its own; what they share is here: how places and ratings
are named, and the page size of paged lists. What "points" are in each game is said by
that game's presenter (``points``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import discord

from cogs.common.i18n import _
from rules.base import N_

MIN_MATCHES = 3
"""Rated matches a player needs before the leaderboard ranks them."""
PAGE_SIZE = 10
RATINGS_PENDING = N_(
    "⏳ Ratings are still being computed for earlier matches: the ratings here are not "
    "complete yet."
)
"""Said by the commands showing ratings while the background backfill is under way."""

def service_of(interaction: discord.Interaction[Any]) -> Any:
    """The match service (its store and engines)."""
    return interaction.client.table.service  # type: ignore[attr-defined]


def game_title(interaction: discord.Interaction[Any], game: str) -> str:
    try:
        return _(service_of(interaction).engine(game).title)
    except KeyError:
        return game


def replay_command(match_id: int) -> str:
    """The command that replays a match, named as the reader's Discord shows it."""
    return _("`/replay match:{match}`", match=match_id)


def when(finished_at: str) -> str:
    """A Discord timestamp (shown in each reader's own time zone), or the stored text."""
    try:
        return f"<t:{int(datetime.fromisoformat(finished_at).timestamp())}:d>"
    except ValueError:
        return finished_at[:10]
