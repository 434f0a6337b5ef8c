"""/rules: every section of every rulebook one command away, and full-text search."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.presenter import EMBED_COLOUR
from data import rules_search
from rules.rulebook import RULEBOOK_GAMES, Section, all_rulebooks, digest, split_for_discord

PAGE_LIMIT = 4096
"""An embed description holds at most 4096 characters; longer sections are paged."""

AUTOCOMPLETE_LIMIT = 25


def rulebook_choices() -> list[app_commands.Choice[str]]:
    books = all_rulebooks()
    return [app_commands.Choice(name=books[game].title, value=game) for game in RULEBOOK_GAMES]


def find_section(game: str, topic: str) -> Section | None:
    """The section a player asked for: by key (what autocomplete sends) or by best title."""
    book = all_rulebooks()[game]
    try:
        return book.section(topic)
    except KeyError:
        found = book.matching(topic, limit=1)
        return found[0] if found else None


def section_pages(section: Section) -> list[str]:
    return split_for_discord(section.body, PAGE_LIMIT)


def section_message(section: Section, page: int) -> dict[str, Any]:
    """The embed (and page buttons, when the section is long) showing one page."""
    pages = section_pages(section)
    page = max(0, min(page, len(pages) - 1))
    book = all_rulebooks()[section.game]
    embed = discord.Embed(title=section.title[:256], description=pages[page], colour=EMBED_COLOUR)
    footer = f"{book.title} rules · /rules show game:{section.game} topic:{section.key}"
    if len(pages) > 1:
        footer = f"Page {page + 1}/{len(pages)} · {footer}"
    embed.set_footer(text=footer[:2048])
    view = discord.ui.View(timeout=None)
    if len(pages) > 1:
        view.add_item(RulePageButton(section.game, section.key, page - 1, "Previous", page == 0))
        view.add_item(
            RulePageButton(section.game, section.key, page + 1, "Next", page == len(pages) - 1)
        )
    return {"embed": embed, "view": view}


async def _section_or_refuse(
    interaction: discord.Interaction[Any], game: str, key: str
) -> Section | None:
    """The section a rules button names, or a private answer that it is gone."""
    section = find_section(game, key)
    if section is not None and section.key == key:
        return section
    await interaction.response.send_message(
        "That rule section no longer exists: try /rules search.", ephemeral=True
    )
    return None


_GAME = "|".join(RULEBOOK_GAMES)


class RulePageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"rules:page:(?P<game>{_GAME}):(?P<key>[a-z0-9-]{{1,40}}):(?P<page>[0-9]{{1,3}})",
):
    """Turns the page of a long section in place."""

    def __init__(self, game: str, key: str, page: int, label: str, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                disabled=disabled,
                custom_id=f"rules:page:{game}:{key}:{max(page, 0)}",
            )
        )
        self.game, self.key, self.page = game, key, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulePageButton:
        return cls(match["game"], match["key"], int(match["page"]), "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        section = await _section_or_refuse(interaction, self.game, self.key)
        if section is not None:
            await interaction.response.edit_message(**section_message(section, self.page))


class RuleOpenButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"rules:open:(?P<game>{_GAME}):(?P<key>[a-z0-9-]{{1,40}})",
):
    """Opens a search hit's whole section privately."""

    def __init__(self, game: str, key: str, label: str = "Open") -> None:
        super().__init__(discord.ui.Button(label=label[:80], custom_id=f"rules:open:{game}:{key}"))
        self.game, self.key = game, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RuleOpenButton:
        return cls(match["game"], match["key"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        section = await _section_or_refuse(interaction, self.game, self.key)
        if section is not None:
            await interaction.response.send_message(**section_message(section, 0), ephemeral=True)


RULEBOOK_ITEMS = (RulePageButton, RuleOpenButton)


class Rulebooks(commands.GroupCog, group_name="rules", group_description="Look up the rules"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="show", description="Show a section of a game's rules")
    @app_commands.describe(
        game="Which game",
        topic="Start typing: sections matching it appear",
        public="Post it for the table",
    )
    @app_commands.choices(game=rulebook_choices())
    async def show(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        topic: str = "overview",
        public: bool = False,
    ) -> None:
        section = find_section(game.value, topic)
        if section is None:
            await interaction.response.send_message(
                f"No {game.name} rule matches “{topic[:100]}”: try /rules search.", ephemeral=True
            )
            return
        await interaction.response.send_message(**section_message(section, 0), ephemeral=not public)

    @show.autocomplete("topic")
    async def topic_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        books = all_rulebooks()
        if game not in books:
            return []
        return [
            app_commands.Choice(name=section.title[:100], value=section.key)
            for section in books[game].matching(current, limit=AUTOCOMPLETE_LIMIT)
        ]

    @app_commands.command(name="search", description="Search every rulebook")
    @app_commands.describe(query="Words to look for, such as “tortoise” or “dead card”")
    async def search(
        self, interaction: discord.Interaction[Any], query: str, public: bool = False
    ) -> None:
        async with self.bot.store.read() as db:  # type: ignore[attr-defined]
            hits = await rules_search.search(db, query)
        if not hits:
            await interaction.response.send_message(
                f"Nothing in the rulebooks matches “{query[:100]}”.", ephemeral=True
            )
            return
        books = all_rulebooks()
        embed = discord.Embed(title=f"Rules matching “{query[:200]}”", colour=EMBED_COLOUR)
        view = discord.ui.View(timeout=None)
        for hit in hits:
            embed.add_field(
                name=f"{books[hit.game].title}: {hit.title}"[:256],
                value=hit.snippet[:1000] or "…",
                inline=False,
            )
            view.add_item(RuleOpenButton(hit.game, hit.key, label=hit.title))
        await interaction.response.send_message(embed=embed, view=view, ephemeral=not public)


async def index_rulebooks(bot: commands.Bot) -> None:
    """Rebuild the search index if the rulebook texts changed since it was built."""
    sections = [
        rules_search.IndexedSection(s.game, s.key, s.title, s.keywords, s.body)
        for book in all_rulebooks().values()
        for s in book.sections
    ]
    async with bot.store.transaction() as db:  # type: ignore[attr-defined]
        await rules_search.ensure_index(db, sections, digest())


async def setup(bot: commands.Bot) -> None:
    await index_rulebooks(bot)
    bot.register_items(*RULEBOOK_ITEMS)  # type: ignore[attr-defined]
    await bot.add_cog(Rulebooks(bot))
