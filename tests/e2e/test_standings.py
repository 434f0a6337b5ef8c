"""Where players stand: /stats' best result and rating line, /leaderboard's shared ranks,
and the names /leaderboard and /history give, through the simulated Discord."""

from __future__ import annotations

import re
import sqlite3

from data import ratings
from matches.match import Player
from tests.databases import sqlite_only
from tests.e2e.play import finished_whyfirst, matches_played, play_to_the_end
from tests.matches.helpers import SINCE_15, play_match


async def _finished_then_resigned(table):
    """Ben races to 3rd of 3, then resigns a race of two (a forfeit, 2nd of 2)."""
    anne, ben, chris = table.player("anne"), table.player("ben"), table.player("chris")
    service = table.bot.table.service
    where = {"guild_id": table.guild.id, "channel_id": table.channel.id}
    trio = [Player(anne.id, "anne"), Player(ben.id, "ben"), Player(chris.id, "chris")]
    raced = await play_match(service, "hare", trio, seed=6, **where)
    resigned = await play_match(service, "hare", trio[:2], resign=trio[1], **where)
    async with table.bot.store.read() as db:
        placed = await ratings.results_of_player(db, table.guild.id, ben.id, "hare", limit=2)
    assert [(r.match_id, r.place, r.forfeited) for r in placed] == [
        (resigned, 2, True), (raced, 3, False)
    ]
    return anne, ben, raced


async def test_a_players_best_result_is_a_match_they_played_out_not_a_forfeit(table):
    anne, ben, raced = await _finished_then_resigned(table)
    stats = await table.backend.slash(anne, table.channel, "stats", player=ben.id)
    assert f"Best: 3rd of 3 · 0 points · `/replay match:{raced}`" in stats.text
    assert "• forfeited (2nd of 2)" in stats.text, "the forfeit stays among the last results"


@sqlite_only  # an older database: made by an older bot, on SQLite
async def test_a_forfeit_kept_as_the_best_result_by_an_older_bot_is_put_right(table):
    anne, ben, raced = await _finished_then_resigned(table)
    await table.backend.disconnect()
    with sqlite3.connect(table.database) as raw:  # as version 14 kept it: the forfeit
        raw.executescript(
            "UPDATE career_results SET best_match = (SELECT MAX(match_id) FROM results),"
            f" best_seat = 1; {SINCE_15} PRAGMA user_version = 14;"
        )
    bot = await table.start_bot()
    await bot.upkeep
    stats = await table.backend.slash(anne, table.channel, "stats", player=ben.id)
    assert f"Best: 3rd of 3 · 0 points · `/replay match:{raced}`" in stats.text


async def test_stats_say_why_matches_against_computers_leave_a_player_unrated(table):
    anne = table.player("anne")
    await table.backend.slash(anne, table.channel, "whyfirst new")
    await table.backend.click(anne, table.board(), label="Add computer (easy)")
    await table.backend.click(anne, table.board(), label="Start")
    await play_to_the_end(table, [anne])
    stats = await table.backend.slash(anne, table.channel, "stats")
    assert "Matches 1 · wins " in stats.text
    assert "Rating: not rated yet (only matches against other players are rated)" in stats.text


async def test_a_server_names_its_players_as_they_play_there_not_by_another_servers_nick(
    table,
):
    """Anne plays as "anne" here, then as "Secret Annie" on another server: this server's
    leaderboard and history still call her anne."""
    anne, ben = table.player("anne"), table.player("ben")
    service = table.bot.table.service
    pair = [Player(anne.id, "anne"), Player(ben.id, "ben")]
    await matches_played(table, "hare", pair, 3)
    elsewhere = table.backend.add_guild("Another club")
    await play_match(
        service, "hare", [Player(anne.id, "Secret Annie"), pair[1]], guild_id=elsewhere.id,
        channel_id=elsewhere.id + 1,
    )
    board = await table.backend.slash(ben, table.channel, "leaderboard", game="hare")
    assert board.text.count("** anne · rating") == 1 and "Secret Annie" not in board.text
    history = await table.backend.slash(ben, table.channel, "history", player=anne.id)
    assert "anne's matches on this server" in history.text
    assert "Secret Annie" not in history.text


async def test_teammates_rated_alike_share_their_rank(table):
    """Sequence Numbers' sides are rated as teams: two partners with the same rating and
    matches share a rank, on the leaderboard and in /stats, and the next rank counts them."""
    four = [table.player(name) for name in ("anne", "ben", "chris", "dora")]
    await matches_played(table, "numbers", [Player(u.id, u.name) for u in four], 3)
    async with table.bot.store.read() as db:
        rated = await ratings.ratings_of(db, table.guild.id, "numbers", [u.id for u in four])
    by_rating: dict[tuple[float, int], list[str]] = {}
    for user in four:
        by_rating.setdefault((rated[user.id].ordinal, rated[user.id].matches), []).append(
            user.name
        )
    assert sorted(len(names) for names in by_rating.values()) == [2, 2], "two sides of two"
    (_, top), (_, low) = sorted(by_rating.items(), key=lambda kept: -kept[0][0])
    board = await table.backend.slash(four[0], table.channel, "leaderboard", game="numbers")
    shown = {name: rank for rank, name in re.findall(r"\*\*(\d+)\.\*\* (\w+) ·", board.text)}
    assert {shown[name] for name in top} == {"1"} and {shown[name] for name in low} == {"3"}
    for name in top:
        user = next(u for u in four if u.name == name)
        stats = await table.backend.slash(user, table.channel, "stats")
        assert "rank 1 on this server" in stats.text
    for name in low:
        user = next(u for u in four if u.name == name)
        stats = await table.backend.slash(user, table.channel, "stats")
        assert "rank 3 on this server" in stats.text


async def test_a_tie_across_the_leaderboards_pages_keeps_its_rank(table):
    async with table.bot.store.transaction() as db:
        for user in range(1, 13):  # eleven tied, then one below them
            for _ in range(3):
                await ratings.save_rating(
                    db, table.guild.id, "hare", user, mu=25, sigma=5.0,
                    ordinal=4.0 if user < 12 else 1.0, won=False, match_id=1,
                )
    anne = table.player("anne")
    first = await table.backend.slash(anne, table.channel, "leaderboard", game="hare")
    assert first.text.count("**1.** ") == 10
    second = await table.backend.click(anne, first, label="Next ▶")
    assert re.findall(r"\*\*(\d+)\.\*\*", second.text) == ["1", "12"]


async def test_the_history_of_a_player_who_never_played_here_is_theirs_and_empty(table):
    await finished_whyfirst(table)
    newcomer = table.player("dora")
    history = await table.backend.slash(newcomer, table.channel, "history", player=newcomer.id)
    assert history.ephemeral and "dora's matches on this server" in history.text
    assert "No finished matches yet" in history.text
