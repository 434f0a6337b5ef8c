"""The table under faults: renumbered seats, network delays, a slow or broken database,
Discord refusing edits, simultaneous clicks. Nothing is shown to the wrong player, every
click is answered, and every message converges to the newest state."""

from __future__ import annotations

import asyncio

from rules.whyfirst import ENGINE
from tests.databases import hold_write_lock, run_outside
from tests.e2e.play import (
    MOVE,
    first_button,
    match_id_of,
    open_and_start,
    playable,
)

EDIT = "/channels/{channel_id}/messages/{message_id}"
POST = "/channels/{channel_id}/messages"
CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"


async def _view(table, match_id, user):
    record = await table.match_row(match_id)
    seat = record.seat_of(user.id)
    return ENGINE.view(ENGINE.load(record.state), seat)


def _hand_field(view) -> str:
    return " ".join(f"`{card['value']:+d}`" for card in view["hand"])


async def _pick_card(table, user):
    """The first step of a standard play from the DM: a card picked, the targets shown."""
    hand = table.hand(user)
    picked = await table.backend.click(user, hand, custom_id=first_button(hand, "ch:"))
    return picked.message


# -- 1. hands belong to players ---------------------------------------------------------------


async def test_leaving_the_lobby_never_shows_anyone_another_players_hand(table):
    host, anne, ben, carl = (table.player(n) for n in ("host", "anne", "ben", "carl"))
    await table.backend.slash(host, table.channel, "whyfirst new")
    for player in (anne, ben):
        await table.backend.click(player, table.board(), label="Join")
    await table.backend.click(anne, table.board(), label="Leave")
    await table.backend.click(carl, table.board(), label="Join")
    await table.backend.click(host, table.board(), label="Start")
    match_id = match_id_of(table.board())

    assert "You left" in table.hand(anne).text and not table.hand(anne).buttons
    for player in (host, ben, carl):
        view = await _view(table, match_id, player)
        assert _hand_field(view) in table.hand(player).text, player.name
        assert playable(table.hand(player))


# -- 2. the newest state is the last write -----------------------------------------------------


async def test_a_delayed_answer_never_overwrites_the_next_round_in_a_dm(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben)
    anne_targets, ben_targets = await _pick_card(table, anne), await _pick_card(table, ben)
    # anne's answer is slow on the network; ben's move ends the round meanwhile.
    table.backend.inject(method="POST", route=CALLBACK, delay=0.5)

    async with table.backend.simultaneously():
        await table.backend.click(anne, anne_targets, custom_id=first_button(anne_targets, MOVE))
        await asyncio.sleep(0.1)
        await table.backend.click(ben, ben_targets, custom_id=first_button(ben_targets, MOVE))
    for player in (anne, ben):
        hand = table.hand(player)
        assert "card round 2/5" in hand.text, player.name
        assert playable(hand) and "Still waiting" not in hand.text


# -- 3. a slow or failing database -------------------------------------------------------------


async def test_a_move_waiting_for_a_slow_writer_is_answered_in_time_and_saved(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    carl = table.player("carl")
    other_channel = table.backend.add_text_channel(table.guild, "other")
    await table.backend.slash(carl, other_channel, "whyfirst new")
    other_lobby = table.backend.channel_messages(other_channel)[0]
    targets = await _pick_card(table, anne)
    version = (await table.match_row(match_id)).version

    holder = await hold_write_lock(table.database)
    try:
        async with table.backend.simultaneously(settle=False):
            moved = await table.backend.click(
                anne, targets, custom_id=first_button(targets, MOVE)
            )
            looked = await table.backend.click(carl, other_lobby, label="How to play")
        # Both are answered while the writer still holds the lock.
        assert await table.backend.answered(looked), "reads never queue behind the writer"
        assert await table.backend.answered(moved)
        assert moved.deferred, "the move was deferred before Discord's three seconds passed"
        assert (await table.match_row(match_id)).version == version, "not saved yet"
    finally:
        holder.let_go()
        await asyncio.to_thread(holder.join)
    await table.backend.settle()

    assert looked.response_type == 4
    assert (await table.match_row(match_id)).version == version + 1
    assert "You played" in table.hand(anne).text
    assert f"<@{anne.id}>" not in table.board().text.split("Waiting for")[1]


async def test_a_move_that_cannot_be_saved_is_refused_plainly_and_changes_nothing(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    targets = await _pick_card(table, anne)
    before = await table.match_row(match_id)
    table.busy_timeout = 0.3  # a lock held past the busy timeout
    await table.restart()

    holder = await hold_write_lock(table.database)
    try:
        refused = await table.backend.click(anne, targets, custom_id=first_button(targets, MOVE))
    finally:
        holder.let_go()
        await asyncio.to_thread(holder.join)

    assert refused.ephemeral and "could not be saved" in refused.text
    assert "nothing changed" in refused.text
    after = await table.match_row(match_id)
    assert (after.version, after.state) == (before.version, before.state)
    retried = await table.backend.click(anne, targets, custom_id=first_button(targets, MOVE))
    assert not retried.ephemeral and "You played" in table.hand(anne).text


async def test_a_clock_tick_on_a_busy_database_is_a_warning_and_the_next_one_runs(table, caplog):
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben)
    table.busy_timeout = 0.3  # a lock held past the busy timeout
    await table.restart()
    clock = table.bot.get_cog("Clock")

    holder = await hold_write_lock(table.database)
    try:
        await clock.tick.coro(clock)
    finally:
        holder.let_go()
        await asyncio.to_thread(holder.join)
    busy = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "cogs.clock"]
    await clock.tick.coro(clock)

    # The clock's own loop may have ticked into the lock too: each such tick a warning.
    assert busy and all(level == "WARNING" for level, _ in busy), busy
    assert any(said.startswith("the clock's tick could not use") for _, said in busy)
    told = [r for r in caplog.records if r.name == "cogs.clock"]
    assert len(told) == len(busy), "the tick after the lock runs and says nothing"


# -- 4. a damaged match is isolated ------------------------------------------------------------


async def test_a_damaged_match_can_be_cancelled_and_never_stops_the_others(table, caplog):
    anne, ben = table.player("anne"), table.player("ben")
    broken_id = await open_and_start(table, anne, ben)
    broken_board = table.board()
    opened = await table.backend.click(anne, broken_board, label="Show my hand")
    elsewhere = table.backend.add_text_channel(table.guild, "elsewhere")
    await table.backend.slash(table.player("carl"), elsewhere, "whyfirst new")
    healthy_board = table.backend.channel_messages(elsewhere)[0]
    await run_outside(
        table.database, "UPDATE matches SET state = '{\"seats\": 2' WHERE id = ?", broken_id
    )
    # The healthy board is out of date: the restart must bring it back.
    await run_outside(
        table.database, "UPDATE match_messages SET fingerprint = '' WHERE match_id = ?",
        match_id_of(healthy_board),
    )
    calls = len(table.backend.calls)

    await table.restart()

    edits = [c for c in table.backend.calls[calls:] if c.method == "PATCH"]
    assert any(c.path.endswith(str(healthy_board.id)) for c in edits), "healthy match restored"
    assert "cannot go on" in table.board().text and not table.board().buttons
    assert "cannot go on" in table.hand(anne).text and not table.hand(anne).buttons
    clicked = await table.backend.click(anne, opened, custom_id=first_button(opened.message, "ch:"))
    assert clicked.ephemeral and "damaged" in clicked.text
    cancelled = await table.backend.slash(anne, table.channel, "whyfirst cancel")
    assert "cancelled by" in cancelled.text
    assert (await table.match_row(broken_id)).status == "cancelled"
    reopened = await table.backend.slash(ben, table.channel, "whyfirst new")
    assert not reopened.ephemeral
    assert broken_board.id != table.backend.channel_messages(table.channel)[-1].id
    assert any(f"match {broken_id}: its stored" in r.getMessage() for r in caplog.records)
    caplog.clear()


# -- 5. Discord refusing an edit ---------------------------------------------------------------


async def _play_a_card(table, user):
    targets = await _pick_card(table, user)
    return await table.backend.click(user, targets, custom_id=first_button(targets, MOVE))


async def test_a_missing_permission_is_told_in_the_channel_once(table):
    anne, ben, chris = table.player("anne"), table.player("ben"), table.player("chris")
    await open_and_start(table, anne, ben, chris)
    table.backend.inject(method="PATCH", route=EDIT, channel=table.channel, status=403,
                         code=50013, message="Missing Permissions", times=None)
    await _play_a_card(table, anne)
    await _play_a_card(table, ben)
    notices = [m for m in table.backend.channel_messages(table.channel) if "permissions" in m.text]
    assert len(notices) == 1 and "Embed Links" in notices[0].text


async def test_without_access_to_the_channel_the_host_is_told_and_the_match_ends(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    for method, route in (("PATCH", EDIT), ("POST", POST)):
        table.backend.inject(method=method, route=route, channel=table.channel, status=403,
                             code=50001, message="Missing Access", times=None)
    await _play_a_card(table, ben)
    notices = [m for m in table.backend.dm_messages(anne) if "permissions" in m.text]
    assert len(notices) == 1 and "has ended" in notices[0].text
    record = await table.match_row(match_id)
    assert (record.status, record.end_reason) == ("cancelled", "channel_gone")
    assert "can no longer reach it" in table.hand(ben).text


async def test_a_deleted_channel_ends_its_match_and_tells_the_players(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    table.backend.delete_channel(table.channel)
    await _play_a_card(table, anne)
    record = await table.match_row(match_id)
    assert (record.status, record.end_reason) == ("cancelled", "channel_gone")
    for player in (anne, ben):
        assert "its channel was deleted" in table.hand(player).text
        assert not table.hand(player).buttons


async def test_dms_closed_during_play_move_the_player_to_the_board(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    await _play_a_card(table, ben)
    ben.dms_open = False
    await _play_a_card(table, anne)  # the round ends: ben's DM cannot be edited any more
    record = await table.match_row(match_id)
    assert record.seats[record.seat_of(ben.id)].dms_closed
    (notice,) = [m for m in table.backend.channel_messages(table.channel) if "Show my hand" in
                 m.content]
    assert f"<@{ben.id}>" in notice.content
    shown = await table.backend.click(ben, table.board(), label="Show my hand")
    assert shown.ephemeral and playable(shown.message)


# -- 6. simultaneous clicks --------------------------------------------------------------------


async def test_simultaneous_joins_all_show_on_the_lobby(table):
    host, *others = (table.player(n) for n in ("host", "anne", "ben", "carl", "dora"))
    await table.backend.slash(host, table.channel, "whyfirst new")
    lobby = table.board()
    table.backend.inject(method="POST", route=CALLBACK, delay=0.3)  # the first answer is slow
    async with table.backend.simultaneously():
        for player in others:
            await table.backend.click(player, lobby, label="Join")
    text = table.board().text
    assert "Players (5/6)" in text
    assert all(f"<@{p.id}>" in text for p in (host, *others))


async def test_simultaneous_board_reposts_leave_one_live_board(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben)
    table.backend.inject(method="POST", route=CALLBACK, delay=0.3)  # the first answer is slow
    async with table.backend.simultaneously():
        await table.backend.slash(anne, table.channel, "whyfirst board")
        await table.backend.slash(ben, table.channel, "whyfirst board")
    live = [m for m in table.backend.channel_messages(table.channel) if m.buttons]
    assert len(live) == 1
    await _play_a_card(table, anne)
    assert "Waiting for" in live[0].text
    assert f"<@{anne.id}>" not in table.backend.get_message(live[0].id).text.split(
        "Waiting for")[1]



async def test_a_committed_move_refreshes_its_messages_even_if_its_answer_is_refused(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    targets = await _pick_card(table, anne)
    version = (await table.match_row(match_id)).version
    # Discord refuses the answer (the interaction expired on its side).
    table.backend.inject(method="POST", route=CALLBACK, status=404, code=10062,
                         message="Unknown interaction")
    await table.backend.click(anne, targets, custom_id=first_button(targets, MOVE))
    assert (await table.match_row(match_id)).version == version + 1
    assert "You played" in table.hand(anne).text, "the DM was brought up to date by an edit"
    assert f"<@{anne.id}>" not in table.board().text.split("Waiting for")[1]


async def test_discord_asking_the_bot_to_slow_down_delays_a_board_edit_and_loses_nothing(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben)
    board = table.board()
    before = board.text
    table.backend.inject(method="PATCH", route=EDIT, channel=table.channel, status=429,
                         message="You are being rate limited.", retry_after=0.3)
    played = await _play_a_card(table, anne)
    assert not played.ephemeral, "the player's own click is answered as ever"
    edits = [c for c in table.backend.calls_matching("PATCH", EDIT)
             if c.path.endswith(f"/messages/{board.id}")]
    refused, *after = edits
    assert refused.status == 429 and after and all(c.ok for c in after)
    assert after[0].at - refused.at >= 0.3, "the edit waited as long as Discord asked"
    assert table.board().id == board.id and table.board().text != before, "then it landed"
