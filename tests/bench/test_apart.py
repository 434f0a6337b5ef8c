"""The bench's bot keeps to cores of its own, the simulated Discord to the others."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from bench import apart


class Made:
    def __init__(self, **kwargs: object) -> None:
        self.kwargs = kwargs
        self.cores = os.sched_getaffinity(0)


@pytest.fixture
def cores() -> Iterator[list[int]]:
    """This process's cores, given back after the test moved it."""
    before = os.sched_getaffinity(0)
    yield sorted(before)
    os.sched_setaffinity(0, before)


def test_the_bot_is_made_on_the_cores_it_was_given(cores: list[int]) -> None:
    made = apart.pinned(f"{__name__}:Made", cores=cores[:1], token="t")
    assert isinstance(made, Made)
    assert made.kwargs == {"token": "t"} and made.cores == {cores[0]}


def test_the_bot_gets_half_the_cores_and_the_bench_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(apart, "_CORES", [0, 1, 2, 3])
    moved: list[set[int]] = []
    monkeypatch.setattr(os, "sched_setaffinity", lambda pid, to: moved.append(set(to)))
    bot = apart.apart_bot("bench.playing:table_bot", token="t")
    assert bot.factory == "bench.apart:pinned"
    assert bot.kwargs == {"make": "bench.playing:table_bot", "cores": [0, 1], "token": "t"}
    assert moved == [{2, 3}]
    assert apart.apart_cores().startswith("2 of the machine's 4 cores")


def test_on_one_core_nothing_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(apart, "_CORES", [0])
    monkeypatch.setattr(os, "sched_setaffinity", lambda pid, to: pytest.fail("moved"))
    bot = apart.apart_bot("bench.bare:BareBot")
    assert bot.factory == "bench.bare:BareBot" and bot.kwargs == {}
    assert apart.apart_cores().startswith("the machine's one core, shared")
