"""Slow community play: notices, reminders, time-outs, absent and resigning players, expiry,
abandonment, downtime and /mygames, with the bot's clock moved by the tests (no sleeping)."""

from __future__ import annotations

from matches import clock
from rules.hare import ENGINE as HARE
from tests.databases import run_outside
from tests.e2e.canyon_play import decide
from tests.e2e.hare_play import open_race
from tests.e2e.play import (
    TURN,
    act,
    first_button,
    open_and_start,
    playable,
    rig,
)


async def _round(table, players) -> None:
    for player in players:
        await act(table, player, table.hand(player))


async def test_a_decision_notifies_each_awaited_player_once_and_never_the_active_one(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    await open_and_start(table, anne, ben, chris)
    assert table.notices(anne) == [], "anne just pressed Start: she is at the table"
    for player in (ben, chris):
        (notice,) = table.notices(player)
        assert "has started: your move" in notice.content and "Open your hand" in notice.content
    await _round(table, [ben, chris])
    assert len(table.notices(ben)) == 1 and len(table.notices(chris)) == 1, "nothing new yet"
    table.clock.advance(minutes=5)  # ben and chris step away from the table
    sent = len(table.backend.calls_matching("POST", "/channels/{channel_id}/messages"))
    await act(table, anne, table.hand(anne))  # the round resolves: a new decision for all
    assert table.notices(anne) == [], "anne acted last: no notice for her"
    for player in (ben, chris):
        (notice,) = table.notices(player)  # the new notice replaced the old one
        assert TURN in notice.content and "You have until <t:" in notice.content
    posts = table.backend.calls_matching("POST", "/channels/{channel_id}/messages")
    assert len(posts) - sent == 2, "one notice each for ben and chris, nothing else"


async def test_the_start_notice_says_until_when_the_first_move_is_due(table):
    anne, ben = table.player("anne"), table.player("ben")
    chris = table.player("chris", dms_open=False)
    await open_and_start(table, anne, ben, chris, game="canyon", pace="daily")
    due = f"<t:{int(table.clock.now) + 86400}:f>"
    (notice,) = table.notices(ben)
    assert "has started: your move. You have until " + due in notice.content
    (called,) = [m for m in table.backend.channel_messages(table.channel)
                 if f"<@{chris.id}>" in m.content]
    assert "has started: your move. You have until " + due in called.content


async def test_an_untimed_start_notice_names_no_deadline(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben, game="canyon", pace="untimed")
    (notice,) = table.notices(ben)
    assert "has started: your move." in notice.content and "<t:" not in notice.content


async def test_reminders_come_at_half_time_and_near_the_end_once_each(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben)
    await act(table, anne, table.hand(anne))
    table.clock.advance(hours=12, minutes=1)
    await table.tick()
    await table.tick()
    (reminder,) = table.notices(ben)
    assert "Reminder" in reminder.content
    assert table.notices(anne) == [], "anne has played: nothing to remind her of"
    reminders = len(table.backend.calls_matching("POST", "/channels/{channel_id}/messages"))
    table.clock.advance(hours=10)  # 22 h of 24: the last call
    await table.tick()
    await table.tick()
    posts = table.backend.calls_matching("POST", "/channels/{channel_id}/messages")
    assert len(posts) == reminders + 1 and len(table.notices(ben)) == 1


async def test_a_time_out_plays_for_the_slow_player_in_a_simultaneous_round(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await open_and_start(table, anne, ben, chris)
    await _round(table, [anne, ben])
    table.clock.advance(days=1, minutes=1)
    await table.tick()
    board = table.board().text
    assert "card round 2/5" in board, "chris's card was played for him and the round resolved"
    assert "chris ran out of time" in board
    record = await table.match_row(match_id)
    assert record.seats[2].timeouts == 1 and record.seats[2].autopilot is None


async def test_a_time_out_in_a_turn_based_game_passes_the_turn(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_race(table, anne, ben)
    assert HARE.load((await table.match_row(match_id)).state).turn == 0
    for _ in range(3):  # a hare space may give anne another decision first
        table.clock.advance(days=1, minutes=1)
        await table.tick()
        if HARE.load((await table.match_row(match_id)).state).turn == 1:
            break
    assert HARE.load((await table.match_row(match_id)).state).turn == 1, "the turn passed"
    assert "anne ran out of time" in table.board().text
    assert playable(table.hand(ben)) and TURN in table.notices(ben)[-1].content


async def test_three_time_outs_put_a_seat_on_autopilot_until_its_player_comes_back(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    for _ in range(clock.ABSENT_AFTER_TIMEOUTS):
        await act(table, anne, table.hand(anne))
        table.clock.advance(days=1, minutes=1)
        await table.tick()
    record = await table.match_row(match_id)
    assert record.seats[1].autopilot == "absent"
    away = [m for m in table.backend.channel_messages(table.channel) if "marked away" in m.text]
    assert len(away) == 1 and "/whyfirst cancel" in away[0].text
    hand = table.hand(ben)
    assert "You are away" in hand.text and hand.find_button(label="I'm back")
    # While ben is away his seat plays at once: anne never waits for him.
    await act(table, anne, table.hand(anne))
    assert "card round 5/5" in table.board().text
    await table.backend.click(ben, table.hand(ben), label="I'm back")
    record = await table.match_row(match_id)
    assert record.seats[1].autopilot is None and record.seats[1].timeouts == 0
    assert "You are away" not in table.hand(ben).text
    await act(table, anne, table.hand(anne))  # the next round is ben's own again
    assert playable(table.hand(ben))


async def test_an_away_players_hand_shows_the_card_the_autopilot_committed(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await open_and_start(table, anne, ben, chris, game="canyon")
    for _ in range(clock.ABSENT_AFTER_TIMEOUTS * 3):  # chris never plays
        if (await table.match_row(match_id)).seats[2].autopilot is not None:
            break
        for player in (anne, ben):
            while playable(table.hand(player)):  # a collision may ask again
                await decide(table, player)
        table.clock.advance(days=1, minutes=1)
        await table.tick()
    assert (await table.match_row(match_id)).seats[2].autopilot == "absent"
    while "to commit a card" not in table.board().text:  # the rest of the round
        player = next(p for p in (anne, ben) if playable(table.hand(p)))
        await decide(table, player)
    # chris is away: his seat committed its card as soon as the next round opened
    waiting = table.board().text.split("Waiting for\n")[1].split("\n")[0]
    assert f"<@{chris.id}>" not in waiting and "committed" in waiting
    hand = table.hand(chris)
    assert "You are away" in hand.text and "Your card is committed" in hand.text
    assert "Pick the card" not in hand.text


async def test_deadlines_survive_a_restart_and_the_downtime_is_given_back(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    await act(table, anne, table.hand(anne))
    table.clock.advance(hours=1)
    await table.tick()  # the heartbeat: the bot is alive an hour in
    await table.backend.disconnect()
    table.clock.advance(hours=5)  # the bot is down for five hours
    await table.start_bot()
    table.clock.advance(hours=19, minutes=1)  # 25 h after the decision opened
    await table.tick()
    assert (await table.match_row(match_id)).seats[1].timeouts == 0, "ben still has 5 hours"
    table.clock.advance(hours=5)
    await table.tick()
    assert (await table.match_row(match_id)).seats[1].timeouts == 1


async def test_mygames_names_each_game_in_the_readers_language(table):
    table.backend.world.pseudo = False  # this test chooses its language
    ana = table.player("ana", locale="es-ES")
    await table.backend.slash(ana, table.channel, "hare new")
    listed = await table.backend.slash(ana, table.channel, "mygames")
    assert "**Liebre y Tortuga** #1" in listed.text and "Hare" not in listed.text


async def test_mygames_lists_every_open_match_on_every_server(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben)
    other_server = table.backend.add_guild("Another club")
    elsewhere = table.backend.add_text_channel(other_server, "tables")
    table.backend.add_member(other_server, anne)
    await table.backend.settle()
    await table.backend.slash(anne, elsewhere, "hare new")
    listed = await table.backend.slash(ben, table.channel, "mygames")
    assert listed.ephemeral and "Why First?" in listed.text and "Hare" not in listed.text
    mine = await table.backend.slash(anne, table.channel, "mygames")
    assert "Why First?" in mine.text and "Hare and Tortoise" in mine.text
    assert "**your move**" in mine.text and "lobby" in mine.text
    assert "https://discord.com/channels/" in mine.text


async def test_notify_in_channel_pings_in_the_channel_instead_of_by_dm(table):
    anne, ben = table.player("anne"), table.player("ben")
    chosen = await table.backend.slash(ben, table.channel, "notify", how="channel")
    assert chosen.ephemeral and "mention" in chosen.text
    await open_and_start(table, anne, ben)
    assert table.notices(ben) == []
    (ping,) = [m for m in table.backend.channel_messages(table.channel) if "your move" in m.text]
    assert ping.content.startswith(f"<@{ben.id}>") and "[Board](" in ping.content
    off = await table.backend.slash(anne, table.channel, "notify", how="off")
    assert off.ephemeral
    await act(table, ben, table.hand(ben))
    table.clock.advance(hours=13)
    await table.tick()
    assert table.notices(anne) == [], "anne turned notices off"


async def test_playing_through_the_fallback_refreshes_the_dm_hand(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben)
    shown = await table.backend.click(anne, table.board(), label="Show my hand")
    picked = await table.backend.click(
        anne, shown.message, custom_id=first_button(shown.message, "ch:")
    )
    await table.backend.click(anne, picked.message, custom_id=first_button(picked.message, "mv:"))
    assert "You played" in table.hand(anne).text and not playable(table.hand(anne))


async def test_a_deadline_that_fell_due_while_nothing_changed_is_not_replayed(table):
    """A stale deadline (the player moved just before it) does nothing."""
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    [(point,)] = await run_outside(
        table.database,
        "SELECT decision_point FROM deadlines WHERE match_id = ? AND kind = 'decision'",
        match_id,
    )
    await _round(table, [anne, ben])
    version = (await table.match_row(match_id)).version
    table.clock.advance(hours=23)
    await table.tick()
    assert (await table.match_row(match_id)).version == version
    assert point < (await table.match_row(match_id)).version


async def test_the_private_message_tells_what_just_happened_and_the_standings(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben)
    await _round(table, [anne, ben])
    for player in (anne, ben):
        text = table.hand(player).text
        assert "Reveal of stage 1, card round 1" in text and "anne played" in text


async def test_a_hare_dm_tells_the_last_moves_and_every_runner(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_race(table, anne, ben)
    table.clock.advance(days=1, minutes=1)
    await table.tick()
    text = table.hand(ben).text
    assert "Latest" in text and "Runners" in text and "🥕" in text


async def test_a_player_knocked_out_is_told_at_once_and_only_once(table):
    from rules.canyon import ENGINE as CANYON

    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await open_and_start(table, anne, ben, chris, game="canyon")
    await act(table, ben, table.hand(ben))  # ben commits before his car goes out

    def ben_out(state) -> None:
        state.eliminated_in[1] = 1

    await rig(table, match_id, CANYON, ben_out)
    await act(table, anne, table.hand(anne))
    await act(table, chris, table.hand(chris))
    out = [m for m in table.notices(ben) if "You are out" in m.content]
    assert len(out) == 1 and "Great Canyon Race" in out[0].content
    assert not [m for m in table.notices(anne) if "You are out" in m.content]


async def test_a_player_whose_time_ran_out_is_told_what_was_played_for_them(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    await open_and_start(table, anne, ben, chris)
    assert "⏳ Due <t:" in table.hand(chris).text, "the hand shows the deadline"
    await _round(table, [anne, ben])
    assert "⏳ Due" not in table.hand(anne).text, "anne has played: nothing is due from her"
    table.clock.advance(days=1, minutes=1)
    await table.tick()
    hand = table.hand(chris).text
    told = "⌛ Your time ran out, so the table played "
    assert hand.startswith(told) and "2 more time-outs in a row" in hand, hand
    words = hand.removeprefix(told).split(" for you.")[0]
    assert f"🃏 chris played {words}" in hand, "what he is told is what the reveal shows"
    assert "⏳ Due <t:" in hand and playable(table.hand(chris))
    (notice,) = table.notices(chris)
    assert notice.content.startswith(f"{told}{words} for you.") and TURN in notice.content
    await act(table, chris, table.hand(chris))
    assert "time ran out" not in table.hand(chris).text, "his own move: nothing to tell"


async def test_a_player_whose_turn_passed_on_a_time_out_is_told_too(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_race(table, anne, ben)
    while HARE.load((await table.match_row(match_id)).state).turn == 0:
        table.clock.advance(days=1, minutes=1)
        await table.tick()
    (notice,) = table.notices(anne)
    assert "⌛ Your time ran out, so the table moved" in notice.content
    assert "more time-out" in notice.content
    assert notice.content.startswith(f"**Hare and Tortoise** (match #{match_id} in <#"), (
        "the match named first, as in every notice, not in brackets after the sentence"
    )
    assert ")) [" not in notice.content
    assert "⌛ Your time ran out, so the table moved" in table.hand(anne).text
    assert "⏳ Due" not in table.hand(anne).text and "⏳ Due <t:" in table.hand(ben).text
