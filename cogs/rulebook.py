"""/rules: every section of every rulebook one command away, and answers to questions."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.i18n import language_of
from cogs.common.presenter import EMBED_COLOUR
from cogs.common.reply import Reply
from data import matches as rows
from data import rules_search
from rules.paging import split_for_discord
from rules.rulebook import (
    ENGLISH,
    LANGUAGES,
    RULEBOOK_GAMES,
    Rulebook,
    Section,
    all_rulebooks,
    digest,
    game_named,
)

PAGE_LIMIT = 4096
"""An embed description holds at most 4096 characters; longer sections are paged."""
AUTOCOMPLETE_LIMIT = 25
SEARCH_HITS = 5
QUERY_LENGTH = 200
TOPIC_LENGTH = 100
EXAMPLES = "such as “tortoise”, “dead card” or “go over 30”"
NO_WORDS = f"Say what the rule is about, {EXAMPLES}."

Name = app_commands.Range[str, 1, TOPIC_LENGTH]
Query = app_commands.Range[str, 1, QUERY_LENGTH]


def reader_language(interaction: discord.Interaction[Any]) -> str:
    """The language of the rulebooks the player who asked reads: their Discord locale's."""
    lang = language_of(interaction.locale)
    return lang if lang in LANGUAGES else ENGLISH


def section_pages(section: Section) -> list[str]:
    return split_for_discord(section.body, PAGE_LIMIT)


def section_message(section: Section, page: int, lang: str = ENGLISH) -> dict[str, Any]:
    """The embed (and page buttons, when the section is long) showing one page of a
    section of ``lang``'s rulebook."""
    pages = section_pages(section)
    page = max(0, min(page, len(pages) - 1))
    book = all_rulebooks(lang)[section.game]
    embed = discord.Embed(title=section.title[:256], description=pages[page], colour=EMBED_COLOUR)
    footer = f"{book.title} rules · /rules show game:{section.game} topic:{section.key}"
    if len(pages) > 1:
        footer = f"Page {page + 1}/{len(pages)} · {footer}"
    embed.set_footer(text=footer[:2048])
    view = discord.ui.View(timeout=None)
    if len(pages) > 1:
        where = (lang, section.game, section.key)
        view.add_item(RulePageButton(*where, page - 1, "Previous", page == 0))
        view.add_item(RulePageButton(*where, page + 1, "Next", page == len(pages) - 1))
    return {"embed": embed, "view": view}


def unknown_game(typed: str) -> str:
    titles = ", ".join(book.title for book in all_rulebooks().values())
    return f"There is no rulebook for “{typed[:100]}”. The games are {titles}."


def no_such_rule(book: Rulebook, topic: str) -> str:
    """Refusal of a topic nothing matches, listing the sections there are."""
    titles = ", ".join(section.title for section in book.sections)
    return (
        f"No {book.title} rule matches “{topic[:TOPIC_LENGTH]}”. Its sections: {titles}."
        " Or ask a question with /rules search."
    )[:2000]


def nothing_found(query: str, book: Rulebook | None) -> str:
    where = "rulebooks" if book is None else f"{book.title} rules"
    advice = "Try other words" if book is None else "Try other words, or search without a game"
    return f"Nothing in the {where} matches “{query[:QUERY_LENGTH]}”. {advice}, {EXAMPLES}."


def hits_message(
    query: str, hits: list[rules_search.SearchHit], preferred: list[str], lang: str = ENGLISH
) -> dict[str, Any]:
    """The search hits as one embed, each with a button that opens its section."""
    books = all_rulebooks(lang)
    embed = discord.Embed(title=f"Rules matching “{query[:QUERY_LENGTH]}”", colour=EMBED_COLOUR)
    view = discord.ui.View(timeout=None)
    titles = [hit.title for hit in hits]
    for hit in hits:
        book = books[hit.game].title
        embed.add_field(name=f"{book}: {hit.title}"[:256], value=hit.snippet or "…", inline=False)
        label = hit.title if titles.count(hit.title) == 1 else f"{hit.title} ({book})"
        view.add_item(RuleOpenButton(hit.game, hit.key, label=label))
    if preferred:
        names = " and ".join(books[game].title for game in preferred)
        verb, their = ("is", "its") if len(preferred) == 1 else ("are", "their")
        embed.set_footer(text=f"{names} {verb} open in this channel, so {their} rules rank higher.")
    return {"embed": embed, "view": view}


async def answer(reply: Reply, message: dict[str, Any], *, public: bool) -> None:
    """Post ``message`` for the table, or show it only to the player who asked."""
    if public:
        await reply.publish(**message)
    else:
        await reply.private(**message)


async def _section_or_refuse(
    interaction: discord.Interaction[Any], game: str, key: str, lang: str
) -> Section | None:
    """The section a rules button names, in ``lang``, or a private answer that it is gone."""
    try:
        return all_rulebooks(lang)[game].section(key)
    except KeyError:
        await interaction.response.send_message(
            "That rule section no longer exists: try /rules search.", ephemeral=True
        )
        return None


_GAME = "|".join(RULEBOOK_GAMES)
_LANG = "|".join(LANGUAGES)


class RulePageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        rf"rules:page:(?:(?P<lang>{_LANG}):)?(?P<game>{_GAME}):(?P<key>[a-z0-9-]{{1,40}})"
        r":(?P<page>[0-9]{1,3})"
    ),
):
    """Turns the page of a long section in place, in the language it is shown in (English
    for buttons from before the rulebooks spoke other languages)."""

    def __init__(
        self, lang: str, game: str, key: str, page: int, label: str, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                disabled=disabled,
                custom_id=f"rules:page:{lang}:{game}:{key}:{max(page, 0)}",
            )
        )
        self.lang, self.game, self.key, self.page = lang, game, key, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulePageButton:
        lang = match["lang"] or ENGLISH
        return cls(lang, match["game"], match["key"], int(match["page"]), "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        section = await _section_or_refuse(interaction, self.game, self.key, self.lang)
        if section is not None:
            await interaction.response.edit_message(
                **section_message(section, self.page, self.lang)
            )


class RuleOpenButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"rules:open:(?P<game>{_GAME}):(?P<key>[a-z0-9-]{{1,40}})",
):
    """Opens a search hit's whole section privately, in the language of who clicks."""

    def __init__(self, game: str, key: str, label: str = "Open") -> None:
        super().__init__(discord.ui.Button(label=label[:80], custom_id=f"rules:open:{game}:{key}"))
        self.game, self.key = game, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RuleOpenButton:
        return cls(match["game"], match["key"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        lang = reader_language(interaction)
        section = await _section_or_refuse(interaction, self.game, self.key, lang)
        if section is not None:
            await interaction.response.send_message(
                **section_message(section, 0, lang), ephemeral=True
            )


RULEBOOK_ITEMS = (RulePageButton, RuleOpenButton)


class Rulebooks(commands.GroupCog, group_name="rules", group_description="Look up the rules"):
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

    @app_commands.command(name="show", description="Show a section of a game's rules")
    @app_commands.describe(
        game="Which game",
        topic="Start typing: sections matching it appear; or ask a question",
        public="Post it for the table",
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
            section, note = await self._typed_section(book, topic, lang)
            if section is None:
                await reply.refuse(no_such_rule(book, topic))
                return
            message = section_message(section, 0, lang) | {"content": note}
            await answer(reply, message, public=public)

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
        mended_to = "" if searched == topic else f" for “{searched}”"
        note = f"No section is called “{topic}”: this is the best match{mended_to}."
        return book.section(hits[0].key), note

    @show.autocomplete("game")
    async def show_game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(current)

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

    @app_commands.command(name="search", description="Ask the rulebooks a question")
    @app_commands.describe(
        query="A question or a few words, such as “how many carrots can I finish with”",
        game="Only this game's rules (else the game open in this channel comes first)",
        public="Post the answer for the table",
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
                await reply.refuse(NO_WORDS)
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
            message = hits_message(searched, hits, preferred, lang)
            if searched != query:
                message["content"] = f"Nothing matches “{query}”; showing “{searched}” instead."
            await answer(reply, message, public=public)

    @search.autocomplete("game")
    async def search_game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(current)


def game_choices(current: str) -> list[app_commands.Choice[str]]:
    """The games whose key or title contain what is typed (all of them when nothing is)."""
    typed = current.casefold().strip()
    return [
        app_commands.Choice(name=book.title, value=game)
        for game, book in all_rulebooks().items()
        if typed in book.title.casefold() or typed in game
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


async def setup(bot: commands.Bot) -> None:
    await index_rulebooks(bot)
    bot.register_items(*RULEBOOK_ITEMS)  # type: ignore[attr-defined]
    await bot.add_cog(Rulebooks(bot))
