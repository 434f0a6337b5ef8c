"""A command's, option's or choice's words in a user's locale, as Discord picks them: its
dictionary's entry for the locale, else Discord's fallback locale's, else its own."""

from __future__ import annotations

from typing import Any

FALLBACK = {"en-US": "en-GB", "en-GB": "en-US", "es-419": "es-ES"}
"""Discord's fallback for a locale a command's dictionary lacks."""


def localization(item: dict[str, Any], field: str, locale: str) -> str | None:
    """``item``'s ``field`` (``name`` or ``description``) in ``locale``, if it has one."""
    dictionary = item.get(f"{field}_localizations") or {}
    for key in (locale, FALLBACK.get(locale)):
        if key in dictionary:
            return str(dictionary[key])
    return None


def shown(item: dict[str, Any], locale: str) -> str:
    """The name a user in ``locale`` sees for a command, option or choice."""
    return localization(item, "name", locale) or str(item["name"])
