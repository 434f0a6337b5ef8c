"""A burst of work keeps Discord's global rate limit; the answers to clicks never wait."""

from __future__ import annotations

import pytest

import bot
from cogs.common.pacing import GlobalPace
from localdiscord import Channel, User
from localdiscord.server import GLOBAL_RATE
from tests.e2e.conftest import Table

TABLES = 4
SIX = 6


async def _lobby(table: Table, n: int) -> tuple[Channel, list[User]]:
    backend = table.backend
    channel = backend.add_text_channel(table.guild, f"table-{n}")
    players = [table.player(f"p{n}{k}") for k in range(SIX)]
    await backend.slash(players[0], channel, "whyfirst new")
    for player in players[1:]:
        await backend.click(player, backend.channel_messages(channel)[0], label="Join")
    return channel, players


async def test_tables_starting_together_keep_the_global_rate_and_clicks_are_answered_at_once(
    table: Table, monkeypatch: pytest.MonkeyPatch,
):
    backend = table.backend
    paces: list[GlobalPace] = []

    def kept(most: int) -> GlobalPace:
        paces.append(GlobalPace(most))
        return paces[-1]

    monkeypatch.setattr(bot, "GlobalPace", kept)
    backend.server.global_rate = table.global_rate = GLOBAL_RATE  # Discord's own
    await table.restart()
    [pace] = paces
    lobbies = [await _lobby(table, n) for n in range(TABLES)]
    for _ in range(GLOBAL_RATE):
        await pace.acquire()  # every slot is taken: every call the bot paces waits
    before = len(backend.calls)
    async with backend.simultaneously(settle=False):
        starts = [
            await backend.click(players[0], backend.channel_messages(channel)[0], label="Start")
            for channel, players in lobbies
        ]
    for start in starts:
        assert await backend.answered(start), "no answer waits for the pace"
    assert not [call for call in backend.calls[before:] if call.with_bot_token]
    for _ in range(GLOBAL_RATE):
        pace.release()
    await backend.settle()

    counted = sorted(call.at for call in backend.calls[before:] if call.with_bot_token)
    assert len(counted) > GLOBAL_RATE, "the starts need more calls than one second allows"
    for i, at in enumerate(counted):
        within = [later for later in counted[i:] if later < at + 1.0]
        assert len(within) <= GLOBAL_RATE, f"{len(within)} calls within a second"
    for _, players in lobbies:
        for player in players:
            assert "Your hand" in backend.dm_messages(player)[0].text
