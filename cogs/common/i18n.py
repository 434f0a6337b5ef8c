"""Every word a player reads, in their language.

The words are gettext messages: English in the code, marked with ``_`` (or ``ngettext``
where a count chooses the form, ``N_`` where the text is only marked and translated where it
is shown), and translated from Babel's catalogs ``locales/<language>/LC_MESSAGES/messages.po``,
read once and compiled in memory. Which language is chosen once per message and holds for
everything rendered inside :func:`speaking`: a player's own for what they alone read (their
hand, notices, private answers), the server's for what its channel reads (board, lobby,
result). English is the fallback of every message a catalog lacks.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

from rules.base import N_, Term

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "PSEUDO_SERVER",
    "Term",
    "_",
    "catalog",
    "language",
    "language_of",
    "ngettext",
    "number",
    "percent",
    "pgettext",
    "speaking",
]

LOCALES = Path(__file__).resolve().parents[2] / "locales"
"""Where the catalogs are: ``<language>/LC_MESSAGES/messages.po``."""
DOMAIN = "messages"
DEFAULT = "en"
LANGUAGES = ("en", "es", "it", "nl")
"""The languages the table speaks: the games' own editions' and English."""
PSEUDO = "pseudo"
"""A language for tests only: every message marked, so text that escaped the catalogs shows."""
PSEUDO_SERVER = "pseudo-server"
"""The servers' pseudo language in that run, marked apart from the players' so a message
that speaks the wrong one's language shows too."""
_PSEUDOS = (PSEUDO, PSEUDO_SERVER)

NAMES = {"en": "English", "es": "Español", "it": "Italiano", "nl": "Nederlands"}
"""Each language in its own words, as a player picks it."""

DISCORD_LOCALES = {
    "en": ("en-US", "en-GB"),
    "es": ("es-ES", "es-419"),
    "it": ("it",),
    "nl": ("nl",),
}
"""The Discord locales each language serves (Discord's names for them)."""

_speaking: ContextVar[str] = ContextVar("speaking", default=DEFAULT)


def language_of(locale: Any) -> str:
    """The table's language for a Discord locale (``es-419`` → ``es``); English for any
    other. Takes a ``discord.Locale``, its value, or one of our own language codes."""
    value = str(getattr(locale, "value", locale) or "")
    if value in _PSEUDOS:
        return value
    code = value.split("-")[0].lower()
    return code if code in LANGUAGES else DEFAULT


def language() -> str:
    """The language of the message being rendered now."""
    return _speaking.get()


@contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Render everything inside in ``lang`` (one of :data:`LANGUAGES`, or a pseudo one)."""
    token = _speaking.set(lang if lang in LANGUAGES or lang in _PSEUDOS else DEFAULT)
    try:
        yield _speaking.get()
    finally:
        _speaking.reset(token)


def _(message: str, /, **values: Any) -> str:
    """``message`` in the language spoken now, its ``{fields}`` filled from ``values`` (a
    :class:`Term` among them translated too)."""
    text = catalog(_speaking.get()).gettext(message)
    return text.format(**_terms(values)) if values else text


def pgettext(context: str, message: str, /, **values: Any) -> str:
    """``message`` in the sense ``context`` gives it: one English word with two meanings
    (the lobby's *Start* and Hare and Tortoise's Start space) that a language says apart."""
    text = catalog(_speaking.get()).pgettext(context, message)
    return text.format(**_terms(values)) if values else text


def ngettext(singular: str, plural: str, count: int, /, **values: Any) -> str:
    """The form of the message that goes with ``count`` in the language spoken now (each
    language's own plural rule); ``{count}`` and the other ``{fields}`` are filled in."""
    text = catalog(_speaking.get()).ngettext(singular, plural, count)
    return text.format(count=number(count), **_terms(values))


def _terms(values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with each :class:`Term` in the language spoken now."""
    return {key: _(value) if isinstance(value, Term) else value for key, value in values.items()}


def number(value: float, pattern: str | None = None) -> str:
    """A number as the language writes it (``1,024`` in English, ``1.024`` in Spanish);
    ``pattern``: Babel's number pattern (``"0.0"``: one decimal always)."""
    lang = _speaking.get()
    return format_decimal(value, format=pattern, locale=DEFAULT if lang in _PSEUDOS else lang)


def percent(value: float) -> str:
    """A fraction as a whole percentage the language writes (``40%``, ``40 %``)."""
    lang = _speaking.get()
    return format_percent(value, locale=DEFAULT if lang in _PSEUDOS else lang)


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang``; English (and a language without one) translates
    nothing, so every message falls back to the English in the code."""
    if lang in _PSEUDOS:
        return _Pseudo(*PSEUDO_MARKS[lang])
    path = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == DEFAULT or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        parsed = read_po(po, locale=Locale.parse(lang), domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, parsed, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


PSEUDO_MARKS = {PSEUDO: ("⟦", "⟧"), PSEUDO_SERVER: ("⟪", "⟫")}
"""What each pseudo language puts around every message it translates: the players' and the
servers'."""


class _Pseudo(gettext.NullTranslations):
    """Every message wrapped in its language's marks, its ``{fields}`` left whole: a test
    that reads a sentence outside the marks has found text that never went through a
    catalog."""

    def __init__(self, opening: str, closing: str) -> None:
        super().__init__()
        self.opening, self.closing = opening, closing

    def gettext(self, message: str) -> str:
        return f"{self.opening}{message}{self.closing}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)
