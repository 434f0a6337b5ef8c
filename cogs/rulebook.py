"""/rules: every section of every rulebook one command away, and answers to questions."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.common.i18n import N_, _, ngettext
from cogs.common.presenter import EMBED_COLOUR, joined
from cogs.common.reply import Reply
from cogs.common.rulebooks import rulebooks_in
from cogs.rulebook_pages import (
    RULEBOOK_ITEMS,
    RuleOpenButton,
    reader_language,
    rulebook_language,
    section_message,
)
from data import matches as rows
from data import rules_search
from data.rules_snippets import snippet
from rules import questions
from rules.rulebook import (
    ENGLISH,
    LANGUAGES,
    RULEBOOK_GAMES,
    Rulebook,
    Section,
    all_rulebooks,
    digest,
    game_named,
    games_matching,
)

AUTOCOMPLETE_LIMIT = 25
SEARCH_HITS = 5
QUERY_LENGTH = 200
TOPIC_LENGTH = 100
NO_WORDS = N_("Say what the rule is about, such as “tortoise”, “dead card” or “go over 30”.")

Name = app_commands.Range[str, 1, TOPIC_LENGTH]
Query = app_commands.Range[str, 1, QUERY_LENGTH]


def unknown_game(typed: str) -> str:
    titles = ", ".join(book.title for book in rulebooks_in().values())
    return _("There is no rulebook for “{typed}”. The games are {titles}.", typed=typed[:100],
             titles=titles)


def no_such_rule(book: Rulebook, topic: str) -> str:
    """Refusal of a topic nothing matches, listing the sections there are."""
    titles = ", ".join(section.title for section in book.sections)
    return _(
        "No {title} rule matches “{topic}”. Its sections: {sections}. Or ask a question with "
        "/rules search.",
        title=book.title, topic=topic[:TOPIC_LENGTH], sections=titles,
    )[:2000]


def nothing_found(query: str, book: Rulebook | None) -> str:
    if book is None:
        return _(
            "Nothing in the rulebooks matches “{query}”. Try other words, such as “tortoise”, "
            "“dead card” or “go over 30”.",
            query=query[:QUERY_LENGTH],
        )
    return _(
        "Nothing in the {title} rules matches “{query}”. Try other words, or search without a "
        "game, such as “tortoise”, “dead card” or “go over 30”.",
        title=book.title, query=query[:QUERY_LENGTH],
    )


def hits_message(
    query: str, hits: list[rules_search.SearchHit], preferred: list[str], lang: str = ENGLISH
) -> dict[str, Any]:
    """The search hits as one embed, each with a button that opens its section."""
    books = all_rulebooks(lang)
    embed = discord.Embed(
        title=_("Rules matching “{query}”", query=query[:QUERY_LENGTH]), colour=EMBED_COLOUR
    )
    view = discord.ui.View(timeout=None)
    titles = [hit.title for hit in hits]
    for hit in hits:
        book = books[hit.game].title
        embed.add_field(name=f"{book}: {hit.title}"[:256], value=hit.snippet or "…", inline=False)
        label = hit.title if titles.count(hit.title) == 1 else f"{hit.title} ({book})"
        view.add_item(RuleOpenButton(hit.game, hit.key, label=label))
    if preferred:
        embed.set_footer(
            text=ngettext(
                "{games} is open in this channel, so its rules rank higher.",
                "{games} are open in this channel, so their rules rank higher.",
                len(preferred), games=joined([books[game].title for game in preferred]),
            )
        )
    return {"embed": embed, "view": view}


def retold(hits: list[rules_search.SearchHit], lang: str) -> list[rules_search.SearchHit]:
    """Search hits as ``lang``'s rulebooks tell them, for a table that reads another
    language than the asker: each section's title and opening lines (the words found are
    the asker's)."""
    sections = [all_rulebooks(lang)[hit.game].section(hit.key) for hit in hits]
    return [
        rules_search.SearchHit(section.game, section.key, section.title, snippet(section.body))
        for section in sections
    ]


class Rulebooks(
    commands.GroupCog,
    group_name=locale_str("rules"),
    group_description=locale_str("Look up the rules"),
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _channel_games(self, channel_id: int | None) -> list[str]:
        """The games with a lobby or match open in the channel."""
        if channel_id is None:
            return []
        async with self.bot.store.read() as db:  # type: ignore[attr-defined]
            return [
                game
                for game in RULEBOOK_GAMES
                if await rows.open_match_in_channel(db, game, channel_id) is not None
            ]

    @app_commands.command(
        name=locale_str("show"), description=locale_str("Show a section of a game's rules"),
    )
    @app_commands.describe(
        game=locale_str("Which game"),
        topic=locale_str("Start typing: sections matching it appear; or ask a question"),
        public=locale_str("Post it for the table"),
    )
    @app_commands.rename(
        game=locale_str("game"), topic=locale_str("topic"), public=locale_str("public"),
    )
    async def show(
        self,
        interaction: discord.Interaction[Any],
        game: Name,
        topic: Name = "overview",
        public: bool = False,
    ) -> None:
        async with Reply(interaction, private=not public) as reply:
            found = game_named(game)
            if found is None:
                await reply.refuse(unknown_game(game))
                return
            lang = reader_language(interaction)
            book = all_rulebooks(lang)[found]
            with reply.posted():  # found in the asker's words, told in the table's
                section, note = await self._typed_section(book, topic, lang)
                told = rulebook_language()
                shown = None if section is None else section_message(
                    all_rulebooks(told)[found].section(section.key), 0, interaction.user.id, told
                )
            if shown is None:
                await reply.refuse(no_such_rule(book, topic))
                return
            await reply.answer(**shown.message, content=note)

    async def _typed_section(
        self, book: Rulebook, topic: str, lang: str
    ) -> tuple[Section | None, str | None]:
        """The section of ``book`` (``lang``'s) that ``topic`` names, by key, by its title or
        by the English title, or else the best match a search finds, with a note saying so;
        None if nothing matches."""
        named = book.named(topic) or all_rulebooks()[book.game].named(topic)
        if named is not None:
            return book.section(named.key), None
        async with self.bot.store.read() as db:  # type: ignore[attr-defined]
            hits, searched = await rules_search.search_or_mend(
                db, topic, lang=lang, game=book.game, limit=1
            )
        if not hits:
            return None, None
        note = (
            _("No section is called “{topic}”: this is the best match.", topic=topic)
            if searched == topic
            else _(
                "No section is called “{topic}”: this is the best match for “{searched}”.",
                topic=topic, searched=searched,
            )
        )
        return book.section(hits[0].key), note

    @show.autocomplete("game")
    async def show_game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(interaction, current)

    @show.autocomplete("topic")
    async def topic_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Sections whose title matches what is typed; if none, those a search finds."""
        game = game_named(str(getattr(interaction.namespace, "game", None) or ""))
        if game is None:
            return []
        lang = reader_language(interaction)
        book = all_rulebooks(lang)[game]
        sections = book.matching(current, limit=AUTOCOMPLETE_LIMIT)
        if not sections and rules_search.query_words(current, lang):
            async with self.bot.store.read() as db:  # type: ignore[attr-defined]
                hits = await rules_search.search(
                    db, current, lang=lang, game=game, limit=AUTOCOMPLETE_LIMIT
                )
            sections = [book.section(hit.key) for hit in hits]
        return [app_commands.Choice(name=s.title[:100], value=s.key) for s in sections]

    @app_commands.command(
        name=locale_str("search"), description=locale_str("Ask the rulebooks a question"),
    )
    @app_commands.describe(
        query=locale_str("A question or a few words, such as “how many carrots can I finish with”"),
        game=locale_str("Only this game's rules (else the game open in this channel comes first)"),
        public=locale_str("Post the answer for the table"),
    )
    @app_commands.rename(
        query=locale_str("query"),
        game=locale_str("game"),
        public=locale_str("public"),
    )
    async def search(
        self,
        interaction: discord.Interaction[Any],
        query: Query,
        game: Name | None = None,
        public: bool = False,
    ) -> None:
        async with Reply(interaction, private=not public) as reply:
            only = game_named(game) if game is not None else None
            if game is not None and only is None:
                await reply.refuse(unknown_game(game))
                return
            lang = reader_language(interaction)
            if not rules_search.query_words(query, lang):
                await reply.refuse(_(NO_WORDS))
                return
            preferred = [] if only else await self._channel_games(interaction.channel_id)
            async with self.bot.store.read() as db:  # type: ignore[attr-defined]
                hits, searched = await rules_search.search_or_mend(
                    db, query, lang=lang, game=only, prefer=preferred, limit=SEARCH_HITS
                )
            if not hits:
                book = all_rulebooks(lang)[only] if only else None
                await reply.refuse(nothing_found(query, book))
                return
            with reply.posted():
                told = rulebook_language()
                if told != lang:
                    hits = retold(hits, told)
                message = hits_message(searched, hits, preferred, told)
                if searched != query:
                    message["content"] = _(
                        "Nothing matches “{query}”; showing “{searched}” instead.",
                        query=query, searched=searched,
                    )
            await reply.answer(**message)

    @search.autocomplete("game")
    async def search_game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(interaction, current)


def game_choices(interaction: discord.Interaction[Any], current: str
                 ) -> list[app_commands.Choice[str]]:
    """The games whose key or title in any language holds what is typed (all of them when
    nothing is), by their titles in the asker's language."""
    books = all_rulebooks(reader_language(interaction))
    return [
        app_commands.Choice(name=books[game].title, value=game)
        for game in games_matching(current)
    ]


async def index_rulebooks(bot: commands.Bot) -> None:
    """Rebuild the search index, every language's, if the rulebook texts changed since it
    was built."""
    sections = [
        rules_search.IndexedSection(s.game, s.key, s.title, s.keywords, s.body, lang, book.lang)
        for lang in LANGUAGES
        for book in all_rulebooks(lang).values()
        for s in book.sections
    ]
    async with bot.store.transaction() as db:  # type: ignore[attr-defined]
        await rules_search.ensure_index(db, sections, digest())
    for lang in LANGUAGES:  # what mending a question reads, read once beside the loop
        await asyncio.to_thread(questions.load, lang)


async def setup(bot: commands.Bot) -> None:
    await index_rulebooks(bot)
    bot.register_items(*RULEBOOK_ITEMS)  # type: ignore[attr-defined]
    await bot.add_cog(Rulebooks(bot))
