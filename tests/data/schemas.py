"""A database's schema written out, to compare it with the schema a version had.

``python -m tests.data.schemas`` writes the fixtures in ``tests/data/schema/``: the schema
each dialect's migrations build, once, when the migrations change what they build.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import subprocess
import tempfile
from contextlib import closing
from pathlib import Path

import asyncpg

from data.schema import migrations
from tests.databases import _tool, server, stop_server

FIXTURES = Path(__file__).parent / "schema"
_VERSION = re.compile(r"^-- schema version (\d+)\n")


def fixture(dialect: str) -> Path:
    """The file holding the schema ``dialect``'s migrations built, with its version."""
    return FIXTURES / f"{dialect}.sql"


def fixture_version(dialect: str) -> int:
    """The schema version the fixture of ``dialect`` was written at."""
    found = _VERSION.match(fixture(dialect).read_text())
    assert found, f"{fixture(dialect)} opens without its schema version"
    return int(found.group(1))


def sqlite_schema(path: Path) -> str:
    """Every table, index and trigger of the SQLite file, as the statements that make it
    (an FTS5 table's own shadow tables left to it)."""
    with closing(sqlite3.connect(path)) as db:
        shadows = {name for (name,) in db.execute(
            "SELECT name FROM pragma_table_list WHERE type = 'shadow'")}
        rows = db.execute(
            "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY"
            " CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, name"
        ).fetchall()
    return "".join(f"{sql};\n" for name, sql in rows if name not in shadows)


def postgres_schema(url: str) -> str:
    """Every table, column, constraint, index, trigger and function of the database, as
    ``pg_dump`` writes them (less the psql commands guarding its script, new each time)."""
    done = subprocess.run(
        [_tool("pg_dump"), "--schema-only", "--no-owner", "--no-privileges", "-d", url],
        check=True, capture_output=True, text=True, timeout=120,
    )
    return "".join(line for line in done.stdout.splitlines(keepends=True)
                   if not line.startswith("\\"))


def same_schema(written: str) -> str:
    """The schema ``written`` without what does not change it: comments and spacing."""
    without_comments = re.sub(r"--[^\n]*", "", written)
    return " ".join(without_comments.split())


def migrate_sqlite(path: Path, up_to: int) -> None:
    """Run the SQLite migrations 1..``up_to`` on the file, as the store runs them."""
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        for migration in migrations():
            if migration.number > up_to:
                break
            db.execute("BEGIN")
            for statement in migration.statements("sqlite"):
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {migration.number}")
            db.execute("COMMIT")


async def migrate_postgres(url: str, up_to: int) -> None:
    """Run the PostgreSQL migrations 1..``up_to`` on the database, as the store runs them."""
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
        )
        for migration in migrations():
            if migration.number > up_to:
                break
            async with connection.transaction():
                await connection.execute(migration.script("postgres"))
                await connection.execute("DELETE FROM schema_version")
                await connection.execute(
                    "INSERT INTO schema_version (version) VALUES ($1)", migration.number
                )
    finally:
        await connection.close()


def _write_fixtures(path: Path) -> None:
    latest = migrations()[-1].number
    migrate_sqlite(path, latest)
    fixture("sqlite").write_text(f"-- schema version {latest}\n{sqlite_schema(path)}")
    server().psql("DROP DATABASE IF EXISTS schema_fixture WITH (FORCE)")
    server().psql("CREATE DATABASE schema_fixture")
    url = server().url("schema_fixture")
    try:
        asyncio.run(migrate_postgres(url, latest))
        fixture("postgres").write_text(f"-- schema version {latest}\n{postgres_schema(url)}")
    finally:
        server().psql("DROP DATABASE schema_fixture WITH (FORCE)")


if __name__ == "__main__":
    FIXTURES.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        try:
            _write_fixtures(Path(folder) / "schema.db")
        finally:
            stop_server()
