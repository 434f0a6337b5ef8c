"""How often a click asks the store: every store call is a round trip to its threads, the
largest share of a click's own work after Discord's, and each statement of a ``read`` or
``transaction`` is one more. A click's reads and its write run in one go (``reading``,
``writing``): one round trip each, and a move's write also leaves in memory what the
messages read after it. These counts keep what was won."""

from __future__ import annotations

from collections import Counter
from contextlib import asynccontextmanager

from matches import message_book
from tests.e2e.play import act, open_and_start


def _counted(store, counts: Counter) -> None:
    for name in ("reading", "writing"):
        original = getattr(store, name)

        async def counting_in_one_go(work, original=original, name=name):
            counts[name] += 1
            return await original(work)

        setattr(store, name, counting_in_one_go)
    for name in ("read", "transaction"):
        original = getattr(store, name)

        def counting(original=original, name=name):
            @asynccontextmanager
            async def counted():
                counts[name] += 1
                async with original() as db:
                    yield db

            return counted()

        setattr(store, name, counting)


async def test_a_card_played_asks_the_store_once_to_write_and_seldom_to_read(table, monkeypatch):
    # What the messages show is noted in batches a second late: on a busy machine an earlier
    # click's batch would land among this click's calls.
    monkeypatch.setattr(message_book, "NOTE_DELAY", 3600.0)
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    await open_and_start(table, anne, ben, chris)
    await act(table, anne, table.hand(anne))  # every cache is warm now
    counts: Counter = Counter()
    _counted(table.bot.store, counts)
    await act(table, ben, table.hand(ben))  # a card, then the player it goes on
    await table.backend.settle()
    # The move is written once. What every message shows after it (the answer, the board,
    # the notice for the player still awaited) needs the recent moves and the deadlines:
    # the write leaves them in memory as a read would find them, so nothing is read.
    assert counts == {"writing": 1}
    counts.clear()
    await act(table, chris, table.hand(chris))  # the last card: the round is revealed
    await table.backend.settle()
    # Every hand and the board change, and still nothing is read.
    assert counts == {"writing": 1}
