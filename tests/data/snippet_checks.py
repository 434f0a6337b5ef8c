"""Checks on search snippets, shared by the data and end-to-end tests."""

from __future__ import annotations

import re

_ESCAPED = re.compile(r"\\.")


def markdown_problems(text: str) -> list[str]:
    """What is wrong with ``text`` as markdown whose only markup is ``**bold**``."""
    bare = _ESCAPED.sub("e", text)  # an escaped character is plain text
    problems = [f"unescaped {char!r}" for char in "_~`|\\" if char in bare]
    if "***" in bare:
        problems.append("three or more asterisks in a row")
    parts = bare.split("**")
    if "*" in "".join(parts):
        problems.append("a single asterisk")
    if len(parts) % 2 == 0:
        problems.append("a bold span is never closed")
    for bold in parts[1::2]:
        if not bold or bold != bold.strip():
            problems.append(f"bold span {bold!r} is empty or starts or ends with a space")
    return problems


def runs(text: str) -> list[tuple[bool, str]]:
    """A snippet as (bold?, text) runs in order, escapes undone."""
    out = [(False, "")]
    for token in re.findall(r"\\.|\*\*|.", text, re.DOTALL):
        if token == "**":
            out.append((not out[-1][0], ""))
        else:
            out[-1] = (out[-1][0], out[-1][1] + token[-1])
    return out


def visible(text: str) -> str:
    """What a reader sees of a snippet: its text without markup."""
    return "".join(part for _, part in runs(text))
