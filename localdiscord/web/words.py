"""The page's own words in each language it speaks, read from ``static/words/<locale>.json``
(the page's script reads the same tables)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

WORDS = Path(__file__).parent / "static" / "words"
LOCALES = ("en-US", "es-ES", "it", "nl")
"""The Discord locales the page speaks, as its language picker offers them."""
DEFAULT = "en-US"
NEAREST = {"en-GB": "en-US", "es-419": "es-ES"}
"""Discord locales the page speaks as another one."""


def page_locale(locale: str) -> str:
    """The page's language for a user's Discord locale: English for any it does not speak."""
    locale = NEAREST.get(locale, locale)
    return locale if locale in LOCALES else DEFAULT


@cache
def table(locale: str) -> dict[str, str]:
    """Every word of the page in ``locale`` (one of :data:`LOCALES`), by key."""
    words: dict[str, str] = json.loads((WORDS / f"{locale}.json").read_text(encoding="utf-8"))
    return words


def phrase(locale: str, key: str, /, **params: object) -> str:
    """The page's words ``key`` in the language of ``locale``, ``{name}`` filled from
    ``params``."""
    return table(page_locale(locale))[key].format(**params)


class Refused(Exception):
    """An action the page cannot send as asked: said to its player in their language (the
    page's words ``key``), nothing is sent."""

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(phrase(DEFAULT, key, **params))
        self.key = key
        self.params = params

    def said(self, locale: str) -> str:
        return phrase(locale, self.key, **self.params)
