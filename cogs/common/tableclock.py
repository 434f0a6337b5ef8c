"""The table's clock in Discord: time-outs, reminders and ended matches carried out and
told, and this process's heartbeat."""

from __future__ import annotations

import logging
import time
from typing import Any

import discord

from cogs.common.followups import FollowUps
from cogs.common.languages import Languages
from cogs.common.notices import Notices
from cogs.common.pacing import PROCESS_LIFETIME, GlobalPace
from matches import clock
from matches.computers import Computers
from matches.service import MatchService
from matches.timekeeper import Timekeeper

log = logging.getLogger(__name__)


class TableClock:
    """Carries out what the matches' clocks say is due, once across the processes."""

    def __init__(
        self,
        bot: discord.Client,
        service: MatchService,
        timekeeper: Timekeeper,
        computers: Computers,
        notices: Notices,
        languages: Languages,
        followups: FollowUps,
    ) -> None:
        self._bot = bot
        self._service = service
        self._timekeeper = timekeeper
        self._computers = computers
        self._notices = notices
        self._languages = languages
        self._followups = followups
        self._reminded: set[tuple[int, int, str]] = set()

    async def run_clock(self) -> None:
        """Carry out what is due: time-outs, reminders, expired lobbies, abandoned matches.

        One match's failure is logged and never stops the others.
        """
        now = self._service.now()
        for deadline in await self._timekeeper.due():
            try:
                await self._carry_out(deadline, now)
            except Exception:
                log.exception("match %s: the %s deadline failed", deadline.match_id, deadline.kind)
        await self._timekeeper.heartbeat()

    async def _carry_out(self, deadline: Any, now: float) -> None:
        """Carry out the deadline, or its reminder, if this process claims it: every
        process's clock finds it due."""
        if deadline.kind != "decision":
            if not await self._timekeeper.claim(deadline, "end"):
                return
            ended = await self._timekeeper.end_if_due(deadline)
            if ended is not None:
                self._followups.refresh_everything(ended)
                if deadline.kind == "lobby":  # its own message says it expired
                    await self._notices.withdraw(ended)
                else:
                    await self._followups.post_ending(ended)
            return
        if deadline.due_at <= now:
            if not await self._timekeeper.claim(deadline, "time-out"):
                return
            result = await self._timekeeper.time_out(deadline, self._computers.decide)
            if result is not None:
                await self._followups.after_change(result)
            return
        for name in clock.reminders_due(deadline.opened_at, deadline.due_at, now):
            key = (deadline.match_id, deadline.decision_point, name)
            if key not in self._reminded and await self._timekeeper.claim(deadline, name):
                self._reminded.add(key)
                await self._notices.reminder(
                    await self._service.get(deadline.match_id), deadline, name
                )

    async def heartbeat(self) -> int:
        """A heartbeat of this process: it counts the processes alive on the database and
        takes its share of Discord's global rate (``pacing``), and reads the languages the
        others heard; how many processes are alive."""
        alive = await self._service.heartbeat(time.time(), PROCESS_LIFETIME)
        pace: GlobalPace | None = getattr(self._bot, "pace", None)
        if pace is not None:
            pace.share(alive)
        await self._languages.refresh()
        return alive
