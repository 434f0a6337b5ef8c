"""Starting and stopping the bot: clear one-line answers, a cleanly closed database."""

from __future__ import annotations

import gc
import os
import shlex
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from dotenv import dotenv_values

import bot
from cogs.common import pictures
from cogs.common.process import OLDEST_COLLECTED_EVERY
from localdiscord import FakeDiscord
from tests import databases
from tests.databases import open_store, postgres_only, sqlite_only

ROOT = Path(__file__).resolve().parent.parent


def test_without_a_token_the_bot_says_what_to_do(tmp_path):
    env = {**os.environ, "DISCORD_TOKEN": "", **databases.environment(tmp_path / "bot.db")}
    finished = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert finished.returncode == 2
    (line,) = finished.stdout.strip().splitlines()
    said, local = line.rsplit(": ", 1)
    assert said == (
        "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot's token in it, "
        "or try the bot without Discord"
    )
    assert "Traceback" not in finished.stderr
    # The command it suggests runs the local table as typed where the host is: with the
    # Python that has the bot's requirements, not whichever ``python`` is on the PATH.
    helped = subprocess.run(
        [*shlex.split(local), "--help"], env=env, cwd=tmp_path, capture_output=True, text=True,
        timeout=60, check=False,
    )
    assert helped.returncode == 0, helped.stderr
    assert helped.stdout.startswith("usage: bot.py --local [-h] [--port PORT] [--data DATA]\n")


@pytest.mark.parametrize("argv", [["--help"], ["--lcoal"], ["--port", "8030"]])
def test_the_command_line_takes_only_local_and_help(tmp_path, argv):
    env = {**os.environ, "DISCORD_TOKEN": "any-token", **databases.environment(tmp_path / "bot.db")}
    finished = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *argv], env=env, cwd=tmp_path,
        capture_output=True, text=True, timeout=60, check=False,
    )
    if argv == ["--help"]:
        assert finished.returncode == 0 and "--local" in finished.stdout
    else:
        assert finished.returncode == 2
        assert finished.stderr.splitlines()[-1] == (
            f"bot.py: error: unrecognized arguments: {' '.join(argv)}"
        )
    assert "logging in" not in finished.stderr, "Discord is not asked"
    assert not (tmp_path / "bot.db").exists(), "the database is not opened"


async def test_a_bad_token_is_refused_by_discord(tmp_path):
    async with FakeDiscord() as backend:
        settings = databases.settings("wrong", tmp_path / "bot.db")
        with pytest.raises(discord.LoginFailure):
            await backend.connect(bot.TableBot(settings), token="wrong")


def test_settings_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", " abc ")
    monkeypatch.setenv("DATABASE_PATH", "/tmp/elsewhere.db")
    monkeypatch.setenv("DEV_GUILD_ID", "1234")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    assert bot.Settings.from_env() == bot.Settings("abc", Path("/tmp/elsewhere.db"), 1234, "DEBUG")
    monkeypatch.delenv("DATABASE_PATH")
    monkeypatch.setenv("DEV_GUILD_ID", "")
    settings = bot.Settings.from_env()
    assert settings.database_path == ROOT / "data" / "bot.db" and settings.dev_guild_id is None
    assert settings.global_rate == 50, "Discord's global rate limit for every bot"
    monkeypatch.setenv("DISCORD_GLOBAL_RATE", "1200")
    assert bot.Settings.from_env().global_rate == 1200, "a limit Discord raised"
    monkeypatch.setenv("DISCORD_GLOBAL_RATE", " ")
    assert bot.Settings.from_env().global_rate == 50, "blank is not set"


def test_a_relative_database_path_is_taken_from_the_bots_folder(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # started from elsewhere, as a service manager may
    monkeypatch.setenv("DATABASE_PATH", "data/bot.db")  # as in .env.example
    assert bot.Settings.from_env().database_path == ROOT / "data" / "bot.db"
    monkeypatch.setenv("DATABASE_PATH", " games/table.db ")
    assert bot.Settings.from_env().database_path == ROOT / "games" / "table.db"
    monkeypatch.setenv("DATABASE_PATH", "~/table.db")
    assert bot.Settings.from_env().database_path == Path.home() / "table.db"
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "table.db"))
    assert bot.Settings.from_env().database_path == tmp_path / "table.db"


def test_the_example_settings_copied_as_they_are_give_the_defaults(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # started from elsewhere, as a service manager may
    for name, value in dotenv_values(ROOT / ".env.example").items():
        monkeypatch.setenv(name, value or "")
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    assert bot.Settings.from_env() == bot.Settings("abc", ROOT / "data" / "bot.db", None, "INFO")


def test_the_shards_of_this_process_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    settings = bot.Settings.from_env()
    assert (settings.shard_count, settings.shard_ids) == (None, None), "Discord recommends"
    monkeypatch.setenv("SHARD_COUNT", "4")
    assert (bot.Settings.from_env().shard_count, bot.Settings.from_env().shard_ids) == (4, None)
    for listed, shards in (("0,1", (0, 1)), (" 2-3 ", (2, 3)), ("0, 2-3", (0, 2, 3)), ("3", (3,))):
        monkeypatch.setenv("SHARD_IDS", listed)
        assert bot.Settings.from_env().shard_ids == shards, listed


@pytest.mark.parametrize(("count", "listed", "said"), [
    ("", "0,1", "SHARD_IDS needs SHARD_COUNT, the bot's shards in all its processes."),
    ("2", "0,2", "SHARD_IDS must list each shard once, from 0 to 1 (SHARD_COUNT is 2), "
                 "not '0,2'."),
    ("4", "1,1", "SHARD_IDS must list each shard once, from 0 to 3 (SHARD_COUNT is 4), "
                 "not '1,1'."),
    ("4", "3-1", "SHARD_IDS must list each shard once, from 0 to 3 (SHARD_COUNT is 4), "
                 "not '3-1'."),
    ("4", "one", "SHARD_IDS must list shards like 0,1 or a range like 0-3, not 'one'."),
    ("4", "0,,1", "SHARD_IDS must list shards like 0,1 or a range like 0-3, not '0,,1'."),
    ("4", "-1", "SHARD_IDS must list shards like 0,1 or a range like 0-3, not '-1'."),
    ("two", "", "SHARD_COUNT must be a whole number above 0 (the bot's shards in all its "
                "processes), not 'two'."),
])
def test_unusable_shards_are_refused_in_one_line(monkeypatch, capsys, count, listed, said):
    async def never(settings):
        raise AssertionError("the bot started")

    monkeypatch.setattr(bot, "run", never)
    monkeypatch.setattr(bot, "load_dotenv", lambda: None)
    monkeypatch.setenv("DISCORD_TOKEN", "any-token")
    monkeypatch.setenv("SHARD_COUNT", count)
    monkeypatch.setenv("SHARD_IDS", listed)
    assert bot.main() == 2
    assert capsys.readouterr().out.strip().splitlines() == [f"{said} Fix it in .env."]


@pytest.mark.parametrize(("code", "said"), [
    (4011, "Discord requires more shards for the bot's servers (2,500 a shard at most): raise "
           "SHARD_COUNT, or leave it and SHARD_IDS empty for Discord's recommended count."),
    (4010, "Discord refused the bot's shards (invalid shard): give every process the same "
           "SHARD_COUNT and each its own SHARD_IDS."),
    (4013, "Discord closed the gateway (code 4013)."),
])
def test_a_gateway_discord_closes_ends_the_bot_in_one_line(monkeypatch, capsys, code, said):
    class Socket:
        close_code = code

    async def closed(settings):
        raise discord.ConnectionClosed(Socket(), shard_id=0, code=code)  # type: ignore[arg-type]

    monkeypatch.setattr(bot, "run", closed)
    monkeypatch.setattr(bot, "load_dotenv", lambda: None)
    monkeypatch.setenv("DISCORD_TOKEN", "any-token")
    assert bot.main() == 1
    assert capsys.readouterr().out.strip().splitlines() == [said]
def test_database_url_chooses_postgresql_over_the_file(monkeypatch, capsys):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert bot.Settings.from_env().database == bot.Settings.from_env().database_path
    url = "postgresql://table:secret@db.example:5432/table"
    monkeypatch.setenv("DATABASE_URL", f" {url} ")
    assert bot.Settings.from_env().database == url
    monkeypatch.setenv("DISCORD_TOKEN", "any-token")
    monkeypatch.setenv("DATABASE_URL", "mysql://table@db.example/table")
    assert bot.main() == 2
    (line,) = capsys.readouterr().out.strip().splitlines()
    assert line == (
        "DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host/database), not"
        " 'mysql://table@db.example/table'; leave it out to use the SQLite file. Fix it in .env."
    )


@pytest.mark.parametrize("name", ["DISCORD_GLOBAL_RATE", "DEV_GUILD_ID"])
@pytest.mark.parametrize("unusable", ["0", "fast", "-5", "50/s"])
def test_an_unusable_setting_is_refused_in_one_line(monkeypatch, capsys, name, unusable):
    async def never(settings):
        raise AssertionError("the bot started")

    monkeypatch.setattr(bot, "run", never)
    monkeypatch.setattr(bot, "load_dotenv", lambda: None)
    monkeypatch.setenv("DISCORD_TOKEN", "any-token")
    monkeypatch.setenv(name, unusable)
    assert bot.main() == 2
    (line,) = capsys.readouterr().out.strip().splitlines()
    assert line.startswith(f"{name} must be a whole number above 0 (")
    assert line.endswith(f"not {unusable!r}. Fix it in .env.")


async def test_closing_the_bot_closes_the_database_cleanly(tmp_path):
    database = tmp_path / "bot.db"
    async with FakeDiscord() as backend:
        table_bot = bot.TableBot(databases.settings(backend.token, database))
        await backend.connect(table_bot)
        await backend.disconnect()
    assert table_bot.store is None
    databases.assert_closed_cleanly(database)


async def test_commands_are_synced_only_when_they_change(tmp_path):
    database = tmp_path / "bot.db"
    async with FakeDiscord() as backend:
        for _ in range(2):
            await backend.connect(bot.TableBot(databases.settings(backend.token, database)))
            await backend.disconnect()
        syncs = backend.calls_matching("PUT", "/applications/{application_id}/commands")
    assert len(syncs) == 1


async def test_a_second_application_on_the_same_database_gets_its_commands(tmp_path):
    database = tmp_path / "bot.db"
    for application in (1001, 2002):  # say, a test application and the real one
        async with FakeDiscord(application_id=application) as backend:
            await backend.connect(bot.TableBot(databases.settings(backend.token, database)))
            await backend.disconnect()
            syncs = backend.calls_matching("PUT", "/applications/{application_id}/commands")
            assert [call.path.split("/")[-2] for call in syncs] == [str(application)]
            assert {command["name"] for command in backend.world.global_commands.values()} >= {
                "hare", "stats", "rules"
            }


async def test_a_dev_guild_gets_its_commands_at_once(tmp_path):
    async with FakeDiscord() as backend:
        guild = backend.add_guild("Dev")
        settings = databases.settings(backend.token, tmp_path / "bot.db", guild.id)
        await backend.connect(bot.TableBot(settings))
        await backend.disconnect()
        syncs = backend.calls_matching(
            "PUT", "/applications/{application_id}/guilds/{guild_id}/commands"
        )
    assert len(syncs) == 1


def _start(tmp_path: Path, database: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISCORD_TOKEN": "any-token", "DATABASE_PATH": database}
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("where", ["a folder", "an unwritable place"])
def test_an_unusable_database_gives_one_line_before_discord_is_reached(tmp_path, where):
    database = str(tmp_path) if where == "a folder" else "/proc/boardgame-table/bot.db"
    finished = _start(tmp_path, database)
    assert finished.returncode == 2
    (line,) = finished.stdout.strip().splitlines()
    assert line.startswith(f"Cannot use the database at {database}: ")
    assert line.endswith(". Fix DATABASE_PATH in .env.")
    assert "Traceback" not in finished.stderr


@postgres_only
async def test_postgresql_commits_are_durable_on_power_loss(tmp_path):
    store = await open_store(tmp_path / "bot.db")
    for session in (store.read, store.transaction):
        async with session() as db:
            assert (await (await db.execute("SHOW synchronous_commit")).fetchone())[0] == "on"
    await store.close()


@sqlite_only
async def test_commits_are_durable_on_power_loss(tmp_path):

    store = await open_store(tmp_path / "bot.db")
    async with store.read() as db:
        assert (await (await db.execute("PRAGMA synchronous")).fetchone())[0] == 2  # FULL
    async with store.transaction() as db:
        assert (await (await db.execute("PRAGMA synchronous")).fetchone())[0] == 2
    await store.close()


async def test_once_ready_the_bot_leaves_start_up_out_of_garbage_collection(tmp_path):
    async with FakeDiscord() as backend:
        guild = backend.add_guild("Big server")
        channels = [backend.add_text_channel(guild, f"table-{n}") for n in range(50)]
        gc.unfreeze()
        thresholds = gc.get_threshold()
        table_bot = bot.TableBot(
            databases.settings(backend.token, tmp_path / "bot.db"), settle_heap=True
        )
        try:
            await backend.connect(table_bot)
            frozen = gc.get_freeze_count()
            cached = table_bot.get_guild(guild.id)
            assert cached is not None and cached.get_channel(channels[-1].id) is not None
            assert frozen > len(channels)
            assert not any(o is cached for o in gc.get_objects())
            assert gc.get_threshold()[2] == OLDEST_COLLECTED_EVERY
        finally:
            gc.unfreeze()
            gc.set_threshold(*thresholds)
            await backend.disconnect()


def _niceness() -> bytes:
    """A picture function that draws how much its process yields the CPU."""
    return str(os.nice(0)).encode()


async def test_board_pictures_are_drawn_by_a_process_that_yields_the_cpu_to_clicks(tmp_path):
    async with FakeDiscord() as backend:
        table_bot = bot.TableBot(databases.settings(backend.token, tmp_path / "bot.db"))
        await backend.connect(table_bot)
        try:
            drawn = await pictures.render(_niceness)
        finally:
            await backend.disconnect()
    assert int(drawn) == min(19, os.nice(0) + bot.PAINTER_NICE)


async def test_idle_rate_limit_buckets_are_forgotten_looking_through_them_seldom(
    tmp_path, monkeypatch
):
    table_bot = bot.TableBot(databases.settings("token", tmp_path / "bot.db"))
    http = table_bot.http
    looked = [0]
    is_inactive = discord.http.Ratelimit.is_inactive

    def counted(bucket: discord.http.Ratelimit) -> bool:
        looked[0] += 1
        return is_inactive(bucket)

    monkeypatch.setattr(discord.http.Ratelimit, "is_inactive", counted)
    for channel in range(3000):  # a bot just started edits the boards of 3,000 matches
        http.get_ratelimit(f"PATCH /channels/{channel}/messages")
    assert looked[0] < 3 * 3000, "linear: discord.py alone looks about four million times"
    for bucket in http._buckets.values():
        bucket._last_request -= 600  # ten minutes idle
    for channel in range(3000, 6000):
        http.get_ratelimit(f"PATCH /channels/{channel}/messages")
    assert "PATCH /channels/0/messages" not in http._buckets, "idle ones are forgotten"
    assert len(http._buckets) == 3000
    await table_bot.close()
