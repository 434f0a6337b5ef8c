"""The page in its player's language, picked in the sidebar as in Discord's settings: the
page's own words, the slash box's commands and the bot's private answers."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.local.player import Player

pytestmark = pytest.mark.slow


def test_a_player_picks_espanol_and_the_page_and_the_bot_speak_spanish(browser, table_url):
    ben = Player(browser, table_url, "ben")
    expect(ben.page.locator("#sidebar")).to_contain_text("Text channels")
    ben.page.locator("#language").select_option("es-ES")
    sidebar = ben.page.locator("#sidebar")
    expect(sidebar).to_contain_text("Canales de texto")
    expect(sidebar).to_contain_text("Mensajes directos")
    expect(ben.page.locator("#guild-name")).to_have_text("Mesa local")
    expect(ben.page.locator(".guild-icon")).to_have_attribute("title", "Mesa local")
    expect(ben.page.locator("#menu")).to_have_attribute("aria-label", "Canales y jugadores")
    expect(sidebar).to_contain_text("ben (tú)")
    expect(ben.page.locator("#slash")).to_have_attribute(
        "placeholder", "Escribe / para ver los comandos del bot")
    ben.wait_for_text("Abre una partida: escribe /porqueprimero nueva aquí abajo.")
    expect(ben.page.locator("#chat-topic")).to_have_text(
        "Abre una partida: escribe /porqueprimero nueva aquí abajo.")
    ben.pick("/estad", "/estadísticas")
    ben.page.locator("#slash").press_sequentially("juga")
    expect(ben.page.locator(".suggestion-label")).to_have_text(["jugador"])
    ben.page.locator("#slash").press("Enter")
    ben.page.locator("#slash").press_sequentially("an")
    ben.page.locator("#slash").press("Enter")
    assert ben.page.locator("#slash").input_value() == "/estadísticas jugador:anne "
    ben.send()
    ben.wait_for_text("Historial de anne en este servidor")
    assert "Solo tú puedes ver esto" in ben.text()
    assert "Aún no hay partidas terminadas en este servidor." in ben.text()
    ben.screenshot("spanish-page")

    again = Player(browser, table_url, "ben")
    expect(again.page.locator("#sidebar")).to_contain_text("Canales de texto")
    expect(again.page.locator("#language")).to_have_value("es-ES")
    chris = Player(browser, table_url, "chris", lang="it")
    expect(chris.page.locator("#sidebar")).to_contain_text("Canali testuali")
    anne = Player(browser, table_url, "anne")
    expect(anne.page.locator("#sidebar")).to_contain_text("Text channels")
    assert anne.errors == [] and ben.errors == [] and again.errors == [] and chris.errors == []


def test_times_and_the_command_used_read_in_the_players_language(browser, table_url):
    """A time the bot writes as Discord's ``<t:…:R>`` reads as Discord's app says it in the
    player's own language, whatever the message's, and is said again as time passes; so
    does the command used above an answer."""
    anne = Player(browser, table_url, "anne", lang="nl")
    anne.page.clock.install()
    anne.page.reload()
    anne.page.wait_for_selector("#channels li")
    anne.slash("/volgn", "nieuw", "")
    anne.wait_for_text("Jij bent de host van Sequence Numbers")
    anne.press("Add computer (easy)")  # the lobby and board in the server's language
    anne.press("Start")
    anne.wait_for_text("next deadline")
    board = anne.page.locator("#messages")
    expect(board).to_contain_text("next deadline over 24 uur")
    expect(board).to_contain_text("anne gebruikte /volgnummers nieuw")
    anne.page.clock.fast_forward("03:00:00")
    expect(board).to_contain_text("next deadline over 21 uur")

    ben = Player(browser, table_url, "ben")
    ben.wait_for_text("next deadline")
    expect(ben.page.locator("#messages")).to_contain_text("next deadline in 24 hours")
    expect(ben.page.locator("#messages")).to_contain_text("anne used /numbers new")
    assert anne.errors == [] and ben.errors == []
