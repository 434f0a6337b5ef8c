"""Long rule text cut into pages that fit a Discord message, code blocks kept valid."""

from __future__ import annotations

import re
from dataclasses import dataclass

_FENCE = re.compile(r"\s*(?P<marker>`{3,}|~{3,})(?P<info>.*)")


def _fence_opening(line: str) -> str | None:
    """The fence marker (```` ``` ```` or ``~~~``) if ``line`` can open a code block."""
    match = _FENCE.fullmatch(line)
    if match is None or (match["marker"][0] == "`" and "`" in match["info"]):
        return None
    return match["marker"]


def fence_after(line: str, fence: str | None) -> str | None:
    """The code fence still open after ``line``, given the one open before it."""
    if fence is None:
        return _fence_opening(line)
    match = _FENCE.fullmatch(line)
    closes = (
        match is not None
        and match["marker"][0] == fence[0]
        and len(match["marker"]) >= len(fence)
        and not match["info"].strip()
    )
    return None if closes else fence


@dataclass(frozen=True)
class _Block:
    """A paragraph (consecutive non-blank lines) or a whole fenced code block."""

    lines: tuple[str, ...]
    is_code: bool = False
    closed: bool = True  # a code block whose closing fence is in the text


def _blocks(text: str) -> list[tuple[str, _Block]]:
    """``text`` as (separator before it, block) pairs; separators are runs of newlines."""
    out: list[tuple[str, _Block]] = []
    current: list[str] = []
    blank_run = 0

    def flush(block: _Block) -> None:
        nonlocal blank_run
        out.append(("\n" * (blank_run + 1), block))
        blank_run = 0

    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = _fence_opening(line)
        if fence is not None:
            if current:
                flush(_Block(tuple(current)))
                current = []
            code = [line]
            i += 1
            while i < len(lines) and fence is not None:
                code.append(lines[i])
                fence = fence_after(lines[i], fence)
                i += 1
            flush(_Block(tuple(code), is_code=True, closed=fence is None))
            continue
        if line.strip():
            current.append(line)
        else:
            if current:
                flush(_Block(tuple(current)))
                current = []
            blank_run += 1
        i += 1
    if current:
        flush(_Block(tuple(current)))
    return out


def _split_line(line: str, limit: int) -> list[str]:
    """A too-long line cut at spaces where possible, each piece at most ``limit``."""
    pieces: list[str] = []
    while len(line) > limit:
        cut = line.rfind(" ", 0, limit + 1)
        head = line[:cut].rstrip() if cut > 0 else ""
        if head.strip():
            line = line[cut + 1 :].lstrip(" ")
        else:
            head, line = line[:limit], line[limit:]
        if head.strip():
            pieces.append(head)
    if line.strip():
        pieces.append(line)
    return pieces


class _Pager:
    """Pages of at most ``limit`` characters, filled greedily in reading order."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.pages: list[str] = []
        self.page = ""

    def fits(self, joint: str, piece: str, reserve: int = 0) -> bool:
        """Whether ``piece`` (at most ``limit`` long) still fits on the current page."""
        return len(self.page) + len(joint) + len(piece) + reserve <= self.limit

    def add(self, joint: str, piece: str, reserve: int = 0) -> None:
        """Append ``piece`` after ``joint``, or start a new page with it if it does not fit."""
        if self.page and self.fits(joint, piece, reserve):
            self.page += joint + piece
        else:
            self.flush()
            self.page = piece

    def flush(self) -> None:
        if self.page:
            self.pages.append(self.page)
        self.page = ""

    def add_lines(self, separator: str, lines: tuple[str, ...]) -> None:
        """A block too long for one page, broken between lines, long lines between words."""
        joint = separator
        for line in filter(str.strip, lines):
            for piece in _split_line(line, self.limit):
                self.add(joint, piece)
                joint = "\n"

    def add_code(self, separator: str, block: _Block) -> bool:
        """A code block too long for one page: each page closes it, the next reopens it.

        False when even one line cannot fit between the fences.
        """
        opening = block.lines[0]
        closing = block.lines[-1] if block.closed else _fence_opening(opening) or "```"
        inner = block.lines[1:-1] if block.closed else block.lines[1:]
        room = self.limit - len(opening) - len(closing) - 2
        if room < 1:
            return False
        reserve = 1 + len(closing)  # every page that opens the block must close it
        # Overlong code lines are cut hard; blank lines are kept.
        rows = [row[i : i + room] for row in inner for i in range(0, max(len(row), 1), room)]
        first = len(rows[0]) if rows else 0
        self.add(separator, opening, reserve + 1 + first)
        for row in rows:
            if not self.fits("\n", row, reserve):
                self.page += "\n" + closing
                self.flush()
                self.page = opening
            self.page += "\n" + row
        if block.closed:
            self.page += "\n" + closing
        return True


def split_for_discord(text: str, limit: int) -> list[str]:
    """``text`` in pages of at most ``limit`` characters, for paging a long section.

    Pages break between paragraphs where possible, else between lines, else
    between words. A code block is kept whole when it fits on a page; one that
    must be split is closed at the end of a page and reopened on the next.
    Text that fits is returned unchanged as a single page.
    """
    if limit < 1:
        raise ValueError("the page limit must be at least 1")
    if len(text) <= limit:
        return [text]
    pager = _Pager(limit)
    for separator, block in _blocks(text.strip("\n")):
        whole = "\n".join(block.lines)
        if len(whole) <= limit:
            pager.add(separator, whole)
        elif not (block.is_code and pager.add_code(separator, block)):
            pager.add_lines(separator, block.lines)
    pager.flush()
    return pager.pages
