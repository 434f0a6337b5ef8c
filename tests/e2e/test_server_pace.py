"""A server's default pace: /settings pace (members with Manage Server) sets the pace of
the lobbies opened without one; a host who chooses a pace keeps theirs."""

from __future__ import annotations

from matches.clock import PACES
from tests.e2e.play import match_id_of, moderator, second_bot

RELAXED = "Relaxed: three days a decision"
DAILY = "Daily: a day a decision"


async def _lobby_pace(table, user, command: str, **options) -> str:
    """The pace the lobby ``user`` opens says, checked against the one stored."""
    await table.backend.slash(user, table.channel, command, **options)
    lobby = table.backend.channel_messages(table.channel)[-1]
    record = await table.match_row(match_id_of(lobby))
    said = next(line for line in lobby.text.splitlines() if line.startswith("Pace: "))
    assert said == f"Pace: {PACES[record.pace].title}."
    return record.pace


async def test_a_lobby_opened_without_a_pace_has_the_servers_and_a_hosts_choice_wins(table):
    anne, ben = moderator(table, "anne"), table.player("ben")
    assert await _lobby_pace(table, ben, "whyfirst new") == "daily"
    answered = await table.backend.slash(anne, table.channel, "settings pace", pace="relaxed")
    assert answered.ephemeral and answered.text == (
        f"Done: new lobbies here have the pace *{RELAXED}*, unless their host chooses another."
    )
    assert await _lobby_pace(table, ben, "hare new") == "relaxed"
    assert await _lobby_pace(table, ben, "canyon new", pace="live") == "live"


async def test_back_to_the_tables_default_and_the_current_pace_without_a_choice(table):
    anne, ben = moderator(table, "anne"), table.player("ben")
    shown = await table.backend.slash(anne, table.channel, "settings pace")
    assert shown.ephemeral and shown.text == (
        f"New lobbies here have the table's default pace, *{DAILY}*, unless their host "
        "chooses another."
    )
    await table.backend.slash(anne, table.channel, "settings pace", pace="untimed")
    shown = await table.backend.slash(anne, table.channel, "settings pace")
    assert shown.text == (
        "New lobbies here have the pace *Untimed: no clock*, unless their host chooses another."
    )
    reset = await table.backend.slash(anne, table.channel, "settings pace", pace="default")
    assert reset.ephemeral and reset.text == (
        f"Done: new lobbies here have the table's default pace, *{DAILY}*, unless their host "
        "chooses another."
    )
    assert await _lobby_pace(table, ben, "numbers new") == "daily"
    assert table.backend.channel_messages(table.channel)[:-1] == []


async def test_settings_pace_is_refused_privately_without_manage_server(table):
    ben = table.player("ben")
    refused = await table.backend.slash(ben, table.channel, "settings pace", pace="live")
    assert refused.ephemeral and refused.text == "This needs the Manage Server permission here."
    refused = await table.backend.slash(ben, table.channel, "settings pace")
    assert refused.ephemeral and refused.text == "This needs the Manage Server permission here."
    assert table.backend.channel_messages(table.channel) == []
    assert await _lobby_pace(table, ben, "whyfirst new") == "daily"


async def test_another_process_opens_lobbies_with_the_new_pace_at_once(table):
    second = await second_bot(table)
    try:
        anne, ben = moderator(table, "anne"), table.player("ben")
        table.backend.serve(second)
        assert await _lobby_pace(table, ben, "whyfirst new") == "daily"
        table.backend.serve(table.bot)
        await table.backend.slash(anne, table.channel, "settings pace", pace="relaxed")
        table.backend.serve(second)  # no heartbeat between: the lobby reads the database
        assert await _lobby_pace(table, ben, "hare new") == "relaxed"
        shown = await table.backend.slash(anne, table.channel, "settings pace")
        assert RELAXED in shown.text
    finally:
        await table.backend.disconnect(second)


async def test_settings_language_without_a_choice_says_the_current_one(table):
    anne = moderator(table, "anne")
    shown = await table.backend.slash(anne, table.channel, "settings language")
    assert shown.ephemeral and shown.text.startswith(
        "Boards, lobbies and results here follow the server's Discord language ("
    )
    await table.backend.slash(anne, table.channel, "settings language", language="nl")
    shown = await table.backend.slash(anne, table.channel, "settings language")
    assert shown.ephemeral and shown.text == (
        "Boards, lobbies and results here are in Nederlands."
    )


async def test_a_servers_pace_and_language_are_set_each_keeping_the_other(table):
    anne = moderator(table, "anne")
    await table.backend.slash(anne, table.channel, "settings pace", pace="relaxed")
    await table.backend.slash(anne, table.channel, "settings language", language="nl")
    shown = await table.backend.slash(anne, table.channel, "settings pace")
    assert shown.text == (
        f"New lobbies here have the pace *{RELAXED}*, unless their host chooses another."
    )
    await table.backend.slash(anne, table.channel, "settings pace", pace="live")
    shown = await table.backend.slash(anne, table.channel, "settings language")
    assert shown.text == "Boards, lobbies and results here are in Nederlands."
