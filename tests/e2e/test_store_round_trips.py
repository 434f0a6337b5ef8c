"""How often a click asks the store: every store call is a round trip to its threads, the
largest share of a click's own work after Discord's, and each statement of a ``read`` or
``transaction`` is one more. A click's reads and its write run in one go (``reading``,
``writing``): one round trip each, and a move's write also leaves in memory what the
messages read after it. Each edit of a board or hand is claimed and recorded in the
database (two small writes: other processes may edit it too). These counts keep what was
won."""

from __future__ import annotations

from collections import Counter
from contextlib import asynccontextmanager

from data import message_rows
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


async def _kept(table) -> set[str]:
    """The ids of the match's board and hand messages."""
    match = await table.bot.table.service.open_in_channel("whyfirst", table.channel.id)
    async with table.bot.store.read() as db:
        kept = await message_rows.match_messages(db, match.id)
    return {str(m.message_id) for p, m in kept.items() if p == "board" or p.startswith("hand:")}


def _kept_edits(table, kept: set[str], before: int) -> int:
    """Edits of the board and hands since call ``before``: the answers to clicks on them
    (a card picked, a card played) and the edits made in the background."""
    calls = table.backend.calls[before:]
    answers = [c for c in calls if c.route and c.route.endswith("/callback")
               and (c.json or {}).get("type") == 7]
    edits = [c for c in calls if c.method == "PATCH" and c.path.rsplit("/", 1)[-1] in kept]
    return len(answers) + len(edits)


async def test_a_card_played_asks_the_store_once_to_write_and_seldom_to_read(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    await open_and_start(table, anne, ben, chris)
    await act(table, anne, table.hand(anne))  # every cache is warm now
    kept = await _kept(table)
    counts: Counter = Counter()
    _counted(table.bot.store, counts)
    before = len(table.backend.calls)
    await act(table, ben, table.hand(ben))  # a card, then the player it goes on
    await table.backend.settle()
    # The move is written once. What every message shows after it (the answer, the board,
    # the notice for the player still awaited) needs the recent moves and the deadlines:
    # the write leaves them in memory as a read would find them, so nothing is read.
    edited = _kept_edits(table, kept, before)
    assert edited == 3, "the card picked, the card played, the board"
    assert counts == {"writing": 1 + 2 * edited}
    counts.clear()
    before = len(table.backend.calls)
    await act(table, chris, table.hand(chris))  # the last card: the round is revealed
    await table.backend.settle()
    # Every hand and the board change, and still nothing is read.
    edited = _kept_edits(table, kept, before)
    assert edited >= 4, "the card picked, the card played, the board, the other hands"
    assert counts == {"writing": 1 + 2 * edited}
