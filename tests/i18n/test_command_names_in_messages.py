"""A message that names a slash command writes it as the reader's Discord shows it: in every
language, the command, its subcommand and its options by the names the Translator gives them."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from cogs.common.i18n import DOMAIN, LANGUAGES, LOCALES, speaking
from cogs.common.i18n_commands import command_name
from tests.i18n.test_catalogs import template

COMMAND = re.compile(r"(?<![\w/{])/([a-z]+(?: [a-z]+)?)")
"""A command typed in a message: ``/rules search``, ``/history``."""
OPTION = re.compile(r"\b([a-z]+):\{")
"""One of its options, its value a field: ``game:{game}``."""


def misnamed(messages: Catalog, names: set[str], translated: Callable[[str, str], str],
             named: Callable[[str], str]) -> list[str]:
    """The messages whose translation (``translated(msgid, context)``) does not write the
    commands and options the English names (any of ``names``) as ``named`` names them."""
    found = []
    for message in messages:
        english = message.id[0] if isinstance(message.id, tuple) else message.id
        if not english:
            continue
        for command in COMMAND.findall(english):
            words = command.split()
            if words[0] not in names:
                continue
            written = "/" + " ".join(named(word) for word in words if word in names)
            options = [named(option) + ":{" for option in OPTION.findall(english)
                       if option in names]
            text = translated(message.id, message.context)
            if not re.search(re.escape(written) + r"(?!\w)", text) or any(
                not re.search(r"(?<!\w)" + re.escape(option), text) for option in options
            ):
                found.append(f"{english!r}: {text!r} should write {written} {options}")
    return found


def _names(messages: Catalog) -> set[str]:
    """Every command, subcommand and option name: the messages that are one lowercase word."""
    return {m.id for m in messages if isinstance(m.id, str) and re.fullmatch(r"[a-z]+", m.id)}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_a_command_a_message_names_is_written_as_the_readers_discord_names_it(lang: str):
    with (LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as po:
        catalog = read_po(po, locale=lang)

    def translated(msgid: object, context: str | None) -> str:
        string = catalog.get(msgid, context).string
        return string if isinstance(string, str) else string[0]

    messages = template()
    with speaking(lang):
        assert misnamed(messages, _names(messages), translated, command_name) == []


def test_the_check_finds_a_command_written_by_another_name():
    messages = Catalog()
    for msgid in ("rules", "search", "game", "Try /rules search.", "More: /rules show game:{game}"):
        messages.add(msgid)
    spanish = {"Try /rules search.": "Prueba /reglas buscare.",
               "More: /rules show game:{game}": "Más: /reglas ver mijuego:{game}"}
    named = {"rules": "reglas", "search": "buscar", "game": "juego"}.get
    found = misnamed(messages, {"rules", "search", "game"},
                     lambda msgid, _context: spanish[msgid], lambda word: named(word, word))
    assert found == [
        "'Try /rules search.': 'Prueba /reglas buscare.' should write /reglas buscar []",
        "'More: /rules show game:{game}': 'Más: /reglas ver mijuego:{game}' should write "
        "/reglas ['juego:{']",
    ]
