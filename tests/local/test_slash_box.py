"""The slash box of the local table's page: the bot's synced commands, with their options,
choices and the bot's own autocomplete, answered privately."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.local.player import Player

pytestmark = pytest.mark.slow


def test_a_rule_is_looked_up_with_the_bots_autocomplete(browser, table_url):
    anne = Player(browser, table_url, "anne")
    anne.page.locator("#slash").press_sequentially("/")
    offered = anne.suggestions()
    assert {"/whyfirst", "/hare", "/canyon", "/numbers", "/rules"} <= set(offered)
    anne.pick("ru", "/rules")
    anne.pick("sh", "/rules show")
    anne.pick("game:canyon", "Great Canyon Race")
    anne.pick("topic:who takes", "Who takes the collision")
    assert anne.page.locator("#slash").input_value() == (
        "/rules show game:Great Canyon Race topic:Who takes the collision ")
    anne.send()
    anne.wait_for_text("Only you can see this")
    assert "Who takes the collision" in anne.text()
    anne.screenshot("rules-private")
    ben = Player(browser, table_url, "ben")
    ben.wait_for_text("Open a match")
    assert "Who takes the collision" not in ben.text(), "a private answer is anne's alone"
    assert anne.errors == [] and ben.errors == []


def test_an_option_the_command_cannot_take_is_said_before_sending(browser, table_url):
    anne = Player(browser, table_url, "anne")
    anne.pick("/numb", "/numbers")
    anne.pick("ne", "/numbers new")
    anne.page.locator("#slash").press_sequentially("pace:soon ")
    anne.send()
    error = anne.page.locator("#composer-error")
    assert error.inner_text() == "soon is not one of the choices of pace."
    assert "Sequence Numbers" not in anne.text(), "nothing was sent"


def test_a_player_option_offers_the_players_at_the_table(browser, table_url):
    anne = Player(browser, table_url, "anne")
    anne.pick("/sta", "/stats")
    anne.page.locator("#slash").press_sequentially("player:")
    expect(anne.page.locator(".suggestion-label")).to_have_text(["anne", "ben", "chris", "dana"])
    anne.page.locator("#slash").press_sequentially("b")
    expect(anne.page.locator(".suggestion-label")).to_have_text(["ben"])
    anne.page.locator("#slash").press("Enter")
    assert anne.page.locator("#slash").input_value() == "/stats player:ben "
    anne.send()
    anne.wait_for_text("Career of ben on this server")
    assert "No finished matches on this server yet." in anne.text()
    assert anne.errors == []
