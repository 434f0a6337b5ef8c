"""/rules through the simulated Discord backend: sections, autocomplete, questions, paging."""

from __future__ import annotations

import pytest

from cogs import rulebook_pages
from rules.rulebook import all_rulebooks
from tests.data.snippet_checks import markdown_problems

BOOKS = all_rulebooks()


def first_hit(answer) -> str:
    """The name of the first search hit: "<game title>: <section title>"."""
    return answer.embeds[0]["fields"][0]["name"]


def hit_name(game: str, key: str) -> str:
    return f"{BOOKS[game].title}: {BOOKS[game].section(key).title}"


async def test_every_section_of_every_rulebook_is_reachable_by_command(table):
    reader = table.player("reader")
    for game, book in BOOKS.items():
        for section in book.sections:
            answer = await table.backend.slash(
                reader, table.channel, "rules show", game=game, topic=section.key
            )
            assert answer.ephemeral, section.key
            assert not answer.content  # no "best match" note: the section was named
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


async def test_autocomplete_offers_the_sections_that_answer_a_typed_question(table):
    reader = table.player("reader")
    choices = await table.backend.autocomplete(
        reader,
        table.channel,
        "rules show",
        focused="topic",
        game="Hare and Tortoise",
        topic="how many carrots can I finish with",
    )
    assert choices[0]["value"] == "finishing"
    assert len(choices) <= 25 and len({c["value"] for c in choices}) == len(choices)


async def test_the_game_is_offered_and_may_be_typed_by_name(table):
    reader = table.player("reader")
    offered = await table.backend.autocomplete(
        reader, table.channel, "rules show", focused="game", game=""
    )
    assert [c["value"] for c in offered] == list(BOOKS)
    typed = await table.backend.autocomplete(
        reader, table.channel, "rules search", focused="game", query="x", game="canyon"
    )
    assert [c["name"] for c in typed] == ["Great Canyon Race"]
    answer = await table.backend.slash(
        reader, table.channel, "rules show", game="why first", topic="leo"
    )
    assert answer.embeds[0]["title"] == BOOKS["whyfirst"].section("leo").title


async def test_a_rule_can_be_posted_for_the_table(table):
    reader = table.player("reader")
    answer = await table.backend.slash(
        reader, table.channel, "rules show", game="whyfirst", topic="leo", public=True
    )
    assert not answer.ephemeral and "Leo" in answer.text


async def test_a_typed_topic_shows_the_best_match_and_says_so(table):
    reader = table.player("reader")
    answer = await table.backend.slash(
        reader, table.channel, "rules show", game="hare", topic="how many carrots can I finish with"
    )
    assert answer.embeds[0]["title"] == BOOKS["hare"].section("finishing").title
    assert answer.content == (
        "No section is called “how many carrots can I finish with”: this is the best match."
    )
    by_title = await table.backend.slash(
        reader, table.channel, "rules show", game="hare", topic="crossing THE finish"
    )
    assert by_title.embeds[0]["title"] == BOOKS["hare"].section("finishing").title
    assert not by_title.content


async def test_a_misspelt_topic_is_mended_and_says_so(table):
    reader = table.player("reader")
    answer = await table.backend.slash(
        reader, table.channel, "rules show", game="hare", topic="tortise"
    )
    assert answer.embeds[0]["title"] == BOOKS["hare"].section("tortoise-spaces").title
    assert "best match for “tortoise”" in answer.content


async def test_a_topic_nothing_matches_is_refused_with_the_sections_there_are(table):
    reader = table.player("reader")
    missing = await table.backend.slash(
        reader, table.channel, "rules show", game="hare", topic="zzz", public=True
    )
    assert missing.ephemeral and not missing.embeds
    assert "No Hare and Tortoise rule matches “zzz”" in missing.text
    assert BOOKS["hare"].section("finishing").title in missing.text
    assert "/rules search" in missing.text


@pytest.mark.parametrize(
    ("command", "options"), [("rules show", {"topic": "leo"}), ("rules search", {"query": "leo"})]
)
async def test_an_unknown_game_is_refused_privately_naming_the_games(table, command, options):
    reader = table.player("reader")
    answer = await table.backend.slash(reader, table.channel, command, game="chess", **options)
    assert answer.ephemeral and "There is no rulebook for “chess”" in answer.text
    assert all(book.title in answer.text for book in BOOKS.values())


@pytest.mark.parametrize(
    ("question", "game", "key"),
    [
        ("tortoise", "hare", "tortoise-spaces"),
        ("second place", "whyfirst", "second-place"),
        ("collision", "canyon", "collisions"),
        ("dead card", "numbers", "dead-cards"),
        ("Leo", "whyfirst", "leo"),
        ("why can I only play on myself now", "whyfirst", "fifth-round"),
        ("how many carrots can I finish with", "hare", "finishing"),
        ("what happens if I go over 30", "canyon", "end-of-game"),
        ("what is a dead card", "numbers", "dead-cards"),
    ],
)
async def test_search_answers_real_player_questions(table, question, game, key):
    reader = table.player("reader")
    answer = await table.backend.slash(reader, table.channel, "rules search", query=question)
    assert answer.ephemeral
    assert first_hit(answer) == hit_name(game, key)
    for field in answer.embeds[0]["fields"]:
        assert not markdown_problems(field["value"]), field["value"]
    title = BOOKS[game].section(key).title
    opened = await table.backend.click(reader, answer.message, label=title[:80])
    assert opened.ephemeral and opened.embeds[0]["title"] == title


async def test_search_can_keep_to_one_game(table):
    reader = table.player("reader")
    answer = await table.backend.slash(
        reader, table.channel, "rules search", query="setup", game="canyon"
    )
    names = [field["name"] for field in answer.embeds[0]["fields"]]
    assert names and all(name.startswith("Great Canyon Race: ") for name in names)


async def test_search_ranks_the_game_open_in_the_channel_first(table):
    reader, host = table.player("reader"), table.player("host")
    before = await table.backend.slash(reader, table.channel, "rules search", query="resign")
    assert first_hit(before) == hit_name("whyfirst", "clocks")  # every rulebook says the same
    await table.backend.slash(host, table.channel, "hare new")
    after = await table.backend.slash(reader, table.channel, "rules search", query="resign")
    assert first_hit(after) == hit_name("hare", "clocks")
    assert "Hare and Tortoise is open in this channel" in after.embeds[0]["footer"]["text"]
    # Buttons of sections with the same title say which game they open.
    assert after.message.find_button(label="Clocks, time-outs and resigning (Hare and Tortoise)")
    # A question only another game answers still finds that game first.
    other = await table.backend.slash(reader, table.channel, "rules search", query="dead card")
    assert first_hit(other) == hit_name("numbers", "dead-cards")


async def test_a_misspelt_search_is_mended_and_says_so(table):
    reader = table.player("reader")
    answer = await table.backend.slash(reader, table.channel, "rules search", query="tortise")
    assert answer.content == "Nothing matches “tortise”; showing “tortoise” instead."
    assert first_hit(answer) == hit_name("hare", "tortoise-spaces")


@pytest.mark.parametrize("query", ["   ", "how do I", "?"])
async def test_a_search_with_no_words_to_look_for_asks_for_some(table, query):
    reader = table.player("reader")
    answer = await table.backend.slash(
        reader, table.channel, "rules search", query=query, public=True
    )
    assert answer.ephemeral and not answer.embeds
    assert "Say what the rule is about, such as “tortoise”" in answer.text


async def test_search_without_hits_says_so_and_suggests(table):
    reader = table.player("reader")
    answer = await table.backend.slash(reader, table.channel, "rules search", query="qwxyzzy")
    assert answer.ephemeral and "Nothing in the rulebooks matches “qwxyzzy”" in answer.text
    assert "such as “tortoise”" in answer.text
    one_game = await table.backend.slash(
        reader, table.channel, "rules search", query="lettuce", game="numbers"
    )
    assert "Nothing in the Sequence Numbers rules matches “lettuce”" in one_game.text
    assert "search without a game" in one_game.text


async def test_an_answer_can_be_posted_for_the_table(table):
    reader = table.player("reader")
    answer = await table.backend.slash(
        reader, table.channel, "rules search", query="dead card", public=True
    )
    assert not answer.ephemeral and first_hit(answer) == hit_name("numbers", "dead-cards")
    opened = await table.backend.click(table.player("other"), answer.message, label="Dead cards")
    assert opened.ephemeral


async def test_the_longest_question_stays_within_discords_limits(table):
    reader = table.player("reader")
    words = "carrots lettuce tortoise collision sequence figure stage corner card finish "
    query = (words * 20)[:200]
    answer = await table.backend.slash(
        reader, table.channel, "rules search", query=query, public=True
    )
    (embed,) = answer.embeds  # the backend refuses anything over Discord's limits
    assert len(embed["fields"]) == 5 and len(answer.message.buttons) == 5
    assert len(embed["title"]) <= 256
    assert all(len(field["value"]) <= 1024 for field in embed["fields"])


async def test_long_sections_are_paged_with_buttons(table, monkeypatch):
    monkeypatch.setattr(rulebook_pages, "PAGE_LIMIT", 300)
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
    # Its footer names the game as a player types it, and typed so, it shows the rules.
    footer = answer.embeds[0]["footer"]["text"]
    assert footer.endswith(f"game:{BOOKS['whyfirst'].title}")
    game = footer.split("game:")[1]
    shown = await table.backend.slash(host, table.channel, "rules show", game=game)
    assert shown.embeds[0]["title"] == BOOKS["whyfirst"].overview.title
