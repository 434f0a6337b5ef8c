"""The shared table: lobby, moves, private hands and the public board, for every game.

Cogs stay thin: a slash command or a button hands over here; the table asks the
match service, answers the interaction in time (privately when refusing) and keeps
the match's messages up to date through ``KeptMessages``: one board per match in its
channel, one hand message per player (by user id) in their DMs.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Collection, Mapping
from typing import Any

import discord

from cogs.common.coalescer import Rate
from cogs.common.components import RematchButton
from cogs.common.i18n import N_, _, speaking
from cogs.common.kept import MESSAGE_RATE, WAITING_HAND, KeptMessages
from cogs.common.languages import Languages
from cogs.common.log import LogButton
from cogs.common.notices import Notices
from cogs.common.pacing import PROCESS_LIFETIME, GlobalPace
from cogs.common.presenter import Controls, Presenter
from cogs.common.refusals import DMS_CLOSED_NOTICE, Refusals, answered_privately
from cogs.common.rendering import Renderer, ending
from cogs.common.reply import Reply
from data import matches as rows
from matches import clock
from matches.computers import Computers, Thinking
from matches.match import Match, MatchError, MoveResult, Player
from matches.service import MatchService
from matches.timekeeper import Timekeeper

log = logging.getLogger(__name__)

BOARD = "board"
HAND = "hand:"
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


def hand_purpose(user_id: int) -> str:
    """Hand messages belong to a player, never to a seat number that can change."""
    return f"{HAND}{user_id}"


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
        self.kept = KeptMessages(
            bot, service, self, message_rate, informs=lambda purpose: purpose == BOARD
        )
        self.timekeeper = Timekeeper(service)
        self.computers = Computers(service, thinking or Thinking(), self._after_change)
        titles = {key: presenter.title for key, presenter in presenters.items()}
        self.notices = Notices(bot, service, titles, self.languages)
        self.refusals = Refusals(bot, service, titles, self._refresh_hands, self.languages)
        self._waiting_hand = waiting_hand
        self._reminded: set[tuple[int, int, str]] = set()
        self._restoring: asyncio.Task[None] | None = None

    # -- slash commands --------------------------------------------------------------

    async def open_lobby(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: dict[str, Any],
        pace: str = clock.DEFAULT_PACE,
    ) -> None:
        async with Reply(interaction) as reply, answered_privately(reply, N_("The new match")):
            if interaction.guild_id is None or interaction.channel_id is None:
                raise MatchError(N_("Matches are played in a server channel."))
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
            moderator = isinstance(interaction.user, discord.Member) and (
                interaction.user.guild_permissions.manage_guild
            )
            match = await self.service.cancel(match.id, interaction.user.id, moderator=moderator)
            with speaking(self.languages.of_server(match.record.guild_id)):
                told = _(
                    "The {title} match was cancelled by {by}.",
                    title=_(self.presenters[game].title), by=interaction.user.mention,
                )
            await reply.publish(content=told)
            self._refresh_everything(match)

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
            await self._after_change(result)

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
                match = await self.service.cancel(match_id, user.id)
            await self.kept.show_in_clicked(reply, match, BOARD, await self.renderer.board(match))
            if action == "join":
                await self._welcome(reply, match_id, user.id)
            elif action == "leave":
                self.kept.request(match_id, hand_purpose(user.id))
            elif action in ("start", "cancel"):
                self._refresh_everything(match)
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
            await self._after_change(result, shown=mine if shown else None)

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

    # -- keeping messages up to date (the Keeper of KeptMessages) --------------------

    async def render(self, match: Match, purpose: str) -> Controls | None:
        if purpose == BOARD:
            if match.record.end_reason == "channel_gone":
                return None
            await self.languages.know_server(match.record.guild_id)
            return await self.renderer.board(match)
        user_id = int(purpose.removeprefix(HAND))
        seat = match.seat_of(user_id)
        if seat is not None and match.seats[seat].dms_closed:
            return None
        if seat is None and match.status != "lobby":
            return None
        return await self.renderer.controls(match, user_id)

    async def send_new(
        self, match: Match, purpose: str, controls: Controls
    ) -> discord.Message | None:
        if not match.record.is_open:
            return None
        if purpose == BOARD:
            return await self.refusals.channel(match).send(**controls.send_kwargs())
        user_id = int(purpose.removeprefix(HAND))
        user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        # A hand is posted silently: the notices are what tell a player to look at it.
        return await user.send(**controls.send_kwargs(), silent=True)

    async def refused(self, match: Match, purpose: str, error: discord.HTTPException) -> None:
        """Every refusal has an outcome a player or moderator sees."""
        if purpose == BOARD:
            await self.refusals.board_refused(match, error)
        else:
            await self.refusals.dms_closed(match, int(purpose.removeprefix(HAND)), error)

    def _refresh_hands(
        self, match: Match, shown: str | None = None, *, waiting_may_wait: bool = False,
        urgent: Collection[int] = (),
    ) -> None:
        """Bring every player's hand up to date but ``shown``, which the answer to the
        click already showed as it is after the move. ``waiting_may_wait``: the hands of
        players the match does not await (nor ``urgent`` seats) may catch up later."""
        awaited = match.awaited() if match.status == "playing" and not match.damaged else None
        for seat in match.seats:
            if seat.user_id is None or hand_purpose(seat.user_id) == shown:
                continue
            waits = (
                waiting_may_wait and awaited is not None
                and seat.seat not in awaited and seat.seat not in urgent
            )
            self.kept.request(
                match.id, hand_purpose(seat.user_id), within=self._waiting_hand if waits else 0.0
            )

    async def refresh_hands_of(self, user_id: int) -> None:
        """A player changed language: their hands in every open match are shown anew."""
        async with self.service.store.read() as db:
            records = await rows.open_matches_of(db, user_id)
        for record in records:
            self.kept.request(record.id, hand_purpose(user_id))

    async def refresh_boards_of(self, guild_id: int) -> None:
        """A server changed language: the boards of its open matches are shown anew."""
        async with self.service.store.read() as db:
            match_ids = await rows.open_matches_in_guild(db, guild_id)
        for match_id in match_ids:
            self.kept.request(match_id, BOARD)

    def _refresh_everything(self, match: Match) -> None:
        self.kept.request(match.id, BOARD)
        self._refresh_hands(match)

    async def _after_change(self, result: MoveResult, shown: str | None = None) -> None:
        """What follows any move (a player's, a time-out's, the autopilot's): the board,
        the hands a new decision changed (but ``shown``, already up to date), notices, and
        the result or the ending."""
        match = result.match
        await self.languages.know_server(match.record.guild_id)
        board = self.kept.request(match.id, BOARD)
        if result.new_decision or result.finished or result.timed_out or not match.record.is_open:
            self._refresh_hands(match, shown, waiting_may_wait=True, urgent=result.timed_out)
        for seat in result.timed_out:
            sitting = match.seats[seat]
            if sitting.autopilot == "absent" and sitting.timeouts == clock.ABSENT_AFTER_TIMEOUTS:
                with speaking(self.languages.of_server(match.record.guild_id)):
                    told = _(
                        "🤖 {name} ran out of time {count} times in a row and is marked away: "
                        "their seat plays on autopilot until they come back. The host can end "
                        "the match instead with `/{game} cancel`.",
                        name=sitting.display_name, count=clock.ABSENT_AFTER_TIMEOUTS,
                        game=match.record.game,
                    )
                await self.refusals.post(match, content=told)
        self.computers.wake(match)
        timed_out = {
            seat: told
            for seat in result.timed_out
            if (told := await self.renderer.timed_out(match, seat))
        }
        if result.finished:
            await board  # the final board first, then the result under it
            await self.notices.finished(match, await self._announce_result(match))
        elif match.status == "cancelled":
            await self._post_ending(match)
        else:
            await self.notices.eliminations(match)
            await self.notices.decisions_opened(match, timed_out)

    async def run_clock(self) -> None:
        """Carry out what is due: time-outs, reminders, expired lobbies, abandoned matches.

        One match's failure is logged and never stops the others.
        """
        now = self.service.now()
        for deadline in await self.timekeeper.due():
            try:
                await self._carry_out(deadline, now)
            except Exception:
                log.exception("match %s: the %s deadline failed", deadline.match_id, deadline.kind)
        await self.timekeeper.heartbeat()

    async def _carry_out(self, deadline: Any, now: float) -> None:
        """Carry out the deadline, or its reminder, if this process claims it: every
        process's clock finds it due."""
        if deadline.kind != "decision":
            if not await self.timekeeper.claim(deadline, "end"):
                return
            ended = await self.timekeeper.end_if_due(deadline)
            if ended is not None:
                self._refresh_everything(ended)
                await self._post_ending(ended)
            return
        if deadline.due_at <= now:
            if not await self.timekeeper.claim(deadline, "time-out"):
                return
            result = await self.timekeeper.time_out(deadline, self.computers.decide)
            if result is not None:
                await self._after_change(result)
            return
        for name in clock.reminders_due(deadline.opened_at, deadline.due_at, now):
            key = (deadline.match_id, deadline.decision_point, name)
            if key not in self._reminded and await self.timekeeper.claim(deadline, name):
                self._reminded.add(key)
                await self.notices.reminder(
                    await self.service.get(deadline.match_id), deadline, name
                )

    async def heartbeat(self) -> int:
        """A heartbeat of this process: it counts the processes alive on the database and
        takes its share of Discord's global rate (``pacing``), and reads the languages the
        others heard; how many processes are alive."""
        alive = await self.service.heartbeat(time.time(), PROCESS_LIFETIME)
        pace: GlobalPace | None = getattr(self.bot, "pace", None)
        if pace is not None:
            pace.share(alive)
        await self.languages.refresh()
        return alive

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
        if seat is not None and match.seats[seat].dms_closed:
            await reply.private(content=_(DMS_CLOSED_NOTICE))
        elif seat is not None and match.status == "lobby":
            title = _(self.presenters[match.record.game].title)
            await reply.private(content=_(SEATED, title=title, match=match_id))

    async def _post_ending(self, match: Match) -> None:
        """How a match that ended without a result ended, in its channel."""
        await self.languages.know_server(match.record.guild_id)
        with speaking(self.languages.of_server(match.record.guild_id)):
            told = ending(match, self.presenters[match.record.game])
        await self.refusals.post(match, content=told)

    async def _announce_result(self, match: Match) -> discord.Message | None:
        rematch = discord.ui.View(timeout=None)
        rematch.add_item(RematchButton(match.id))
        rematch.add_item(LogButton(match.id))
        with speaking(self.languages.of_server(match.record.guild_id)):
            result = self.presenters[match.record.game].result(match)
        return await self.refusals.post(match, embed=result, view=rematch)


def _publisher(reply: Reply) -> Any:
    async def post(controls: Controls) -> discord.Message | None:
        return await reply.publish(**controls.send_kwargs())

    return post


def _player(user: discord.abc.User) -> Player:
    return Player(user.id, user.display_name)
