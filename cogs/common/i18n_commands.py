"""Slash command names, descriptions and choices in Discord's locales, from the catalogs.

Every command's text is an ``app_commands.locale_str`` (extracted with the ``locale_str``
keyword); the tree's translator gives Discord each one in every locale a catalog serves.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from cogs.common.i18n import DEFAULT, PSEUDO, _, language_of, speaking

NAMES = (Where.command_name, Where.group_name, Where.parameter_name)
"""Where a text is a name: Discord takes lowercase letters, digits, ``-`` and ``_`` only."""
VALID_NAME = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for names (``^[-_\\p{L}\\p{N}]{1,32}$``, lowercase where a letter has case)."""


def valid_name(name: str) -> bool:
    return bool(VALID_NAME.match(name)) and name == name.lower()


def command_name(name: str) -> str:
    """A command's, group's or option's name as the language spoken now shows it: as the
    translator gives it to Discord, English where no valid translation is."""
    text = _(name)
    return text if valid_name(text) else name


class CommandTranslator(app_commands.Translator):
    """The commands' text through the same catalogs as every message."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = language_of(locale)
        if lang == DEFAULT:
            return None
        with speaking(lang):
            text = _(string.message)
        if text == string.message and lang != PSEUDO:
            return None  # not translated: Discord shows the English
        if context.location in NAMES and not valid_name(text):
            return None
        return text
