"""Three bot processes on one database, clicks from DMs and channels going to any of them,
one killed mid-run and started again: no acknowledged move lost or played twice, every
deadline carried out once, every board and hand on the newest state at the end."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from bot import Settings, TableBot
from localdiscord import Channel, FakeDiscord, Message, User
from localdiscord.remote import RemoteBot
from matches.computers import Thinking
from rules.base import Budget
from tests.e2e.play import CHOICE, MOVE, first_button, match_id_of, playable

pytestmark = pytest.mark.slow

HERE = "tests.e2e.test_soak_processes"
SERVERS = 3
MATCHES = 12
"""Why First? matches for two, four on each server; the first on each server is live."""
ROUNDS = 4
LEASE = 1.0
"""Seconds a claim lasts in these bots: the killed one's work is taken over soon."""
OFFSET = [0.0]
"""In each bot's process: seconds its clock is ahead of the wall clock."""


def soak_bot(token: str, path: str) -> TableBot:
    """The real bot, in a process of its own; computers think in a thread."""
    settings = Settings(token, Path(path), None, "WARNING", global_rate=None)
    return TableBot(
        settings, now=lambda: time.time() + OFFSET[0],
        thinking=Thinking(budget=Budget(playouts=8), pause=0.0), message_rate=None,
        waiting_hand=0.0,
    )


async def short_lease(bot: TableBot) -> None:
    bot.table.service.lease = LEASE


async def advance(bot: TableBot, seconds: float) -> None:
    OFFSET[0] += seconds


async def run_clock(bot: TableBot) -> None:
    await bot.table.run_clock()


async def refresh(bot: TableBot, match_ids: list[int], purposes: dict[str, list[str]]) -> None:
    """Bring every kept message up to date from the database as it is now."""
    for match_id in match_ids:
        bot.table.service.forget(match_id)
    await asyncio.gather(*(
        bot.table.kept.request(match_id, purpose)
        for match_id in match_ids for purpose in purposes[str(match_id)]
    ))


class Soak:
    def __init__(self, backend: FakeDiscord, path: Path) -> None:
        self.backend = backend
        self.path = path
        self.bots: list[RemoteBot] = []
        self.rng = random.Random(28)
        self.acknowledged: dict[int, int] = {}
        """Moves each match's players were answered for."""

    async def start(self, n: int | None = None) -> RemoteBot:
        bot = RemoteBot(f"{HERE}:soak_bot", token=self.backend.token, path=str(self.path))
        await self.backend.connect(bot)
        await bot.call(f"{HERE}:short_lease")
        if n is None:
            self.bots.append(bot)
        else:
            self.bots[n] = bot
        return bot

    def any_bot(self) -> None:
        self.backend.serve(self.rng.choice(self.bots))

    async def move(self, user: User, hand: Message) -> None:
        """A card picked, then played, each click to any process; counted if acknowledged."""
        backend = self.backend
        choice = first_button(hand, CHOICE)
        if choice is not None:
            self.any_bot()
            picked = await backend.click(user, hand, custom_id=choice)
            if picked.ephemeral or picked.message is None:
                return  # stale controls: refused as stale, nothing played
            hand = picked.message
        self.any_bot()
        played = await backend.click(user, hand, custom_id=first_button(hand, MOVE))
        if not played.ephemeral:
            match_id = match_id_of(hand)
            self.acknowledged[match_id] = self.acknowledged.get(match_id, 0) + 1


def _moves(path: Path) -> dict[int, list[tuple[int, int, str]]]:
    with sqlite3.connect(path) as db:
        found: dict[int, list[tuple[int, int, str]]] = {}
        for match_id, seat, point, how in db.execute(
            "SELECT match_id, seat, decision_point, how FROM moves ORDER BY match_id, seq"
        ):
            found.setdefault(match_id, []).append((seat, point, how))
        return found


def _kept(path: Path) -> dict[str, list[str]]:
    with sqlite3.connect(path) as db:
        found: dict[str, list[str]] = {}
        for match_id, purpose in db.execute("SELECT match_id, purpose FROM match_messages"):
            if purpose == "board" or purpose.startswith("hand:"):
                found.setdefault(str(match_id), []).append(purpose)
        return found


async def test_three_processes_one_killed_lose_nothing_and_end_on_the_newest_state(tmp_path):
    async with FakeDiscord(global_rate=None) as backend:
        soak = Soak(backend, tmp_path / "bot.db")
        for _ in range(3):
            await soak.start()
        tables: list[tuple[Channel, list[User], bool]] = []
        for s in range(SERVERS):
            guild = backend.add_guild(f"Club {s}")
            for m in range(MATCHES // SERVERS):
                channel = backend.add_text_channel(guild, f"games-{m}")
                players = [backend.add_user(f"s{s}m{m}p{k}", guild=guild) for k in range(2)]
                tables.append((channel, players, m == 0))
        for channel, players, live in tables:  # channel clicks, to any process
            soak.any_bot()
            pace = "live" if live else "daily"
            await backend.slash(players[0], channel, "whyfirst new", pace=pace)
            soak.any_bot()
            await backend.click(players[1], backend.channel_messages(channel)[0], label="Join")
            soak.any_bot()
            await backend.click(players[0], backend.channel_messages(channel)[0], label="Start")
        for rounds in range(ROUNDS):
            if rounds == ROUNDS // 2:
                # A move answered by the second process, its edits on their way: killed.
                backend.serve(soak.bots[1])
                channel, players, _ = tables[-1]
                hand = backend.dm_messages(players[0])[0]
                picked = await backend.click(players[0], hand, custom_id=first_button(
                    hand, CHOICE))
                async with backend.simultaneously(settle=False):
                    played = await backend.click(players[0], picked.message, custom_id=(
                        first_button(picked.message, MOVE)))
                await backend.answered(played)
                soak.bots[1].kill()
                if played.response_type == 7:  # the hand shows the move made
                    soak.acknowledged[match_id_of(hand)] = (
                        soak.acknowledged.get(match_id_of(hand), 0) + 1
                    )
                await backend.disconnect(soak.bots[1])
                await soak.start(1)
            for _, players, live in tables:  # DM clicks, to any process
                last_round = rounds == ROUNDS - 1
                for player in players[:1] if live and last_round else players:
                    hand = backend.dm_messages(player)[0]
                    if playable(hand):
                        await soak.move(player, hand)
        # The live matches' second players let their time run out; every clock runs at once.
        await asyncio.gather(*(bot.call(f"{HERE}:advance", seconds=240) for bot in soak.bots))
        await asyncio.gather(*(bot.call(f"{HERE}:run_clock") for bot in soak.bots))
        await backend.settle()

        moves = _moves(soak.path)
        for match_id, count in soak.acknowledged.items():
            played = [m for m in moves[match_id] if m[2] == "player"]
            assert len(played) == count, f"match {match_id}: every acknowledged move once"
            assert len({m[:2] for m in moves[match_id]}) == len(moves[match_id])
        live = {match_id_of(backend.channel_messages(c)[0]) for c, _, on in tables if on}
        assert {m for m, found in moves.items() if any(how == "timeout" for *_, how in found)} == (
            live
        ), "each live match's deadline carried out, once (no seat moved twice at a point)"

        kept = _kept(soak.path)
        before = len(backend.calls)
        await soak.bots[0].call(
            f"{HERE}:refresh", match_ids=[int(m) for m in kept], purposes=kept
        )
        await backend.settle()
        edits: list[Any] = backend.calls[before:]
        assert edits == [], "every board and hand shows the newest state already"
        assert not backend.violations, backend.violations
        assert not backend.task_errors, backend.task_errors
