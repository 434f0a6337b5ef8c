"""A kept message (a board, a hand) is edited in the background as discord.py's
``PartialMessage.edit`` would edit it, without the ``Message`` that method builds from
Discord's answer: nothing reads it, and it was a tenth of a background edit's work."""

from __future__ import annotations

import random
from typing import Any

import discord

from tests.e2e.hare_play import open_race, play_moves


async def test_a_background_edit_builds_no_message_from_discords_answer(table, monkeypatch):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_race(table, anne, ben)
    await table.backend.settle()
    built: list[int] = []
    original = discord.Message.__init__

    def counted(message: discord.Message, **kwargs: Any) -> None:
        built.append(int(kwargs["data"]["id"]))
        original(message, **kwargs)

    monkeypatch.setattr(discord.Message, "__init__", counted)
    before = len(table.backend.calls)
    await play_moves(table, match_id, (anne, ben), 4, random.Random(2))
    await table.backend.settle()
    edits = [call for call in table.backend.calls[before:] if call.method == "PATCH"]
    edited = {int(call.path.rsplit("/", 1)[1]) for call in edits}
    # The board and both hands were brought up to date in the background. Nobody clicks
    # the board, so any Message of it would have come from the answer to an edit: none.
    board = table.board().id
    assert {board, table.hand(anne).id, table.hand(ben).id} <= edited
    assert board not in built
    # The edit is the one PartialMessage.edit sends: the bot's "mention nobody" included.
    assert all(call.json["allowed_mentions"] == {"parse": []} for call in edits)
