"""A click leaves nothing for the garbage collector: what discord.py builds for it (the
clicked message and its components, the views) is freed as soon as the click is over.
At a busy table such garbage piled up until one collection held every click for a third
of a second."""

from __future__ import annotations

import gc
import random
from collections import Counter

import discord

from tests.e2e.hare_play import open_race, play_moves

LEFT_FOR_COLLECTION = (discord.Message, discord.ui.View, discord.ui.Item, discord.Component)


def _alive() -> Counter[str]:
    """discord.py's messages, views and components alive now, freed or not, by kind."""
    return Counter(
        type(thing).__name__ for thing in gc.get_objects()
        if isinstance(thing, LEFT_FOR_COLLECTION)
    )


async def test_moves_leave_no_message_view_or_component_behind(table):
    """With the garbage collector off, twelve moves (the answers, the hands, the board)
    leave none of discord.py's messages, views or components alive: nothing waits for a
    collection. Without letting go, they left 14 messages, 40 views and 300 components."""
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_race(table, anne, ben)
    rng = random.Random(5)
    gc.collect()  # what the lobby and the start left
    gc.disable()
    before = _alive()
    try:
        await play_moves(table, match_id, (anne, ben), 12, rng)
        await table.backend.settle()
        assert _alive() - before == Counter()
    finally:
        gc.enable()
