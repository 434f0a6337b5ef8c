"""A bot that closes answers every click in hand, and tells a click that comes later that the
table is restarting."""

from __future__ import annotations

import asyncio

from cogs.common.inflight import RESTARTING
from tests.databases import hold_write_lock

CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
LOBBIES = 10
JOINING = 5
"""Players joining each lobby: a Hare lobby seats six, its host included."""


async def _lobby_with_players(table, name: str = "host"):
    """A Hare lobby opened in a channel of its own, and the players about to join it."""
    channel = table.backend.add_text_channel(table.guild, f"{name}s-table")
    host = table.player(name)
    await table.backend.slash(host, channel, "hare new")
    board = table.backend.channel_messages(channel)[0]
    return board, [table.player(f"{name}-guest{n}") for n in range(JOINING)]


async def test_closing_answers_every_click_in_hand(table):
    lobbies = [await _lobby_with_players(table, f"host{n}") for n in range(LOBBIES)]
    # The joins wait for the database until the bot has begun to close: all 50 are in hand.
    holder = await hold_write_lock(table.database)
    try:
        async with table.backend.simultaneously(settle=False):
            clicks = [
                await table.backend.click(player, board, label="Join")
                for board, players in lobbies for player in players
            ]
        closing = asyncio.create_task(table.backend.disconnect())
        while not table.bot.in_flight.closing:
            await asyncio.sleep(0)
    finally:
        holder.let_go()
        await asyncio.to_thread(holder.join)
    await closing
    assert [click.responded for click in clicks] == [True] * LOBBIES * JOINING
    for board, players in lobbies:
        shown = table.backend.get_message(board.id)
        assert shown is not None
        assert all(f"<@{player.id}>" in shown.text for player in players), "every join is shown"


async def test_a_click_on_a_closing_bot_is_told_the_table_is_restarting(table):
    board, (first, late, *_) = await _lobby_with_players(table)
    table.backend.inject(method="POST", route=CALLBACK, delay=0.3, times=None)
    async with table.backend.simultaneously(settle=False):
        in_hand = await table.backend.click(first, board, label="How to play")
    closing = asyncio.create_task(table.bot.close())
    while not table.bot.in_flight.closing:
        await asyncio.sleep(0)
    async with table.backend.simultaneously(settle=False):
        turned_away = await table.backend.click(late, board, label="Join")
    await table.backend.disconnect()
    await closing
    assert in_hand.responded and "Hare and Tortoise" in in_hand.text
    assert turned_away.ephemeral and turned_away.content == RESTARTING

