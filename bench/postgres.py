"""PostgreSQL for the bench: a fresh database for each run, dropped when the bench ends.

The databases are made on the server a URL names (its user may create databases), or on a
throwaway server started as the tests start theirs (``tests.databases.Server``: PostgreSQL
15 as installed, in a temporary folder, without fsync, run as ``nobody`` when root).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import asyncpg

if TYPE_CHECKING:
    from tests.databases import Server

THROWAWAY = "throwaway"
"""The ``--database-url`` that asks for a throwaway server."""


def named(url: str, name: str) -> str:
    """``url`` with the database ``name`` instead of its own."""
    base, mark, query = url.partition("?")
    server, _, _ = base.rpartition("/")
    return f"{server}/{name}{mark}{query}"


class Databases:
    """Fresh databases, each made empty for one run (the bot migrates it)."""

    def __init__(self, url: str) -> None:
        self.server: Server | None = None
        if url == THROWAWAY:
            from tests.databases import Server  # the tests' own, with pytest: only when asked

            self.server = Server()
        self.url = self.server.url("postgres") if self.server else url
        self.made: list[str] = []

    def where(self) -> str:
        """Where the databases are, as the bench says it."""
        if self.server:
            return "a throwaway PostgreSQL 15 server on this machine, without fsync"
        return "the PostgreSQL server of --database-url"

    async def fresh(self, label: str) -> str:
        """The URL of database ``bench_<label>``, made empty now."""
        name = f"bench_{label}".replace("-", "_")
        await self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)',
                          f'CREATE DATABASE "{name}"')
        self.made.append(name)
        return named(self.url, name)

    async def close(self) -> None:
        """Drop the databases made; stop the throwaway server."""
        try:
            await self._admin(*(f'DROP DATABASE IF EXISTS "{n}" WITH (FORCE)' for n in self.made))
        finally:
            if self.server:
                self.server.stop()

    async def _admin(self, *statements: str) -> None:
        connection = await asyncpg.connect(self.url)
        try:
            for sql in statements:
                await connection.execute(sql)
        finally:
            await connection.close()
