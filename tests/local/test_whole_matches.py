"""Whole matches of each game at the local table, played in headless Chromium through the
page: the host opens a lobby with the slash box, fills seats with computers, starts, and
plays from the DM hand until the board in the channel is final."""

from __future__ import annotations

import random

import pytest

from tests.local.player import MENUS, PLAYS, Player

pytestmark = pytest.mark.slow


def _open_with_computers(host: Player, game: str, *levels: str) -> None:
    host.slash(f"/{game} ne", "")
    host.wait_for_text("Only you can see this")
    for level in levels:
        host.press(f"Add computer ({level})")
    host.press("Start")


def _finished(host: Player, game: str) -> str:
    host.channel()
    shown = host.text()
    assert host.result_shown()
    assert "🏁" in shown, "the result opens with the finish flag"
    assert "🏆" in shown or "draw" in shown or "nobody wins" in shown
    host.screenshot(f"{game}-result")
    assert host.errors == []
    assert host.elsewhere() == [], "the page needs no network"
    return shown


def test_two_tabs_play_why_first_with_a_computer(browser, table_url):
    anne = Player(browser, table_url, "anne")
    ben = Player(browser, table_url, "ben")
    anne.slash("/whyf", "ne", "pace:liv", "")
    anne.wait_for_text("You host Why First?")
    assert "Pace: Live" in anne.text()
    ben.wait_for_text("Why First?: new match")
    ben.press("Join")
    ben.wait_for_text("You have a seat in Why First?")
    assert "Only you can see this" in ben.text()
    assert "You have a seat" not in anne.text(), "ben's private answer is his alone"
    anne.press("Add computer (easy)")
    anne.press("Start")
    ben.dms()
    ben.wait_for_text("Pick a card")
    ben.screenshot("whyfirst-hand")
    anne.play_to_the_end(random.Random(1), ben)
    shown = _finished(anne, "whyfirst")
    assert "anne" in shown and "ben" in shown and "Ada (easy bot)" in shown
    anne.press("Rematch")
    # The lobby and the private seat answer reach the page apart: wait for both.
    anne.wait_for_text("Match #2")
    anne.wait_for_text("You host Why First? match #2")
    shown = anne.text()
    assert "Why First?: final board" in shown, "the first match's board stays final"
    assert shown.count("Why First?: new match") == 1, "the rematch's lobby"
    ben.channel()
    ben.slash("/stats", "")
    ben.wait_for_text("Career of ben on this server")
    assert "Matches 1" in ben.text()
    assert "Career of ben" not in anne.text(), "ben's career is answered to him alone"


def test_a_lone_player_races_hare_and_tortoise(browser, table_url):
    anne = Player(browser, table_url, "anne")
    _open_with_computers(anne, "hare", "easy")
    anne.dms()
    anne.wait_for_text("Your turn", timeout=60_000)
    anne.screenshot("hare-hand")
    anne.play_to_the_end(random.Random(2))
    _finished(anne, "hare")


def test_a_lone_player_drives_the_great_canyon_race(browser, table_url):
    anne = Player(browser, table_url, "anne")
    _open_with_computers(anne, "canyon", "easy", "strong")
    anne.dms()
    anne.page.locator(f"#messages {MENUS}, #messages :is({PLAYS})").first.wait_for(
        timeout=60_000)
    anne.screenshot("canyon-hand")
    anne.play_to_the_end(random.Random(3))
    _finished(anne, "canyon")


def test_a_lone_player_plays_sequence_numbers(browser, table_url):
    anne = Player(browser, table_url, "anne")
    _open_with_computers(anne, "numbers", "easy")
    board = anne.page.locator("#messages .embed-image img").first
    board.wait_for(timeout=60_000)
    assert "anne's turn" in anne.text()
    assert board.get_attribute("alt") == "Sequence Numbers: anne's turn", "its alt text"
    anne.screenshot("numbers-board")
    anne.dms()
    hand = anne.page.locator("#messages .embed-image img").first
    hand.wait_for(timeout=60_000)
    assert "Pick a card to play." in anne.text()
    assert hand.get_attribute("alt") == (
        "The board, with the free spaces for your equation cards marked")
    anne.screenshot("numbers-hand")
    anne.play_to_the_end(random.Random(4))
    _finished(anne, "numbers")
