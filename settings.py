"""The bot's settings, read from the environment (and ``.env``); unusable values refused."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from cogs.common.pacing import DISCORD_GLOBAL_RATE

PROJECT = Path(__file__).parent
"""The bot's folder: a relative ``DATABASE_PATH`` is taken from here, not from where the
bot was started."""
DEFAULT_DATABASE = PROJECT / "data" / "bot.db"


class SettingsError(ValueError):
    """A setting in the environment (or ``.env``) that the bot cannot use."""


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


@dataclass(frozen=True)
class Settings:
    token: str | None
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    global_rate: int | None = DISCORD_GLOBAL_RATE
    """Requests a second Discord allows the bot (``cogs.common.pacing``); None: not paced,
    for a bot that talks to the benchmarks' simulated Discord only."""
    shard_count: int | None = None
    """The bot's shards across all its processes; None: as many as Discord recommends."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs; None: every one of ``shard_count``."""
    database_url: str | None = None
    """A PostgreSQL server's ``postgresql://`` URL (``DATABASE_URL``); None: the SQLite
    file at ``database_path``."""

    @property
    def database(self) -> Path | str:
        """The database the bot opens: the PostgreSQL URL when one is set, else the file."""
        return self.database_url or self.database_path

    @classmethod
    def from_env(cls) -> Settings:
        """The settings in the environment; a value set but unusable is refused
        (``SettingsError``) rather than quietly replaced by the default."""
        rate = _positive("DISCORD_GLOBAL_RATE", "the calls a second Discord allows the bot")
        shard_count = _positive("SHARD_COUNT", "the bot's shards in all its processes")
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=_database_path(),
            dev_guild_id=_positive("DEV_GUILD_ID", "a server's ID"),
            log_level=_log_level(),
            global_rate=DISCORD_GLOBAL_RATE if rate is None else rate,
            shard_count=shard_count,
            shard_ids=_shard_ids(shard_count),
            database_url=_database_url(),
        )


def _database_path() -> Path:
    """``DATABASE_PATH`` (``~`` expanded, a relative path taken from the bot's folder), or
    the default beside ``bot.py``."""
    value = os.environ.get("DATABASE_PATH", "").strip()
    return PROJECT / Path(value).expanduser() if value else DEFAULT_DATABASE


def _database_url() -> str | None:
    """``DATABASE_URL``: a PostgreSQL server to use instead of the SQLite file."""
    value = os.environ.get("DATABASE_URL", "").strip()
    if value and not value.startswith(("postgresql://", "postgres://")):
        raise SettingsError(
            f"DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host/database),"
            f" not {value!r}; leave it out to use the SQLite file."
        )
    return value or None


def _log_level() -> str:
    """The level set in ``LOG_LEVEL`` (any case); INFO when it is not set."""
    value = os.environ.get("LOG_LEVEL", "").strip()
    if value.upper() not in (*LOG_LEVELS, ""):
        raise SettingsError(
            f"LOG_LEVEL must be {', '.join(LOG_LEVELS[:-1])} or {LOG_LEVELS[-1]}, not {value!r}."
        )
    return value.upper() or "INFO"


def _positive(name: str, meaning: str) -> int | None:
    """The whole number set in ``name``; None when it is not set."""
    value = os.environ.get(name, "").strip()
    if not value:
        return None
    if not value.isdigit() or int(value) == 0:
        raise SettingsError(f"{name} must be a whole number above 0 ({meaning}), not {value!r}.")
    return int(value)


def _shard_ids(count: int | None) -> tuple[int, ...] | None:
    """The shards listed in ``SHARD_IDS`` (``0,1``, a range ``2-3``, or both: ``0,2-3``),
    each below ``count``; None when it is not set."""
    value = os.environ.get("SHARD_IDS", "").strip()
    if not value:
        return None
    if count is None:
        raise SettingsError("SHARD_IDS needs SHARD_COUNT, the bot's shards in all its processes.")
    shards: list[int] = []
    for part in value.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise SettingsError(
                f"SHARD_IDS must list shards like 0,1 or a range like 0-3, not {value!r}."
            )
        shards.extend(range(int(first), int(last if dash else first) + 1))
    if not shards or len(set(shards)) != len(shards) or max(shards) >= count:
        raise SettingsError(
            f"SHARD_IDS must list each shard once, from 0 to {count - 1} "
            f"(SHARD_COUNT is {count}), not {value!r}."
        )
    return tuple(shards)
