"""The page's own words: every language it offers has every one the page uses."""

from __future__ import annotations

import json
import re

from babel.messages.catalog import Catalog

from cogs.common.i18n import language_of, speaking
from cogs.common.i18n_commands import command_name
from localdiscord.web.words import LOCALES, WORDS
from tests.i18n.test_catalogs import template
from tests.i18n.test_command_names_in_messages import _names, misnamed

WEB = WORDS.parents[1]
STATIC = WORDS.parent
USED = (
    re.compile(r'data-word(?:-placeholder|-label)?="(\w+)"'),
    re.compile(r'Words\.t\("(\w+)"'),
    re.compile(r'Refused\("(\w+)"'),
)
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _table(locale: str) -> dict[str, str]:
    words: dict[str, str] = json.loads((WORDS / f"{locale}.json").read_text(encoding="utf-8"))
    return words


def _used() -> set[str]:
    """Every key the page's files ask the tables for."""
    sources = [*STATIC.glob("*.js"), STATIC / "index.html", *WEB.glob("*.py")]
    found: set[str] = set()
    for source in sources:
        text = source.read_text(encoding="utf-8")
        for pattern in USED:
            for match in pattern.finditer(text):
                found.update(match.groups())
    return found


def test_the_page_offers_the_languages_it_has_words_for():
    assert sorted(path.stem for path in WORDS.glob("*.json")) == sorted(LOCALES)
    picker = re.findall(r'<option value="([\w-]+)"', (STATIC / "index.html").read_text())
    assert picker == list(LOCALES)
    script = (STATIC / "words.js").read_text()
    assert f"const LOCALES = {json.dumps(list(LOCALES))};" in script


def test_every_language_has_every_word_the_page_uses():
    english = _table("en-US")
    used = _used()
    assert {"text_channels", "only_you", "not_a_command", "empty_channel"} <= used
    assert used - set(english) == set(), "words the page uses that the table lacks"
    for locale in LOCALES:
        words = _table(locale)
        assert set(words) == set(english), locale
        for key, text in words.items():
            assert text.strip(), (locale, key)
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english[key])), (
                locale, key)


def test_the_languages_are_written_in_their_own_words():
    """Spot checks that each table is the language it says, not a copy of the English."""
    english = _table("en-US")
    for locale in LOCALES[1:]:
        words = _table(locale)
        same = [key for key in english if words[key] == english[key]]
        assert same == ["app_tag"], (locale, same)
    assert _table("es-ES")["text_channels"] == "Canales de texto"
    assert _table("es-ES")["direct_messages"] == "Mensajes directos"


def test_a_command_the_page_names_is_written_as_the_bot_names_it_in_that_language():
    """"Type /whyfirst new below" names the command as the Translator gives it to Discord."""
    english = _table("en-US")
    page = Catalog()
    for text in english.values():
        page.add(text)
    names = _names(template())
    for locale in LOCALES[1:]:
        words = _table(locale)
        translated = {english[key]: words[key] for key in english}
        with speaking(language_of(locale)):
            assert misnamed(page, names, lambda msgid, _context, found=translated: found[msgid],
                            command_name) == [], locale
