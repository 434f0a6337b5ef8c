"""Computers on worker processes at the table: a worker killed mid-thought costs no move."""

from __future__ import annotations

import functools
from dataclasses import replace

from data import move_rows
from matches.pool import Workers
from matches.workers import worker_pool
from tests.e2e.play import match_id_of, play_to_the_end
from tests.matches.test_pool import marked, thoughts

HANG_GUARD = 120.0
"""Seconds after which a decision or the table's work is taken for a hang (a guard, not a
figure)."""


async def test_a_match_whose_worker_is_killed_mid_thought_ends_with_every_computer_move(
    table, tmp_path
):
    workers = Workers(1, functools.partial(worker_pool, 1))
    marks = tmp_path / "marks"
    marks.mkdir()
    (marks / "kill").touch()  # the first computer to think kills its worker
    # A new pool starts its processes after the kill: on a busy machine that takes a while,
    # so neither the decision's limit nor the waits for the table run short meanwhile.
    table.thinking = replace(
        table.thinking, workers=workers, think=functools.partial(marked, str(marks)),
        margin=HANG_GUARD,
    )
    table.backend.settle_timeout = HANG_GUARD
    try:
        await table.restart()
        anne = table.player("anne")
        await table.backend.slash(anne, table.channel, "whyfirst new")
        for _ in range(2):
            await table.backend.click(anne, table.board(), label="Add computer (strong)")
        await table.backend.click(anne, table.board(), label="Start")
        match_id = match_id_of(table.board())
        await play_to_the_end(table, [anne])
        record = await table.match_row(match_id)
        async with table.bot.store.read() as db:
            moves = await move_rows.move_log(db, match_id)
    finally:
        workers.shutdown()
    assert not (marks / "kill").exists() and workers.replaced == 1
    assert len(thoughts(marks)) == 1, "every thought after the kill in the one new worker"
    assert record.status == "finished"
    how = [m.how for m in moves]
    assert how.count("computer") == 2 * how.count("player"), "each computer played every round"
