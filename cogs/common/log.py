"""The match log: every public event since the start, in words, paged, newest last.

Anyone may read it (it tells only what the table saw): it is told from the move log's
public events, through the same narration as the board and the replay, never from a
seat's view. The buttons carry the match and the page shown, so they survive restarts.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.common.i18n import N_, _
from cogs.common.narration import move_lines
from cogs.common.presenter import EMBED_COLOUR, Presenter
from cogs.common.reply import Reply
from cogs.common.seatnames import match_refusal
from data import move_rows
from matches.match import Match, MatchError

PAGE_CHARS = 3800
"""Room for one page's events: Discord allows 4096 characters in an embed's description."""
STEPS = {
    "": N_("Log"), "older": N_("◀ Older"), "newer": N_("Newer ▶"), "newest": N_("Newest ⏭")
}
"""Each button's label: the log's own, and its page turners'."""


class LogButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"log:(?P<match>[0-9]{1,18})(?::(?P<page>[0-9]{1,6}):(?P<step>older|newer|newest))?",
):
    """**Log** on a board or a result (opens the newest page privately), or a page turner
    on the log itself (``page``: the page it was pressed on)."""

    def __init__(
        self, match_id: int, page: int | None = None, step: str | None = None, *,
        disabled: bool = False,
    ) -> None:
        custom_id = f"log:{match_id}" if step is None else f"log:{match_id}:{page}:{step}"
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary, label=_(STEPS[step or ""]),
                emoji="📜" if step is None else None, custom_id=custom_id, disabled=disabled,
            )
        )
        self.match_id, self.page, self.step = match_id, page, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LogButton:
        page = None if match["page"] is None else int(match["page"])
        return cls(int(match["match"]), page, match["step"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with Reply(interaction, private=True) as reply:
            try:
                pages = await log_pages(interaction, self.match_id)
            except MatchError as refused:
                await reply.refuse(match_refusal(refused))
                return
            last = len(pages) - 1
            if self.step is None or self.page is None:
                await reply.private(**log_message(pages, last, self.match_id))
                return
            page = {
                "older": self.page - 1, "newer": self.page + 1, "newest": last,
            }[self.step]
            await reply.update(**log_message(pages, max(0, min(page, last)), self.match_id))


def _table(interaction: discord.Interaction[Any]) -> Any:
    return interaction.client.table  # type: ignore[attr-defined]


async def log_pages(interaction: discord.Interaction[Any], match_id: int) -> list[discord.Embed]:
    """The match's log as embeds, oldest page first; ``MatchError`` says why there is none."""
    table = _table(interaction)
    unknown = MatchError(N_("There is no match #{match} on this server."), match=match_id)
    try:
        match: Match = await table.service.get(match_id)
    except MatchError:
        raise unknown from None
    if match.record.guild_id != interaction.guild_id:
        raise unknown
    if match.damaged or (match.state is None and match.status != "lobby"):
        raise MatchError(
            N_("Match #{match}'s saved record is damaged: it has no log to show."), match=match_id
        )
    presenter: Presenter = table.presenters[match.record.game]
    async with table.service.store.read() as db:
        moves = await move_rows.move_log(db, match_id)
    lines = [line for move in moves for line in move_lines(presenter, match, move)]
    title = _("{title} · match #{match} · log", title=_(presenter.title), match=match_id)
    if not lines:
        return [_page(title, _("Nothing has happened yet: the log starts with the first move."))]
    return [_page(title, text) for text in _paged(lines)]


def _paged(lines: list[str]) -> list[str]:
    """The lines in pages of at most ``PAGE_CHARS`` characters, a line never split."""
    pages: list[list[str]] = [[]]
    size = 0
    for line in lines:
        line = line if len(line) <= PAGE_CHARS else line[: PAGE_CHARS - 1] + "…"
        if pages[-1] and size + len(line) + 1 > PAGE_CHARS:
            pages.append([])
            size = 0
        pages[-1].append(line)
        size += len(line) + 1
    return ["\n".join(page) for page in pages]


def _page(title: str, text: str) -> discord.Embed:
    return discord.Embed(title=title, description=text, colour=EMBED_COLOUR)


def log_message(pages: list[discord.Embed], page: int, match_id: int) -> dict[str, Any]:
    """One page of the log with its page turners (newest last)."""
    embed = pages[page]
    last = len(pages) - 1
    embed.set_footer(
        text=_("Page {page} of {pages} · newest last", page=page + 1, pages=last + 1)
    )
    view = discord.ui.View(timeout=None)
    view.add_item(LogButton(match_id, page, "older", disabled=page == 0))
    view.add_item(LogButton(match_id, page, "newer", disabled=page == last))
    view.add_item(LogButton(match_id, page, "newest"))
    return {"embed": embed, "view": view}
