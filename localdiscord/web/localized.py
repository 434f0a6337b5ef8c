"""Slash commands as Discord's client shows them to a user: names, descriptions and choices
in the user's locale, found by the names shown."""

from __future__ import annotations

from typing import Any

from .. import mentions
from ..localizations import localization, shown


def for_locale(item: dict[str, Any], locale: str) -> dict[str, Any]:
    """``item`` (a command, option or choice) as Discord's commands endpoint returns it to a
    user in ``locale``: ``name_localized`` and ``description_localized`` where it has them,
    in place of the dictionaries."""
    found = {k: v for k, v in item.items() if not k.endswith("_localizations")}
    for field in ("name", "description"):
        text = localization(item, field, locale)
        if text is not None:
            found[f"{field}_localized"] = text
    for nested in ("options", "choices"):
        if item.get(nested):
            found[nested] = [for_locale(child, locale) for child in item[nested]]
    return found


def used(full_name: str, commands: list[dict[str, Any]], locale: str) -> str:
    """A command as used (``hare new``), as Discord's client names it to a user in
    ``locale`` above the bot's answer (``/lepre nuova``)."""
    names = full_name.split(" ")
    command = next((c for c in commands if c["name"] == names[0]), None)
    said = mentions.said(command, names[1:], locale) if command else None
    return said or f"/{full_name}"


def named(items: list[dict[str, Any]], word: str, locale: str) -> dict[str, Any] | None:
    """The item called ``word`` as the user sees it, else by Discord's own (default) name."""
    return (next((i for i in items if shown(i, locale) == word), None)
            or next((i for i in items if i["name"] == word), None))
