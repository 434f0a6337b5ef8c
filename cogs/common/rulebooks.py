"""The rulebooks in the language spoken now: ``rules/<game>/rulebook.<lang>.md`` when the team
has written it, else the English ``rulebook.md``."""

from __future__ import annotations

from functools import cache

from cogs.common.i18n import DEFAULT, language
from rules.rulebook import Rulebook, all_rulebooks, parse_rulebook, rulebook_path


def rulebooks_in(lang: str | None = None) -> dict[str, Rulebook]:
    """Every game's rulebook in ``lang`` (default: the language spoken now), by game."""
    lang = lang or language()
    return {game: _rulebook(game, lang) for game in all_rulebooks()}


def rulebook_in(game: str, lang: str | None = None) -> Rulebook:
    """One game's rulebook in ``lang`` (default: the language spoken now)."""
    return _rulebook(game, lang or language())


@cache
def _rulebook(game: str, lang: str) -> Rulebook:
    english = all_rulebooks()[game]
    if lang == DEFAULT:
        return english
    path = rulebook_path(game).with_name(f"rulebook.{lang}.md")
    if not path.exists():
        return english
    return parse_rulebook(game, path.read_text(encoding="utf-8"), source=path.name)
