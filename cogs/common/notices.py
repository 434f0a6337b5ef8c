"""Notifications that reach players without spamming anyone.

Edits of the board and of hand messages notify nobody, so when a decision opens for a
player (and when they are slow, the match starts or ends) they get one short notice: a
new DM message with a link, which replaces their previous notice of that match, or a
mention for players whose DMs are closed or who chose it with ``/notify``, in the server's
channel for notices (``/settings notices``) or else, or when that one refuses the bot, the
match's: there, one live message per player and match, edited in place but when the
player is to be called again (``cogs.common.calls``). Each notice is recorded, so it goes
out once, across restarts too; players who just acted are not notified, they are at the
table. A notice speaks its player's language, in their DMs and in the channel alike.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord

from cogs.common.calls import Calls
from cogs.common.components import channel_label
from cogs.common.i18n import N_, _, speaking
from cogs.common.languages import Languages
from cogs.common.noticetexts import Say, first_move, your_move
from cogs.common.outcomes import told_to_them
from cogs.common.presenter import moment
from cogs.common.seatnames import as_written
from data import clocks, server_settings
from data.errors import StoreUnavailable
from data.interface import Connection
from data.message_rows import MessageRecord
from matches import clock
from matches.keyed import Fading, Recent
from matches.match import Match
from matches.results import placed, sides_of
from matches.service import MatchService

log = logging.getLogger(__name__)

NOTICE = "notice:"
CANNOT_SEND_TO_USER = 50007


def notice_purpose(user_id: int) -> str:
    return f"{NOTICE}{user_id}"


def jump_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


Linked = discord.Message | MessageRecord
"""A message a notice links to: one just sent, or one the match keeps."""
FORGET_ABOVE = 4096
"""Players' last actions kept before those older than the active window are forgotten."""
CLAIMS_KEPT = 8192
"""Notices known to be claimed, the most recent: an older one asks the store again."""
REMINDERS = frozenset(name for name, _ in clock.REMINDERS)
DECISIONS = frozenset({"turn", *REMINDERS})
"""The kinds of notice that ask a player to play."""


class Notices:
    def __init__(
        self, bot: discord.Client, service: MatchService, titles: dict[str, str],
        languages: Languages,
    ) -> None:
        self._bot = bot
        self._languages = languages
        self._service = service
        self._titles = titles
        self._last_action: Fading[tuple[int, int], float] = Fading(FORGET_ABOVE)
        self._claimed: Recent[tuple[int, int, int, str], bool] = Recent(CLAIMS_KEPT)
        """Notices this process knows were claimed: no store round trip to learn it again."""
        self._calls = Calls()

    def acted(self, match_id: int, user_id: int) -> None:
        """The player just did something at this match: they need no notice now."""
        now = self._service.now()
        self._last_action.set((match_id, user_id), now, until=now + clock.ACTIVE_WINDOW, now=now)
        self._calls.seen(match_id, user_id)

    def _active(self, match_id: int, user_id: int) -> bool:
        last = self._last_action.get((match_id, user_id))
        return last is not None and self._service.now() - last < clock.ACTIVE_WINDOW

    # -- what is notified ------------------------------------------------------------

    async def decisions_opened(
        self, match: Match, timed_out: Mapping[int, str] | None = None
    ) -> None:
        """Notify every player whose decision opened, once per decision; ``timed_out``:
        what players whose time just ran out are told of it, by seat (they are told even
        when no decision of theirs opened)."""
        if match.status != "playing":
            return
        point = match.decision_point()
        deadline = (await self._service.deadlines(match.id)).get("decision")
        timed_out = timed_out or {}
        opened = match.awaited() - match.played_by_table()
        for seat in sorted(opened):
            user_id = match.seats[seat].user_id
            if user_id is None:
                continue
            if seat not in timed_out and (
                not match.pace.notify_when_open or self._active(match.id, user_id)
            ):
                # Not now; the reminders still come if they are slow.
                continue
            told = f"{timed_out[seat]}\n" if seat in timed_out else ""
            await self.send(match, user_id, point, "turn", your_move(told, deadline))
        for seat, told in timed_out.items():
            user_id = match.seats[seat].user_id
            if user_id is not None and seat not in opened:
                await self.send(
                    match, user_id, point, "timeout",
                    lambda named, told=told: _("{match}: {told}", match=named, told=told),
                )

    async def reminder(self, match: Match, deadline: clocks.Deadline, name: str) -> None:
        """A reminder before a deadline, to every player still awaited."""
        if match.status != "playing" or match.decision_point() != deadline.decision_point:
            return
        for seat in sorted(match.awaited() - match.played_by_table()):
            user_id = match.seats[seat].user_id
            if user_id is not None:
                await self.send(
                    match, user_id, deadline.decision_point, name,
                    lambda named: _(
                        "⏳ Reminder: your move in {match} is due {when}.",
                        match=named, when=moment(deadline.due_at),
                    ),
                )

    async def eliminations(self, match: Match) -> None:
        """A player knocked out of a game that eliminates (its public view lists who is
        ``eliminated``) is told at once, not at the end."""
        if match.state is None or match.status != "playing":
            return
        eliminated = match.engine.view(match.state, None).get("eliminated")
        if not isinstance(eliminated, list):
            return
        for seat, out in enumerate(eliminated):
            user_id = match.seats[seat].user_id if seat < len(match.seats) else None
            if out and user_id is not None:
                await self.send(
                    match, user_id, 0, "eliminated",
                    lambda named: _("💥 You are out of {match}: it goes on without you.",
                                    match=named),
                )

    async def started(self, match: Match) -> None:
        """One notice each: the start, and for those it awaits, their first move and until
        when."""
        awaited = match.awaited()
        deadline = (await self._service.deadlines(match.id)).get("decision")
        for seat in match.seats:
            if seat.user_id is None or self._active(match.id, seat.user_id):
                continue
            if seat.seat in awaited and match.pace.notify_when_open:
                say, kind = first_move(deadline), "turn"
            else:
                say, kind = (lambda named: _("🎲 {match} has started.", match=named)), "start"
            await self.send(match, seat.user_id, match.decision_point(), kind, say)

    async def finished(self, match: Match, result: discord.Message | None) -> None:
        """Each player's own result, with a link to the result in the channel."""
        outcome = match.outcome()
        if outcome is None:
            return
        forfeited = match.on_autopilot()
        players = placed(outcome, sides_of(match.engine, match.state))
        for seat in match.seats:
            if seat.user_id is None:
                continue

            def text(named: str, seat: int = seat.seat) -> str:
                how = told_to_them(
                    match.record.game, won=outcome.seat_won(seat),
                    decided=bool(outcome.winners), forfeited=seat in forfeited,
                    place=outcome.places[seat], players=players,
                )
                return _("🏁 {match} is over: {outcome}", match=named, outcome=how)

            await self.send(
                match, seat.user_id, match.decision_point(), "result", text,
                link=(N_("See the result"), result) if result is not None else None,
            )

    async def invited(self, match: Match, user_id: int, by: str) -> None:
        """A player of the last match is asked to the rematch by ``by`` (a name as written)."""
        messages = await self._service.messages(match.id)
        lobby = messages.get("board")
        join = channel_label(self._languages.of_server(match.record.guild_id), "join")
        await self.send(
            match, user_id, 0, "invite",
            lambda named: _(
                "🔁 {player} opened a rematch: {match}. Press **{join}** on its lobby to play "
                "again.",
                player=as_written(by), match=named, join=join,
            ),
            link=(N_("Open the lobby"), lobby) if lobby is not None else None,
        )

    async def withdraw(self, match: Match) -> None:
        """The match ended without a result: every notice of it ("your move", a rematch's
        invitation) is deleted, in DMs and in the channel; its board and hands say how it
        ended."""
        for purpose in await self._service.messages(match.id):
            if purpose.startswith(NOTICE):
                notice = await self._service.book.take(match.id, purpose)
                if notice is not None:  # else another path retired it already
                    await self._delete(match.id, notice)

    # -- how a notice is sent --------------------------------------------------------

    async def send(
        self, match: Match, user_id: int, point: int, kind: str, say: Say,
        link: tuple[str, Linked] | None = None,
    ) -> None:
        """One notice, at most once per player, decision and kind, in the player's language;
        ``link``: the message it speaks of and how the link reads (marked with ``N_``; else
        their hand, or the board in the channel)."""
        claim = (match.id, user_id, point, kind)
        if claim in self._claimed:
            return  # claimed already: the store would say so too

        async def claim_it(db: Connection) -> tuple[bool, str | None, int | None]:
            if not await clocks.claim_notice(db, *claim):
                return False, None, None
            chosen = await server_settings.notice_channel(db, match.record.guild_id)
            return True, await clocks.notify_mode(db, user_id), chosen

        try:
            first, mode, chosen = await self._service.store.writing(claim_it)
        except StoreUnavailable as error:
            log.warning("notice for match %s not sent: %s", match.id, error)
            return
        self._claimed[claim] = True
        if not first:
            return
        seat = match.seat_of(user_id)
        dms_closed = seat is not None and match.seats[seat].dms_closed
        mode = mode or ("channel" if dms_closed else "dm")
        if mode == "off":
            return
        messages = await self._service.messages(match.id)
        with speaking(self._languages.of_player(user_id)):
            if mode == "dm" and not dms_closed:
                hand = messages.get(f"hand:{user_id}")
                about = link or ((N_("Open your hand"), hand) if hand is not None else None)
                text = say(self._named(match)) + self._link(match, about)
                if await self._by_dm(match, user_id, text, kind):
                    return
            board = messages.get("board")
            about = link or ((N_("Board"), board) if board is not None else None)
            text = say(self._named(match)) + self._link(match, about)
        await self._in_channel(match, user_id, text, kind, messages, chosen)

    def _link(self, match: Match, about: tuple[str, Linked] | None) -> str:
        if about is None:
            return ""
        label, message = about
        channel_id, message_id = (
            (message.channel.id, message.id)
            if isinstance(message, discord.Message)
            else (message.channel_id, message.message_id)
        )
        guild_id = match.record.guild_id if channel_id == match.record.channel_id else None
        return f" [{_(label)}]({jump_link(guild_id, channel_id, message_id)})"

    async def _by_dm(self, match: Match, user_id: int, text: str, kind: str) -> bool:
        try:
            user = self._bot.get_user(user_id) or await self._bot.fetch_user(user_id)
            sent = await user.send(text)
        except discord.Forbidden as error:
            if error.code != CANNOT_SEND_TO_USER:
                raise
            await self._service.mark_dms_closed(match.id, user_id)
            return False
        await self._replace(match.id, user_id, sent, kind)
        return True

    async def _in_channel(
        self, match: Match, user_id: int, text: str, kind: str, messages: Any,
        chosen: int | None,
    ) -> None:
        """The player's one live message in the server's ``chosen`` channel for notices, or
        in the match's channel when there is none or it refuses the bot."""
        channels = [match.record.channel_id]
        if chosen is not None and chosen != match.record.channel_id:
            channels.insert(0, chosen)
        for channel_id in channels:
            try:
                await self._post(match, user_id, channel_id, text, kind, messages)
                return
            except (discord.Forbidden, discord.NotFound) as error:
                log.info(
                    "match %s: notice refused in channel %s (%s)", match.id, channel_id,
                    error.code,
                )

    async def _post(
        self, match: Match, user_id: int, channel_id: int, text: str, kind: str, messages: Any
    ) -> None:
        """Edit the player's live message in ``channel_id``, or replace it by a new one that
        mentions them when they are to be called."""
        channel = self._bot.get_partial_messageable(channel_id)
        live = messages.get(notice_purpose(user_id))
        if live is not None and live.channel_id != channel_id:
            live = None  # their last notice was a DM, or in another channel
        content = f"<@{user_id}> {text}"
        called = self._calls.calls(
            match.id, user_id, live=live is not None, behind=kind in REMINDERS
        )
        decision = kind in DECISIONS
        if not called and live is not None:
            try:
                await channel.get_partial_message(live.message_id).edit(content=content)
                self._calls.told(match.id, user_id, called=False, decision=decision)
                return
            except discord.NotFound:
                log.info("match %s: the live notice of %s was deleted", match.id, user_id)
        sent = await channel.send(
            content,
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(user_id)] if called else False
            ),
        )
        self._calls.told(match.id, user_id, called=called, decision=decision)
        await self._replace(match.id, user_id, sent, kind)

    async def _replace(
        self, match_id: int, user_id: int, sent: discord.Message, kind: str
    ) -> None:
        """Keep one notice per player and match: the new one replaces the last (the one it
        replaced as stored, whichever process sent it). One asking them to play that comes
        as the match ends is deleted again: the match's notices are being taken back."""
        record = MessageRecord(notice_purpose(user_id), sent.channel.id, sent.id, "", 0)
        retire = await self._service.book.swap(
            match_id, record, while_playing=kind in DECISIONS
        )
        if retire is not None:
            await self._delete(match_id, retire)

    async def _delete(self, match_id: int, notice: MessageRecord) -> None:
        """Delete a notice the match no longer needs; one Discord refuses (someone deleted
        it already) is only logged."""
        channel = self._bot.get_partial_messageable(notice.channel_id)
        try:
            await channel.get_partial_message(notice.message_id).delete()
        except discord.HTTPException as error:
            log.info("match %s: notice not deleted (%s)", match_id, error.code)

    def _named(self, match: Match) -> str:
        """The match as a notice names it, in the language spoken now."""
        return _(
            "**{title}** (match #{match} in {channel})",
            title=_(self._titles.get(match.record.game, match.record.game)),
            match=match.id, channel=f"<#{match.record.channel_id}>",
        )
