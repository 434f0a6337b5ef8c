"""A server's channel for notices: /settings notices (members with Manage Server) sends the
notices the bot posts in a channel (closed DMs, or ``/notify channel``) to one channel of
the server; one the bot cannot post in is refused, and one that refuses it later gives way
to the match's own channel."""

from __future__ import annotations

import discord

from tests.e2e.play import act, moderator, open_and_start, second_bot

TO_EACH_MATCH = (
    "the notices I post in a channel (for players who chose them or whose DMs are closed) "
    "go to each match's own channel."
)


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:]


def _going_to(channel) -> str:
    return (
        "the notices I post in a channel (for players who chose them or whose DMs are "
        f"closed) go to <#{channel.id}>."
    )


def _mentioning(table, channel, user) -> list:
    """The messages in ``channel`` that mention ``user``."""
    return [
        m for m in table.backend.channel_messages(channel) if f"<@{user.id}>" in m.content
    ]


async def test_a_player_is_called_in_the_servers_notice_channel_with_a_link_to_the_board(table):
    backend = table.backend
    anne, dana = moderator(table, "anne"), table.player("dana", dms_open=False)
    pings = backend.add_text_channel(table.guild, "pings")
    chosen = await backend.slash(anne, table.channel, "settings notices", channel=pings)
    assert chosen.ephemeral and chosen.text == "Done: " + _going_to(pings)
    shown = await backend.slash(anne, table.channel, "settings notices")
    assert shown.ephemeral and shown.text == _sentence(_going_to(pings))

    match_id = await open_and_start(table, anne, dana)
    assert len(backend.pings(dana, pings)) == 1 and backend.pings(dana, table.channel) == []
    (notice,) = _mentioning(table, pings, dana)
    assert f"(match #{match_id} in <#{table.channel.id}>)" in notice.content
    board = table.board()
    assert (
        f"https://discord.com/channels/{table.guild.id}/{table.channel.id}/{board.id}"
        in notice.content
    ), "the notice links to the board in the match's channel"
    assert _mentioning(table, table.channel, dana) == []

    shown = await backend.click(dana, table.board(), label="Show my hand")
    await act(table, dana, shown.message, pick=3)
    table.clock.advance(hours=3)
    await act(table, anne, table.hand(anne))  # a new decision for dana
    (notice,) = _mentioning(table, pings, dana)
    assert "⏰ Your move" in notice.content, "her one live message there, edited"

    await backend.slash(anne, table.channel, "whyfirst cancel")
    assert _mentioning(table, pings, dana) == [], "a cancelled match takes its notices back"


async def test_a_channel_the_bot_cannot_post_in_is_refused_and_nothing_changes(table):
    backend = table.backend
    anne = moderator(table, "anne")
    quiet = backend.add_text_channel(table.guild, "quiet")
    denied = discord.Permissions(send_messages=True)
    backend.deny(quiet, backend.bot_user, denied.value)
    refused = await backend.slash(anne, table.channel, "settings notices", channel=quiet)
    assert refused.ephemeral and refused.text == (
        f"I need the Send Messages permission in <#{quiet.id}> to post notices there. A "
        "moderator can grant it; nothing changed."
    )
    shown = await backend.slash(anne, table.channel, "settings notices")
    assert shown.text == _sentence(TO_EACH_MATCH)
    both = await backend.slash(
        anne, table.channel, "settings notices", channel=table.channel, reset=True
    )
    assert both.ephemeral and both.text == "Choose a channel or reset, not both: nothing changed."
    ben = table.player("ben")
    refused = await backend.slash(ben, table.channel, "settings notices", channel=table.channel)
    assert refused.ephemeral and refused.text == "This needs the Manage Server permission here."
    assert backend.channel_messages(table.channel) == []
    assert backend.channel_messages(quiet) == []


async def test_a_notice_channel_that_refuses_the_bot_later_gives_way_to_the_matchs(table):
    backend = table.backend
    anne, dana = moderator(table, "anne"), table.player("dana", dms_open=False)
    pings = backend.add_text_channel(table.guild, "pings")
    await backend.slash(anne, table.channel, "settings notices", channel=pings)
    backend.deny(pings, backend.bot_user, discord.Permissions(view_channel=True).value)
    shown = await backend.slash(anne, table.channel, "settings notices")
    assert shown.text == _sentence(_going_to(pings)) + (
        " I cannot post there now (I need the View Channel and Send Messages permissions), "
        "so they go to each match's own channel until a moderator grants them."
    )

    await open_and_start(table, anne, dana)
    assert len(backend.pings(dana, table.channel)) == 1, "called where the match is"
    assert backend.pings(dana, pings) == []

    backend.delete_channel(pings)
    shown = await backend.slash(anne, table.channel, "settings notices")
    assert shown.text == (
        "The channel chosen for notices is gone: they go to each match's own channel until "
        "a moderator chooses another."
    )
    reset = await backend.slash(anne, table.channel, "settings notices", reset=True)
    assert reset.ephemeral and reset.text == "Done: " + TO_EACH_MATCH


async def test_a_channel_not_everyone_sees_is_taken_with_a_warning(table):
    backend = table.backend
    anne = moderator(table, "anne")
    staff = backend.add_text_channel(table.guild, "staff")
    seeing = discord.Permissions(view_channel=True).value
    backend.deny(staff, table.guild.everyone, seeing)
    backend.overwrite(staff, backend.bot_user, allow=seeing)
    chosen = await backend.slash(anne, table.channel, "settings notices", channel=staff)
    assert chosen.text == "Done: " + _going_to(staff) + (
        f" Not everyone can see <#{staff.id}>: a player who cannot is not called there."
    )


async def test_another_process_posts_in_the_new_notice_channel_at_once(table):
    second = await second_bot(table)
    try:
        backend = table.backend
        anne, dana = moderator(table, "anne"), table.player("dana", dms_open=False)
        pings = backend.add_text_channel(table.guild, "pings")
        await backend.slash(anne, table.channel, "settings notices", channel=pings)
        backend.serve(second)  # no heartbeat between: the notice reads the database
        await open_and_start(table, anne, dana)
        assert len(backend.pings(dana, pings)) == 1
        assert backend.pings(dana, table.channel) == []
    finally:
        await table.backend.disconnect(second)


async def test_a_dutch_moderator_chooses_the_channel_and_a_dutch_player_is_called_there(table):
    table.backend.world.pseudo = False  # this test chooses its languages
    table.guild.locale = "en-US"  # the board's: an English server
    await table.restart()
    backend = table.backend
    anne = moderator(table, "anne", locale="nl")
    dana = table.player("dana", locale="nl", dms_open=False)
    pings = backend.add_text_channel(table.guild, "pings")
    chosen = await backend.slash(anne, table.channel, "settings notices", channel=pings)
    assert chosen.text == (
        "Klaar: de meldingen die ik in een kanaal plaats (voor spelers die ze kozen of van wie "
        f"de DM's dicht staan) gaan naar <#{pings.id}>."
    )
    await open_and_start(table, anne, dana)
    (notice,) = _mentioning(table, pings, dana)
    assert "is begonnen" in notice.content, notice.content
