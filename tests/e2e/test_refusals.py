"""Bad input gets a clear private answer and changes nothing."""

from __future__ import annotations

import discord
import pytest

from tests.e2e.play import act, first_button, match_id_of, open_and_start, playable


async def _snapshot(table, match_id):
    record = await table.match_row(match_id)
    return record.version, record.state, record.status


async def test_a_strangers_clicks_are_refused_privately(table):
    anne, ben, stranger = table.player("anne"), table.player("ben"), table.player("stranger")
    match_id = await open_and_start(table, anne, ben)
    before = await _snapshot(table, match_id)
    shown = await table.backend.click(stranger, table.board(), label="Show my hand")
    assert shown.ephemeral and "not playing in this match" in shown.text
    joined = await table.backend.click_forged(stranger, table.board(), f"lobby:{match_id}:join")
    assert joined.ephemeral
    assert await _snapshot(table, match_id) == before


async def test_lobby_buttons_refuse_what_the_clicker_may_not_do(table):
    anne, ben, stranger = table.player("anne"), table.player("ben"), table.player("stranger")
    await table.backend.slash(anne, table.channel, "whyfirst new")
    lobby = table.board()
    start = await table.backend.click(anne, lobby, label="Start")
    assert start.ephemeral and "at least 2 players" in start.text
    await table.backend.click(ben, lobby, label="Join")
    again = await table.backend.click(ben, table.board(), label="Join")
    assert again.ephemeral and "already joined" in again.text
    for label, reason in (
        ("Start", "Only the host"),
        ("Cancel", "Only the host"),
        ("Leave", "not in"),
    ):
        refused = await table.backend.click(stranger, table.board(), label=label)
        assert refused.ephemeral and reason in refused.text
    second = await table.backend.slash(ben, table.channel, "whyfirst new")
    assert second.ephemeral and "already an open Why First? match" in second.text
    assert f"<@{ben.id}>" in table.board().text


async def _a_card_picked_twice(table, ben):
    """Two copies of ben's controls with the same card picked in each: the picked controls
    and their target, and the second copy (its click arrives with the button still there)."""
    first = await table.backend.click(ben, table.board(), label="Show my hand")
    second = await table.backend.click(ben, table.board(), label="Show my hand")
    card = first_button(first.message, "ch:")
    picked = await table.backend.click(ben, first.message, custom_id=card)
    target = first_button(picked.message, "mv:")
    again = await table.backend.click(ben, second.message, custom_id=card)
    return picked, target, again


async def test_a_double_click_plays_once(table):
    anne, ben = table.player("anne"), table.player("ben", dms_open=False)
    match_id = await open_and_start(table, anne, ben)
    picked, target, again = await _a_card_picked_twice(table, ben)
    version = (await table.match_row(match_id)).version
    await table.backend.click(ben, picked.message, custom_id=target)
    refused = await table.backend.click(ben, again.message, custom_id=target)
    assert refused.ephemeral and "already played this round" in refused.text
    assert (await table.match_row(match_id)).version == version + 1


async def test_a_refusal_names_the_players_it_waits_for_as_written(table):
    anne, ben = table.player("*anne*"), table.player("ben", dms_open=False)
    await open_and_start(table, anne, ben)
    picked, target, again = await _a_card_picked_twice(table, ben)
    await table.backend.click(ben, picked.message, custom_id=target)
    refused = await table.backend.click(ben, again.message, custom_id=target)
    assert refused.ephemeral
    assert "already played this round: waiting for \\*anne\\*." in refused.text


async def test_a_stale_button_from_an_old_round_is_refused(table):
    anne, ben = table.player("anne"), table.player("ben", dms_open=False)
    match_id = await open_and_start(table, anne, ben)
    old = await table.backend.click(ben, table.board(), label="Show my hand")
    current = await table.backend.click(ben, table.board(), label="Show my hand")
    await act(table, ben, current.message)
    await act(table, anne, table.hand(anne))
    assert "card round 2/5" in table.board().text
    before = await _snapshot(table, match_id)
    stale = await table.backend.click(ben, old.message, custom_id=first_button(old.message, "ch:"))
    assert stale.ephemeral and "earlier turn" in stale.text
    assert await _snapshot(table, match_id) == before


async def test_forged_custom_ids_are_refused(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    before = await _snapshot(table, match_id)
    for custom_id in (
        "mv:999:1:p1:0",
        "lobby:999:start",
        "nonsense",
        "mv:1:1:DROP TABLE",
        "x" * 100,
    ):
        forged = await table.backend.click_forged(anne, table.board(), custom_id)
        assert forged.ephemeral and "no longer does anything" in forged.text, custom_id
    assert await _snapshot(table, match_id) == before


async def test_a_button_for_a_match_that_is_gone_is_refused(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    async with table.bot.table.service.changing(match_id) as db:
        await db.execute("DELETE FROM matches WHERE id = ?", (match_id,))
    gone = await table.backend.click(anne, table.board(), label="Show my hand")
    assert gone.ephemeral and "does not exist" in gone.text


@pytest.mark.parametrize("game", ["whyfirst", "hare", "canyon", "numbers"])
async def test_no_lobby_opens_where_the_bot_cannot_keep_a_board(table, game):
    backend, anne = table.backend, table.player("anne")
    denied = discord.Permissions(attach_files=True, embed_links=True)
    backend.deny(table.channel, backend.bot_user, denied.value)
    refused = await backend.slash(anne, table.channel, f"{game} new")
    assert refused.ephemeral and "no match was opened" in refused.text
    assert "Embed Links and Attach Files permissions" in refused.text
    assert "Send Messages" not in refused.text, "only what is missing is named"
    assert backend.channel_messages(table.channel) == []
    backend.deny(table.channel, backend.bot_user, 0)  # a moderator grants it again
    opened = await backend.slash(anne, table.channel, f"{game} new")
    assert not opened.ephemeral and match_id_of(table.board()) == 1


async def test_a_moderator_may_cancel_a_lobby_by_its_button_as_by_the_command(table):
    anne, ben = table.player("anne"), table.player("ben")
    moderator = table.player("mod")
    mods = table.backend.add_role(
        table.guild, "mods", permissions=discord.Permissions(manage_guild=True).value
    )
    table.guild.members[moderator.id].role_ids.append(mods.id)
    await table.backend.slash(anne, table.channel, "canyon new")
    match_id = match_id_of(table.board())
    refused = await table.backend.click(ben, table.board(), label="Cancel")
    assert refused.ephemeral and "Only the host (or a server moderator)" in refused.text
    cancelled = await table.backend.click(moderator, table.board(), label="Cancel")
    assert not cancelled.ephemeral and "cancelled" in table.board().text
    assert (await table.match_row(match_id)).status == "cancelled"


async def test_a_cancelled_match_refuses_moves(table):
    anne, ben = table.player("anne"), table.player("ben", dms_open=False)
    match_id = await open_and_start(table, anne, ben)
    shown = await table.backend.click(ben, table.board(), label="Show my hand")
    refused = await table.backend.slash(ben, table.channel, "whyfirst cancel")
    assert refused.ephemeral and "Only the host" in refused.text
    done = await table.backend.slash(anne, table.channel, "whyfirst cancel")
    assert not done.ephemeral and "cancelled" in done.text
    assert "cancelled" in table.board().text and not table.board().buttons
    assert "cancelled" in table.hand(anne).text and not table.hand(anne).buttons
    late = await table.backend.click(
        ben, shown.message, custom_id=first_button(shown.message, "ch:")
    )
    assert late.ephemeral and "over" in late.text
    assert (await table.match_row(match_id)).status == "cancelled"


async def test_a_player_with_closed_dms_plays_through_the_fallback(table):
    anne, ben = table.player("anne"), table.player("ben", dms_open=False)
    await table.backend.slash(anne, table.channel, "whyfirst new")
    joined = await table.backend.click(ben, table.board(), label="Join")
    notice = [m for m in joined.followups if m.ephemeral]
    assert notice and "can't send you direct messages" in notice[0].text
    await table.backend.click(anne, table.board(), label="Start")
    assert table.backend.dm_messages(ben) == []
    (ping,) = table.backend.channel_messages(table.channel)[1:]
    assert ping.content.startswith(f"<@{ben.id}> 🎲"), "his turn is told in the channel"
    assert "has started: your move" in ping.content
    assert "can't send you direct messages" not in ping.content, "that he was told privately"

    for _ in range(2):
        await act(table, anne, table.hand(anne))
        shown = await table.backend.click(ben, table.board(), label="Show my hand")
        assert shown.ephemeral and playable(shown.message)
        await act(table, ben, shown.message)
    assert "card round 3/5" in table.board().text
    pings = [m for m in table.backend.channel_messages(table.channel) if "your move" in m.text]
    assert len(pings) <= 1, "one notice at a time, and none while he is playing"
