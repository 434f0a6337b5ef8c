"""Paged answers posted for the channel: the asker turns them, anyone else turns a copy.

Read as Discord received it: which message each click answered with, and how many edits
the posted message took.
"""

from __future__ import annotations

from cogs import rulebook_pages
from cogs.common.pages import NOT_ON_MESSAGE, PAGE_GONE
from data import ratings
from rules.rulebook import all_rulebooks
from tests.e2e.play import finished_races, finished_whyfirst

BOOKS = all_rulebooks()


async def _rated_players(table, count: int = 25) -> None:
    """``count`` players with three rated matches each: a leaderboard of three pages."""
    async with table.bot.store.transaction() as db:
        for user in range(1, count + 1):
            for _ in range(3):
                await ratings.save_rating(
                    db, table.guild.id, "whyfirst", user, mu=20 + user, sigma=5.0,
                    ordinal=5.0 + user, won=False, match_id=1,
                )


def _edits(table, posted) -> int:
    """The edits Discord took of the message ``posted`` answered with."""
    return table.backend.get_message(posted.message.id).edits


async def test_a_strangers_click_on_a_posted_leaderboard_answers_them_alone(table):
    await _rated_players(table)
    anne, ben = table.player("anne"), table.player("ben")
    posted = await table.backend.slash(
        anne, table.channel, "leaderboard", game="whyfirst", public=True
    )
    assert not posted.ephemeral and "Page 1 of 3" in posted.text
    edits = _edits(table, posted)

    copy = await table.backend.click(ben, posted, label="Next ▶")
    assert copy.ephemeral and "Page 2 of 3" in copy.text
    assert copy.message.id != posted.message.id
    assert _edits(table, posted) == edits, "the posted leaderboard did not turn"
    assert "Page 1 of 3" in table.backend.get_message(posted.message.id).text

    own = await table.backend.click(ben, copy, label="Next ▶")
    assert own.ephemeral and own.message.id == copy.message.id, "ben turns his own copy"
    assert "Page 3 of 3" in own.text
    assert _edits(table, posted) == edits

    turned = await table.backend.click(anne, posted, label="Next ▶")
    assert not turned.ephemeral and turned.message.id == posted.message.id
    assert "Page 2 of 3" in turned.text and _edits(table, posted) == edits + 1


async def test_page_buttons_keep_their_asker_across_a_restart(table):
    await _rated_players(table)
    anne, ben = table.player("anne"), table.player("ben")
    posted = await table.backend.slash(
        anne, table.channel, "leaderboard", game="whyfirst", public=True
    )
    await table.restart()
    copy = await table.backend.click(ben, posted, label="Next ▶")
    assert copy.ephemeral and "Page 2 of 3" in copy.text
    turned = await table.backend.click(anne, posted, label="Next ▶")
    assert not turned.ephemeral and "Page 2 of 3" in turned.text


async def test_a_strangers_click_on_a_posted_history_answers_them_alone(table):
    anne, ben = table.player("anne"), table.player("ben")
    await finished_races(table, [anne, ben], 12)
    posted = await table.backend.slash(anne, table.channel, "history", public=True)
    edits = _edits(table, posted)

    copy = await table.backend.click(ben, posted, label="Older ▶")
    assert copy.ephemeral and "page 2" in copy.text
    assert _edits(table, posted) == edits
    back = await table.backend.click(ben, copy, label="◀ Newer")
    assert back.message.id == copy.message.id and "page 1" in back.text

    turned = await table.backend.click(anne, posted, label="Older ▶")
    assert not turned.ephemeral and "page 2" in turned.text
    assert _edits(table, posted) == edits + 1


async def test_a_strangers_click_on_a_posted_rule_answers_them_alone(table, monkeypatch):
    monkeypatch.setattr(rulebook_pages, "PAGE_LIMIT", 300)
    anne, ben = table.player("anne"), table.player("ben")
    section = max(BOOKS["hare"].sections, key=lambda s: len(s.body))
    posted = await table.backend.slash(
        anne, table.channel, "rules show", game="hare", topic=section.key, public=True
    )
    first = posted.embeds[0]["description"]
    edits = _edits(table, posted)

    copy = await table.backend.click(ben, posted, label="Next")
    assert copy.ephemeral and copy.embeds[0]["description"] != first
    assert copy.embeds[0]["title"] == section.title
    assert table.backend.get_message(posted.message.id).embeds[0]["description"] == first
    back = await table.backend.click(ben, copy, label="Previous")
    assert back.message.id == copy.message.id and back.embeds[0]["description"] == first
    assert _edits(table, posted) == edits

    turned = await table.backend.click(anne, posted, label="Next")
    assert not turned.ephemeral and turned.embeds[0]["description"] != first
    assert _edits(table, posted) == edits + 1


async def test_a_forged_page_button_is_answered_privately_and_turns_nothing(table):
    await _rated_players(table)
    anne, ben = table.player("anne"), table.player("ben")
    posted = await table.backend.slash(
        anne, table.channel, "leaderboard", game="whyfirst", public=True
    )
    edits = _edits(table, posted)
    for forged in (f"lb:whyfirst:server:1:{ben.id}", f"hist:0:all:1:o5:{ben.id}"):
        answer = await table.backend.click_forged(ben, posted, forged)
        assert answer.ephemeral and answer.content == NOT_ON_MESSAGE
    assert _edits(table, posted) == edits


async def test_a_page_that_is_no_longer_there_is_said_privately(table):
    await _rated_players(table)
    anne, ben = table.player("anne"), table.player("ben")
    posted = await table.backend.slash(
        anne, table.channel, "leaderboard", game="whyfirst", public=True
    )
    async with table.bot.store.transaction() as db:  # the leaderboard shrinks to one page
        await db.execute("DELETE FROM ratings WHERE user_id > 5")
    edits = _edits(table, posted)

    copy = await table.backend.click(ben, posted, label="Next ▶")
    assert copy.ephemeral and copy.content == PAGE_GONE
    assert "Page 1 of 1" in copy.text
    assert _edits(table, posted) == edits

    turned = await table.backend.click(anne, posted, label="Next ▶")
    assert turned.message.id == posted.message.id and "Page 1 of 1" in turned.message.text
    (said,) = turned.followups
    assert said.ephemeral and said.content == PAGE_GONE
    assert _edits(table, posted) == edits + 1


async def test_an_answer_posted_for_the_table_reads_in_the_servers_language(
    table, english_server
):
    """A Spanish player posts /history, /leaderboard and /replay on an English server: the
    channel reads them in English, and her page turns too; a Spanish reader's click gets a
    copy in Spanish."""
    ana = table.player("ana", locale="es-ES")
    *_, match_id = await finished_whyfirst(table)
    replay = await table.backend.slash(ana, table.channel, "replay", match=match_id, public=True)
    assert not replay.ephemeral and f"Replay of match #{match_id} · move 0 of" in replay.text
    stepped = await table.backend.click(ana, replay, label="Next ▶")
    assert stepped.message.id == replay.message.id and " · move 1 of " in stepped.text

    bruno = table.player("bruno", locale="es-ES")
    await finished_races(table, [ana, bruno], 12)
    mine = await table.backend.slash(ana, table.channel, "history")
    assert "Partidas terminadas en este servidor" in mine.text, "her own answer: Spanish"
    posted = await table.backend.slash(ana, table.channel, "history", public=True)
    assert not posted.ephemeral and "Finished matches on this server" in posted.text
    turned = await table.backend.click(ana, posted, label="Older ▶")
    assert turned.message.id == posted.message.id
    assert "Finished matches on this server" in turned.text and "page 2" in turned.text
    copy = await table.backend.click(bruno, turned, label="◀ Newer")
    assert copy.ephemeral and "Partidas terminadas en este servidor" in copy.text
    assert "Más antiguas ▶" in [button.label for button in copy.message.buttons]

    await _rated_players(table)
    board = await table.backend.slash(
        ana, table.channel, "leaderboard", game="whyfirst", public=True
    )
    assert not board.ephemeral and "Page 1 of 3" in board.text
