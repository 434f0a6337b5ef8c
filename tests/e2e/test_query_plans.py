"""Every query the bot makes, planned by SQLite: none reads the whole of a table that grows
with the history (``EXPLAIN QUERY PLAN`` says ``SCAN`` for that), so each command costs the
same on a server of one match or of a hundred thousand.

The statements are those the real bot sends through the simulated Discord backend while it
plays, answers the career commands, restarts, and backfills, sums up and packs older databases;
the migrations, which run once, are left out.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3

from data import store as store_module
from data.store import Store
from matches import upkeep
from matches.match import Player
from tests.databases import sqlite_only
from tests.e2e.play import act, open_and_start, play_to_the_end
from tests.matches.helpers import play_match, to_version_5, to_version_13

pytestmark = sqlite_only  # SQLite's own planner

GROWING = {
    "matches", "seats", "moves", "move_logs", "results", "ratings", "career", "career_results",
    "match_messages",
}
"""Tables with rows for every match, or every player, the bot has known."""
SCAN = re.compile(r"^SCAN (\w+)")
STATEMENT = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b", re.IGNORECASE)


def _full_scans(database, statements: set[str]) -> dict[str, list[str]]:
    """Each statement whose plan reads a growing table whole, with those lines."""
    found = {}
    with sqlite3.connect(database) as db:
        for statement in sorted(statements):
            plan = db.execute(f"EXPLAIN QUERY PLAN {statement}").fetchall()
            scans = [
                detail for *_, detail in plan
                if (m := SCAN.match(detail)) and m.group(1) in GROWING
            ]
            if scans:
                found[statement] = scans
    return found


async def test_no_query_of_the_bot_scans_a_table_that_grows_with_history(table, monkeypatch):
    statements: set[str] = set()
    migrating = False

    def heard(statement: str) -> None:
        if not migrating and STATEMENT.match(statement):
            statements.add(statement)

    connect, migrate = store_module._connect, Store._migrate

    async def traced_connect(*args, **kwargs):
        connection = await connect(*args, **kwargs)
        await connection.set_trace_callback(heard)
        return connection

    async def untraced_migrate(self):
        nonlocal migrating
        migrating = True
        try:
            await migrate(self)
        finally:
            migrating = False

    monkeypatch.setattr(store_module, "_connect", traced_connect)
    monkeypatch.setattr(Store, "_migrate", untraced_migrate)
    await table.restart()
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    await act(table, anne, table.hand(anne))
    await table.backend.click(ben, table.board(), label="Log")
    await play_to_the_end(table, [anne, ben])
    players = [Player(anne.id, "anne"), Player(ben.id, "ben")]
    for seed in range(3):
        await play_match(
            table.bot.table.service, "hare", players, guild_id=table.guild.id,
            channel_id=table.channel.id, seed=seed,
        )

    async def career_commands():
        await table.backend.slash(anne, table.channel, "stats")
        await table.backend.slash(anne, table.channel, "stats", player=ben.id, game="hare")
        await table.backend.slash(anne, table.channel, "leaderboard", game="hare")
        await table.backend.slash(
            anne, table.channel, "leaderboard", game="hare", scope="global"
        )
        await table.backend.slash(anne, table.channel, "history")
        await table.backend.slash(anne, table.channel, "history", game="hare")
        await table.backend.slash(anne, table.channel, "history", player=ben.id)
        await table.backend.slash(anne, table.channel, "history", player=ben.id, game="hare")
        replay = await table.backend.slash(anne, table.channel, "replay", match=match_id)
        await table.backend.click(anne, replay, label="Next ▶")
        await table.backend.slash(anne, table.channel, "mygames")

    await career_commands()
    await table.backend.disconnect()
    to_version_5(table.database)
    bot = await table.start_bot()
    await bot.upkeep  # the backfill and the packing
    await career_commands()
    await table.backend.disconnect()
    to_version_13(table.database)  # results kept, not summed up: /stats counts them
    summed_up, sum_up = asyncio.Event(), upkeep.sum_up_career_results

    async def after_the_commands(store):
        table.backend.tracker.ignored.add(asyncio.current_task())
        await summed_up.wait()
        return await sum_up(store)

    monkeypatch.setattr(upkeep, "sum_up_career_results", after_the_commands)
    bot = await table.start_bot()
    await career_commands()
    summed_up.set()
    await bot.upkeep
    await table.backend.disconnect()

    assert len(statements) > 40, "the bot's queries were heard"
    assert any("move_logs" in s for s in statements), "packed logs were read"
    assert any("excluded.matches" in s for s in statements), "earlier results summed up"
    scans = _full_scans(table.database, statements)
    assert not scans, "full scans of growing tables:\n" + "\n".join(
        f"{statement}\n    {lines}" for statement, lines in scans.items()
    )
