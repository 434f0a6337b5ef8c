"""/rules in the asker's language, through the simulated Discord backend."""

from __future__ import annotations

from cogs import rulebook_pages
from rules.rulebook import all_rulebooks

ENGLISH = all_rulebooks()
SPANISH = all_rulebooks("es")
ITALIAN = all_rulebooks("it")
DUTCH = all_rulebooks("nl")


def spanish_player(table, name: str = "ana"):
    return table.backend.add_user(name, guild=table.guild, locale="es-ES")


async def test_a_spanish_players_search_is_answered_from_the_spanish_rulebooks(table):
    ana = spanish_player(table)
    answer = await table.backend.slash(
        ana, table.channel, "rules search", query="¿puedo poner la carta delante de mí mismo?"
    )
    assert answer.ephemeral
    book, section = SPANISH["whyfirst"], SPANISH["whyfirst"].section("card-round")
    assert answer.embeds[0]["fields"][0]["name"] == f"{book.title}: {section.title}"
    assert section.title != ENGLISH["whyfirst"].section("card-round").title
    # Its button opens the whole section, in Spanish.
    opened = await table.backend.click(ana, answer.message, label=section.title)
    assert opened.ephemeral
    assert opened.embeds[0]["title"] == section.title
    assert opened.embeds[0]["description"] == section.body


async def test_the_same_question_in_english_finds_nothing_in_the_spanish_words(table):
    reader = table.player("reader")
    answer = await table.backend.slash(reader, table.channel, "rules search", query="lechuga")
    assert answer.ephemeral and not answer.embeds
    spanish = await table.backend.slash(
        spanish_player(table), table.channel, "rules search", query="lechuga"
    )
    assert spanish.embeds[0]["fields"][0]["name"] == (
        f"{SPANISH['hare'].title}: {SPANISH['hare'].section('lettuce-spaces').title}"
    )


async def test_a_latin_american_spanish_player_reads_spanish_too(table):
    luis = table.backend.add_user("luis", guild=table.guild, locale="es-419")
    answer = await table.backend.slash(
        luis, table.channel, "rules show", game="hare", topic="lettuce-spaces"
    )
    assert answer.embeds[0]["title"] == SPANISH["hare"].section("lettuce-spaces").title


async def test_the_game_is_offered_by_its_title_in_the_askers_language(table):
    lucia = table.backend.add_user("lucia", guild=table.guild, locale="es-ES")
    for command in ("rules show", "rules search"):
        offered = await table.backend.autocomplete(
            lucia, table.channel, command, focused="game", game="liebre"
        )
        assert offered == [{"name": SPANISH["hare"].title, "value": "hare"}], command
    everything = await table.backend.autocomplete(
        lucia, table.channel, "rules search", focused="game", game=""
    )
    assert [c["name"] for c in everything] == [SPANISH[c["value"]].title for c in everything]
    assert len(everything) == len(SPANISH)
    dutch = await table.backend.autocomplete(
        table.backend.add_user("sanne", guild=table.guild, locale="nl"),
        table.channel, "rules show", focused="game", game="volgnum",
    )
    assert dutch == [{"name": "Sequence Numbers", "value": "numbers"}]  # its Dutch edition
    english = await table.backend.autocomplete(
        table.backend.add_user("lee", guild=table.guild, locale="en-US"),
        table.channel, "rules show", focused="game", game="tortuga",
    )
    assert english == [{"name": "Hare and Tortoise", "value": "hare"}]


async def test_show_and_its_autocomplete_speak_the_askers_language(table):
    gianni = table.backend.add_user("gianni", guild=table.guild, locale="it")
    offered = await table.backend.autocomplete(
        gianni, table.channel, "rules show", focused="topic", game="Lepre e Tartaruga", topic=""
    )
    hare = ITALIAN["hare"]
    assert [c["name"] for c in offered] == [s.title for s in hare.sections][:25]
    typed = await table.backend.autocomplete(
        gianni, table.channel, "rules show", focused="topic", game="hare", topic="lattu"
    )
    assert typed[0]["value"] == "lettuce-spaces"
    # A section named by its Italian title, by its key or by its English title.
    for topic in (hare.section("lettuce-spaces").title, "lettuce-spaces", "Lettuce spaces"):
        answer = await table.backend.slash(
            gianni, table.channel, "rules show", game="hare", topic=topic
        )
        assert answer.embeds[0]["title"] == hare.section("lettuce-spaces").title, topic
        assert not answer.content


async def test_a_spanish_question_to_show_finds_the_best_spanish_match(table):
    answer = await table.backend.slash(
        spanish_player(table), table.channel, "rules show", game="hare",
        topic="cuantas zanahorias necesito para llegar a la meta",
    )
    assert answer.embeds[0]["title"] == SPANISH["hare"].section("finishing").title


async def test_a_misspelt_italian_search_is_mended_from_italian_words(table):
    gianni = table.backend.add_user("gianni", guild=table.guild, locale="it")
    answer = await table.backend.slash(gianni, table.channel, "rules search", query="colisione")
    assert "“collisione”" in answer.content
    assert answer.embeds[0]["fields"][0]["name"].endswith(
        ITALIAN["canyon"].section("collisions").title
    )


async def test_pages_turn_in_the_language_the_section_is_shown_in(table, monkeypatch):
    monkeypatch.setattr(rulebook_pages, "PAGE_LIMIT", 300)
    ana = spanish_player(table)
    section = max(SPANISH["hare"].sections, key=lambda s: len(s.body))
    answer = await table.backend.slash(
        ana, table.channel, "rules show", game="hare", topic=section.key
    )
    # Her own copy turns in Spanish, its buttons too.
    turned = await table.backend.click(ana, answer.message, label="Siguiente")
    assert turned.embeds[0]["title"] == section.title
    assert turned.embeds[0]["description"] in section.body


async def test_a_section_posted_for_the_table_reads_in_the_servers_language(
    table, english_server, monkeypatch
):
    """A Spanish player posts a section on an English server: the channel reads it in
    English, and it turns in English; an Italian reader's click gets an Italian copy."""
    monkeypatch.setattr(rulebook_pages, "PAGE_LIMIT", 300)
    ana = spanish_player(table)
    key = max(ENGLISH["hare"].sections, key=lambda s: len(s.body)).key
    answer = await table.backend.slash(
        ana, table.channel, "rules show", game="hare", topic=key, public=True
    )
    assert not answer.ephemeral
    assert answer.embeds[0]["title"] == ENGLISH["hare"].section(key).title
    assert answer.embeds[0]["footer"]["text"].startswith("Page 1/")
    turned = await table.backend.click(ana, answer.message, label="Next")
    assert not turned.ephemeral and turned.message.id == answer.message.id
    assert turned.embeds[0]["description"] in ENGLISH["hare"].section(key).body
    assert turned.embeds[0]["footer"]["text"].startswith("Page 2/")
    gina = table.backend.add_user("gina", guild=table.guild, locale="it")
    copy = await table.backend.click(gina, turned.message, label="Next")
    assert copy.ephemeral
    assert copy.embeds[0]["title"] == ITALIAN["hare"].section(key).title
    assert copy.embeds[0]["description"] in ITALIAN["hare"].section(key).body
    assert copy.embeds[0]["footer"]["text"].startswith("Pagina 3/")


async def test_a_search_posted_for_the_table_reads_in_the_servers_language(
    table, english_server
):
    """Found in the asker's words, told in the table's: each section's English title and
    opening lines; the asker's private searches stay in Spanish."""
    ana = spanish_player(table)
    question = "¿puedo poner la carta delante de mí mismo?"
    posted = await table.backend.slash(
        ana, table.channel, "rules search", query=question, public=True
    )
    assert not posted.ephemeral
    private = await table.backend.slash(ana, table.channel, "rules search", query=question)
    english, spanish = posted.embeds[0], private.embeds[0]
    assert english["title"] == f"Rules matching “{question}”"
    keys = [SPANISH["whyfirst"].named(f["name"].split(": ", 1)[1]).key for f in spanish["fields"]]
    book = ENGLISH["whyfirst"]
    assert [f["name"] for f in english["fields"]] == [
        f"{book.title}: {book.section(key).title}" for key in keys
    ]
    first = book.section(keys[0]).body.split()[:3]
    assert english["fields"][0]["value"].split()[:3] == first, "the section's opening"
    assert [b.label for b in posted.message.buttons] == [book.section(k).title for k in keys]


async def test_players_own_words_find_the_rulebooks_words_in_their_language(table):
    # The edition's tortoise is a hedgehog to many players, carrots are "penen" in Dutch.
    asked = [
        ("it", "cosa succede sulla casella del riccio", ITALIAN, "tortoise-spaces"),
        ("es", "el erizo", SPANISH, "tortoise-spaces"),
        ("nl", "hoeveel penen krijg ik op een wortelvak", DUTCH, "carrot-spaces"),
    ]
    for locale, query, books, key in asked:
        player = table.backend.add_user(f"p{locale}", guild=table.guild, locale=locale)
        answer = await table.backend.slash(player, table.channel, "rules search", query=query)
        assert answer.ephemeral
        hare = books["hare"]
        assert answer.embeds[0]["fields"][0]["name"] == f"{hare.title}: {hare.section(key).title}"


async def test_a_question_that_is_a_games_title_shows_its_overview(table):
    answer = await table.backend.slash(
        table.player("reader"), table.channel, "rules search", query="great canyon race"
    )
    canyon = ENGLISH["canyon"]
    assert [field["name"] for field in answer.embeds[0]["fields"]] == [
        f"{canyon.title}: {canyon.overview.title}"
    ]


async def test_the_footer_names_the_section_as_the_reader_types_it(table):
    """A Dutch reader's footer says the command in Dutch words, and typed as it says, it
    shows the same section again."""
    joost = table.backend.add_user("joost", guild=table.guild, locale="nl")
    numbers = DUTCH["numbers"]
    section = numbers.section("dead-cards")
    shown = await table.backend.slash(
        joost, table.channel, "rules show", game="numbers", topic="dead-cards"
    )
    footer = shown.embeds[0]["footer"]["text"]
    assert f"spel:{numbers.title} onderwerp:{section.title}" in footer
    assert "dead-cards" not in footer
    game, topic = footer.split("spel:")[1].split(" onderwerp:")
    typed = await table.backend.slash(joost, table.channel, "rules show", game=game, topic=topic)
    assert typed.embeds[0]["title"] == section.title
    assert not typed.content
