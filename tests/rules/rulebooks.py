"""What the rulebook tests share: the keys of sections, in their order."""

from __future__ import annotations

from rules.rulebook import Section


def keys(sections: list[Section]) -> list[str]:
    return [section.key for section in sections]
