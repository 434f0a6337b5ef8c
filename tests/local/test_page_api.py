"""The local table's page API, in this process: what it offers each player and what it carries
to the bot, read as the page reads it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest_asyncio

from bot import Settings, TableBot
from localdiscord import FakeDiscord
from localdiscord.table import LocalTable
from localdiscord.web.server import Page
from matches.computers import Thinking


class Browser:
    """The page's own calls to the table, as one player's tab makes them."""

    def __init__(self, session: aiohttp.ClientSession, address: str, table: LocalTable) -> None:
        self.session = session
        self.address = address
        self.channel = str(table.channel.id)

    async def get(self, path: str) -> Any:
        async with self.session.get(self.address + path) as response:
            return await response.json()

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        async with self.session.post(self.address + path, json=body) as response:
            return response.status, await response.json()

    async def commands(self, player: str) -> list[str]:
        offered = await self.get(f"api/commands?as={player}&channel={self.channel}")
        return [command["name"] for command in offered]

    async def slash(self, player: str, command: str, **options: str) -> tuple[int, Any]:
        return await self.post("api/slash", {"as": player, "channel": self.channel,
                                             "command": command, "options": options})

    async def seen(self, player: str) -> list[dict[str, Any]]:
        return list((await self.get(f"api/state?as={player}"))["messages"])


@pytest_asyncio.fixture
async def page(tmp_path: Path) -> AsyncIterator[tuple[Browser, FakeDiscord]]:
    async with FakeDiscord() as backend:
        table = LocalTable(backend)
        settings = Settings("local", tmp_path / "local.db", None, "INFO")
        await backend.connect(TableBot(settings, thinking=Thinking(pause=0.0),
                                       new_seed=lambda: 7))
        served = Page(table)
        address = await served.start(0)
        try:
            async with aiohttp.ClientSession() as session:
                yield Browser(session, address, table), backend
        finally:
            await served.stop()
            await backend.disconnect()


async def test_the_servers_settings_are_offered_to_its_owner_alone(page):
    browser, backend = page
    assert "settings" in await browser.commands("anne")
    assert "settings" not in await browser.commands("ben")
    assert "whyfirst" in await browser.commands("ben")
    sent = len(backend.world.interactions)
    status, refused = await browser.slash("ben", "settings language", language="es")
    assert (status, refused) == (400, {"error": "/settings is not a command here."})
    assert len(backend.world.interactions) == sent, "nothing reached the bot"


async def test_the_owner_sets_the_servers_language_from_the_page(page):
    browser, backend = page
    status, answer = await browser.slash("anne", "settings language", language="es")
    assert status == 200 and answer["answered"]
    (private,) = [m for m in await browser.seen("anne") if m["ephemeral"]]
    assert private["content"] == "Done: boards, lobbies and results here are in Español."
    assert not [m for m in await browser.seen("ben") if m["ephemeral"]]
    status, answer = await browser.slash("ben", "whyfirst new")
    assert status == 200 and answer["answered"]
    (lobby,) = [m for m in await browser.seen("ben") if m["embeds"]]
    assert lobby["embeds"][0]["title"] == "¿Por qué primero?: nueva partida"
    assert backend.violations == []
