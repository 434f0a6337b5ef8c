"""Players' names on the page read as the players wrote them, as in Discord: the bot escapes
their markdown, and the page shows an escaped symbol as the symbol itself. An address in a
message is a link, read as written."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.local.player import Player

pytestmark = pytest.mark.slow


def test_names_with_underscores_read_as_written_on_the_board_and_in_the_hand(
        browser, table_url):
    init = Player(browser, table_url, "__init__")
    abc = Player(browser, table_url, "a_b_c")
    init.slash("/whyf", "ne", "")
    abc.channel()
    abc.press("Join")
    init.press("Start")
    board = init.page.locator("#messages article.message").first
    expect(board).to_contain_text("B __init__ · 🟧■ O a_b_c")
    styled = board.locator("u, em").all_inner_texts()
    assert not [text for text in styled if "init" in text or "b" in text], styled
    assert "\\" not in board.inner_text()

    abc.dms()
    abc.wait_for_text("Track")
    hand = abc.page.locator("#messages article.message").first
    expect(hand).to_contain_text("__init__ 0 · a_b_c 0")
    hand.locator("button.button[data-custom-id^='ch:']").first.click()
    abc.settled()
    expect(hand.locator("button.button", has_text="On a_b_c")).to_have_count(1)
    expect(hand.locator("button.button", has_text="On __init__")).to_have_count(1)
    init.screenshot("names-as-written")


ADDRESSES = ("https://x.org/a_b_c", "https://x.org/_a_/b", "https://x.org/__init__.py",
             "https://x.org/*a*/b")
"""Bare links whose underscores and stars markdown would take for styles."""


def test_a_bare_links_address_reads_as_written_and_stays_a_link(browser, table_url):
    reader = Player(browser, table_url, "reader")
    for address in ADDRESSES:
        shown = reader.page.evaluate(
            """(source) => {
                const line = document.createElement("div");
                line.innerHTML = Markdown.render(source);
                const link = line.querySelector("a");
                return {text: line.textContent, href: link && link.getAttribute("href"),
                        link: link && link.textContent,
                        styled: line.querySelectorAll("em, u, strong").length};
            }""",
            f"see {address} and _this_",
        )
        assert shown == {"text": f"see {address} and this", "href": address, "link": address,
                         "styled": 1}, shown
