"""Start-up failures through the real entry point: one line, an exit code, the database
closed, the process ended (``localdiscord.launch`` points it at the simulated Discord)."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from pathlib import Path

import pytest

from localdiscord import FakeDiscord
from tests.databases import assert_closed_cleanly, environment, postgres_only, server

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = "/applications/{application_id}/commands"
HANG_GUARD = 120.0
"""Seconds after which a bot still running has hung (a guard, not a figure)."""


async def _start(base_url: str, database: Path, **settings: str) -> asyncio.subprocess.Process:
    """Start the bot's entry point against ``base_url``."""
    env = {
        **os.environ, **environment(database), "DEV_GUILD_ID": "",
        "DISCORD_GLOBAL_RATE": "", "LOG_LEVEL": "INFO", **settings,
    }
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "localdiscord.launch", base_url, cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )


async def _ended(process: asyncio.subprocess.Process) -> tuple[int, list[str], str]:
    """Once the bot has ended: its exit code, its lines on stdout and its stderr."""
    try:
        out, err = await asyncio.wait_for(process.communicate(), HANG_GUARD)
    except TimeoutError:
        process.kill()
        await process.wait()
        raise AssertionError("the bot did not end") from None
    assert process.returncode is not None
    return process.returncode, out.decode().strip().splitlines(), err.decode()


async def _launch(base_url: str, database: Path, **settings: str) -> tuple[int, list[str], str]:
    """Run the bot's entry point against ``base_url`` to its end."""
    return await _ended(await _start(base_url, database, **settings))


async def test_a_refused_token_ends_the_bot_in_one_line(tmp_path):
    database = tmp_path / "bot.db"
    async with FakeDiscord() as backend:
        code, lines, err = await _launch(backend.base_url, database, DISCORD_TOKEN="wrong")
        assert backend.calls_matching("GET", "/users/@me", status=401)
    assert lines == [
        "Discord refused DISCORD_TOKEN: copy a fresh token from the Developer Portal into .env."
    ]
    assert code == 2 and "Traceback" not in err
    assert_closed_cleanly(database)


async def test_an_unreachable_discord_ends_the_bot_in_one_line(tmp_path):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    database = tmp_path / "bot.db"
    code, lines, err = await _launch(
        f"http://127.0.0.1:{port}/api/v10", database, DISCORD_TOKEN="any-token"
    )
    assert lines == ["Cannot reach Discord (Connection refused): check the network and try again."]
    assert code == 1 and "Traceback" not in err
    assert_closed_cleanly(database)


async def test_discord_refusing_the_command_sync_ends_the_bot_in_one_line(tmp_path):
    database = tmp_path / "bot.db"
    async with FakeDiscord() as backend:
        backend.inject(method="PUT", route=COMMANDS, status=400, code=50035,
                       message="Invalid Form Body")
        code, lines, err = await _launch(backend.base_url, database, DISCORD_TOKEN=backend.token)
        assert len(backend.calls_matching("PUT", COMMANDS, status=400)) == 1
    assert lines == [
        "Discord refused the bot's start: Failed to upload commands to Discord"
        " (HTTP status 400, error code 50035)"
    ]
    assert code == 1 and "Traceback" not in err
    assert_closed_cleanly(database)


@pytest.mark.parametrize(("settings", "said"), [
    ({"LOG_LEVEL": "loud"}, "LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not 'loud'."),
    ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number above 0 (the bot's shards in "
                             "all its processes), not 'two'."),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "SHARD_IDS must list each shard once, from 0 "
                                               "to 1 (SHARD_COUNT is 2), not '0,2'."),
    ({"DATABASE_URL": "mysql://table@db.example/table"},
     "DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host/database), not "
     "'mysql://table@db.example/table'; leave it out to use the SQLite file."),
    ({"DISCORD_GLOBAL_RATE": "fast"}, "DISCORD_GLOBAL_RATE must be a whole number above 0 (the "
                                      "calls a second Discord allows the bot), not 'fast'."),
], ids=["LOG_LEVEL", "SHARD_COUNT", "SHARD_IDS", "DATABASE_URL", "DISCORD_GLOBAL_RATE"])
async def test_an_unusable_setting_ends_the_bot_in_one_line(tmp_path, settings, said):
    database = tmp_path / "bot.db"
    async with FakeDiscord() as backend:
        code, lines, err = await _launch(
            backend.base_url, database, DISCORD_TOKEN=backend.token, **settings
        )
        assert backend.calls == [], "Discord is not asked"
    assert lines == [f"{said} Fix it in .env."]
    assert code == 2 and err == ""
    assert not database.exists(), "the database is not opened"


async def test_an_unreachable_postgresql_server_ends_the_bot_in_one_line(tmp_path):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    url = f"postgresql://table:secret@127.0.0.1:{port}/bot"
    async with FakeDiscord() as backend:
        code, lines, err = await _launch(
            backend.base_url, tmp_path / "bot.db", DISCORD_TOKEN=backend.token, DATABASE_URL=url
        )
        assert backend.calls == [], "Discord is not asked"
    assert lines == [
        f"Cannot use the database at postgresql://table@127.0.0.1:{port}/bot: Connection"
        " refused. Check DATABASE_URL in .env and that the PostgreSQL server is running."
    ]
    assert code == 2 and "Traceback" not in err


@postgres_only
async def test_a_refused_postgresql_password_ends_the_bot_in_one_line(tmp_path):
    url = server().tcp_url("wrong")
    async with FakeDiscord() as backend:
        code, lines, err = await _launch(
            backend.base_url, tmp_path / "bot.db", DISCORD_TOKEN=backend.token, DATABASE_URL=url
        )
        assert backend.calls == [], "Discord is not asked"
    assert lines == [
        f"Cannot use the database at {url.replace(':wrong', '')}: password authentication"
        ' failed for user "postgres". Check DATABASE_URL in .env and that the PostgreSQL'
        " server is running."
    ]
    assert code == 2 and "Traceback" not in err and "wrong" not in lines[0]


async def test_sigterm_while_starting_ends_the_bot_cleanly(tmp_path):
    database = tmp_path / "bot.db"
    async with FakeDiscord() as backend:
        syncing = backend.inject(method="PUT", route=COMMANDS, delay=HANG_GUARD)
        process = await _start(backend.base_url, database, DISCORD_TOKEN=backend.token)
        async with asyncio.timeout(HANG_GUARD):
            while not syncing.hits:  # logged in, the database open, the commands syncing
                await asyncio.sleep(0.05)
        process.send_signal(signal.SIGTERM)
        code, lines, err = await _ended(process)
    assert (code, lines) == (0, []), "a stop asked for, not a failure"
    assert "Traceback" not in err
    assert_closed_cleanly(database)
