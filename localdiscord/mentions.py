"""Command mentions (``</name subcommand:id>``): checked against the synced commands as
Discord resolves them, and shown as a reader's Discord shows them (``/lepre nuova``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .localizations import shown as name_shown

MENTION = re.compile(r"</([-_'\w]+(?: [-_'\w]+){0,2}):(\d+)>")
"""A command mention: the command's names as synced (not translated) and its id."""
NESTED = (1, 2)
"""The option types that are a command's parts rather than its inputs: a subcommand and a
subcommand group."""


def shown_where(embed: dict[str, Any]) -> Iterator[str]:
    """The embed texts Discord renders mentions in: the description and the fields' values."""
    if isinstance(embed.get("description"), str):
        yield embed["description"]
    for field in embed.get("fields") or []:
        if isinstance(field.get("value"), str):
            yield field["value"]


def raw_where(embed: dict[str, Any]) -> Iterator[str]:
    """The embed texts that show a mention as typed, ``</...>`` and all."""
    if isinstance(embed.get("title"), str):
        yield embed["title"]
    for key in ("footer", "author"):
        part = embed.get(key) or {}
        for name in ("text", "name"):
            if isinstance(part.get(name), str):
                yield part[name]
    for field in embed.get("fields") or []:
        if isinstance(field.get("name"), str):
            yield field["name"]


def path(command: dict[str, Any], names: list[str]) -> list[dict[str, Any]] | None:
    """The command, group and subcommand the names lead to, or None if one is missing."""
    found = [command]
    for name in names:
        options = found[-1].get("options") or []
        item = next(
            (o for o in options if o.get("type") in NESTED and o["name"] == name),
            None,
        )
        if item is None:
            return None
        found.append(item)
    return found


def problem(mention: re.Match[str], commands: list[dict[str, Any]]) -> str | None:
    """Why Discord would not make ``mention`` a working command, or None."""
    names = mention[1].split(" ")
    command = next((c for c in commands if c["id"] == mention[2]), None)
    if command is None:
        return f"{mention[0]}: no command of the bot has id {mention[2]}"
    if command["name"] != names[0]:
        return f"{mention[0]}: id {mention[2]} is /{command['name']}"
    found = path(command, names[1:])
    if found is None:
        return f"{mention[0]}: /{command['name']} has no such subcommand"
    if any(o.get("type") in NESTED for o in found[-1].get("options") or []):
        return f"{mention[0]}: a group is not a command; name its subcommand"
    return None


def problems(message: Any, commands: list[dict[str, Any]]) -> list[str]:
    """Every mention of ``message`` (content, embeds) Discord would not show as a command."""
    found = []
    shown = [message.content] + [t for e in message.embeds for t in shown_where(e)]
    for text in shown:
        found += [p for m in MENTION.finditer(text or "") if (p := problem(m, commands))]
    for embed in message.embeds:
        for text in raw_where(embed):
            found += [f"{m[0]}: shown as typed in an embed's {text[:30]!r}"
                      for m in MENTION.finditer(text)]
    return found


def said(command: dict[str, Any], names: list[str], locale: str) -> str | None:
    """The command and the subcommand ``names`` lead to as a reader of ``locale`` reads
    them (``/lepre nuova``), or None if a name leads nowhere."""
    found = path(command, names)
    return "/" + " ".join(name_shown(item, locale) for item in found) if found else None


def shown(text: str, commands: list[dict[str, Any]], locale: str) -> str:
    """``text`` as a reader of ``locale`` sees it: each mention as ``/names``, each name in
    their locale where the command has one."""

    def render(mention: re.Match[str]) -> str:
        command = next((c for c in commands if c["id"] == mention[2]), None)
        found = said(command, mention[1].split(" ")[1:], locale) if command else None
        return found or mention[0]

    return MENTION.sub(render, text)
