"""Answering one interaction within Discord's three seconds, whatever the work costs.

Everything said inside a ``Reply`` speaks its user's language (their choice, else the
locale Discord sent), but for an answer posted for the whole channel (:meth:`Reply.posted`),
which speaks the server's. A ``Reply`` starts a timer when it is opened: if the table has not
answered after ``DEFER_AFTER`` seconds (a slow database, a busy disk), it defers, and every answer
after that goes through the interaction's webhook instead. Answers are serialised,
so a deferral and an answer never race each other. Discord refusing an answer (the
window passed, the message is gone) is logged and reported as ``False``: the caller
still brings the kept messages up to date.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import AbstractContextManager, nullcontext
from types import TracebackType
from typing import Any

import discord

from .i18n import N_, _, speaking
from .inflight import InFlight
from .languages import of_channel, of_interaction

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0
"""Seconds before an unanswered interaction is deferred (Discord allows three)."""

SOMETHING_WENT_WRONG = N_(
    "Something went wrong on the table's side. Nothing you did was lost; try again in a moment."
)
FAILURE_TOLD = "failure told"
"""Set in ``Interaction.extras`` once its user was told their command failed."""


class Reply:
    """The one answer (and any follow-ups) to one interaction.

    ``private``: for a slash command, whether its main answer is private, which a
    deferral has to say in advance. Component clicks defer silently (no "thinking").
    """

    def __init__(self, interaction: discord.Interaction[Any], *, private: bool = False) -> None:
        self.interaction = interaction
        self._private = private
        self._lock = asyncio.Lock()
        self._deferring: asyncio.Task[None] | None = None
        self._timer = asyncio.get_running_loop().call_later(DEFER_AFTER, self._defer_soon)
        # A closing bot waits for the replies open (``cogs.common.inflight``).
        self._in_flight: InFlight | None = getattr(interaction.client, "in_flight", None)
        if self._in_flight is not None:
            self._in_flight.opened()
        self._speaking = speaking(of_interaction(interaction))

    async def __aenter__(self) -> Reply:
        self._speaking.__enter__()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._timer.cancel()
        try:
            if self._deferring is not None:
                await self._deferring
            if exc is not None and not isinstance(exc, asyncio.CancelledError):
                await self.refuse(_(SOMETHING_WENT_WRONG))
                self.interaction.extras[FAILURE_TOLD] = True
            elif not self.answered:
                await self.ack()
        finally:
            self._speaking.__exit__(None, None, None)
            if self._in_flight is not None:
                self._in_flight.closed()

    def posted(self) -> AbstractContextManager[object]:
        """While the main answer is built: the server's language when it is posted for the
        whole channel, else (a private answer, a DM) the user's."""
        if self._private or self.interaction.guild_id is None:
            return nullcontext()
        return speaking(of_channel(self.interaction))

    @property
    def answered(self) -> bool:
        """Whether the player sees an answer (a deferred click counts once followed up)."""
        return self.interaction.response.is_done()

    @property
    def _is_component(self) -> bool:
        return self.interaction.type is discord.InteractionType.component

    @property
    def _deferred(self) -> bool:
        kind = self.interaction.response.type
        return kind in (
            discord.InteractionResponseType.deferred_message_update,
            discord.InteractionResponseType.deferred_channel_message,
        )

    def _defer_soon(self) -> None:
        self._deferring = asyncio.ensure_future(self._defer())

    async def _defer(self) -> None:
        """A click is acknowledged silently; a command shows "thinking" until answered."""
        async with self._lock:
            if self._is_component:
                await self._acknowledge()
                return
            if self.interaction.response.is_done():
                return
            try:
                await self.interaction.response.defer(ephemeral=self._private, thinking=True)
            except discord.HTTPException as error:
                log.warning("could not defer interaction %s: %s", self.interaction.id, error)

    # -- answers ---------------------------------------------------------------------

    async def refuse(self, reason: str) -> None:
        """A private answer that changes nothing."""
        await self.private(content=reason)

    async def update(self, **message: Any) -> bool:
        """Edit the message whose component was clicked."""
        async with self._lock:
            try:
                if self.interaction.response.is_done():
                    await self.interaction.edit_original_response(**message)
                else:
                    await self.interaction.response.edit_message(**message)
            except discord.HTTPException as error:
                log.info("could not update for interaction %s: %s", self.interaction.id, error)
                return False
            return True

    async def publish(self, **message: Any) -> discord.Message | None:
        """A slash command's public answer; the message posted, or None if refused."""
        async with self._lock:
            try:
                if self.interaction.response.is_done():
                    return await self.interaction.edit_original_response(**message)
                await self.interaction.response.send_message(**message)
                return await self.interaction.original_response()
            except discord.HTTPException as error:
                log.info("could not answer interaction %s: %s", self.interaction.id, error)
                return None

    async def private(self, **message: Any) -> bool:
        """A message only the clicker sees."""
        async with self._lock:
            try:
                if not self.interaction.response.is_done():
                    await self.interaction.response.send_message(**message, ephemeral=True)
                elif self._deferred and not self._is_component and self._private:
                    await self.interaction.edit_original_response(**message)
                else:
                    if self._deferred and not self._is_component:
                        # A public "thinking" message cannot turn private: replace it.
                        await self.interaction.delete_original_response()
                    await self.interaction.followup.send(**message, ephemeral=True)
            except discord.HTTPException as error:
                log.info("could not answer interaction %s: %s", self.interaction.id, error)
                return False
            return True

    async def answer(self, **message: Any) -> None:
        """A slash command's answer as the reply was opened: posted for the channel, or
        shown only to whoever asked (``private``)."""
        if self._private:
            await self.private(**message)
        else:
            await self.publish(**message)

    async def ack(self) -> None:
        """Acknowledge a click without changing anything it shows (a command: "Done.")."""
        async with self._lock:
            await self._acknowledge()

    async def _acknowledge(self) -> None:
        if self.interaction.response.is_done():
            return
        try:
            if self._is_component:
                await self.interaction.response.defer()
            else:
                await self.interaction.response.send_message(_("Done."), ephemeral=True)
        except discord.HTTPException as error:
            log.info("could not acknowledge interaction %s: %s", self.interaction.id, error)
