"""The page as a visitor meets it on a phone, with a command still missing an option, and
with the table stopped behind it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.local.player import Player

pytestmark = pytest.mark.slow

PHONE = {"width": 390, "height": 844}


def _covers(player: Player, selector: str) -> bool:
    """Whether the element at the middle of ``selector`` is it (nothing lies over it)."""
    return bool(player.page.evaluate(
        """(selector) => {
          const node = document.querySelector(selector);
          const box = node.getBoundingClientRect();
          const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return node.contains(top);
        }""", selector))


def test_on_a_phone_the_chat_has_the_width_and_the_sidebar_opens_from_the_menu(
        browser, table_url):
    ben = Player(browser, table_url, "ben")
    ben.page.set_viewport_size(PHONE)
    messages = ben.page.locator("#messages")
    assert messages.bounding_box()["width"] >= 360, "the chat reads at the phone's width"
    expect(ben.page.locator("#sidebar")).not_to_be_in_viewport()
    ben.wait_for_text("Open a match")
    assert _covers(ben, "#messages .empty")

    ben.page.locator("#menu").click()
    expect(ben.page.locator("#sidebar")).to_be_in_viewport()
    ben.page.locator("#dms li").first.click()
    expect(ben.page.locator("#sidebar")).not_to_be_in_viewport()
    expect(ben.page.locator("#chat-title")).to_have_text("@ Table")
    ben.wait_for_text("Your hand and notices arrive here.")
    ben.screenshot("phone-dm")
    expect(ben.page.locator("#menu-badge")).to_be_hidden()

    anne = Player(browser, table_url, "anne")
    anne.slash("/whyf", "ne", "")
    ben.page.locator("#menu").click()
    ben.channel()
    ben.press("Join")
    anne.press("Add computer (easy)")
    anne.press("Start")
    expect(ben.page.locator("#menu-badge")).to_have_text(re.compile(r"^[1-9]$"))  # his hand
    assert _covers(ben, "#menu-badge")

    ben.page.locator("#menu").click()
    ben.channel()
    ben.page.locator("#slash").press_sequentially("/rules search ")
    detail = ben.page.locator(".suggestion-detail").first
    expect(detail).to_contain_text("A question or a few words")
    assert detail.evaluate("(node) => node.scrollWidth <= node.clientWidth"), "cut off"
    assert ben.errors == []


def test_on_a_phone_the_race_track_keeps_its_columns_and_scrolls_sideways(browser, table_url):
    anne = Player(browser, table_url, "anne")
    anne.page.set_viewport_size(PHONE)
    anne.slash("/cany", "ne", "")
    anne.press("Add computer (easy)")
    anne.press("Start")
    track = anne.page.locator("#messages pre").last
    expect(track).to_contain_text("50")
    drawn, lines = track.evaluate(
        """(pre) => {
          const range = document.createRange();
          range.selectNodeContents(pre);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return [tops.size, pre.innerText.replace(/\\n$/, "").split("\\n").length];
        }""")
    assert drawn == lines, "a line per car, as drawn: not wrapped at the phone's width"
    assert track.evaluate("(pre) => pre.scrollWidth > pre.clientWidth"), "it scrolls sideways"
    anne.screenshot("phone-track")
    assert anne.errors == []


def test_a_missing_option_is_said_above_the_box_with_its_options_shown(browser, table_url):
    anne = Player(browser, table_url, "anne")
    anne.pick("/rep", "/replay")
    anne.page.locator("#slash").press("Enter")
    error = anne.page.locator("#composer-error")
    expect(error).to_have_text("match is required.")
    expect(anne.page.locator(".suggestion-label").first).to_have_text("match *")
    assert _covers(anne, "#composer-error"), "the suggestions lie over the error"
    assert _covers(anne, ".suggestion"), "the error lies over the suggestions"


def test_with_the_table_stopped_the_page_says_so_and_recovers(browser, table_url):
    anne = Player(browser, table_url, "anne", lang="nl")
    anne.wait_for_text("Open een spel")
    anne.page.set_viewport_size(PHONE)
    anne.page.locator("#menu").click()
    anne.page.route("**/api/**", lambda route: route.abort())
    toast = anne.page.locator("#toast")
    expect(toast).to_have_text("De tafel antwoordt niet: draait bot.py --local nog?")
    assert _covers(anne, "#toast"), "the open sidebar lies over the notice"
    anne.page.locator("#messages").click(position={"x": 370, "y": 400})  # beside the sidebar
    anne.page.locator("#slash").press_sequentially("/stats")
    anne.page.locator("#slash").press("Escape")
    anne.page.locator("#slash").press("Enter")
    expect(toast).to_have_text("De tafel antwoordt niet: draait bot.py --local nog?")
    expect(anne.page.locator("#slash")).to_have_value("/stats"), "the command is kept"
    anne.page.unroute("**/api/**")
    expect(toast).to_be_hidden()
    assert anne.errors == []


def test_enter_again_in_the_emptied_box_says_nothing(browser, table_url):
    anne = Player(browser, table_url, "anne")
    anne.slash("/sta", "")
    anne.wait_for_text("Career of anne")
    assert anne.page.locator("#slash").input_value() == ""
    anne.page.locator("#slash").press("Enter")
    anne.settled()
    assert anne.page.locator("#composer-error").is_hidden(), "no error for an empty box"
    assert anne.text().count("Career of anne") == 1


def test_a_name_the_table_cannot_seat_is_said_on_the_page(browser, table_url):
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{table_url}?as=ben%20smith")
    expect(page.locator("#toast")).to_have_text(
        "A player's name is 1 to 32 lower-case letters, digits, _ or .")
    page.close()
