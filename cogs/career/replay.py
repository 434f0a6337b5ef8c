"""/replay: step through a finished match move by move, hidden cards included.

The match is rebuilt from its seed and move log (``matches.replay``), kept for the next
clicks, and the next step's picture drawn while the player looks at this one; the buttons
carry only the match, the step shown, what they do and whose replay it is: they survive
restarts. A click on someone else's public replay opens a private copy.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.career import service_of
from cogs.common.i18n import N_, _
from cogs.common.narration import move_lines
from cogs.common.pages import Page, PageButton, turn
from cogs.common.presenter import EMBED_COLOUR, Presenter, board_alt, by_name
from cogs.common.reply import Reply
from cogs.common.seatnames import name_of
from data import matches as rows
from data import move_rows
from matches.match import Match
from matches.replay import Replay, ReplayRefused, replay

EMBEDS_TOTAL = 6000
"""Discord's limit on the text of all embeds of one message."""
ACTIONS = {
    "first": N_("⏮ First"),
    "back": N_("◀ Back"),
    "next": N_("Next ▶"),
    "last": N_("Last ⏭"),
}
NOTHING_HIDDEN = N_("nothing hidden")
ROUND_STEPS = {
    "stage": (N_("◀ Stage"), N_("Stage ▶")),
    "round": (N_("◀ Round"), N_("Round ▶")),
    "card round": (N_("◀ Card round"), N_("Card round ▶")),
}
"""The buttons that step a replay by the game's rounds, by what the game calls them."""
log = logging.getLogger(__name__)
_ahead: set[asyncio.Task[Any]] = set()
"""The next steps' pictures being drawn ahead (kept until drawn)."""


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    PageButton,
    template=(
        r"rp:(?P<match>[0-9]{1,18}):(?P<step>[0-9]{1,6}):"
        r"(?P<action>first|back|next|last|rback|rnext):(?P<owner>[0-9]{1,20})"
    ),
):
    """One step control of a replay (the step it was pressed on is in the id)."""

    def __init__(
        self, match_id: int, step: int, action: str, owner: int, *, label: str = "",
        disabled: bool = False, row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=label or None,
                disabled=disabled,
                custom_id=f"rp:{match_id}:{step}:{action}:{owner}",
            ),
            row=row,
        )
        self.match_id, self.step, self.action, self.owner = match_id, step, action, owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(int(match["match"]), int(match["step"]), match["action"], int(match["owner"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await turn(
            interaction, self.owner, lambda owner: self._step(interaction, owner),
            editing=_editing,
        )

    async def _step(self, interaction: discord.Interaction[Any], owner: int) -> Page:
        """The step this control goes to, its controls turned by ``owner``."""
        try:
            rebuilt = await load_replay(interaction, self.match_id)
        except ReplayRefused as refused:
            return Page(refused=refused.reason, values=refused.values)
        step = _target(rebuilt, min(self.step, rebuilt.last), self.action)
        return Page(await replay_message(interaction, rebuilt, step, owner))


def _target(rebuilt: Replay, step: int, action: str) -> int:
    return {
        "first": 0,
        "back": max(step - 1, 0),
        "next": min(step + 1, rebuilt.last),
        "last": rebuilt.last,
        "rback": rebuilt.previous_round(step),
        "rnext": rebuilt.next_round(step),
    }[action]


def _editing(message: dict[str, Any]) -> dict[str, Any]:
    """The same message as arguments for an edit (its pictures replace the old ones)."""
    edit = dict(message)
    edit["attachments"] = edit.pop("files", [])
    return edit


async def load_replay(interaction: discord.Interaction[Any], match_id: int) -> Replay:
    """The replay of a finished match of this server; ``ReplayRefused`` says why not."""
    service = service_of(interaction)
    kept = service.replays.get(match_id)
    if kept is not None and kept.record.guild_id == interaction.guild_id:
        return kept
    async with service.store.read() as db:
        record = await rows.fetch_match(db, match_id)
        moves = await move_rows.move_log(db, match_id) if record else []
    if record is None or record.guild_id != interaction.guild_id:
        raise ReplayRefused(N_("There is no match #{match} on this server."), match=match_id)
    if record.game not in _presenters(interaction):
        raise ReplayRefused(N_("Replays of this game are not available yet."))
    return service.replays.keep(replay(service.engine(record.game), record, moves))


def _presenters(interaction: discord.Interaction[Any]) -> dict[str, Presenter]:
    return interaction.client.table.presenters  # type: ignore[attr-defined, no-any-return]


async def replay_message(
    interaction: discord.Interaction[Any], rebuilt: Replay, step: int, owner: int
) -> dict[str, Any]:
    """The board at ``step``, what was just played, every hand then, and the controls."""
    presenter = _presenters(interaction)[rebuilt.record.game]
    match = Match(rebuilt.record, rebuilt.engine, rebuilt.state_at(step))
    with by_name():
        return await _step_message(presenter, rebuilt, match, step, owner)


async def _step_message(
    presenter: Presenter, rebuilt: Replay, match: Match, step: int, owner: int
) -> dict[str, Any]:
    """:func:`replay_message` of ``match``, the game as it stood at ``step``."""
    record, moved = rebuilt.record, rebuilt.move_at(step)
    board = presenter.board(match, rebuilt.events_before(step, max(1, presenter.narration_moves)))
    board.set_author(
        name=_(
            "Replay of match #{match} · move {step} of {last}",
            match=record.id, step=step, last=rebuilt.last,
        )
    )
    if moved is not None and len(board.fields) < 25:
        told = _not_on_board("\n".join(move_lines(presenter, match, moved)), board)
        _told_once(told, board)
        board.insert_field_at(
            0, name=_("Move {step}", step=step),
            value=(told or _("Nothing the table could see."))[:1024], inline=False,
        )
    elif moved is None:
        board.description = (board.description or "")[:3900] + "\n" + _(
            "*As dealt, before any move.*"
        )
    if not rebuilt.faithful:
        board.set_footer(
            text=_("This replay does not end on the stored result: the rules changed.")
        )
    hands = hands_embed(presenter, match, EMBEDS_TOTAL - len(board) - 100)
    embeds = [board] if hands is None else [board, hands]
    message: dict[str, Any] = {"embeds": embeds, "view": _controls(rebuilt, step, owner)}
    pictures = await presenter.board_pictures(match)
    if pictures:
        alt = board_alt(presenter, match, board.title)
        message["files"] = [picture.file(alt) for picture in pictures]
    if step < rebuilt.last:
        _draw_ahead(presenter, Match(record, rebuilt.engine, rebuilt.state_at(step + 1)))
    return message


def _not_on_board(told: str, board: discord.Embed) -> str:
    """``told`` without what the board shows as a field of its own under the same heading
    (a reveal): the heading stays, naming the field that shows it."""
    for field in board.fields:
        block = f"**{field.name}**\n{field.value}"
        if field.value and block in told:
            told = told.replace(block, f"**{field.name}**")
    return told


def _told_once(told: str, board: discord.Embed) -> None:
    """The board without the lines ``told`` says, which end a field of it (its own last
    move, a round just scored): the step's move is said once, under its number; a field
    left empty goes."""
    said = set(told.splitlines())
    for index in reversed(range(len(board.fields))):
        field = board.fields[index]
        lines = (field.value or "").splitlines()
        kept = len(lines)
        while kept and lines[kept - 1] in said:
            kept -= 1
        if kept == len(lines):
            continue
        if kept:
            board.set_field_at(
                index, name=field.name, value="\n".join(lines[:kept]), inline=field.inline
            )
        else:
            board.remove_field(index)


def _draw_ahead(presenter: Presenter, match: Match) -> None:
    """The next step's pictures drawn while the player looks at this one: **Next ▶**, the
    button pressed most, finds them drawn (the renderer remembers them, and a click that
    comes sooner waits for the same drawing)."""
    ahead = asyncio.create_task(presenter.board_pictures(match), name="replay:ahead")
    _ahead.add(ahead)
    ahead.add_done_callback(_drawn_ahead)


def _drawn_ahead(ahead: asyncio.Task[Any]) -> None:
    _ahead.discard(ahead)
    if not ahead.cancelled() and ahead.exception() is not None:
        log.warning("a replay's next picture could not be drawn ahead",
                    exc_info=ahead.exception())


async def drawn_ahead() -> None:
    """Once every picture being drawn ahead is drawn (a player's click takes longer)."""
    await asyncio.gather(*_ahead, return_exceptions=True)


def hands_embed(presenter: Presenter, match: Match, budget: int) -> discord.Embed | None:
    """Each seat's hidden cards at this step, named for its player (no secret once the
    match is over); None for a game that hides nothing."""
    title = _("Hidden cards at this step")
    embed = discord.Embed(title=title, colour=EMBED_COLOUR)
    budget -= len(title)
    hidden = [(seat, "\n".join(presenter.hidden(match, seat.seat))) for seat in match.seats[:25]]
    if not any(text for _, text in hidden):
        return None
    for seat, text in hidden:
        name = name_of(match, seat.seat, 60)
        text = text or _(NOTHING_HIDDEN)
        room = min(1024, budget - len(name))
        if room < 20:
            break
        value = text if len(text) <= room else text[: room - 1] + "…"
        embed.add_field(name=name, value=value, inline=False)
        budget -= len(name) + len(value)
    return embed


def _controls(rebuilt: Replay, step: int, owner: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    match_id, last = rebuilt.record.id, rebuilt.last
    for action, label in ACTIONS.items():
        at_edge = step == 0 if action in ("first", "back") else step == last
        view.add_item(
            ReplayButton(match_id, step, action, owner, label=_(label), disabled=at_edge, row=0)
        )
    name = rebuilt.round_name
    if name is not None:
        back, forward = ROUND_STEPS[name]
        view.add_item(
            ReplayButton(
                match_id, step, "rback", owner, label=_(back), disabled=step == 0, row=1
            )
        )
        view.add_item(
            ReplayButton(
                match_id, step, "rnext", owner, label=_(forward), disabled=step == last, row=1
            )
        )
    return view


class Replays(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=locale_str("replay"), description=locale_str("Step through a finished match"),
    )
    @app_commands.describe(
        match=locale_str("The match number (shown on its board and in /history)"),
        public=locale_str("Show it to the whole channel"),
    )
    @app_commands.rename(match=locale_str("match"), public=locale_str("public"))
    @app_commands.guild_only()
    @app_commands.allowed_installs(guilds=True, users=False)
    async def replay(
        self,
        interaction: discord.Interaction[Any],
        match: app_commands.Range[int, 1],
        public: bool = False,
    ) -> None:
        async with Reply(interaction, private=not public) as reply:
            try:
                rebuilt = await load_replay(interaction, match)
            except ReplayRefused as refused:
                await reply.refuse(_(refused.reason, **refused.values))
                return
            with reply.posted():
                message = await replay_message(interaction, rebuilt, 0, interaction.user.id)
            await reply.answer(**message)


async def setup(bot: commands.Bot) -> None:
    bot.register_items(ReplayButton)  # type: ignore[attr-defined]
    await bot.add_cog(Replays(bot))
