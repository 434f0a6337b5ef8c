"""What the table does when it is refused: every refusal has an outcome someone sees.

A player's request the match or the store refuses is answered privately, and nothing
changes. Discord refusing the bot (closed DMs, a deleted channel, missing permissions)
moves the player to the board, ends a match nobody can reach, or tells a moderator
which permissions the bot needs.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

import discord

from cogs.common.components import channel_label
from cogs.common.i18n import N_, Term, _, speaking
from cogs.common.languages import Languages
from cogs.common.reply import Reply
from cogs.common.seatnames import match_refusal
from cogs.common.threads import ThreadClosed
from data.errors import StoreUnavailable, WriteFailed
from matches.match import Match, MatchError
from matches.service import MatchService

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003
MISSING_ACCESS = 50001
DMS_CLOSED_NOTICE = N_(
    "I can't send you direct messages, so your hand stays here in the channel: "
    "press **{show}** on the board whenever it is your move."
)
MISSING_PERMISSIONS = N_(
    "I can't keep the board of **{title}** match #{match} up to date in {channel}: I need "
    "the *View Channel*, *Send Messages*, *Embed Links*, *Attach Files* and *Read Message "
    "History* permissions there. A moderator can grant them, or end the match with "
    "`/{game} cancel`."
)
NOT_SAVED = N_(
    "{what} could not be saved (the database is busy or full), so nothing changed. "
    "Please try again in a moment."
)
NOT_READ = N_(
    "The table could not read this match just now (its database is busy). "
    "Please try again in a moment."
)
THREAD_LOCKED = N_(
    "**{title}** match #{match} has ended: a moderator locked its thread {channel}, so I "
    "can't keep its board there."
)
UNREACHABLE = N_(
    "I can't keep the board of **{title}** match #{match} up to date in {channel}: I need "
    "the *View Channel*, *Send Messages*, *Embed Links*, *Attach Files* and *Read Message "
    "History* permissions there. I can't reach the channel at all, so the match has ended."
)


@asynccontextmanager
async def answered_privately(reply: Reply, what: str) -> AsyncIterator[None]:
    """Turn what a player could not do into a private answer: nothing changed. ``what``:
    the thing that could not be saved, marked with ``N_``."""
    try:
        yield
    except MatchError as error:
        await reply.refuse(match_refusal(error))
    except WriteFailed as error:
        log.warning("a write failed: %s", error)
        await reply.refuse(_(NOT_SAVED, what=_(what)))
    except StoreUnavailable as error:
        log.warning("a read failed: %s", error)
        await reply.refuse(_(NOT_READ))


class Refusals:
    """The outcomes of Discord refusing the bot a match's messages."""

    def __init__(
        self,
        bot: discord.Client,
        service: MatchService,
        titles: Mapping[str, str],
        ended: Callable[[Match], None],
        languages: Languages,
    ) -> None:
        """``titles``: each game's title; ``ended``: shows a match nobody can reach any
        more as ended (its players' hands)."""
        self._bot = bot
        self._service = service
        self._titles = titles
        self._ended = ended
        self._languages = languages
        self._warned_about_permissions: set[int] = set()

    def channel(self, match: Match) -> discord.PartialMessageable:
        return self._bot.get_partial_messageable(match.record.channel_id)

    async def post(self, match: Match, **message: Any) -> discord.Message | None:
        """A new message in the match's channel (None if refused: refusals get their
        outcome)."""
        try:
            return await self.channel(match).send(**message)
        except discord.NotFound as error:
            if error.code == UNKNOWN_CHANNEL:
                await self.channel_gone(match)
        except discord.Forbidden as error:
            await self.missing_permissions(match, error)
        return None

    async def board_refused(self, match: Match, error: discord.HTTPException) -> None:
        if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
            await self.channel_gone(match)
        else:
            await self.missing_permissions(match, error)

    async def dms_closed(self, match: Match, user_id: int, error: discord.HTTPException) -> None:
        """The player's DMs refuse the hand: they play from the board, and are told so."""
        log.info("match %s: DMs of %s refused (%s)", match.id, user_id, error.code)
        await self._service.mark_dms_closed(match.id, user_id)
        if match.status == "playing" and match.seat_of(user_id) is not None:
            show = channel_label(self._languages.of_server(match.record.guild_id), "show")
            with speaking(self._languages.of_player(user_id)):  # a notice to them alone
                notice = _(DMS_CLOSED_NOTICE, show=show)
            await self.post(
                match,
                content=f"<@{user_id}> {notice}",
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    async def channel_gone(self, match: Match) -> None:
        """The match's channel was deleted: the match ends, and its players are told by DM."""
        log.info("match %s: its channel %s is gone", match.id, match.record.channel_id)
        ended = await self._service.end_unreachable(match.id)
        if ended is not None:
            self._ended(ended)

    async def missing_permissions(self, match: Match, error: discord.HTTPException) -> None:
        """Tell the channel, or else the host, once, which permissions the bot needs.

        A channel the bot can no longer see or post in at all, or a thread a moderator
        locked, is unreachable: its match ends, as when the channel is deleted, so nothing
        keeps trying forever.
        """
        log.warning("match %s: Discord refused the board (%s)", match.id, error.code)
        values = {
            "title": Term(self._titles[match.record.game]),
            "match": match.id,
            "channel": f"<#{match.record.channel_id}>",
            "game": Term(match.record.game),
        }
        with speaking(self._languages.of_server(match.record.guild_id)):
            notice = _(MISSING_PERMISSIONS, **values)
        if error.code != MISSING_ACCESS and not isinstance(error, ThreadClosed):
            if match.id in self._warned_about_permissions:
                return
            self._warned_about_permissions.add(match.id)
            try:
                await self.channel(match).send(notice)
                return
            except (discord.Forbidden, discord.NotFound):
                pass
        try:
            host = self._bot.get_user(match.host_id) or await self._bot.fetch_user(match.host_id)
            with speaking(self._languages.of_player(match.host_id)):
                told = _(
                    THREAD_LOCKED if isinstance(error, ThreadClosed) else UNREACHABLE, **values
                )
            await host.send(told)
        except discord.HTTPException as refused:
            log.warning("match %s: could not tell its host either (%s)", match.id, refused.code)
        await self.channel_gone(match)
