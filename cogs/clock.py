"""The scheduler: one loop that carries out whatever the table's clocks say is due, and one
that beats this process's heart for those sharing Discord's rate (``pacing``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from discord.ext import commands, tasks

from cogs.common.pacing import HEARTBEAT
from cogs.common.table import Table
from data.errors import StoreUnavailable
from matches.clock import TICK

log = logging.getLogger(__name__)


class Clock(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._busy = asyncio.Lock()

    @property
    def table(self) -> Table:
        return self.bot.table  # type: ignore[attr-defined, no-any-return]

    async def cog_load(self) -> None:
        self.heartbeat.start()
        self.tick.start()

    async def cog_unload(self) -> None:
        await self.stop()

    async def stop(self) -> None:
        """Stop ticking once a tick in progress has finished; the bot calls this before
        closing the database."""
        async with self._busy:
            tasks_running = [self.tick.get_task(), self.heartbeat.get_task()]
            self.tick.cancel()
            self.heartbeat.cancel()
        for task in tasks_running:
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    @tasks.loop(seconds=TICK)
    async def tick(self) -> None:
        async with self._busy:
            try:
                await self.table.clock.run_clock()
            except StoreUnavailable as error:  # busy or away for a moment: nothing was lost
                log.warning("the clock's tick could not use the database (%s); the next one "
                            "tries again", error)
            except Exception:
                log.exception("the clock's tick failed; the next one tries again")

    @tasks.loop(seconds=HEARTBEAT)
    async def heartbeat(self) -> None:
        """From the start (before the first calls to Discord), so the rate is shared."""
        try:
            await self.table.clock.heartbeat()
        except StoreUnavailable as error:
            log.warning("the heartbeat could not use the database (%s); the next one tries "
                        "again", error)
        except Exception:
            log.exception("the heartbeat failed; the next one tries again")

    @tick.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Clock(bot))
