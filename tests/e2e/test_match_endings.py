"""Matches that end before their result: abandoned by time-outs, cancelled, resigned from, a
lobby expired; what the channel and the players are told, with the bot's clock moved by the
tests (no sleeping)."""

from __future__ import annotations

import asyncio

from data import career
from matches import clock
from rules.hare import ENGINE as HARE
from tests.e2e.hare_play import listed, make_move, open_race
from tests.e2e.play import (
    act,
    match_id_of,
    open_and_start,
    playable,
    turn_notices,
)


async def test_a_lone_player_timing_out_against_a_computer_is_told_the_match_was_abandoned(table):
    anne = table.player("anne")
    await table.backend.slash(anne, table.channel, "hare new")
    await table.backend.click(anne, table.board(), label="Add computer (strong)")
    await table.backend.click(anne, table.board(), label="Start")
    match_id = match_id_of(table.board())
    for _ in range(clock.ABSENT_AFTER_TIMEOUTS):
        table.clock.advance(days=1, minutes=1)
        await table.tick()
    record = await table.match_row(match_id)
    assert (record.status, record.end_reason) == ("cancelled", "abandoned")
    told = [m.text for m in table.backend.channel_messages(table.channel)[1:]]
    assert "abandoned" in told[-1]
    assert not [t for t in told if "marked away" in t], "no autopilot for a match that ended"
async def test_a_match_everyone_left_is_told_abandoned_once_and_nobody_marked_away(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben, pace="live")
    for _ in range(clock.ABSENT_AFTER_TIMEOUTS):
        table.clock.advance(minutes=4)
        await table.tick()
    record = await table.match_row(match_id)
    assert (record.status, record.end_reason) == ("cancelled", "abandoned")
    # Both were away at the same time-out: the match ends, nobody's seat plays on.
    board, told = table.backend.channel_messages(table.channel)
    assert "abandoned" in board.text and not board.buttons
    assert "abandoned" in told.text and "marked away" not in told.text
    for player in (anne, ben):  # no "your move" is left: the hand says how it ended
        assert table.notices(player) == [] and "abandoned" in table.hand(player).text


async def test_a_cancelled_match_takes_back_its_notices_in_dms_and_in_the_channel(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    await table.backend.slash(chris, table.channel, "notify", how="channel")
    await open_and_start(table, anne, ben, chris)
    assert turn_notices(table, ben), "ben is told by DM"
    board, called = table.backend.channel_messages(table.channel)
    assert called.content.startswith(f"<@{chris.id}>"), "chris is told in the channel"
    await table.backend.slash(anne, table.channel, "whyfirst cancel")
    assert table.notices(ben) == [] and "cancelled" in table.hand(ben).text
    board, cancelled = table.backend.channel_messages(table.channel)
    assert "cancelled" in board.text and "cancelled by" in cancelled.text


async def test_notices_taken_back_by_two_paths_at_once_are_deleted_once(table):
    """A match's end may take its notices back from two paths at once (a cancel, the clock
    abandoning it, a notice being replaced): each notice is deleted by one of them only."""
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    assert table.notices(ben)
    await table.backend.slash(anne, table.channel, "whyfirst cancel")
    deleted = table.backend.calls_matching(
        "DELETE", "/channels/{channel_id}/messages/{message_id}"
    )
    assert deleted and all(call.status == 204 for call in deleted)
    tabletop = table.bot.table
    await tabletop.notices.withdraw(await tabletop.service.get(match_id))
    again = table.backend.calls_matching(
        "DELETE", "/channels/{channel_id}/messages/{message_id}"
    )
    assert len(again) == len(deleted), "nothing is deleted twice"


async def test_a_reminder_on_its_way_as_the_match_is_cancelled_is_deleted_when_it_arrives(
    table,
):
    """Discord has delivered a reminder but not yet answered when the match is cancelled,
    so taking the match's notices back cannot see it: once its answer comes, the reminder
    is deleted too, not left asking for a move in a match that is over."""
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    tabletop = table.bot.table
    match = await tabletop.service.get(match_id)
    deadline = (await tabletop.service.deadlines(match_id))["decision"]
    answer = asyncio.Event()
    held = table.backend.inject(
        method="POST", route="/channels/{channel_id}/messages",
        channel=table.backend.dm_channel(ben), answer_when=answer,
    )

    async def remind() -> None:
        table.backend.tracker.ignored.add(asyncio.current_task())  # held on purpose
        await tabletop.notices.reminder(match, deadline, clock.REMINDERS[0][0])

    reminding = asyncio.ensure_future(remind())
    await held.holding.wait()
    assert "Reminder" in table.notices(ben)[-1].text, "delivered, not yet answered"
    await table.backend.slash(anne, table.channel, "whyfirst cancel")
    answer.set()
    await reminding
    await table.backend.settle()
    assert table.notices(ben) == [] and "cancelled" in table.hand(ben).text


async def test_a_notice_someone_deleted_already_is_passed_over_when_notices_are_taken_back(
    table,
):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    await table.backend.slash(chris, table.channel, "notify", how="channel")
    await open_and_start(table, anne, ben, chris)
    _board, called = table.backend.channel_messages(table.channel)
    table.backend.world.delete_message(called)  # a moderator deletes chris's notice
    done = await table.backend.slash(anne, table.channel, "whyfirst cancel")
    assert not done.ephemeral and "cancelled by" in done.text
    assert table.notices(ben) == [], "ben's notice is taken back all the same"
    deletions = table.backend.calls_matching(
        "DELETE", "/channels/{channel_id}/messages/{message_id}"
    )
    assert sorted(call.status for call in deletions) == [204, 404], "each notice, once"
    (refused,) = table.backend.take_violations()
    assert refused.code == 10008 and refused.path.endswith(f"/{called.id}"), "chris's"


async def test_a_resigned_player_is_placed_last_and_loses_with_no_points(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await open_and_start(table, anne, ben, chris)
    resigned = await table.backend.slash(chris, table.channel, "whyfirst resign")
    assert "resigned" in resigned.text and not resigned.ephemeral
    assert "You resigned" in table.hand(chris).text and not table.hand(chris).buttons
    for _ in range(40):
        if "final board" in table.board().text:
            break
        for player in (anne, ben):
            if playable(table.hand(player)):
                await act(table, player, table.hand(player), pick=(anne, ben).index(player))
    record = await table.match_row(match_id)
    assert record.status == "finished"
    result = table.backend.channel_messages(table.channel)[-1].text
    assert result.index("chris") > max(result.index("anne"), result.index("ben"))
    assert "**3rd** chris (forfeited): " in result, "the result says why he is last"
    assert "anne (forfeited)" not in result and "ben (forfeited)" not in result
    async with table.bot.store.read() as db:
        (line,) = await career.player_totals(db, table.guild.id, chris.id)
    assert (line.played, line.wins, line.points) == (1, 0, 0)


async def test_the_seat_of_a_resigned_player_is_said_to_play_for_them_as_resigned_not_away(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_race(table, anne, ben)
    await table.backend.slash(ben, table.channel, "hare resign")
    for _ in range(3):  # a hare space may give anne another decision first
        if not listed(table.hand(anne)):
            break
        await make_move(table, anne, listed(table.hand(anne))[0])
    board = table.board().text
    assert "ben resigned: their seat played on autopilot" in board
    assert "is away" not in board
    log = await table.backend.click(anne, table.board(), label="Log")
    assert "ben resigned: their seat played on autopilot" in log.text


async def test_a_lobby_never_started_expires(table):
    anne = table.player("anne")
    await table.backend.slash(anne, table.channel, "whyfirst new")
    match_id = match_id_of(table.board())
    table.clock.advance(days=1)
    await table.tick()
    assert (await table.match_row(match_id)).status == "lobby"
    table.clock.advance(days=1, minutes=1)
    await table.tick()
    record = await table.match_row(match_id)
    assert (record.status, record.end_reason) == ("cancelled", "expired")
    assert "expired" in table.board().text and not table.board().buttons
    # The lobby says so itself: the channel is not told twice.
    assert table.backend.channel_messages(table.channel) == [table.board()]
    again = await table.backend.slash(anne, table.channel, "whyfirst new")
    assert not again.ephemeral


async def test_an_untimed_match_nobody_plays_ends_as_abandoned(table):
    anne, ben = table.player("anne"), table.player("ben")
    await table.backend.slash(anne, table.channel, "whyfirst new", pace="untimed")
    assert "Untimed" in table.board().text
    await table.backend.click(ben, table.board(), label="Join")
    await table.backend.click(anne, table.board(), label="Start")
    match_id = match_id_of(table.board())
    table.clock.advance(days=13)
    await table.tick()
    assert (await table.match_row(match_id)).status == "playing"
    table.clock.advance(days=2)
    await table.tick()
    record = await table.match_row(match_id)
    assert (record.status, record.end_reason) == ("cancelled", "abandoned")
    assert "abandoned" in table.backend.channel_messages(table.channel)[-1].text
    assert "abandoned" in table.hand(ben).text


async def test_the_away_notice_names_the_cancel_command_as_the_servers_language_spells_it(table):
    table.backend.world.pseudo = False  # this test chooses its language
    table.guild.locale = "it"
    await table.restart()  # the bot learns the server's locale when it connects
    anne, ben = table.player("anne"), table.player("ben")
    await table.backend.slash(anne, table.channel, "hare new")
    for player, action in ((ben, "join"), (anne, "start")):
        (button,) = [b for b in table.board().buttons if b.custom_id.endswith(f":{action}")]
        await table.backend.click(player, table.board(), custom_id=button.custom_id)
    match_id = int(button.custom_id.split(":")[1])
    for _ in range(20):
        state = HARE.load((await table.match_row(match_id)).state)
        if (await table.match_row(match_id)).seats[0].autopilot == "absent":
            break
        if state.turn == 0:
            table.clock.advance(days=1, minutes=1)
            await table.tick()
        else:
            await make_move(table, ben, listed(table.hand(ben))[0])
    (away,) = [m.text for m in table.backend.channel_messages(table.channel) if "annulla" in m.text]
    assert "`/lepre annulla`" in away, away
