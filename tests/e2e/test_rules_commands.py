"""/rules through the simulated Discord backend: every section, autocomplete, search, paging."""

from __future__ import annotations

import sys

import pytest

from rules.rulebook import all_rulebooks

BOOKS = all_rulebooks()


async def test_every_section_of_every_rulebook_is_reachable_by_command(table):
    reader = table.player("reader")
    for game, book in BOOKS.items():
        for section in book.sections:
            answer = await table.backend.slash(
                reader, table.channel, "rules show", game=game, topic=section.key
            )
            assert answer.ephemeral, section.key
            (embed,) = answer.embeds
            assert embed["title"] == section.title
            assert embed["description"] == section.body


async def test_every_section_is_offered_by_autocomplete(table):
    reader = table.player("reader")
    for game, book in BOOKS.items():
        offered = await table.backend.autocomplete(
            reader, table.channel, "rules show", focused="topic", game=game, topic=""
        )
        assert [c["value"] for c in offered] == [s.key for s in book.sections][:25]
        for section in book.sections:
            typed = section.title[:6]
            choices = await table.backend.autocomplete(
                reader, table.channel, "rules show", focused="topic", game=game, topic=typed
            )
            assert section.key in [c["value"] for c in choices], (game, typed)


async def test_autocomplete_filters_by_what_was_typed(table):
    reader = table.player("reader")
    choices = await table.backend.autocomplete(
        reader, table.channel, "rules show", focused="topic", game="hare", topic="tort"
    )
    assert choices and all("tort" in (c["name"] + c["value"]).lower() for c in choices)


async def test_a_rule_can_be_posted_for_the_table(table):
    reader = table.player("reader")
    answer = await table.backend.slash(
        reader, table.channel, "rules show", game="whyfirst", topic="leo", public=True
    )
    assert not answer.ephemeral and "Leo" in answer.text


async def test_a_typed_topic_finds_the_closest_section(table):
    reader = table.player("reader")
    answer = await table.backend.slash(
        reader, table.channel, "rules show", game="hare", topic="Hare spaces"
    )
    assert answer.embeds[0]["title"] == BOOKS["hare"].section("hare-spaces").title
    missing = await table.backend.slash(
        reader, table.channel, "rules show", game="hare", topic="zzz"
    )
    assert missing.ephemeral and "/rules search" in missing.text


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("tortoise", BOOKS["hare"].section("tortoise-spaces").title),
        ("second place", BOOKS["whyfirst"].section("second-place").title),
        ("collision", BOOKS["canyon"].section("collisions").title),
        ("dead card", BOOKS["numbers"].section("dead-cards").title),
        ("Leo", BOOKS["whyfirst"].section("leo").title),
    ],
)
async def test_search_answers_real_player_questions(table, question, title):
    reader = table.player("reader")
    answer = await table.backend.slash(reader, table.channel, "rules search", query=question)
    assert answer.ephemeral
    assert title in answer.text
    opened = await table.backend.click(reader, answer.message, label=title[:80])
    assert opened.ephemeral and opened.embeds[0]["title"] == title


async def test_search_without_hits_says_so(table):
    reader = table.player("reader")
    answer = await table.backend.slash(reader, table.channel, "rules search", query="qwxyzzy")
    assert answer.ephemeral and "Nothing in the rulebooks" in answer.text


async def test_long_sections_are_paged_with_buttons(table, monkeypatch):
    # The extension's module as the bot loaded it.
    monkeypatch.setattr(sys.modules["cogs.rulebook"], "PAGE_LIMIT", 300)
    reader = table.player("reader")
    section = max(BOOKS["hare"].sections, key=lambda s: len(s.body))
    answer = await table.backend.slash(
        reader, table.channel, "rules show", game="hare", topic=section.key
    )
    pages = [answer.embeds[0]["description"]]
    message = answer.message
    assert message.find_button(label="Previous").disabled
    while not message.find_button(label="Next").disabled:
        message = (await table.backend.click(reader, message, label="Next")).message
        pages.append(message.embeds[0]["description"])
    assert len(pages) > 1 and all(len(page) <= 300 for page in pages)
    words = "\n".join(pages).split()
    assert [w for w in words if not w.startswith("```")] == [
        w for w in section.body.split() if not w.startswith("```")
    ]
    back = await table.backend.click(reader, message, label="Previous")
    assert back.embeds[0]["description"] == pages[-2]


async def test_every_lobby_has_a_how_to_play_button(table):
    host = table.player("host")
    await table.backend.slash(host, table.channel, "whyfirst new")
    answer = await table.backend.click(host, table.board(), label="How to play")
    assert answer.ephemeral
    assert answer.embeds[0]["description"] == BOOKS["whyfirst"].overview.body
