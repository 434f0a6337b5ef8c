"""What follows a change of a match: its kept board and hands brought up to date, the
notices, and the result or the ending posted in its channel."""

from __future__ import annotations

from collections.abc import Collection, Mapping

import discord

from cogs.common.coalescer import Rate
from cogs.common.components import RematchButton
from cogs.common.i18n import Term, _, speaking
from cogs.common.kept import KeptMessages
from cogs.common.languages import Languages
from cogs.common.log import LogButton
from cogs.common.notices import Notices
from cogs.common.presenter import Controls, Presenter
from cogs.common.refusals import Refusals
from cogs.common.rendering import Renderer, ending
from cogs.common.seatnames import name_of
from data import matches as rows
from matches import clock
from matches.computers import Computers
from matches.match import Match, MoveResult
from matches.service import MatchService

BOARD = "board"
HAND = "hand:"


def hand_purpose(user_id: int) -> str:
    """Hand messages belong to a player, never to a seat number that can change."""
    return f"{HAND}{user_id}"


class FollowUps:
    """The Keeper of the table's kept messages, and what every change of a match is
    followed by."""

    def __init__(
        self,
        bot: discord.Client,
        service: MatchService,
        presenters: Mapping[str, Presenter],
        languages: Languages,
        renderer: Renderer,
        notices: Notices,
        computers: Computers,
        message_rate: Rate | None,
        waiting_hand: float,
    ) -> None:
        """``waiting_hand``: seconds a waiting player's hand may take to catch up."""
        self.bot = bot
        self.service = service
        self.presenters = presenters
        self.languages = languages
        self.renderer = renderer
        self.notices = notices
        self.computers = computers
        self.kept = KeptMessages(
            bot, service, self, message_rate, informs=lambda purpose: purpose == BOARD
        )
        titles = {key: presenter.title for key, presenter in presenters.items()}
        self.refusals = Refusals(bot, service, titles, self.refresh_hands, languages)
        self._waiting_hand = waiting_hand

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

    def refresh_hands(
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

    def refresh_everything(self, match: Match) -> None:
        self.kept.request(match.id, BOARD)
        self.refresh_hands(match)

    async def after_change(self, result: MoveResult, shown: str | None = None) -> None:
        """What follows any move (a player's, a time-out's, the autopilot's): the board,
        the hands a new decision changed (but ``shown``, already up to date), notices, and
        the result or the ending."""
        match = result.match
        await self.languages.know_server(match.record.guild_id)
        board = self.kept.request(match.id, BOARD)
        if result.new_decision or result.finished or result.timed_out or not match.record.is_open:
            self.refresh_hands(match, shown, waiting_may_wait=True, urgent=result.timed_out)
        else:
            self._refresh_movers_hand(result, shown)
        going_on = result.timed_out if match.record.is_open else ()  # an ended one is told so
        for seat in going_on:
            sitting = match.seats[seat]
            if sitting.autopilot == "absent" and sitting.timeouts == clock.ABSENT_AFTER_TIMEOUTS:
                with speaking(self.languages.of_server(match.record.guild_id)):
                    told = _(
                        "🤖 {name} ran out of time {count} times in a row and is marked away: "
                        "their seat plays on autopilot until they come back. The host can end "
                        "the match instead with `/{game} cancel`.",
                        name=name_of(match, seat), count=clock.ABSENT_AFTER_TIMEOUTS,
                        game=Term(match.record.game),
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
            await self.post_ending(match)
        else:
            await self.notices.eliminations(match)
            await self.notices.decisions_opened(match, timed_out)

    def _refresh_movers_hand(self, result: MoveResult, shown: str | None) -> None:
        """The autopilot played for an absent or resigned player: their hand shows what it
        played, not a pick already made (a player's own click showed its hand already)."""
        seat = result.seat
        mover = result.match.seats[seat].user_id if seat is not None else None
        if mover is not None and hand_purpose(mover) != shown:
            self.kept.request(result.match.id, hand_purpose(mover), within=self._waiting_hand)

    async def post_ending(self, match: Match) -> None:
        """How a match that ended without a result ended, in its channel; its notices are
        taken back."""
        await self.notices.withdraw(match)
        await self.languages.know_server(match.record.guild_id)
        with speaking(self.languages.of_server(match.record.guild_id)):
            told = ending(match, self.presenters[match.record.game])
        await self.refusals.post(match, content=told)

    async def _announce_result(self, match: Match) -> discord.Message | None:
        with speaking(self.languages.of_server(match.record.guild_id)):
            result = self.presenters[match.record.game].result(match)
            rematch = discord.ui.View(timeout=None)
            rematch.add_item(RematchButton(match.id))
            rematch.add_item(LogButton(match.id))
        return await self.refusals.post(match, embed=result, view=rematch)
