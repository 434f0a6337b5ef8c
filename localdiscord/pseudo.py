"""The pseudo-language run: every text the bot sends must have come through a catalog, in
the language of those who read it.

With ``TABLE_LANGUAGE=pseudo`` every user speaks the players' pseudo language, in which the bot
wraps each message it translates in ⟦ ⟧, and every server the servers' one, in ⟪ ⟫. The
simulated Discord then reads every text the bot sends (content, embeds, components, choices)
and records a violation for words outside the marks (text that never went through a catalog),
and for a message in the other language's marks: a player's in a message the whole channel
reads, the server's in one a player reads alone (a DM, a private answer, choices). What it
stores, and the tests read, has the marks taken out, so the tests' assertions hold as in
English.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from localdiscord.mentions import raw_where, shown_where

ENV = "TABLE_LANGUAGE"
LOCALE = "pseudo"
"""The players' pseudo language, and its marks."""
OPEN, CLOSE = "⟦", "⟧"
SERVER_LOCALE = "pseudo-server"
"""The servers' pseudo language, and its marks."""
SERVER_OPEN, SERVER_CLOSE = "⟪", "⟫"
LOCALES = (LOCALE, SERVER_LOCALE)
_MARKS = OPEN + CLOSE + SERVER_OPEN + SERVER_CLOSE

_WRAPPED = re.compile(f"[{OPEN}{SERVER_OPEN}][^{_MARKS}]*(?:[{CLOSE}{SERVER_CLOSE}]|$)")
"""A translated message, innermost first; or one cut short at the end of a text (a field
that keeps only its first 1,024 characters)."""
_NOT_WORDS = re.compile(
    r"<(?:@[!&]?|#|t:|a?:\w+:)[^>]*>"  # mentions, channels, timestamps, custom emoji
    r"|</[^>]*:\d+>"  # command mentions
    r"|https?://\S+"  # links
    r"|`[^`]*`"  # commands and codes as typed
    r"|\b[A-Za-z]?\d+[A-Za-z]?\b"  # numbers and space codes (A7, 12b)
    r"|\b\d+(?:st|nd|rd|th)\b"  # ordinals: the pseudo language writes them as English does
)
_NAMED_BUTTON = re.compile(rf"\*\*{SERVER_OPEN}[^{_MARKS}]*{SERVER_CLOSE}\*\*")
_WORD = re.compile(r"[^\W\d_]{2,}")
_ESCAPED = re.compile(r"\\([^0-9A-Za-z\s])")
"""A backslash before a symbol, which Discord shows as the symbol alone (an escaped name)."""
_HEADING_KEY = re.compile(r"\s*\{#[^}]*\}\s*$")
FIGURES = ("Leo",)
"""The names of the games' own figures, alike in every edition (Why First?'s neutral Leo)."""


def active() -> bool:
    """Whether this run speaks the pseudo language."""
    return os.environ.get(ENV) == LOCALE


def texts(payload: Any) -> Iterator[str]:
    """The texts a player reads in a message, response or choices payload."""
    if not isinstance(payload, dict):
        return
    if isinstance(payload.get("content"), str):
        yield payload["content"]
    if isinstance(payload.get("title"), str):
        yield payload["title"]  # a modal
    for embed in payload.get("embeds") or []:
        yield from _embed_texts(embed)
    for choice in payload.get("choices") or []:
        if isinstance(choice, dict) and isinstance(choice.get("name"), str):
            yield choice["name"]
    for attachment in payload.get("attachments") or []:  # a picture's alt text
        if isinstance(attachment, dict) and isinstance(attachment.get("description"), str):
            yield attachment["description"]
    yield from _component_texts(payload.get("components") or [])


def _embed_texts(embed: Any) -> Iterator[str]:
    if not isinstance(embed, dict):
        return
    yield from raw_where(embed)
    yield from shown_where(embed)


def _component_texts(components: Iterable[Any]) -> Iterator[str]:
    for component in components:
        if not isinstance(component, dict):
            continue
        for key in ("label", "placeholder", "content"):
            if isinstance(component.get(key), str):
                yield component[key]
        for option in component.get("options") or []:
            for key in ("label", "description"):
                if isinstance(option.get(key), str):
                    yield option[key]
        yield from _component_texts(component.get("components") or [])


def misspoken(text: str, *, shared: bool) -> bool:
    """Whether ``text`` speaks the wrong pseudo language: a player's in a message the whole
    channel reads (``shared``), or the server's in one a player reads alone, bar a button
    of the channel's named in bold as the channel shows it (**⟪Start⟫** on the lobby)."""
    if shared:
        return OPEN in text
    return SERVER_OPEN in _NAMED_BUTTON.sub(" ", text)


def untranslated(text: str, names: Iterable[str]) -> str | None:
    """What of ``text`` is words outside the marks and not a name (escaped or not), a rulebook's
    own text, a mention, a link, a number or an emoji; None when nothing is."""
    while True:
        inner = _WRAPPED.sub(" ", text)
        if inner == text:
            break
        text = inner
    if not _WORD.search(_NOT_WORDS.sub(" ", text)):
        return None  # the common case, seen at once
    text = _ESCAPED.sub(r"\1", _rulebooks_taken_out(text))  # as Discord shows it
    for name in sorted({*names, *FIGURES}, key=len, reverse=True):
        if name and name in text:
            text = text.replace(name, " ")
    text = _NOT_WORDS.sub(" ", text)
    if not _WORD.search(text):
        return None
    return " ".join(text.split())


def _rulebooks_taken_out(text: str) -> str:
    """``text`` without the rulebooks' own words: whole lines, and the pieces of them that a
    page or a search snippet shows (its highlights unbolded, cut at an ellipsis)."""
    plain = rulebook_text()
    pieces = re.split(r"…|\.\.\.", text)
    text = " ".join(p for p in pieces if len(p.strip()) <= 12 or _plain(p) not in plain)
    for line in rulebook_lines():
        if line in text:
            text = text.replace(line, " ")
    return text


def _plain(text: str) -> str:
    """Markdown's marks, list bullets and line breaks taken out, as a snippet shows text."""
    text = re.sub(r"^\s*(?:[-*]|\d+\.)\s+", " ", text, flags=re.MULTILINE)
    return " ".join(re.sub(r"[*`#_]", "", text).split())


@cache
def rulebook_text() -> str:
    """Every rulebook's text in one, plain (:func:`_plain`): what a snippet is looked up in."""
    root = Path(__file__).resolve().parents[1] / "rules"
    return "\n".join(
        _plain(path.read_text(encoding="utf-8")) for path in root.glob("*/rulebook*.md")
    )


@cache
def rulebook_lines() -> tuple[str, ...]:
    """The rulebooks' own lines, longest first: their text comes per language from its
    own files."""
    root = Path(__file__).resolve().parents[1] / "rules"
    lines: set[str] = set()
    for path in root.glob("*/rulebook*.md"):
        for line in path.read_text(encoding="utf-8").splitlines():
            line = _HEADING_KEY.sub("", line.strip().lstrip("#")).strip()
            if len(line) > 3:
                lines.add(line)
    return tuple(sorted(lines, key=len, reverse=True))


def unwrap(value: Any) -> Any:
    """The payload with every mark taken out (what the tests read)."""
    if isinstance(value, str):
        return value.translate(_UNMARKED) if any(mark in value for mark in _MARKS) else value
    if isinstance(value, dict):
        return {key: unwrap(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(unwrap(item) for item in value)
    return value


_UNMARKED = str.maketrans("", "", _MARKS)
