"""The interactions the bot still has to answer, so that a bot that closes answers them all.

A closing bot takes no new interaction: one that arrives is told privately that the table is
restarting, and goes no further. Those already in hand are answered (each one's ``Reply``
closed) before the bot lets go of Discord; a click answered after that would be lost.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import Any

import discord

from .i18n import N_, _, speaking
from .languages import of_interaction

log = logging.getLogger(__name__)

RESTARTING = N_("The table is restarting: try again in a minute. Nothing you did was lost.")

ANSWER_WINDOW = 3.0
"""Seconds Discord allows for an interaction's first answer: later, none can be given."""

LOOK_EVERY = 0.05
"""Seconds between two looks at whether every interaction in hand is answered (closing)."""


class InFlight:
    """The bot's interactions in hand: received and not yet answered, or with a ``Reply``
    still open (a deferred click completes later)."""

    def __init__(self) -> None:
        self.closing = False
        """Set when the bot begins to close: interactions arriving are turned away."""
        self._received: deque[tuple[float, discord.Interaction[Any]]] = deque()
        """Oldest first, with the loop's time each arrived; those answered or too old to be
        are let go from the front as others arrive."""
        self._replies = 0
        self._turning_away: set[asyncio.Task[None]] = set()

    def received(self, interaction: discord.Interaction[Any]) -> None:
        """An interaction handed to its handlers."""
        now = asyncio.get_running_loop().time()
        received = self._received
        received.append((now, interaction))
        while received and not _unanswered(*received[0], now):
            received.popleft()

    def opened(self) -> None:
        """A ``Reply`` began answering."""
        self._replies += 1

    def closed(self) -> None:
        """A ``Reply`` is done: its interaction is answered, follow-ups included."""
        self._replies -= 1

    def turn_away(self, interaction: discord.Interaction[Any]) -> None:
        """Closing: tell the player privately that the table is restarting."""
        self.received(interaction)
        task = asyncio.ensure_future(_tell_restarting(interaction))
        self._turning_away.add(task)
        task.add_done_callback(self._turning_away.discard)

    async def answered(self, grace: float) -> None:
        """Until every interaction in hand is answered, or ``grace`` seconds have passed."""
        loop = asyncio.get_running_loop()
        until = loop.time() + grace
        while (waiting := self._waiting()) and loop.time() < until:
            await asyncio.sleep(LOOK_EVERY)
        if waiting:
            log.warning("closing with %d interactions still being answered", waiting)

    def _waiting(self) -> int:
        now = asyncio.get_running_loop().time()
        return self._replies + sum(_unanswered(*item, now) for item in self._received)


def _unanswered(arrived: float, interaction: discord.Interaction[Any], now: float) -> bool:
    """Whether the interaction is still waiting for its first answer, and may get one."""
    return not interaction.response.is_done() and now - arrived < ANSWER_WINDOW


async def _tell_restarting(interaction: discord.Interaction[Any]) -> None:
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            with speaking(of_interaction(interaction)):
                text = _(RESTARTING)
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as error:
        log.info("could not tell interaction %s of the restart: %s", interaction.id, error)
