"""The rulebooks in the language spoken now (``rules.rulebook.all_rulebooks``: the team's
``rulebook.<lang>.md`` where written, each checked against the English, else English)."""

from __future__ import annotations

from cogs.common.i18n import language
from rules.rulebook import Rulebook, all_rulebooks


def rulebooks_in(lang: str | None = None) -> dict[str, Rulebook]:
    """Every game's rulebook in ``lang`` (default: the language spoken now), by game."""
    return all_rulebooks(lang or language())


def rulebook_in(game: str, lang: str | None = None) -> Rulebook:
    """One game's rulebook in ``lang`` (default: the language spoken now)."""
    return rulebooks_in(lang)[game]
