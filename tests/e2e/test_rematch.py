"""The Rematch button under a result: a new lobby, the same players invited."""

from __future__ import annotations

import re

from tests.e2e.play import match_id_of, open_and_start, play_to_the_end

LINK = re.compile(r"\[([^\]]+)\]\(https://discord\.com/channels/(\d+)/(\d+)/(\d+)\)")


def _link(notice) -> tuple[str, int, int, int]:
    """The one link of a notice: how it reads and the server, channel and message."""
    (found,) = LINK.findall(notice.content)
    return found[0], *(int(part) for part in found[1:])


async def test_rematch_opens_a_lobby_with_the_same_game_and_invites_the_other_players(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    await table.backend.slash(anne, table.channel, "whyfirst new", variant="tactical")
    await table.backend.click(ben, table.board(), label="Join")
    await table.backend.click(anne, table.board(), label="Start")
    first = match_id_of(table.board())
    await play_to_the_end(table, [anne, ben])
    result = table.backend.channel_messages(table.channel)[-1]
    assert result.find_button(label="Rematch")
    (told,) = table.notices(anne)
    assert "is over" in told.content, "anne's notice: her result"
    assert _link(told) == ("See the result", table.guild.id, table.channel.id, result.id)

    stranger = await table.backend.click(chris, result, label="Rematch")
    assert stranger.ephemeral and "Only the players of this match" in stranger.text

    opened = await table.backend.click(ben, result, label="Rematch")
    assert not opened.ephemeral

    def rematch_board():
        return next(m for m in table.backend.channel_messages(table.channel)
                    if m.id == opened.message.id)

    second = match_id_of(rematch_board())
    assert second != first
    lobby = rematch_board().text
    assert "Why First?: new match" in lobby and "tactical" in lobby.lower()
    assert f"Host: <@{ben.id}>" in lobby and f"<@{anne.id}>" not in lobby, "anne is invited"
    assert f"You host **Why First?** match #{second}: press **Start**" in (
        table.backend.ephemeral_messages(ben)[-1].text
    ), "ben opened it: he is the one to start it"
    invite = table.notices(anne)[-1]
    assert "ben opened a rematch" in invite.content and f"match #{second}" in invite.content
    assert _link(invite) == ("Open the lobby", table.guild.id, table.channel.id, opened.message.id)

    again = await table.backend.click(anne, result, label="Rematch")
    assert again.ephemeral and "already an open" in again.text
    await table.backend.click(anne, rematch_board(), label="Join")
    assert f"<@{anne.id}>" in rematch_board().text


async def test_a_forged_rematch_click_is_answered_privately(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    forged = await table.backend.click_forged(anne, table.board(), f"rematch:{match_id}")
    assert forged.ephemeral and "no longer does anything" in forged.text
