"""The messages a match keeps up to date: its board, and one hand message per player.

Every write to a kept message holds that message's lock and knows the match version
it shows. A refresh loads the newest match inside the lock; an answer to a click
writes only if nothing newer is shown already. Across processes each write is claimed in
the database first and records the version it showed (``MessageBook.begin``, ``end``):
one process edits a message at a time, the others try again after it, and none records an
older version over a newer one. So whatever order edits arrive in, and from whichever
process, the last write is the newest state. Refreshes are coalesced per message, and a
message already showing what it should is not edited at all. A refresh Discord refuses
for a passing reason (rate limited, a server error) is tried again a little later, until
the message shows the newest state.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import discord
from discord.http import handle_message_parameters

from cogs.common.coalescer import Coalescer, Rate
from cogs.common.pacing import LATER
from cogs.common.presenter import Controls
from cogs.common.reply import Reply
from data.errors import StoreUnavailable
from data.message_rows import MessageRecord
from data.shown import Edit
from matches.keyed import Locks
from matches.match import Match, MatchError
from matches.service import MatchService

log = logging.getLogger(__name__)

UNKNOWN_MESSAGE = 10008
TOO_MANY_REQUESTS = 429
SERVER_ERROR = 500

Key = tuple[int, str]
"""A kept message: (match id, purpose)."""


class Keeper(Protocol):
    """What the table tells the kept messages: what each shows, where it goes, and what
    to do when Discord refuses it."""

    async def render(self, match: Match, purpose: str) -> Controls | None:
        """What the message should show now; None: leave it alone."""

    async def send_new(
        self, match: Match, purpose: str, controls: Controls
    ) -> discord.Message | None:
        """Post the message afresh (first time, or the old one was deleted)."""

    async def refused(self, match: Match, purpose: str, error: discord.HTTPException) -> None:
        """Discord refused to show the message: give the refusal its visible outcome."""


WAITING_HAND = 30.0
"""Seconds the hand of a player who waits may take to show another player's move. The
board shows each move at once; every edit counts toward Discord's global rate limit, and
a six-player table makes two calls a move where it made six."""

RETRY_DELAYS = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0, 60.0, 60.0)
"""Seconds before each new try of a refresh Discord refused for a passing reason (longer
when Discord asks for longer); after the last, the next move or start brings it up to date."""

CONTENDED = 0.25
"""Seconds before a refresh tries again while another process edits the message."""

MESSAGE_RATE: Rate = (5, 5.0)
"""Edits of one kept message in the background: Discord's rate for a channel's messages.
A burst of moves is shown by fewer edits, the last one showing the latest state."""


class KeptMessages:
    def __init__(
        self,
        bot: discord.Client,
        service: MatchService,
        keeper: Keeper,
        rate: Rate | None = MESSAGE_RATE,
        informs: Callable[[str], bool] = lambda purpose: False,
        retry_delays: Sequence[float] = RETRY_DELAYS,
    ) -> None:
        """``informs``: the purposes of messages nobody needs in order to play (the board:
        a hand on turn lists every move). When Discord's global rate makes calls wait,
        their edits let the others go first, and fold meanwhile.
        ``retry_delays``: see :data:`RETRY_DELAYS`."""
        self._bot = bot
        self._service = service
        self._keeper = keeper
        self._informs = informs
        self._locks: Locks[Key] = Locks()
        self._refreshes: Coalescer[Key] = Coalescer(self._refresh, lambda key: rate)
        self.retry_delays = retry_delays
        self._tries: dict[Key, int] = {}
        """Refreshes Discord refused in a row, by message still refused."""

    def request(self, match_id: int, purpose: str, *, within: float = 0.0) -> asyncio.Task[None]:
        """Bring one kept message up to date soon (within ``within`` seconds: the edits that
        time asks for fold into one); the task finishes once it is."""
        return self._refreshes.request((match_id, purpose), within=within)

    async def wait_idle(self) -> None:
        await self._refreshes.wait_idle()

    def lock(self, match_id: int, purpose: str) -> asyncio.Lock:
        """Held around every write of that message."""
        return self._locks[(match_id, purpose)]

    async def show_in_clicked(
        self, reply: Reply, match: Match, purpose: str, controls: Controls, *, step: bool = False
    ) -> bool:
        """Answer a click by editing the clicked message to show ``controls`` of ``match``.

        If the clicked message is the kept one and already shows a newer version, the
        click is only acknowledged. If Discord refuses the answer, a refresh follows.
        ``step``: the controls are a first step of a move (a card picked, its target
        still to choose); the message keeps counting as showing the match's own
        controls, so a refresh with nothing new (a restart) leaves the step alone.
        Returns whether the kept message is now up to date.
        """
        async with self.lock(match.id, purpose):
            stored = (await self._service.messages(match.id)).get(purpose)
            clicked = reply.interaction.message
            kept = stored is not None and clicked is not None and clicked.id == stored.message_id
            if kept and stored is not None and stored.version > match.version:
                await reply.ack()
                return True
            fingerprint = None if step else controls.fingerprint()
            if kept:
                edit = await self._service.book.begin(match.id, purpose, match.version, fingerprint)
                stored = edit.shown
                if not edit.granted:
                    # Shown already, something newer shown, or another process editing.
                    await reply.ack()
                    controls.let_go()
                    self._after_refused(match, purpose, edit)
                    return True
            shown = False
            try:
                # The clicked kept message shows these pictures already: nothing is uploaded.
                keep = (
                    kept and stored is not None
                    and controls.shows_pictures_of(stored.fingerprint)
                )
                shown = await reply.update(**controls.edit_kwargs(keep_pictures=keep))
            finally:
                if kept:
                    await self._service.book.end(
                        match.id, purpose, fingerprint if shown else None, match.version
                    )
            controls.let_go()
        if not shown:
            self.request(match.id, purpose)
        return shown and kept

    async def replace(self, match_id: int, purpose: str, post: Any) -> None:
        """Post a kept message anew with ``post(controls)`` and retire the old one."""
        async with self.lock(match_id, purpose):
            match = await self._service.get(match_id)
            controls = await self._keeper.render(match, purpose)
            if controls is None:
                return
            message = await post(controls)
            if message is None:
                return
            old = await self._service.book.swap(match_id, MessageRecord(
                purpose, message.channel.id, message.id, controls.fingerprint(), match.version
            ))
            controls.let_go()
            if old is not None and old.message_id != message.id:
                try:
                    await self._partial(old.channel_id, old.message_id).delete()
                except discord.HTTPException:
                    log.info("old %s of match %s was already gone", purpose, match_id)

    async def _refresh(self, key: Key) -> None:
        later = LATER.set(True) if self._informs(key[1]) else None
        try:
            await self._bring_up_to_date(key)
            self._tries.pop(key, None)
        except StoreUnavailable as error:
            log.warning("could not refresh %s of match %s: %s", key[1], key[0], error)
        except discord.HTTPException as error:
            if not _passing(error):
                self._tries.pop(key, None)
                raise
            self._try_again(key, error)
        finally:
            if later is not None:
                LATER.reset(later)

    def _try_again(self, key: Key, error: discord.HTTPException) -> None:
        """Refresh the message again after the next of :attr:`retry_delays`, or give up."""
        tries = self._tries.get(key, 0)
        if tries >= len(self.retry_delays):
            del self._tries[key]
            log.warning("gave up refreshing %s of match %s: %s", key[1], key[0], error)
            return
        self._tries[key] = tries + 1
        after = max(self.retry_delays[tries], _retry_after(error))
        log.info("%s of match %s refused (%s); again in %.1f s", key[1], key[0], error, after)
        self._refreshes.retry(key, after)

    async def _bring_up_to_date(self, key: Key) -> None:
        match_id, purpose = key
        async with self.lock(match_id, purpose):
            try:
                match = await self._service.get(match_id)
            except MatchError:
                return
            controls = await self._keeper.render(match, purpose)
            if controls is None:
                return
            try:
                await self._show(match, purpose, controls)
            finally:
                controls.let_go()

    def _after_refused(self, match: Match, purpose: str, edit: Edit) -> None:
        """After an edit not granted (``MessageBook.begin``): a match older here than the
        stored one is read afresh next time; a message another process is editing is tried
        again once that is done."""
        if edit.match_version is not None and edit.match_version > match.version:
            self._service.forget(match.id)
        if edit.busy and not self._refreshes.closing:  # closing: the other one shows it
            self._refreshes.retry((match.id, purpose), CONTENDED)

    async def _show(self, match: Match, purpose: str, controls: Controls) -> None:
        """Edit the kept message into ``controls`` if it shows something else, or post it
        anew if it is gone (lock held): claimed first, as other processes may edit it too."""
        match_id = match.id
        cached = (await self._service.messages(match_id)).get(purpose)
        if cached is not None and cached.version > match.version:
            return
        edit = await self._service.book.begin(
            match_id, purpose, match.version, controls.fingerprint()
        )
        if not edit.granted:
            self._after_refused(match, purpose, edit)
            return
        shown: str | None = None
        try:
            shown = await self._show_claimed(match, purpose, controls, edit.shown)
        finally:
            await self._service.book.end(match_id, purpose, shown, match.version)

    async def _show_claimed(
        self, match: Match, purpose: str, controls: Controls, stored: MessageRecord | None
    ) -> str | None:
        """Edit or post the message (its edit claimed); what it shows now if it was edited."""
        match_id, fingerprint = match.id, controls.fingerprint()
        if stored is not None:
            # The same pictures as last noted: only the text changes, nothing is uploaded.
            keep = controls.shows_pictures_of(stored.fingerprint)
            try:
                await self._edit(stored.channel_id, stored.message_id, controls, keep)
                return fingerprint
            except discord.NotFound as error:
                if error.code != UNKNOWN_MESSAGE:
                    await self._keeper.refused(match, purpose, error)
                    return None
                log.info("%s of match %s was deleted; sending it anew", purpose, match_id)
            except discord.Forbidden as error:
                await self._keeper.refused(match, purpose, error)
                return None
        try:
            message = await self._keeper.send_new(match, purpose, controls)
        except (discord.NotFound, discord.Forbidden) as error:
            await self._keeper.refused(match, purpose, error)
            return None
        if message is not None:
            await self._service.book.remember(
                match_id, purpose, message.channel.id, message.id, fingerprint, match.version
            )
        return None

    async def _edit(
        self, channel_id: int, message_id: int, controls: Controls, keep_pictures: bool
    ) -> None:
        """The edit ``PartialMessage.edit`` makes, without what it does after: nothing reads
        the ``Message`` it builds from Discord's answer (about a tenth of a background edit's
        work), and a kept message's items are all dynamic, found by their custom_id without
        its view being stored."""
        with handle_message_parameters(
            **controls.edit_kwargs(keep_pictures=keep_pictures),
            previous_allowed_mentions=self._bot.allowed_mentions,
        ) as params:
            await self._bot.http.edit_message(channel_id, message_id, params=params)

    def _partial(self, channel_id: int, message_id: int) -> discord.PartialMessage:
        return self._bot.get_partial_messageable(channel_id).get_partial_message(message_id)


def _passing(error: discord.HTTPException) -> bool:
    """Whether Discord refused for a passing reason: rate limited, or a server error."""
    return error.status == TOO_MANY_REQUESTS or error.status >= SERVER_ERROR


def _retry_after(error: discord.HTTPException) -> float:
    """The seconds Discord asked the bot to wait (a 429), else 0."""
    headers = error.response.headers
    after = headers.get("Retry-After") or headers.get("X-RateLimit-Reset-After") or 0
    return float(after)
