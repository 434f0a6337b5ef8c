"""Computers on a pool that heals: a worker killed or stopped mid-thought, and a simultaneous
round's computers thinking at once."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import signal
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from data import move_rows
from matches.computers import Computers, Thinking, seed_of
from matches.match import Match, Player
from matches.pool import Workers
from matches.service import MatchService
from matches.workers import worker_pool
from rules.base import Budget, Move
from rules.catalog import ENGINES, computer_move
from rules.defaults import default_move
from tests.databases import open_store

ANNE = Player(1, "anne")
BUDGET = Budget(playouts=16)
THOUGHT_OUT = 600.0
"""The time limit's margin where a decision must be thought out: no busy machine reaches it
(a worker started afresh may take seconds to import the engines)."""
HANG_GUARD = 60.0
"""Seconds after which something awaited has failed to happen (a guard, not a figure)."""


def marked(folder: str, game: str, view, seat: int, level: str, seed: int, budget: Budget) -> Move:
    """The computer's own thinking, which leaves a mark (``thought-<pid>``, the move in it).
    A file ``kill`` or ``stop`` in ``folder``: the first worker to find it kills or stops
    itself mid-thought."""
    for name, sent in (("kill", signal.SIGKILL), ("stop", signal.SIGSTOP)):
        with contextlib.suppress(FileNotFoundError):
            (Path(folder) / name).unlink()
            os.kill(os.getpid(), sent)
    move = computer_move(game, view, seat, level, seed, budget)
    (Path(folder) / f"thought-{os.getpid()}").write_text(move)
    return move


def thoughts(folder: Path) -> dict[int, str]:
    """The workers that thought, by process id, and the last move each thought."""
    return {int(p.name.split("-")[1]): p.read_text() for p in folder.glob("thought-*")}


@pytest.fixture
async def service(tmp_path):
    store = await open_store(tmp_path / "table.db")
    yield MatchService(store, ENGINES, new_seed=lambda: 11)
    await store.close()


@pytest.fixture
async def workers():
    pool = Workers(1, functools.partial(worker_pool, 1))
    yield pool
    pool.shutdown()


async def _against_computers(service: MatchService, game: str, computers: int) -> Match:
    match = await service.create(game, guild_id=1, channel_id=10, host=ANNE, options={})
    for _ in range(computers):
        await service.add_computer(match.id, ANNE.user_id, "strong")
    return await service.start(match.id, ANNE.user_id)


async def _no_move(_result) -> None:
    return None


def _thought(match: Match, seat: int) -> Move:
    """What the seat's computer plays when it thinks the decision out."""
    view = match.engine.view(match.state, seat)
    return computer_move(match.record.game, view, seat, "strong", seed_of(match, seat), BUDGET)


def _default(match: Match, seat: int) -> Move:
    view = match.engine.view(match.state, seat)
    return default_move(match.record.game, view, seat, seed_of(match, seat))


async def _gone(pid: int) -> bool:
    """Whether the process has ended (a zombie has), waiting for it at most the guard."""
    async with asyncio.timeout(HANG_GUARD):
        while True:
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
            except FileNotFoundError:
                return True
            if stat[stat.rindex(")") + 2] in "ZX":
                return True
            await asyncio.sleep(0.05)


async def test_a_worker_killed_mid_thought_is_replaced_and_the_decision_thought_again(
    service, workers, tmp_path
):
    thinking = Thinking(BUDGET, workers=workers, margin=THOUGHT_OUT,
                        think=functools.partial(marked, str(tmp_path)))
    computers = Computers(service, thinking, _no_move)
    match = await _against_computers(service, "whyfirst", 1)
    assert await computers.decide(match, 1) == _thought(match, 1)
    [first] = thoughts(tmp_path)

    (tmp_path / "kill").touch()
    assert await computers.decide(match, 1) == _thought(match, 1), "thought again"
    assert workers.replaced == 1
    assert not (tmp_path / "kill").exists(), "the worker was killed mid-thought"
    assert await _gone(first)
    [second] = set(thoughts(tmp_path)) - {first}

    canyon = await _against_computers(service, "canyon", 1)
    assert await computers.decide(canyon, 1) == _thought(canyon, 1), "the next one thinks"
    assert thoughts(tmp_path)[second] == _thought(canyon, 1)
    assert workers.replaced == 1


async def test_a_worker_stopped_mid_thought_gives_way_to_the_default_after_the_limit(
    service, workers, tmp_path
):
    think = functools.partial(marked, str(tmp_path))
    # A limit no busy machine reaches for the decisions that must be thought out, and a short
    # one for the stopped worker, given up soon (the test asserts what is played, not when).
    thinking = Thinking(BUDGET, workers=workers, margin=THOUGHT_OUT, think=think)
    computers = Computers(service, thinking, _no_move)
    hurried = Computers(service, Thinking(BUDGET, workers=workers, margin=4.0, think=think),
                        _no_move)
    canyon = await _against_computers(service, "canyon", 1)
    await computers.decide(canyon, 1)  # a worker is up
    [stopped] = thoughts(tmp_path)

    (tmp_path / "stop").touch()
    assert await hurried.decide(canyon, 1) == _default(canyon, 1)
    assert not (tmp_path / "stop").exists(), "the worker stopped mid-thought"
    assert workers.replaced == 1
    assert await _gone(stopped), "the stopped worker was killed"
    assert list(thoughts(tmp_path)) == [stopped], "nothing thought it out meanwhile"

    match = await _against_computers(service, "whyfirst", 1)
    assert await computers.decide(match, 1) == _thought(match, 1), "the next one thinks"
    assert set(thoughts(tmp_path)) - {stopped}
    assert workers.replaced == 1


def failing(game: str, view, seat: int, level: str, seed: int, budget: Budget) -> Move:
    raise RuntimeError("the computer cannot think")


async def test_a_computer_that_cannot_think_plays_the_games_quick_choice_not_the_first_move(
    service,
):
    computers = Computers(service, Thinking(BUDGET, think=failing), _no_move)
    match = await _against_computers(service, "canyon", 1)
    decided = await computers.decide(match, 1)
    assert decided == _default(match, 1)
    assert decided != match.engine.legal_moves(match.state, 1)[0]


def at_the_barrier(barrier: threading.Barrier, *decision) -> Move:
    """The computer's thinking, begun only once every decision of the round has begun."""
    barrier.wait()
    return computer_move(*decision)


async def test_the_five_computers_of_a_six_seat_round_think_at_once(service):
    barrier = threading.Barrier(5, timeout=HANG_GUARD)
    workers = Workers(5, lambda: ThreadPoolExecutor(5))
    thinking = Thinking(BUDGET, pause=0.0, workers=workers, margin=THOUGHT_OUT,
                        think=functools.partial(at_the_barrier, barrier))
    played = []

    async def on_played(result) -> None:
        played.append(result)

    computers = Computers(service, thinking, on_played)
    match = await _against_computers(service, "whyfirst", 5)
    assert match.awaited() == set(range(6))
    expected = [_thought(match, seat) for seat in range(1, 6)]
    computers.wake(match)
    await computers.wait_idle()
    workers.shutdown()
    assert not barrier.broken, "every decision of the round was in a worker at once"
    async with service.store.read() as db:
        moves = await move_rows.move_log(db, match.id)
    assert [(m.seat, m.how, m.move) for m in moves] == [
        (seat, "computer", move) for seat, move in zip(range(1, 6), expected, strict=True)
    ], "played in seat order, each as thought"
    assert len(played) == 5


async def test_after_a_restart_only_the_computers_of_this_processs_servers_wake(service):
    here = await _against_computers(service, "whyfirst", 1)  # on server 1
    there = await service.create("whyfirst", guild_id=2, channel_id=20, host=ANNE, options={})
    await service.add_computer(there.id, ANNE.user_id, "strong")
    there = await service.start(there.id, ANNE.user_id)
    computers = Computers(service, Thinking(BUDGET, pause=0.0), _no_move)
    assert await computers.wake_all(lambda guild_id: guild_id == 1) == 1
    await computers.wait_idle()
    async with service.store.read() as db:
        played = [(m.seat, m.how) for m in await move_rows.move_log(db, here.id)]
        elsewhere = await move_rows.move_log(db, there.id)
    assert played == [(1, "computer")] and elsewhere == [], "the other server's process plays"
