"""Matches beyond text channels. In threads: Discord archives a quiet thread and then
refuses the bot's edits there; the table unarchives it and goes on, and a thread a
moderator locked ends its match with word to its host. A forum's post is such a thread;
in a voice channel's text chat, a match is played as in any channel."""

from __future__ import annotations

import discord

from tests.e2e.play import act, open_and_start, playable

UNARCHIVE = ("PATCH", "/channels/{channel_id}")
POST = "/channels/{channel_id}/messages"
EDIT = POST + "/{message_id}"


async def _match_in_a_thread(table, name: str):
    """anne's thread ``name`` in the table's channel, where she and ben started a match (the
    table's helpers read the thread from now on): the two, the thread and the match's id."""
    anne, ben = table.player("anne"), table.player("ben")
    thread = table.backend.add_thread(table.channel, name, owner=anne)
    table.channel = thread
    return anne, ben, thread, await open_and_start(table, anne, ben)


async def test_a_daily_match_in_a_thread_goes_on_each_time_discord_archives_it(table):
    backend = table.backend
    anne, ben, thread, _ = await _match_in_a_thread(table, "tuesday game")
    assert table.board().channel is thread
    assert backend.bot_user.id in thread.thread.members, "it joined: members may unarchive"
    archived = 0
    for _ in range(200):
        if "final board" in table.board().text:
            break
        backend.archive_thread(thread)  # a day without a word in the thread
        archived += 1
        table.clock.advance(hours=20)
        for player in (anne, ben):
            if playable(table.hand(player)):
                await act(table, player, table.hand(player))
        assert not thread.thread.archived, "the bot unarchived it to show the move"
    assert "final board" in table.board().text
    assert any(m.embeds and "wins" in m.embeds[0]["title"]
               for m in backend.channel_messages(thread)), "the result is in the thread"
    unarchived = backend.calls_matching(*UNARCHIVE)
    assert 0 < len(unarchived) <= archived, "at most once for each time it was archived"
    assert all((call.json or {}) == {"archived": False} for call in unarchived)


async def test_a_player_whose_dms_are_closed_is_called_in_the_archived_thread(table):
    backend = table.backend
    anne, dana = table.player("anne"), table.player("dana", dms_open=False)
    thread = backend.add_thread(table.channel, "slow game", owner=anne)
    table.channel = thread
    await open_and_start(table, anne, dana)
    shown = await backend.click(dana, table.board(), label="Show my hand")
    await act(table, dana, shown.message, pick=3)
    backend.archive_thread(thread)
    table.clock.advance(hours=3)
    await act(table, anne, table.hand(anne))  # a new decision for dana
    called = [m for m in backend.channel_messages(thread) if f"<@{dana.id}>" in m.content]
    assert called and "⏰ Your move" in called[-1].content
    assert not thread.thread.archived


async def test_a_thread_a_moderator_locked_ends_its_match_and_tells_the_host(table):
    backend = table.backend
    anne, ben, thread, match_id = await _match_in_a_thread(table, "locked game")
    backend.archive_thread(thread, locked=True)
    await act(table, ben, table.hand(ben))
    assert thread.thread.archived, "a bot without Manage Threads cannot reopen it"
    assert (await table.match_row(match_id)).status == "cancelled"
    told = backend.dm_messages(anne)[-1].content
    assert told == (
        f"**Why First?** match #{match_id} has ended: a moderator locked its thread "
        f"<#{thread.id}>, so I can't keep its board there."
    )
    assert "has ended" in table.hand(ben).text


async def test_a_thread_locked_and_left_open_ends_its_match_when_it_refuses_the_board(table):
    backend = table.backend
    anne, ben, thread, match_id = await _match_in_a_thread(table, "hushed game")
    for method, route in (("PATCH", EDIT), ("POST", POST)):
        backend.inject(method=method, route=route, channel=thread, status=400, code=160005,
                       message="Thread is locked", times=None)
    await act(table, ben, table.hand(ben))
    assert (await table.match_row(match_id)).status == "cancelled"
    assert "a moderator locked its thread" in backend.dm_messages(anne)[-1].content


async def test_a_channel_for_threads_only_still_takes_matches_in_its_threads(table):
    backend = table.backend
    anne, ben = table.player("anne"), table.player("ben")
    talk_in_threads = discord.Permissions(send_messages=True).value
    backend.deny(table.channel, table.guild.everyone, talk_in_threads)
    thread = backend.add_thread(table.channel, "game", owner=anne)
    refused = await backend.slash(anne, table.channel, "whyfirst new")
    assert refused.ephemeral and "Send Messages permission" in refused.text
    table.channel = thread
    match_id = await open_and_start(table, anne, ben)
    assert (await table.match_row(match_id)).status == "playing"
    await act(table, anne, table.hand(anne))
    assert table.board().channel is thread

    backend.deny(table.channel.thread.parent, table.guild.everyone,
                 talk_in_threads | discord.Permissions(send_messages_in_threads=True).value)
    other = backend.add_thread(thread.thread.parent, "another", owner=ben)
    refused = await backend.slash(ben, other, "hare new")
    assert refused.ephemeral and refused.text == (
        "I need the Send Messages in Threads permission in this channel to keep a board "
        "here. A moderator can grant it; no match was opened."
    )


async def test_a_deleted_thread_ends_its_match_and_tells_the_players(table):
    anne, ben, thread, match_id = await _match_in_a_thread(table, "short-lived")
    table.backend.delete_channel(thread)
    await act(table, anne, table.hand(anne))
    record = await table.match_row(match_id)
    assert (record.status, record.end_reason) == ("cancelled", "channel_gone")
    for player in (anne, ben):
        assert "its channel was deleted" in table.hand(player).text


async def test_a_private_thread_takes_a_match_once_the_bot_is_added_to_it(table):
    backend = table.backend
    anne, ben = table.player("anne"), table.player("ben")
    secret = backend.add_thread(table.channel, "just us", owner=anne, private=True)
    refused = await backend.slash(anne, secret, "canyon new")
    assert refused.ephemeral and refused.text == (
        "I can't keep a board in this private thread: add me to it (mention me here), then "
        "try again. No match was opened."
    )
    assert backend.channel_messages(secret) == []
    secret.thread.members.add(backend.bot_user.id)  # anne mentions the bot in it
    table.channel = secret
    match_id = await open_and_start(table, anne, ben, game="canyon")
    assert (await table.match_row(match_id)).status == "playing"


async def test_a_match_in_a_voice_channels_chat_is_played_there(table):
    anne, ben = table.player("anne"), table.player("ben")
    table.channel = table.backend.add_text_channel(table.guild, "game night", kind=2)
    match_id = await open_and_start(table, anne, ben)
    await act(table, anne, table.hand(anne))
    assert table.board().channel is table.channel
    assert (await table.match_row(match_id)).channel_id == table.channel.id


async def test_a_match_in_a_forum_post_is_played_there(table):
    backend = table.backend
    anne, ben = table.player("anne"), table.player("ben")
    forum = backend.add_text_channel(table.guild, "looking-for-players", kind=15)
    table.channel = backend.add_thread(forum, "Why First? tonight", owner=anne)
    match_id = await open_and_start(table, anne, ben)
    backend.archive_thread(table.channel)
    await act(table, anne, table.hand(anne))
    assert not table.channel.thread.archived
    assert (await table.match_row(match_id)).channel_id == table.channel.id


async def test_a_thread_the_bot_was_removed_from_ends_its_match_once_archived(table):
    backend = table.backend
    anne, ben, thread, match_id = await _match_in_a_thread(table, "left behind")
    thread.thread.members.discard(backend.bot_user.id)  # a moderator removed it
    backend.archive_thread(thread)
    await act(table, ben, table.hand(ben))
    assert (await table.match_row(match_id)).status == "cancelled"
    told = backend.dm_messages(anne)[-1].content
    assert "I can't reach the channel at all, so the match has ended." in told
    assert "locked" not in told
