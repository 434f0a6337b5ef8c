"""A rulebook section shown as pages of an embed, and the buttons that turn and open them."""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.common.i18n import N_, _, language, speaking
from cogs.common.languages import of_interaction
from cogs.common.pages import OWNER, Page, PageButton, asker_of, turn
from cogs.common.presenter import EMBED_COLOUR
from rules.paging import split_for_discord
from rules.rulebook import ENGLISH, LANGUAGES, RULEBOOK_GAMES, Section, all_rulebooks

PAGE_LIMIT = 4096
"""An embed description holds at most 4096 characters; longer sections are paged."""


def rulebook_language(lang: str | None = None) -> str:
    """The rulebooks' language for ``lang`` (by default the one spoken now): itself, or
    English where no rulebook is written in it."""
    lang = language() if lang is None else lang
    return lang if lang in LANGUAGES else ENGLISH


def reader_language(interaction: discord.Interaction[Any]) -> str:
    """The language of the rulebooks the player who asked reads: the one they read answers
    in (their choice, else their Discord locale)."""
    return rulebook_language(of_interaction(interaction))


def section_pages(section: Section) -> list[str]:
    return split_for_discord(section.body, PAGE_LIMIT)


def section_message(section: Section, page: int, owner: int, lang: str = ENGLISH) -> Page:
    """The embed (and page buttons, when the section is long, turned by ``owner``) showing
    one page of a section of ``lang``'s rulebook."""
    pages = section_pages(section)
    asked, page = page, max(0, min(page, len(pages) - 1))
    book = all_rulebooks(lang)[section.game]
    embed = discord.Embed(title=section.title[:256], description=pages[page], colour=EMBED_COLOUR)
    footer = _(
        "{title} rules · /rules show game:{game} topic:{topic}",
        title=book.title, game=book.title, topic=section.title,
    )
    if len(pages) > 1:
        footer = _(
            "Page {page}/{pages} · {footer}", page=page + 1, pages=len(pages), footer=footer
        )
    embed.set_footer(text=footer[:2048])
    view = discord.ui.View(timeout=None)
    if len(pages) > 1:
        where = (lang, section.game, section.key)
        view.add_item(RulePageButton(*where, page - 1, owner, _("Previous"), page == 0))
        view.add_item(
            RulePageButton(*where, page + 1, owner, _("Next"), page == len(pages) - 1)
        )
    return Page({"embed": embed, "view": view}, gone=page != asked)


SECTION_GONE = N_("That rule section no longer exists: try /rules search.")


def _section(game: str, key: str, lang: str) -> Section | None:
    """The section a rules button names, in ``lang``; None once it is gone."""
    try:
        return all_rulebooks(lang)[game].section(key)
    except KeyError:
        return None


_GAME = "|".join(RULEBOOK_GAMES)
_LANG = "|".join(LANGUAGES)


class RulePageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    PageButton,
    template=(
        rf"rules:page:(?:(?P<lang>{_LANG}):)?(?P<game>{_GAME}):(?P<key>[a-z0-9-]{{1,40}})"
        r":(?P<page>[0-9]{1,3})" + OWNER
    ),
):
    """Turns the page of a long section for whoever asked for it (``cogs.common.pages``),
    in the language it is shown in (English for buttons from before the rulebooks spoke
    other languages); anyone else reads their copy in their own."""

    def __init__(
        self, lang: str, game: str, key: str, page: int, owner: int, label: str,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                disabled=disabled,
                custom_id=f"rules:page:{lang}:{game}:{key}:{max(page, 0)}:{owner}",
            )
        )
        self.lang, self.game, self.key, self.page, self.owner = lang, game, key, page, owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulePageButton:
        lang = match["lang"] or ENGLISH
        return cls(
            lang, match["game"], match["key"], int(match["page"]), asker_of(interaction, match),
            "",
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await turn(interaction, self.owner, self._page)

    async def _page(self, owner: int) -> Page:
        """The page in the message's language for its asker, in their own for anyone else."""
        lang = self.lang if owner == self.owner else rulebook_language()
        section = _section(self.game, self.key, lang)
        if section is None:
            return Page(refused=SECTION_GONE)
        return section_message(section, self.page, owner, lang)


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
        with speaking(of_interaction(interaction)):
            lang = reader_language(interaction)
            section = _section(self.game, self.key, lang)
            if section is None:
                await interaction.response.send_message(_(SECTION_GONE), ephemeral=True)
                return
            shown = section_message(section, 0, interaction.user.id, lang)
            await interaction.response.send_message(**shown.message, ephemeral=True)


RULEBOOK_ITEMS = (RulePageButton, RuleOpenButton)
