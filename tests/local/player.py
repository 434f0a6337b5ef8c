"""A player at the local table's page in the browser: typing commands, reading what the page
shows, clicking the buttons and menus it shows."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError

PLAYS = (
    "button.button[data-custom-id^='mv:']:enabled, "
    "button.button[data-custom-id^='ch:']:enabled"
)
MENUS = ".select[data-custom-id^='ms:']:not(.disabled)"
SHOTS = Path(tempfile.gettempdir()) / "local-table-shots"
"""Where the tests leave their screenshots, to look at."""


class Player:
    """One browser tab, playing as ``name`` (``?as=name``; ``lang``: ``&lang=lang``)."""

    def __init__(self, browser: Any, url: str, name: str, lang: str | None = None) -> None:
        self.name = name
        self.page = browser.new_page(viewport={"width": 1280, "height": 900})
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.url = url
        self.requests: list[str] = []
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.goto(f"{url}?as={name}" + (f"&lang={lang}" if lang else ""))
        self.page.wait_for_selector("#channels li")

    # -- where -----------------------------------------------------------------------------

    def channel(self) -> None:
        self.page.locator("#channels li").first.click()

    def dms(self) -> None:
        self.page.locator("#dms li").first.click()

    def messages(self) -> Any:
        return self.page.locator("#messages article.message")

    def text(self) -> str:
        """What the open channel or DM shows, as read on the page."""
        return str(self.page.locator("#messages").inner_text())

    def wait_for_text(self, text: str, timeout: float = 30_000) -> None:
        self.page.locator("#messages").get_by_text(text).first.wait_for(timeout=timeout)

    # -- acting ----------------------------------------------------------------------------

    def slash(self, *steps: str) -> None:
        """Type a command in the slash box: each step typed, then Enter (which takes the
        highlighted suggestion, or sends the command once it is whole)."""
        box = self.page.locator("#slash")
        box.click()
        for step in steps:
            if step:
                box.press_sequentially(step)
            self.page.wait_for_timeout(250)  # the suggestions follow the typing
            box.press("Enter")
        self.settled()

    def pick(self, typed: str, suggestion: str) -> None:
        """Type into the slash box, then click the suggestion shown as ``suggestion`` once
        it is offered (a command, an option's choice, or the bot's autocomplete)."""
        box = self.page.locator("#slash")
        box.click()
        box.press_sequentially(typed)
        self.page.locator(".suggestion-label", has_text=suggestion).first.click()

    def send(self) -> None:
        """Press Enter in the slash box: the whole command goes to the bot."""
        self.page.locator("#slash").press("Enter")
        self.settled()

    def suggestions(self) -> list[str]:
        self.page.locator(".suggestion").first.wait_for()
        return [str(s) for s in self.page.locator(".suggestion-label").all_inner_texts()]

    def press(self, label: str) -> None:
        """Click the last button called ``label`` in the open channel or DM."""
        self.page.locator("button.button:enabled", has_text=label).last.click()
        self.settled()

    def settled(self) -> None:
        """The page has its answer to the last action (nothing is shown busy)."""
        self.page.wait_for_function("!document.querySelector('.busy')")

    def play_once(self, rng: random.Random) -> bool:
        """Make one decision from the DM hand, if it awaits one: a space from its menu when
        it has one (where the moves forward are), else a card or a move, at random. False
        when the hand offers nothing to do."""
        controls = self.page.locator(f"#messages {MENUS}")
        if not controls.count():
            controls = self.page.locator(f"#messages :is({PLAYS})")
        count = controls.count()
        if not count:
            return False
        control = controls.nth(rng.randrange(count))
        try:
            if "select" in str(control.get_attribute("class")):
                control.locator(".select-value").click(timeout=3000)
                options = control.locator(".select-option")
                options.nth(rng.randrange(options.count())).click(timeout=3000)
            else:
                control.click(timeout=3000)
        except PlaywrightError:  # the hand changed under the click (a computer moved)
            return True
        self.settled()
        return True

    def play_to_the_end(self, rng: random.Random, *others: Player, limit: int = 3000) -> None:
        """Everyone here plays from their DM hand until the channel shows the result."""
        players = (self, *others)
        for player in players:
            player.dms()
        for step in range(limit):
            acted = [player.play_once(rng) for player in players]
            if not any(acted) or step % 10 == 9:
                self.channel()
                if self.result_shown():
                    return
                self.dms()
                if not any(acted):
                    self.page.wait_for_timeout(300)
        raise AssertionError("the match did not end")

    def result_shown(self) -> bool:
        """Whether the open channel shows a match's result (the one message with Rematch)."""
        return bool(self.page.locator("button.button", has_text="Rematch").count())

    def elsewhere(self) -> list[str]:
        """What the page asked of anyone but the table (a font, a script, a picture)."""
        return [url for url in self.requests if not url.startswith(self.url)]

    def screenshot(self, name: str) -> Path:
        SHOTS.mkdir(exist_ok=True)
        path = SHOTS / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path
