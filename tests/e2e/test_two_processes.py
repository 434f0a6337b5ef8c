"""Two bot processes of one application on one database, clicks going to either."""

from __future__ import annotations

import asyncio

import pytest_asyncio

from data import message_rows, move_rows
from localdiscord.server import GLOBAL_RATE
from tests.e2e.play import (
    CHOICE,
    MOVE,
    act,
    first_button,
    match_id_of,
    open_and_start,
    playable,
    second_bot,
)


@pytest_asyncio.fixture
async def second(table):
    bot = await second_bot(table)
    yield bot
    await table.backend.disconnect(bot)


async def _heartbeats(*bots):
    """A heartbeat of each process: among others, each reads the languages the others
    heard from the players (who so far clicked on one process only)."""
    for bot in bots:
        await bot.table.clock.heartbeat()


async def _moves(table, match_id):
    async with table.bot.store.read() as db:
        return await move_rows.move_log(db, match_id)


async def _up_to_date(table, match_id):
    """Every board and hand of the match shows its newest state: brought up to date from
    the database as it is now, none needs an edit."""
    async with table.bot.store.read() as db:
        found = await message_rows.match_messages(db, match_id)
    kept = [p for p in found if p == "board" or p.startswith("hand:")]
    assert "board" in kept and len(kept) > 1
    table.bot.table.service.forget(match_id)
    before = len(table.backend.calls)
    table.backend.tracker.begin()
    for purpose in kept:
        table.bot.table.kept.request(match_id, purpose)
    await table.backend.settle()
    assert [c.route for c in table.backend.calls[before:]] == []


async def test_clicks_alternating_between_two_processes_are_each_played_once(table, second):
    players = [table.player(name) for name in ("anne", "ben", "chris")]
    bots = [table.bot, second]
    match_id = await open_and_start(table, *players)
    await _heartbeats(table.bot, second)
    clicks = 0
    for _ in range(300):
        if "final board" in table.board().text:
            break
        for player in [p for p in players if playable(table.hand(p))]:
            table.backend.serve(bots[clicks % 2])
            await act(table, player, table.hand(player), pick=clicks)
            clicks += 1
    assert "final board" in table.board().text
    moves = await _moves(table, match_id)
    assert len(moves) == clicks, "every click played once"
    assert len({(m.seat, m.decision_point) for m in moves}) == len(moves)
    await _up_to_date(table, match_id)


async def test_a_round_played_on_both_processes_at_once_shows_its_newest_state(table, second):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    await _heartbeats(table.bot, second)
    seated = ((anne, table.bot), (ben, second))
    for _ in range(3):
        picked = {}
        for player, bot in seated:  # a card picked: the move's first step
            table.backend.serve(bot)
            hand = table.hand(player)
            choice = first_button(hand, CHOICE)
            picked[player] = (await table.backend.click(player, hand, custom_id=choice)).message
        async with table.backend.simultaneously():  # both play it at once
            for player, bot in seated:
                table.backend.serve(bot)
                move = first_button(picked[player], MOVE)
                await table.backend.click(player, picked[player], custom_id=move)
    moves = await _moves(table, match_id)
    assert len(moves) == 6
    await _up_to_date(table, match_id)
    record = await table.match_row(match_id)
    assert f"Match #{match_id}" in table.board().text
    assert match_id_of(table.board()) == record.id


async def test_a_deadline_due_while_both_run_is_carried_out_once(table, second):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben, pace="live")
    await _heartbeats(table.bot, second)
    await act(table, anne, table.hand(anne))
    table.clock.advance(minutes=4)  # ben's three minutes are over
    table.backend.tracker.begin()
    await asyncio.gather(table.bot.table.clock.run_clock(), second.table.clock.run_clock())
    await table.backend.settle()
    moves = await _moves(table, match_id)
    assert [m.how for m in moves] == ["player", "timeout"]
    timed_out = [m for m in table.backend.channel_messages(table.channel) if "ran out" in m.text]
    assert len(timed_out) <= 1
    await _up_to_date(table, match_id)


async def test_a_computer_decision_is_made_once_of_two_processes(table, second):
    table.bot.table.service.lease = second.table.service.lease = 0.2
    anne = table.player("anne")
    await table.backend.slash(anne, table.channel, "whyfirst new")
    await table.backend.click(anne, table.board(), label="Add computer (easy)")
    await table.backend.click(anne, table.board(), label="Start")
    match_id = match_id_of(table.board())
    await _heartbeats(table.bot, second)
    for turn in range(6):
        table.backend.serve([table.bot, second][turn % 2])
        hand = table.hand(anne)
        if not playable(hand):
            break
        table.backend.tracker.begin()
        both = asyncio.gather(table.bot.table.computers.wake_all(),
                              second.table.computers.wake_all())
        await act(table, anne, hand)
        await both
        await table.backend.settle()
    moves = await _moves(table, match_id)
    computer = [m for m in moves if m.how == "computer"]
    assert computer, "the computer played"
    assert len({m.decision_point for m in computer}) == len(computer), "each decision once"
    await _up_to_date(table, match_id)


async def test_two_processes_share_discords_global_rate(table):
    backend = table.backend
    backend.server.global_rate = table.global_rate = GLOBAL_RATE  # Discord's own
    first = await table.restart()
    second = await second_bot(table)
    bots = [first, second]
    await _heartbeats(*bots)  # each has said it is alive, whatever its own loop did yet
    assert [await bot.table.clock.heartbeat() for bot in bots] == [2, 2]
    assert [bot.pace.most for bot in bots] == [GLOBAL_RATE // 2] * 2
    lobbies = []
    for n in range(6):
        channel = backend.add_text_channel(table.guild, f"table-{n}")
        players = [table.player(f"p{n}{k}") for k in range(6)]
        await backend.slash(players[0], channel, "whyfirst new")
        for player in players[1:]:
            await backend.click(player, backend.channel_messages(channel)[0], label="Join")
        lobbies.append((channel, players))
    await _heartbeats(*bots)
    before = len(backend.calls)
    async with backend.simultaneously():  # every table starts at once, on either process
        for n, (channel, players) in enumerate(lobbies):
            backend.serve(bots[n % 2])
            await backend.click(players[0], backend.channel_messages(channel)[0], label="Start")
    counted = sorted(call.at for call in backend.calls[before:] if call.with_bot_token)
    assert len(counted) > GLOBAL_RATE, "the starts need more calls than one second allows"
    for i, at in enumerate(counted):
        within = [later for later in counted[i:] if later < at + 1.0]
        assert len(within) <= GLOBAL_RATE, f"{len(within)} calls within a second"
    for _, players in lobbies:
        assert all("Your hand" in backend.dm_messages(p)[0].text for p in players)
    await backend.disconnect(second)  # a process that stops is counted out at once
    assert await first.table.clock.heartbeat() == 1
    assert first.pace.most == GLOBAL_RATE


async def test_a_language_heard_by_one_process_is_spoken_by_the_other(table, second):
    ana, ben = table.player("ana", locale="es-ES"), table.player("ben", locale="en-US")
    table.backend.serve(second)
    await table.backend.slash(ben, table.channel, "whyfirst new")
    match_id = match_id_of(table.board())
    # Buttons by id: the board speaks the server's language, whichever the run's is.
    table.backend.serve(table.bot)
    await table.backend.click(ana, table.board(), custom_id=f"lobby:{match_id}:join")
    await _heartbeats(table.bot, second)  # she was heard by the first process only
    table.backend.serve(second)
    await table.backend.click(ben, table.board(), custom_id=f"lobby:{match_id}:start")
    assert "Tu mano" in table.hand(ana).text
