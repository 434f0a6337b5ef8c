"""A search hit's snippet: one line of a section, its found words in bold.

The search marks the words it found in a section's markdown with ``HIT_START`` and
``HIT_END`` (FTS5's ``highlight()``). The snippet drops the section's own markup
(emphasis, code, list markers), escapes what is left, and bolds only the found
words, so its markdown is always valid and a bold span never sits inside another.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HIT_START = "\x02"
HIT_END = "\x03"
SNIPPET_LENGTH = 200
"""Characters of section text a snippet shows, besides its ellipses and markup."""
ELLIPSIS = "…"

_FENCE_LINE = re.compile(r"\s*(`{3,}|~{3,}).*")
_LINE_MARKER = re.compile(r"\s*(?:#{1,6}\s+|>\s+|[-+*]\s+|\d{1,3}[.)]\s+)")
_MARKUP = re.compile(r"[*`]")
_SPECIAL = re.compile(r"([\\*_~`|])")
_LIST_NUMBER = re.compile(r"(\d+)([.)])")
_WORD_CHAR = re.compile(r"[^\W_]")


@dataclass(frozen=True)
class _Plain:
    """A section as one line of plain text, with the spans of its found words."""

    text: str
    hits: tuple[tuple[int, int], ...]


def snippet(marked: str, length: int = SNIPPET_LENGTH) -> str:
    """The best ``length`` characters of ``marked``: where most found words are, in bold."""
    plain = _plain(marked)
    start, end = _window(plain, length)
    shown = [(max(a, start), min(b, end)) for a, b in plain.hits if a < end and b > start]
    out, at = [], start
    for a, b in _word_bounded(plain.text, shown):
        out += [_escaped(plain.text[at:a]), "**", _escaped(plain.text[a:b]), "**"]
        at = b
    out.append(_escaped(plain.text[at:end]))
    head = ELLIPSIS if start > 0 else ""
    tail = ELLIPSIS if end < len(plain.text) else ""
    body = "".join(out)
    return head + (body if head else _escaped_line_start(body)) + tail


def _plain(marked: str) -> _Plain:
    """``marked`` without fences, line markers and emphasis, on one line, hits located."""
    lines = []
    for line in marked.split("\n"):
        if _FENCE_LINE.fullmatch(line.replace(HIT_START, "").replace(HIT_END, "")):
            continue
        marker = _LINE_MARKER.match(line)
        lines.append(line[marker.end() :] if marker else line)
    chars: list[str] = []
    hits: list[tuple[int, int]] = []
    opened: int | None = None
    for char in _MARKUP.sub("", " ".join(lines)):
        if char == HIT_START:
            opened = len(chars) if opened is None else opened
        elif char == HIT_END:
            if opened is not None and opened < len(chars):
                hits.append((opened, len(chars)))
            opened = None
        else:
            chars.append(char)
    return _collapsed("".join(chars), hits)


def _collapsed(text: str, hits: list[tuple[int, int]]) -> _Plain:
    """``text`` with runs of spaces made one and ends trimmed, hit spans moved along."""
    keep = [
        i
        for i, char in enumerate(text)
        if not char.isspace() or (i > 0 and not text[i - 1].isspace())
    ]
    while keep and text[keep[-1]].isspace():
        keep.pop()
    new_index = {old: new for new, old in enumerate(keep)}
    moved = []
    for a, b in hits:
        inside = [new_index[i] for i in range(a, b) if i in new_index]
        if inside:
            moved.append((inside[0], inside[-1] + 1))
    out = "".join(" " if text[i].isspace() else text[i] for i in keep)
    return _Plain(out, tuple(moved))


def _word_bounded(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans trimmed to start and end on a word character; those split by only
    spaces merged ("second place" is bolded once); empty ones dropped."""
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        while a < b and not _WORD_CHAR.match(text[a]):
            a += 1
        while b > a and not _WORD_CHAR.match(text[b - 1]):
            b -= 1
        if a == b:
            continue
        if out and (a <= out[-1][1] or not text[out[-1][1] : a].strip()):
            out[-1] = (out[-1][0], max(b, out[-1][1]))
        else:
            out.append((a, b))
    return out


def _window(plain: _Plain, length: int) -> tuple[int, int]:
    """Where the snippet starts and ends: the stretch with the most found words in it,
    the earliest of those (the section's start when it has as many)."""
    text = plain.text
    if len(text) <= length:
        return 0, len(text)
    around = [(0, 0)] + [(_lead_in(text, a, length), b) for a, b in plain.hits]
    windows = [_fitted(text, start, length, keep) for start, keep in around]

    def found(window: tuple[int, int]) -> int:
        return sum(1 for a, b in plain.hits if window[0] <= a and b <= window[1])

    return max(windows, key=lambda window: (found(window), -window[0]))


def _lead_in(text: str, hit_start: int, length: int) -> int:
    """Where to start showing a found word: with a little context before it, from the
    start of its sentence when that is near."""
    floor = max(0, hit_start - length // 3)
    if floor == 0:
        return 0
    sentence = text.rfind(". ", floor, hit_start)
    if sentence != -1:
        return sentence + 2
    space = text.find(" ", floor, hit_start)
    return space + 1 if space != -1 else floor


def _fitted(text: str, start: int, length: int, keep: int) -> tuple[int, int]:
    """From ``start``, at most ``length`` characters, ending between words after ``keep``
    where a space allows it."""
    end = start + length
    if end >= len(text):
        return start, len(text)
    space = text.rfind(" ", max(start + 1, keep), end + 1)
    return start, space if space != -1 else end


def _escaped_line_start(line: str) -> str:
    """``line`` escaped where it would start a list, a heading or a quote."""
    number = _LIST_NUMBER.match(line)
    if number:
        return f"{number[1]}\\{number[2]}{line[number.end() :]}"
    return "\\" + line if line[:1] in ("#", ">", "+", "-") else line


def _escaped(text: str) -> str:
    """``text`` with every character markdown could read as markup escaped."""
    return _SPECIAL.sub(r"\\\1", text)
