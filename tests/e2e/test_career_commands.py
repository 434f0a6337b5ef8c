"""/stats, /leaderboard, /history and /replay through the simulated Discord backend."""

from __future__ import annotations

import asyncio

from cogs.career import RATINGS_PENDING
from cogs.career.replay import drawn_ahead
from cogs.common import pictures
from cogs.common.i18n import speaking
from data import matches as rows
from data import move_rows, ratings, seat_rows
from matches import results, upkeep
from matches.match import Match, Player
from rules.hare import ENGINE as HARE
from rules.whyfirst import ENGINE as WHY_FIRST
from tests.databases import sqlite_only
from tests.e2e.play import finished_races, finished_whyfirst, matches_played, open_and_start
from tests.matches.helpers import play_match, to_version_5, to_version_13


async def test_stats_show_rating_best_result_and_the_last_results_with_replays(table):
    anne, ben, match_id = await finished_whyfirst(table)
    record = await table.match_row(match_id)
    outcome = WHY_FIRST.outcome(WHY_FIRST.load(record.state))
    result = await table.backend.slash(ben, table.channel, "stats", player=anne.id)
    assert result.ephemeral and "Career of anne" in result.text
    assert "Why First?" in result.text
    assert "ranked after 3 rated matches (1 so far)" in result.text
    assert "Rating " in result.text and "Best: " in result.text
    place = {1: "1st", 2: "2nd", 3: "3rd"}[outcome.places[0]]
    how = "won" if outcome.seat_won(0) else f"{place} of 3"
    assert f"{how} · {outcome.scores[0]} points · `/replay match:{match_id}`" in result.text
    assert "(a match gives your final total, after the five stages)" in result.text
    only_hare = await table.backend.slash(anne, table.channel, "stats", game="hare")
    assert "No finished matches" in only_hare.text


async def test_a_replay_steps_through_a_finished_match_and_shows_every_hand(table):
    anne, _, match_id = await finished_whyfirst(table)
    moves = len(await _moves(table, match_id))
    replay = await table.backend.slash(anne, table.channel, "replay", match=match_id)
    assert replay.ephemeral
    assert f"Replay of match #{match_id} · move 0 of {moves}" in replay.text
    assert "As dealt" in replay.text and "Hidden cards at this step" in replay.text
    assert "Hand: " in replay.text, "every hand is shown once the match is over"
    assert replay.message.find_button(label="◀ Back").disabled

    step = await table.backend.click(anne, replay, label="Next ▶")
    assert f"move 1 of {moves}" in step.text and "Move 1" in step.text
    round_start = await table.backend.click(anne, step, label="Card round ▶")
    assert "card round 2/5" in round_start.text, "the next card round opens"
    back = await table.backend.click(anne, round_start, label="◀ Card round")
    assert "card round 1/5" in back.text
    end = await table.backend.click(anne, back, label="Last ⏭")
    assert f"move {moves} of {moves}" in end.text and "final board" in end.text
    assert end.message.find_button(label="Next ▶").disabled
    result = table.backend.channel_messages(table.channel)[-1]
    (picture,) = end.message.attachments
    assert picture.description == result.embeds[0]["title"], "its alt text says who won"


async def test_a_replays_next_step_is_drawn_while_the_player_looks_at_this_one(table):
    """**Next ▶** finds its picture drawn: the click draws nothing, and its picture is the
    one the step gives drawn afresh."""
    anne, _, match_id = await finished_whyfirst(table)
    replay = await table.backend.slash(anne, table.channel, "replay", match=match_id)
    await drawn_ahead()
    drawn = pictures.cache_info()["drawn"]
    step = await table.backend.click(anne, replay, label="Next ▶")
    assert "move 1 of" in step.text
    assert pictures.cache_info()["drawn"] == drawn, "the next step was drawn ahead"
    (shown,) = step.message.attachments
    await drawn_ahead()
    rebuilt = table.bot.table.service.replays.get(match_id)
    pictures.clear_caches()
    with speaking(table.bot.table.languages.of_player(anne.id)):  # as the replay spoke
        (fresh,) = await table.bot.table.presenters["whyfirst"].board_pictures(
            Match(rebuilt.record, rebuilt.engine, rebuilt.state_at(1))
        )
    assert shown.data == fresh.data and shown.filename == fresh.filename
    assert pictures.cache_info()["drawn"] == 1


async def test_a_public_replay_gives_other_viewers_a_private_copy(table):
    anne, ben, match_id = await finished_whyfirst(table)
    shared = await table.backend.slash(anne, table.channel, "replay", match=match_id, public=True)
    assert not shared.ephemeral
    (picture,) = shared.message.attachments
    assert picture.description == shared.embeds[0]["title"], "the picture's alt text"
    edits = table.backend.get_message(shared.message.id).edits
    copy = await table.backend.click(ben, shared, label="Last ⏭")
    assert copy.ephemeral and "final board" in copy.text
    assert "move 0 of" in table.backend.get_message(shared.message.id).text, "unchanged"
    own = await table.backend.click(ben, copy, label="◀ Back")
    assert own.message.id == copy.message.id and "final board" not in own.text
    assert table.backend.get_message(shared.message.id).edits == edits
    await table.restart()
    mine = await table.backend.click(anne, shared, label="Next ▶")
    assert not mine.ephemeral and "move 1 of" in mine.text, "the buttons survive a restart"


async def test_replaying_refuses_matches_in_play_cancelled_or_unknown(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    playing = await table.backend.slash(ben, table.channel, "replay", match=match_id)
    assert playing.ephemeral and "still going on" in playing.text
    assert "Hidden cards" not in playing.text
    await table.backend.slash(anne, table.channel, "whyfirst cancel")
    cancelled = await table.backend.slash(ben, table.channel, "replay", match=match_id)
    assert "without a result" in cancelled.text
    unknown = await table.backend.slash(ben, table.channel, "replay", match=999)
    assert "no match #999" in unknown.text


async def test_a_hare_race_replays_to_its_finish(table):
    anne, ben = table.player("anne"), table.player("ben")
    service = table.bot.table.service
    match_id = await play_match(
        service, "hare", [Player(anne.id, "anne"), Player(ben.id, "ben")],
        guild_id=table.guild.id, channel_id=table.channel.id,
    )
    replay = await table.backend.slash(ben, table.channel, "replay", match=match_id)
    assert "Hare and Tortoise: anne's turn" in replay.text
    assert not replay.message.find_button(label="Card round ▶"), "a race has no rounds"
    assert "Hidden cards" not in replay.text, "nothing is hidden in a race"
    step = await table.backend.click(ben, replay, label="Next ▶")
    assert "Move 1\n➡️ anne (marker 1) moves from Start to" in step.text
    end = await table.backend.click(ben, step, label="Last ⏭")
    assert "the race is over" in end.text
    record = await table.match_row(match_id)
    assert record.state == HARE.dump(HARE.load(record.state))
    history = await table.backend.slash(anne, table.channel, "history")
    assert f"**#{match_id}** Hare and Tortoise" in history.text
    assert f"/replay match:{match_id}" in history.text


async def test_the_leaderboard_pages_within_discords_limits_across_a_restart(table):
    store = table.bot.store
    async with store.transaction() as db:
        for user in range(1, 26):
            for _ in range(3 if user <= 23 else 1):  # two players have too few matches
                await ratings.save_rating(
                    db, table.guild.id, "whyfirst", user, mu=20 + user, sigma=5.0,
                    ordinal=5.0 + user, won=user % 2 == 0, match_id=1,
                )
    anne = table.player("anne")
    first = await table.backend.slash(anne, table.channel, "leaderboard", game="whyfirst")
    assert "players appear after 3 rated matches" in first.text and "Page 1 of 3" in first.text
    assert first.text.count("rating **") == 10 and "**1.** 23 · rating **28.0**" in first.text
    assert [b.label for b in first.message.buttons] == ["Next ▶"]
    second = await table.backend.click(anne, first, label="Next ▶")
    assert "**11.** 13" in second.text and "Page 2 of 3" in second.text
    await table.restart()
    third = await table.backend.click(anne, second, label="Next ▶")
    assert "Page 3 of 3" in third.text and third.text.count("rating **") == 3
    assert "25 ·" not in third.text and "24 ·" not in third.text
    assert [b.label for b in third.message.buttons] == ["◀ Previous"]
    everywhere = await table.backend.slash(
        anne, table.channel, "leaderboard", game="whyfirst", scope="global"
    )
    assert "every server" in everywhere.text and "Nobody has played 3" in everywhere.text


async def test_history_pages_newest_first(table):
    anne, ben = table.player("anne"), table.player("ben")
    await finished_races(table, [anne, ben], 12)
    first = await table.backend.slash(ben, table.channel, "history", player=anne.id)
    assert "anne's matches on this server" in first.text
    assert first.text.index("**#12**") < first.text.index("**#3**")
    assert "**#2**" not in first.text and "page 1" in first.text
    assert "1st anne 🏆 (1), 2nd ben (0)" in first.text
    assert [b.label for b in first.message.buttons] == ["Older ▶"]
    older = await table.backend.click(ben, first, label="Older ▶")
    assert "**#2**" in older.text and "**#1**" in older.text and "page 2" in older.text
    assert "**#3**" not in older.text
    assert [b.label for b in older.message.buttons] == ["◀ Newer"]
    await table.restart()
    newer = await table.backend.click(ben, older, label="◀ Newer")
    assert "**#12**" in newer.text and "**#3**" in newer.text and "**#2**" not in newer.text
    assert "page 1" in newer.text, "the buttons carry the match they page from"
    none = await table.backend.slash(ben, table.channel, "history", game="whyfirst")
    assert "No finished matches yet" in none.text


async def _moves(table, match_id):
    async with table.bot.store.read() as db:
        return await move_rows.move_log(db, match_id)


async def test_a_six_player_replay_with_every_hand_stays_within_discords_limits(table):
    users = [table.player(f"player-with-a-long-name-{n}") for n in range(6)]
    match_id = await play_match(
        table.bot.table.service, "whyfirst", [Player(u.id, u.name) for u in users],
        guild_id=table.guild.id, channel_id=table.channel.id,
    )
    replay = await table.backend.slash(users[0], table.channel, "replay", match=match_id)
    assert replay.text.count("Hand: ") == 6
    middle = await table.backend.click(users[0], replay, label="Card round ▶")
    end = await table.backend.click(users[0], middle, label="Last ⏭")
    assert "final board" in end.text


@sqlite_only  # an older database: made by an older bot, on SQLite
async def test_the_bot_answers_while_the_ratings_of_an_older_database_are_computed(
    table, monkeypatch
):
    """Start-up does not wait for the backfill: held before its first batch, the bot is
    ready and answers, /leaderboard and /stats say the ratings are being computed; once
    it is let go, the ratings show and the line is gone."""
    anne, ben = table.player("anne"), table.player("ben")
    await matches_played(table, "hare", [Player(anne.id, "anne"), Player(ben.id, "ben")], 3)
    await table.backend.disconnect()
    to_version_5(table.database)
    let_go, steps = asyncio.Event(), []
    step = results.backfill_step

    async def held_step(*args, **kwargs):
        table.backend.tracker.ignored.add(asyncio.current_task())  # held on purpose
        await let_go.wait()
        steps.append(await step(*args, **kwargs))
        return steps[-1]

    monkeypatch.setattr(results, "backfill_step", held_step)
    bot = await table.start_bot()
    board = await table.backend.slash(anne, table.channel, "leaderboard", game="hare")
    assert board.ephemeral and RATINGS_PENDING in board.text
    assert "Nobody has played 3 rated matches" in board.text
    stats = await table.backend.slash(anne, table.channel, "stats")
    assert stats.ephemeral and RATINGS_PENDING in stats.text
    assert "Rating: not rated yet" in stats.text
    history = await table.backend.slash(anne, table.channel, "history")
    assert "No finished matches yet" in history.text, "their results come with the ratings"
    assert steps == [] and not bot.upkeep.done()

    let_go.set()
    await bot.upkeep
    assert steps == [3, None], "three matches rated in one batch, then done"
    board = await table.backend.slash(anne, table.channel, "leaderboard", game="hare")
    assert RATINGS_PENDING not in board.text and "**1.** " in board.text
    stats = await table.backend.slash(anne, table.channel, "stats")
    assert RATINGS_PENDING not in stats.text and "Rating " in stats.text


async def _season(table, anne, ben, chris):
    """Hare races of three players, one resigned by Ben (a forfeit), and Why First?."""
    service = table.bot.table.service
    where = {"guild_id": table.guild.id, "channel_id": table.channel.id}
    trio = [Player(anne.id, "anne"), Player(ben.id, "ben"), Player(chris.id, "chris")]
    for seed in range(3):
        await play_match(service, "hare", trio, seed=seed, **where)
    await play_match(service, "hare", trio, seed=7, resign=trio[1], **where)
    await play_match(service, "whyfirst", trio[:2], seed=3, **where)


@sqlite_only  # an older database: made by an older bot, on SQLite
async def test_stats_of_an_older_database_are_exact_while_its_results_are_summed_up(
    table, monkeypatch
):
    """Version 13 kept no summed results: until the background has summed them up,
    /stats counts them, and says the same before, during and after."""
    anne, ben, chris = table.player("anne"), table.player("ben"), table.player("chris")
    await _season(table, anne, ben, chris)
    before = {
        who.id: (await table.backend.slash(anne, table.channel, "stats", player=who.id)).text
        for who in (anne, ben, chris)
    }
    assert "Best: " in before[ben.id] and "forfeited (" in before[ben.id]
    await table.backend.disconnect()
    to_version_13(table.database)
    let_go, summed = asyncio.Event(), []
    sum_up = upkeep.sum_up_career_results

    async def held(store):
        table.backend.tracker.ignored.add(asyncio.current_task())  # held on purpose
        await let_go.wait()
        summed.append(await sum_up(store))
        return summed[-1]

    monkeypatch.setattr(upkeep, "sum_up_career_results", held)
    bot = await table.start_bot()
    for who in (anne, ben, chris):
        during = await table.backend.slash(anne, table.channel, "stats", player=who.id)
        assert during.text == before[who.id]
    assert summed == [] and not bot.upkeep.done()
    let_go.set()
    await bot.upkeep
    assert summed == [5], "three players' Hare and two players' Why First?"
    for who in (anne, ben, chris):
        after = await table.backend.slash(anne, table.channel, "stats", player=who.id)
        assert after.text == before[who.id]


async def test_stats_and_the_leaderboards_read_one_snapshot_in_one_go(table, monkeypatch):
    """However many games and results, each answer is one read in the reader's thread."""
    anne, ben, chris = table.player("anne"), table.player("ben"), table.player("chris")
    await _season(table, anne, ben, chris)
    calls = []
    store = type(table.bot.store)  # the run's: SQLite's or PostgreSQL's
    read, reading = store.read, store.reading

    def counted_read(self):
        calls.append("read")
        return read(self)

    async def counted_reading(self, query):
        calls.append("reading")
        return await reading(self, query)

    monkeypatch.setattr(store, "read", counted_read)
    monkeypatch.setattr(store, "reading", counted_reading)
    stats = await table.backend.slash(anne, table.channel, "stats", player=ben.id)
    assert "Hare and Tortoise" in stats.text and "Why First?" in stats.text
    assert calls == ["reading"]
    for scope in ("server", "global"):
        calls.clear()
        board = await table.backend.slash(
            anne, table.channel, "leaderboard", game="hare", scope=scope
        )
        assert "**1.** " in board.text and "**3.** " in board.text
        assert calls == ["reading"], scope


async def test_a_leaderboard_page_of_ten_players_reads_their_names_in_one_statement(
    table, monkeypatch
):
    """Ten players on a page cost the statements one player costs, each named as this
    server last saw them (not an older name, not a nickname from another server)."""
    store = table.bot.store
    ten, alone = list(range(1, 11)), 11
    async with store.transaction() as db:
        for guild_id, channel_id, name in (
            (table.guild.id, 901, "old name {}"), (table.guild.id, 902, "player {}"),
            (table.guild.id + 1, 903, "elsewhere {}"),
        ):
            match_id = await rows.insert_match(
                db, game="whyfirst", guild_id=guild_id, channel_id=channel_id, host_id=1,
                options={},
            )
            for user in [*ten, alone]:
                await seat_rows.add_seat(db, match_id, user, name.format(user))
        for user, game in [*((user, "whyfirst") for user in ten), (alone, "hare")]:
            for _ in range(3):
                await ratings.save_rating(
                    db, table.guild.id, game, user, mu=20 + user, sigma=5.0,
                    ordinal=5.0 + user, won=True, match_id=1,
                )
    statements = []
    reading = type(store).reading

    async def counted(self, query):
        return await reading(self, lambda db: query(_Counting(db, statements)))

    monkeypatch.setattr(type(store), "reading", counted)
    anne = table.player("anne")
    page = await table.backend.slash(anne, table.channel, "leaderboard", game="whyfirst")
    assert page.text.count("rating **") == 10
    assert "**1.** player 10 · rating" in page.text and "**10.** player 1 · rating" in page.text
    assert "old name" not in page.text and "elsewhere" not in page.text
    of_ten = len(statements)
    statements.clear()
    page = await table.backend.slash(anne, table.channel, "leaderboard", game="hare")
    assert page.text.count("rating **") == 1 and "**1.** player 11 · rating" in page.text
    assert len(statements) == of_ten, "the names of ten players in one statement"


class _Counting:
    """A connection that notes each statement it sends."""

    def __init__(self, db, statements: list[str]) -> None:
        self._db, self._statements = db, statements
        self.dialect = getattr(db, "dialect", "sqlite")

    async def execute(self, sql, parameters=()):
        self._statements.append(sql)
        return await self._db.execute(sql, parameters)

    async def executemany(self, sql, parameters):
        self._statements.append(sql)
        return await self._db.executemany(sql, parameters)
