"""The shared table: the players' commands and clicks, for every game.

Cogs stay thin: a slash command or a button hands over here; the table asks the
match service, answers the interaction in time (privately when refusing) and shows the
match in the clicked message; what follows the change (the board in its channel, each
player's hand in their DMs, the notices) is ``FollowUps``'s, and what falls due is the
``TableClock``'s.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

import discord

from cogs.common.coalescer import Rate
from cogs.common.components import channel_label
from cogs.common.followups import BOARD, FollowUps, hand_purpose
from cogs.common.i18n import N_, _, speaking
from cogs.common.kept import MESSAGE_RATE, WAITING_HAND
from cogs.common.languages import Languages
from cogs.common.notices import Notices
from cogs.common.presenter import Controls, Presenter
from cogs.common.refusals import DMS_CLOSED_NOTICE, answered_privately
from cogs.common.rendering import Renderer
from cogs.common.reply import Reply
from cogs.common.tableclock import TableClock
from cogs.common.threads import join_for_later
from matches.computers import Computers, Thinking
from matches.match import Match, MatchError, Player
from matches.service import MatchService
from matches.timekeeper import Timekeeper

RESTORE_AT_ONCE = 4
"""Kept messages refreshed at the same time after a restart."""
RESTORE_PER_SECOND = 20.0
"""At most this many refreshed after a restart each second: well inside Discord's global
limit of 50 requests a second (``pacing``), leaving room for the edits the players' moves
need meanwhile."""
WHAT_IS_SAVED = {
    "join": N_("Your seat"),
    "leave": N_("Leaving"),
    "start": N_("The start"),
    "cancel": N_("The cancellation"),
    "howto": N_("That"),
    "easy": N_("The computer player"),
    "strong": N_("The computer player"),
    "unseat": N_("Removing the computer player"),
}

SEATED = N_(
    "You have a seat in **{title}** match #{match}. Your hand arrives by direct message "
    "when the host starts the match."
)
"""The private answer to taking a seat (the hand message itself is posted silently)."""
HOSTING = N_(
    "You host **{title}** match #{match}: press **{start}** on the lobby when everyone is "
    "seated, and your hand arrives by direct message."
)
"""The private answer to opening a lobby: the host is the one who starts it."""


class Table:
    """Runs every match of every game on behalf of the cogs."""

    def __init__(
        self,
        bot: discord.Client,
        service: MatchService,
        presenters: Mapping[str, Presenter],
        thinking: Thinking | None = None,
        message_rate: Rate | None = MESSAGE_RATE,
        waiting_hand: float = WAITING_HAND,
    ) -> None:
        """``waiting_hand``: seconds a waiting player's hand may take to catch up."""
        self.bot = bot
        self.service = service
        self.presenters = presenters
        self.languages = Languages(bot, service.store)
        self.renderer = Renderer(service, dict(presenters), self.languages)
        self.timekeeper = Timekeeper(service)
        # A computer's move is followed up as any other.
        self.computers = Computers(
            service, thinking or Thinking(), lambda result: self.followups.after_change(result)
        )
        titles = {key: presenter.title for key, presenter in presenters.items()}
        self.notices = Notices(bot, service, titles, self.languages)
        self.followups = FollowUps(
            bot, service, presenters, self.languages, self.renderer, self.notices,
            self.computers, message_rate, waiting_hand,
        )
        self.kept = self.followups.kept
        self.clock = TableClock(
            bot, service, self.timekeeper, self.computers, self.notices, self.languages,
            self.followups,
        )
        self._restoring: asyncio.Task[None] | None = None

    # -- slash commands --------------------------------------------------------------

    async def open_lobby(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: dict[str, Any],
        pace: str | None = None,
    ) -> None:
        """``pace`` None: the server's default pace."""
        async with Reply(interaction) as reply, answered_privately(reply, N_("The new match")):
            if interaction.guild_id is None or interaction.channel_id is None:
                raise MatchError(N_("Matches are played in a server channel."))
            await join_for_later(interaction)
            match = await self.service.create(
                game,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host=_player(interaction.user),
                options=options,
                pace=pace,
            )
            await self.kept.replace(match.id, BOARD, _publisher(reply))
            await self._welcome(reply, match.id, interaction.user.id)

    async def cancel_in_channel(self, interaction: discord.Interaction[Any], game: str) -> None:
        async with Reply(interaction) as reply, answered_privately(reply, N_("The cancellation")):
            match = await self._open_here(interaction, game)
            match = await self.service.cancel(
                match.id, interaction.user.id, moderator=_moderates(interaction)
            )
            with speaking(self.languages.of_server(match.record.guild_id)):
                told = _(
                    "The {title} match was cancelled by {by}.",
                    title=_(self.presenters[game].title), by=interaction.user.mention,
                )
            await reply.publish(content=told)
            self.followups.refresh_everything(match)
            await self.notices.withdraw(match)

    async def repost_board(self, interaction: discord.Interaction[Any], game: str) -> None:
        """Post the board again at the bottom of the channel; the old one is retired."""
        async with Reply(interaction) as reply, answered_privately(reply, N_("The board")):
            match = await self._open_here(interaction, game)
            await self.kept.replace(match.id, BOARD, _publisher(reply))

    async def resign_in_channel(self, interaction: discord.Interaction[Any], game: str) -> None:
        """The player leaves this channel's running match; their seat plays on autopilot."""
        async with Reply(interaction) as reply, answered_privately(reply, N_("Your resignation")):
            match = await self._open_here(interaction, game)
            result = await self.timekeeper.resign(match.id, interaction.user.id)
            with speaking(self.languages.of_server(match.record.guild_id)):
                told = _(
                    "{player} resigned from the {title} match: their seat plays on autopilot "
                    "to the end and is placed last.",
                    player=interaction.user.mention, title=_(self.presenters[game].title),
                )
            await reply.publish(content=told)
            self.kept.request(match.id, hand_purpose(interaction.user.id))
            await self.followups.after_change(result)

    async def _open_here(self, interaction: discord.Interaction[Any], game: str) -> Match:
        match = None
        if interaction.channel_id is not None:
            match = await self.service.open_in_channel(game, interaction.channel_id)
        if match is None:
            title = _(self.presenters[game].title)
            raise MatchError(N_("There is no open {title} match in this channel."), title=title)
        return match

    # -- buttons ---------------------------------------------------------------------

    async def on_lobby_button(
        self, interaction: discord.Interaction[Any], match_id: int, action: str
    ) -> None:
        async with Reply(interaction) as reply, answered_privately(reply, WHAT_IS_SAVED[action]):
            match = await self.service.get(match_id)
            if action == "howto":
                await reply.private(embed=self.renderer.overview(match.record.game))
                return
            user = interaction.user
            if action == "join":
                match = await self.service.join(match_id, _player(user))
            elif action == "leave":
                match = await self.service.leave(match_id, user.id)
            elif action == "start":
                match = await self.service.start(match_id, user.id)
            elif action in ("easy", "strong"):
                match = await self.service.add_computer(match_id, user.id, action)
            elif action == "unseat":
                match = await self.service.remove_computer(match_id, user.id)
            else:
                match = await self.service.cancel(
                    match_id, user.id, moderator=_moderates(interaction)
                )
            await self.kept.show_in_clicked(reply, match, BOARD, await self.renderer.board(match))
            if action == "join":
                await self._welcome(reply, match_id, user.id)
            elif action == "leave":
                self.kept.request(match_id, hand_purpose(user.id))
            elif action in ("start", "cancel"):
                self.followups.refresh_everything(match)
            if action == "cancel":
                await self.notices.withdraw(match)
            if action == "start":
                self.notices.acted(match_id, user.id)
                await self.notices.started(match)
                self.computers.wake(match)

    async def on_move(
        self, interaction: discord.Interaction[Any], match_id: int, point: int, move: str
    ) -> None:
        async with Reply(interaction) as reply, answered_privately(reply, N_("Your move")):
            user_id = interaction.user.id
            self.notices.acted(match_id, user_id)
            result = await self.service.play(match_id, user_id, point, move)
            match = result.match
            mine = hand_purpose(user_id)
            controls = await self.renderer.controls(match, user_id)
            shown = await self.kept.show_in_clicked(reply, match, mine, controls)
            if not shown:
                # The move came from another message (Show my hand): the kept one follows.
                self.kept.request(match.id, mine)
            await self.followups.after_change(result, shown=mine if shown else None)

    async def on_choice(
        self, interaction: discord.Interaction[Any], match_id: int, point: int, choice: str
    ) -> None:
        async with Reply(interaction) as reply, answered_privately(reply, N_("Your choice")):
            user_id = interaction.user.id
            self.notices.acted(match_id, user_id)
            match, _ = await self.service.awaited_seat(match_id, user_id, point)
            controls = await self.renderer.controls(match, user_id, choice)
            await self.kept.show_in_clicked(
                reply, match, hand_purpose(user_id), controls, step=True
            )

    async def on_rematch(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """A player of a finished match opens a new lobby; the others are invited."""
        async with Reply(interaction) as reply, answered_privately(reply, N_("The rematch")):
            match = await self.service.rematch(match_id, _player(interaction.user))
            await self.kept.replace(match.id, BOARD, _publisher(reply))
            await self._welcome(reply, match.id, interaction.user.id)
            old = await self.service.get(match_id)
            for seat in old.seats:
                if seat.user_id is not None and seat.user_id != interaction.user.id:
                    await self.notices.invited(match, seat.user_id, interaction.user.display_name)

    async def on_show_hand(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        async with Reply(interaction, private=True) as reply, answered_privately(reply, N_("That")):
            match = await self.service.get(match_id)
            if match.seat_of(interaction.user.id) is None:
                raise MatchError(N_("You are not playing in this match."))
            if match.status == "lobby":
                raise MatchError(N_("Your hand arrives once the host starts the match."))
            self.notices.acted(match_id, interaction.user.id)
            controls = await self.renderer.controls(match, interaction.user.id)
            await reply.private(**controls.send_kwargs())

    async def on_back(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """An absent player comes back: their seat is theirs again."""
        async with Reply(interaction) as reply, answered_privately(reply, N_("Your return")):
            user_id = interaction.user.id
            self.notices.acted(match_id, user_id)
            match = await self.timekeeper.come_back(match_id, user_id)
            await self.kept.show_in_clicked(
                reply, match, hand_purpose(user_id), await self.renderer.controls(match, user_id)
            )
            self.kept.request(match_id, BOARD)

    async def refuse(
        self, interaction: discord.Interaction[Any], reason: str, **values: Any
    ) -> None:
        """Answer privately and change nothing; ``reason`` is marked with ``N_``."""
        async with Reply(interaction, private=True) as reply:
            await reply.refuse(_(reason, **values))

    async def resume(self, serves: Callable[[int], bool] | None = None) -> int:
        """After a restart: refresh the kept messages that may be out of date, a few at a
        time in the background, so clicks are answered meanwhile. Up-to-date matches cost
        nothing: their buttons work as they are. Returns how many messages are refreshed.

        ``serves``: the servers this process runs (default: all); the matches of the others,
        their DM hands included, are brought up to date by the process that runs them."""
        await self.computers.wake_all(serves)
        stale = await self.service.stale_messages(serves)
        if stale:
            self._restoring = asyncio.create_task(self._restore(stale), name="restore")
        return len(stale)

    async def _restore(self, stale: list[tuple[int, str]]) -> None:
        gate = asyncio.Semaphore(RESTORE_AT_ONCE)
        loop = asyncio.get_running_loop()
        next_slot = loop.time()

        async def refresh(match_id: int, purpose: str) -> None:
            nonlocal next_slot
            async with gate:
                slot, now = max(next_slot, loop.time()), loop.time()
                next_slot = slot + 1 / RESTORE_PER_SECOND
                await asyncio.sleep(slot - now)
                await self.kept.request(match_id, purpose)

        await asyncio.gather(*(refresh(match_id, purpose) for match_id, purpose in stale))

    async def wait_idle(self) -> None:
        if self._restoring is not None:
            await self._restoring
        await self.computers.wait_idle()
        await self.kept.wait_idle()
        await self.languages.wait_idle()

    async def _welcome(self, reply: Reply, match_id: int, user_id: int) -> None:
        """Open the player's hand message at once, so closed DMs are found and told privately.

        Found later, in play, they are told in the channel instead (no interaction to answer).
        """
        await self.kept.request(match_id, hand_purpose(user_id))
        match = await self.service.get(match_id)
        seat = match.seat_of(user_id)
        server = self.languages.of_server(match.record.guild_id)
        if seat is not None and match.seats[seat].dms_closed:
            await reply.private(content=_(DMS_CLOSED_NOTICE, show=channel_label(server, "show")))
        elif seat is not None and match.status == "lobby":
            title = _(self.presenters[match.record.game].title)
            said = HOSTING if user_id == match.host_id else SEATED
            await reply.private(content=_(
                said, title=title, match=match_id, start=channel_label(server, "start")
            ))


def _publisher(reply: Reply) -> Any:
    async def post(controls: Controls) -> discord.Message | None:
        return await reply.publish(**controls.send_kwargs())

    return post


def _moderates(interaction: discord.Interaction[Any]) -> bool:
    """Whether the member may manage the server: such a moderator may end any match there."""
    user = interaction.user
    return isinstance(user, discord.Member) and user.guild_permissions.manage_guild


def _player(user: discord.abc.User) -> Player:
    return Player(user.id, user.display_name)
