"""``bench.table``'s capacity section on PostgreSQL beside SQLite, and with two bot
processes sharing the database: its options, and a tiny run of each."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.capacity import Setup, capacity, setups
from bench.postgres import named
from bench.table import arguments
from tests.databases import POSTGRES, server


def test_postgres_and_processes_add_runs_beside_sqlite_with_one_process() -> None:
    scale = arguments(["--quick", "--sections", "capacity", "--processes", "2",
                       "--database-url", "postgresql://bench@db:5432/table?sslmode=disable"])
    assert scale.processes == 2 and scale.database_url.endswith("/table?sslmode=disable")
    assert setups(scale) == [Setup(False, 1), Setup(False, 2), Setup(True, 1), Setup(True, 2)]
    assert [str(s) for s in setups(arguments(["--processes", "2"]))] == [
        "SQLite, 1 process", "SQLite, 2 processes"]
    assert setups(arguments([])) == [Setup(False, 1)]


def test_no_processes_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        arguments(["--processes", "0"])
    assert "--processes must be 1 or more" in capsys.readouterr().err


def test_each_run_gets_a_database_of_its_own_on_the_same_server() -> None:
    assert (named("postgresql://bench@db:5432/table?sslmode=disable", "bench_floor_hare")
            == "postgresql://bench@db:5432/bench_floor_hare?sslmode=disable")
    assert named("postgresql://u@/postgres?host=/tmp/pg", "x") == "postgresql://u@/x?host=/tmp/pg"


@pytest.fixture
def cores() -> Iterator[None]:
    """This process's cores, given back after the bench moved it off the bots' ones."""
    before = os.sched_getaffinity(0)
    yield
    os.sched_setaffinity(0, before)


@pytest.mark.usefixtures("cores")
async def test_two_processes_answer_the_clicks_of_the_matches_dealt_to_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture,
) -> None:
    # On the PostgreSQL run, also on this run's server, beside SQLite.
    url = server().url("postgres") if POSTGRES else None
    scale = arguments(["--quick", "--games", "whyfirst", "--matches", "2", "--seconds", "0.3",
                       "--processes", "2", *(["--database-url", url] if url else [])])
    with caplog.at_level(logging.ERROR):
        await capacity(tmp_path, scale)
    assert not caplog.records, "the bots logged errors"
    said = capsys.readouterr().out
    for setup in setups(scale):
        run = said.split(f"whyfirst  {setup}\n", 1)[1]
        clicks = re.match(r" *(\d+) clicks in all", run.splitlines()[1])
        assert clicks is not None and int(clicks[1]) > 0
    two = said.split("whyfirst  SQLite, 2 processes\n", 1)[1]
    timings = re.search(r"per click .*: process 1: (.*); process 2: (.*)", two)
    assert timings is not None
    # Each process answered clicks: its matches' clicks went to it.
    assert all(re.search(r"answer \d\.\d\dx", part) for part in timings.groups())
    assert "2 bot processes' CPU" in two
    assert "SQLite, 2 processes: " in said and "of SQLite's with one" in said
