"""The local table's page API, in this process: what it offers each player and what it carries
to the bot, read as the page reads it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
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
        self.received: list[discord.Interaction[Any]] = []
        """Every interaction the bot received, as discord.py gave it to the bot."""

    async def get(self, path: str) -> Any:
        async with self.session.get(self.address + path) as response:
            return await response.json()

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        async with self.session.post(self.address + path, json=body) as response:
            return response.status, await response.json()

    async def commands(self, player: str) -> list[str]:
        offered = await self.get(f"api/commands?as={player}&channel={self.channel}")
        return [command["name"] for command in offered]

    async def slash(self, player: str, command: str, /, **options: str) -> tuple[int, Any]:
        return await self.post("api/slash", {"as": player, "channel": self.channel,
                                             "command": command, "options": options})

    async def seen(self, player: str) -> list[dict[str, Any]]:
        return list((await self.get(f"api/state?as={player}"))["messages"])

    async def private(self, player: str) -> list[dict[str, Any]]:
        """The answers only ``player`` sees, oldest first."""
        return [m for m in await self.seen(player) if m["ephemeral"]]

    async def language(self, player: str, locale: str) -> tuple[int, Any]:
        """The player picks a language in the page's sidebar."""
        return await self.post("api/locale", {"as": player, "locale": locale})


@pytest_asyncio.fixture
async def page(tmp_path: Path) -> AsyncIterator[tuple[Browser, FakeDiscord]]:
    async with FakeDiscord() as backend:
        table = LocalTable(backend)
        settings = Settings("local", tmp_path / "local.db", None, "INFO")
        bot = TableBot(settings, thinking=Thinking(pause=0.0), new_seed=lambda: 7)
        received: list[discord.Interaction[Any]] = []
        bot.add_listener(_keep(received), "on_interaction")
        await backend.connect(bot)
        served = Page(table)
        address = await served.start(0)
        try:
            async with aiohttp.ClientSession() as session:
                browser = Browser(session, address, table)
                browser.received = received
                yield browser, backend
        finally:
            await served.stop()
            await backend.disconnect()


def _keep(received: list[discord.Interaction[Any]]) -> Any:
    """A listener of the bot keeping every interaction it receives, as it receives it."""
    async def on_interaction(interaction: discord.Interaction[Any]) -> None:
        received.append(interaction)
    return on_interaction


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


async def test_a_language_picked_on_the_page_goes_with_every_interaction_of_its_player(page):
    browser, backend = page
    assert (await browser.get("api/state?as=ben"))["me"]["locale"] == "en-US"
    assert await browser.language("ben", "es-ES") == (200, {"locale": "es-ES"})
    assert (await browser.get("api/state?as=ben"))["me"]["locale"] == "es-ES", (
        "a second tab as ben opens in his language")
    status, answer = await browser.slash("ben", "stats")
    assert status == 200 and answer["answered"]
    status, answer = await browser.slash("anne", "stats")
    assert status == 200 and answer["answered"]
    assert [(i.user.name, str(i.locale)) for i in browser.received] == [
        ("ben", "es-ES"), ("anne", "en-US")]
    (bens,) = await browser.private("ben")
    assert bens["embeds"][0]["title"] == "Historial de ben en este servidor"
    assert "Aún no hay partidas terminadas en este servidor." in str(bens["embeds"][0])
    (annes,) = await browser.private("anne")
    assert annes["embeds"][0]["title"] == "Career of anne on this server"
    assert backend.violations == []


async def test_a_spanish_player_types_the_commands_spanish_names(page):
    browser, backend = page
    await browser.language("ben", "es-ES")
    offered = await browser.get(f"api/commands?as=ben&channel={browser.channel}")
    stats = next(c for c in offered if c["name"] == "stats")
    assert (stats["name_localized"], stats["description_localized"]) == (
        "estadísticas", "Resultados y valoraciones de un jugador aquí")
    assert [(o["name"], o["name_localized"]) for o in stats["options"]] == [
        ("player", "jugador"), ("game", "juego")]
    status, answer = await browser.slash("ben", "estadísticas", jugador="@anne",
                                         juego="Liebre y Tortuga")
    assert status == 200 and answer["answered"]
    anne = (await browser.get("api/state?as=anne"))["me"]["id"]
    (received,) = browser.received
    assert received.data is not None
    assert (received.data["name"], received.data.get("options")) == ("stats", [
        {"name": "player", "type": 6, "value": anne},
        {"name": "game", "type": 3, "value": "hare"}]), "Discord sends the commands' own names"
    (answer_seen,) = await browser.private("ben")
    assert answer_seen["embeds"][0]["title"] == "Historial de anne en este servidor"
    assert backend.violations == []


async def test_the_pages_refusals_speak_the_players_language(page):
    browser, _ = page
    await browser.language("ben", "it")
    assert await browser.slash("ben", "statistiche", giocatore="zoe") == (
        400, {"error": "giocatore: al tavolo non c'è nessuno che si chiama zoe."})
    assert await browser.slash("ben", "stats", player="zoe") == (
        400, {"error": "player: al tavolo non c'è nessuno che si chiama zoe."})
    assert await browser.language("ben", "fr") == (400, {"error": "La pagina non parla fr."})
    assert (await browser.get("api/state?as=ben"))["me"]["locale"] == "it"
    assert browser.received == [], "nothing reached the bot"


async def test_a_click_carries_the_language_picked_too(page):
    browser, backend = page
    status, _ = await browser.slash("anne", "whyfirst new")
    assert status == 200
    (lobby,) = [m for m in await browser.seen("ben") if m["components"]]
    assert lobby["embeds"][0]["title"] == "Why First?: new match", "the server speaks English"
    howto = next(b for row in lobby["components"] for b in row["components"]
                 if b.get("label") == "How to play")
    await browser.language("ben", "es-ES")
    status, answer = await browser.post("api/click", {"as": "ben", "message": lobby["id"],
                                                      "custom_id": howto["custom_id"]})
    assert status == 200 and answer["answered"]
    assert [(i.user.name, str(i.locale)) for i in browser.received] == [
        ("anne", "en-US"), ("ben", "es-ES")]
    (private,) = await browser.private("ben")
    assert private["embeds"][0]["title"] == "Cómo se juega a ¿Por qué primero?"
    assert backend.violations == []


async def test_the_bots_autocomplete_answers_the_option_typed_by_its_spanish_name(page):
    browser, _ = page
    await browser.language("ben", "es-ES")
    status, answer = await browser.post("api/autocomplete", {
        "as": "ben", "channel": browser.channel, "command": "reglas ver", "focused": "juego",
        "options": {"juego": "hare"}})
    assert status == 200 and answer["answered"]
    assert [c["value"] for c in answer["choices"]] == ["hare"]
    (received,) = browser.received
    assert received.data is not None
    assert received.data["name"] == "rules"
    (show,) = received.data["options"]
    assert show["name"] == "show"
    assert show["options"] == [
        {"name": "game", "type": 3, "value": "hare", "focused": True}]


async def test_the_page_names_the_commands_help_mentions_in_the_players_language(page):
    browser, backend = page
    await browser.language("ben", "it")
    status, answer = await browser.slash("ben", "aiuto")
    assert status == 200 and answer["answered"]
    state = await browser.get("api/state?as=ben")
    hare_new = next(mention for mention in state["commands"] if mention.startswith("</hare new:"))
    assert state["commands"][hare_new] == "/lepre nuova"
    (shown,) = [m for m in state["messages"] if m["ephemeral"]]
    assert hare_new in shown["embeds"][0]["fields"][0]["value"]
    assert backend.violations == []


async def test_each_player_reads_the_command_used_above_an_answer_in_their_language(page):
    """Discord's client names the command above the bot's answer as the reader's locale
    names it, not as the player who used it typed it."""
    browser, backend = page
    await browser.language("ben", "it")
    status, answer = await browser.slash("ben", "lepre nuova")
    assert status == 200 and answer["answered"]
    (lobby,) = [m for m in await browser.seen("anne") if not m["ephemeral"]]
    assert lobby["interaction_metadata"]["name"] == "hare new"
    assert lobby["command_shown"] == "/hare new"
    (lobby_seen,) = [m for m in await browser.seen("ben") if not m["ephemeral"]]
    assert lobby_seen["command_shown"] == "/lepre nuova"
    assert backend.violations == []
