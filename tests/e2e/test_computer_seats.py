"""Computer seats at the table: the lobby, play to the end, restarts, and what they never get."""

from __future__ import annotations

import asyncio
import concurrent.futures
import random
import re
from collections import Counter
from dataclasses import replace

from data import move_rows
from matches.pool import Workers
from rules.hare import ENGINE as HARE
from rules.hare import purposeful_move
from tests.e2e.canyon_play import play_while as canyon_play_while
from tests.e2e.hare_play import make_move as hare_move
from tests.e2e.play import act, match_id_of, play_to_the_end, playable
from tests.e2e.test_numbers_table import play_to_the_end as numbers_play_to_the_end


async def test_the_host_adds_and_removes_computer_players_in_the_lobby(table):
    anne, ben = table.player("anne"), table.player("ben")
    await table.backend.slash(anne, table.channel, "whyfirst new")
    await table.backend.click(anne, table.board(), label="Add computer (easy)")
    await table.backend.click(anne, table.board(), label="Add computer (strong)")
    board = table.board().text
    assert "🤖 Ada (easy bot)" in board and "🤖 Alan (strong bot)" in board
    assert "Players (3/6)" in board
    refused = await table.backend.click(ben, table.board(), label="Add computer (easy)")
    assert refused.ephemeral and "Only the host" in refused.text
    await table.backend.click(anne, table.board(), label="Remove computer")
    board = table.board().text
    assert "Ada (easy bot)" in board and "Alan (strong bot)" not in board
    for _ in range(4):
        await table.backend.click(anne, table.board(), label="Add computer (strong)")
    assert "Players (6/6)" in table.board().text
    assert table.board().find_button(label="Add computer (easy)") is None, "the match is full"
    full = await table.backend.click(ben, table.board(), label="Join")
    assert full.ephemeral and "full" in full.text
    record = await table.match_row(match_id_of(table.board()))
    assert [s.level for s in record.seats] == [None, "easy", "strong", "strong", "strong", "strong"]
    assert all(s.user_id is None for s in record.seats if s.computer)


async def _solo_match(table, game: str, computers: list[str], **options):
    anne = table.player("anne")
    await table.backend.slash(anne, table.channel, f"{game} new", **options)
    for level in computers:
        await table.backend.click(anne, table.board(), label=f"Add computer ({level})")
    await table.backend.click(anne, table.board(), label="Start")
    return anne, match_id_of(table.board())


async def test_a_lone_player_plays_why_first_against_computers_to_the_result(table):
    anne, match_id = await _solo_match(table, "whyfirst", ["easy", "strong"])
    await play_to_the_end(table, [anne])
    record = await table.match_row(match_id)
    assert record.status == "finished"
    result = table.backend.channel_messages(table.channel)[-1]
    assert "Ada (easy bot)" in result.text and "Alan (strong bot)" in result.text
    assert result.find_button(label="Rematch")
    async with table.bot.store.read() as db:
        moves = await move_rows.move_log(db, match_id)  # packed as the match finished
        careers = await (await db.execute("SELECT DISTINCT user_id FROM career")).fetchall()
        rated = await (await db.execute("SELECT DISTINCT user_id FROM ratings")).fetchall()
    how = Counter(move.how for move in moves)
    assert how["computer"] == 2 * how["player"], "each computer played every round"
    assert [r[0] for r in careers] == [anne.id] and {r[0] for r in rated} <= {anne.id}
    # Computers get no private messages and no notices: only anne has a DM channel.
    assert set(table.backend.world.dm_channels) == {anne.id}


async def _assert_finished_against_computers(table, match_id, anne) -> None:
    """The match reached its result; only anne played by hand, the computers did the rest."""
    record = await table.match_row(match_id)
    assert record.status == "finished"
    result = table.backend.channel_messages(table.channel)[-1]
    assert result.find_button(label="Rematch")
    async with table.bot.store.read() as db:
        moves = await move_rows.move_log(db, match_id)
    assert {m.how for m in moves} == {"player", "computer"}
    assert all(m.how == "player" for m in moves if m.seat == 0)
    assert set(table.backend.world.dm_channels) == {anne.id}


async def test_a_lone_player_races_hare_and_tortoise_against_a_computer(table):
    anne, match_id = await _solo_match(table, "hare", ["strong"])
    rng = random.Random(5)
    for _ in range(600):
        state = HARE.load((await table.match_row(match_id)).state)
        if not HARE.to_move(state):
            break
        assert HARE.to_move(state) == {0}, "the computer has always moved by now"
        result, _ = await hare_move(table, anne, purposeful_move(state, 0, rng))
        assert not result.ephemeral, result.text
    await _assert_finished_against_computers(table, match_id, anne)


async def test_a_lone_player_drives_the_great_canyon_race_against_computers(table):
    anne, match_id = await _solo_match(table, "canyon", ["easy", "strong", "strong"])
    await canyon_play_while(table, [anne], lambda: "the race is over" not in table.board().text)
    await _assert_finished_against_computers(table, match_id, anne)


async def test_a_lone_player_plays_sequence_numbers_against_a_computer(table):
    anne, match_id = await _solo_match(table, "numbers", ["strong"])
    await numbers_play_to_the_end(table, [anne])
    await _assert_finished_against_computers(table, match_id, anne)


class StuckWorkers(concurrent.futures.Executor):
    """Workers that start thinking and never finish, as when the bot stops mid-thought."""

    def __init__(self) -> None:
        self.thinking = asyncio.Event()

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.thinking.set()
        return concurrent.futures.Future()


async def test_a_computer_that_was_thinking_when_the_bot_stopped_thinks_again(table):
    normal = table.thinking
    stuck = StuckWorkers()
    # A limit far beyond the test's length: the thought is lost with the process, not cut.
    table.thinking = replace(normal, workers=Workers(1, lambda: stuck), margin=3600.0)
    await table.restart()
    anne = table.player("anne")
    await table.backend.slash(anne, table.channel, "whyfirst new")
    await table.backend.click(anne, table.board(), label="Add computer (strong)")
    match_id = match_id_of(table.board())
    async with table.backend.simultaneously(settle=False):
        start = await table.backend.click(anne, table.board(), label="Start")
    assert await table.backend.answered(start)
    await asyncio.wait_for(stuck.thinking.wait(), 30)  # the first round opened: it thinks
    await table.bot.table.kept.wait_idle()
    table.thinking = normal
    await table.restart()  # the thought is lost with the process
    await table.backend.settle()
    async with table.bot.store.read() as db:
        moves = await move_rows.move_log(db, match_id)
    assert [(m.seat, m.how) for m in moves] == [(1, "computer")], "it thought again and played"
    await act(table, anne, table.hand(anne))
    assert "card round 2/5" in table.board().text


async def test_computers_play_for_themselves_and_a_figure_is_named_once(table):
    """A computer is not a player on autopilot; the tactical reveal names who moved a
    figure only when it was another player's."""
    anne, _ = await _solo_match(table, "whyfirst", ["strong", "easy"], variant="tactical")
    moved_by_self = re.compile(r"➡️ (.+?) moves from \S+ to \S+ \((moved by )?\1\)")
    seen: list[str] = []
    for _ in range(120):
        seen += [table.board().text, table.hand(anne).text]
        if "final board" in table.board().text:
            break
        assert playable(table.hand(anne)), "the computers have always played by now"
        await act(table, anne, table.hand(anne))
    assert "final board" in seen[-2]
    assert not [text for text in seen if "autopilot" in text]
    assert not [text for text in seen if moved_by_self.search(text)]
    assert [text for text in seen if re.search(r"➡️ .+ moves from \S+ to \S+", text)]
