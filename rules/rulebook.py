"""The project's own rulebooks, in every language: loading, validating and looking them up.

Each game keeps its rule text in ``rules/<game>/rulebook.md`` (English) and
``rulebook.<lang>.md`` for each other language: a ``# Title`` line, the names the game's
edition in that language goes by as ``<!-- also called: Volgnummers -->`` if any, then
sections that each start with ``## Section title {#key}``. The first
section is ``{#overview}`` (the lobby's "How to play"). A section may name the
words players use for its topic on the line after its heading, as
``<!-- keywords: own figure, last card -->``: search reads them, players never see
them. Every language's sections have the English one's keys in its order; a game
without a file in some language is read in English there. This module is pure: it reads
those files and nothing else, and imports nothing from discord, cogs or data.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules.paging import fence_after
from rules.words import folded

RULEBOOK_GAMES = ("whyfirst", "hare", "canyon", "numbers")
"""The games that have a rulebook, in the order /rules lists them."""

ENGLISH = "en"
LANGUAGES = (ENGLISH, "es", "it", "nl")
"""The languages rulebooks are written in: those the table speaks (``cogs.common.i18n``)."""

OVERVIEW_KEY = "overview"
MAX_KEY_LENGTH = 40

_RULES_DIR = Path(__file__).parent
_KEY = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_SECTION_HEADING = re.compile(r"## (?P<title>.*?)\s*\{#(?P<key>[^}]*)\}\s*")
_KEYWORDS = re.compile(r"<!--\s*keywords:(?P<words>.*?)-->\s*")
_ALSO_CALLED = re.compile(r"<!--\s*also called:(?P<names>.*?)-->\s*")


@dataclass(frozen=True)
class Section:
    """One topic of a rulebook, looked up by ``key`` (stable) or ``title`` (shown)."""

    game: str
    key: str
    title: str
    body: str
    keywords: tuple[str, ...] = ()
    """Words and phrases players use for this topic, for search only."""

    @property
    def text(self) -> str:
        """Title and body together: what a reader sees and what search indexes."""
        return f"{self.title}\n\n{self.body}"


@dataclass(frozen=True)
class Rulebook:
    """A game's rule text, split into sections in reading order."""

    game: str
    title: str
    sections: tuple[Section, ...]
    lang: str = ENGLISH
    """The language the text is written in."""
    also_called: tuple[str, ...] = ()
    """The names players of this language's edition know the game by besides ``title``."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the game goes by in this language: its title first."""
        return (self.title, *self.also_called)

    def section(self, key: str) -> Section:
        """The section with ``key``; KeyError if there is none."""
        for section in self.sections:
            if section.key == key:
                return section
        raise KeyError(f"{self.game} rulebook has no section {key!r}")

    @property
    def overview(self) -> Section:
        return self.sections[0]

    def named(self, typed: str) -> Section | None:
        """The section whose key or title is ``typed``, case, accents and spacing aside."""
        wanted = folded(" ".join(typed.split()))
        for section in self.sections:
            if wanted in (section.key, folded(section.title)):
                return section
        return None

    def matching(self, typed: str, limit: int = 25) -> list[Section]:
        """Sections whose title or key matches ``typed``, for autocomplete.

        Case and accents aside. Sections where ``typed`` starts a word come first, then
        those containing it anywhere, then those containing each typed word;
        each group keeps reading order. Nothing typed: the first ``limit``.
        """
        if limit <= 0:
            return []
        wanted = " ".join(folded(typed).split())
        if not wanted:
            return list(self.sections[:limit])
        words = wanted.split()
        word_start = re.compile(r"(?<![a-z0-9])" + re.escape(wanted))
        starts, contains, all_words = [], [], []
        for section in self.sections:
            names = (folded(section.title), section.key, section.key.replace("-", " "))
            if any(word_start.search(name) for name in names):
                starts.append(section)
            elif any(wanted in name for name in names):
                contains.append(section)
            elif all(any(word in name for name in names) for word in words):
                all_words.append(section)
        return (starts + contains + all_words)[:limit]


def parse_rulebook(game: str, text: str, source: str = "rulebook") -> Rulebook:
    """Parse and validate rulebook ``text``; ValueError names ``source`` and the problem."""

    def problem(line_no: int | None, message: str) -> ValueError:
        where = f"{source}:{line_no}" if line_no else source
        return ValueError(f"{where}: {message}")

    lines = text.splitlines()
    if not lines or not lines[0].startswith("# ") or not lines[0][2:].strip():
        raise problem(1, "the file must start with '# <Game title>'")
    title = lines[0][2:].strip()
    named = _ALSO_CALLED.fullmatch(lines[1]) if len(lines) > 1 else None
    also_called = tuple(n.strip() for n in named["names"].split(",") if n.strip()) if named else ()
    first = 2 if named else 1  # the sections start after the title and the game's names

    # (line number, key, title, body lines) for each section, in order.
    raw: list[tuple[int, str, str, list[str]]] = []
    fence: str | None = None
    fence_line = 0
    for line_no, line in enumerate(lines[first:], start=first + 1):
        if fence is None and line.startswith("#"):
            heading = _SECTION_HEADING.fullmatch(line)
            if heading:
                raw.append((line_no, heading["key"], heading["title"], []))
                continue
            if line.startswith(("# ", "## ")):
                raise problem(line_no, "a heading must be '## <Section title> {#key}'")
        if fence is None:
            fence_line = line_no
        fence = fence_after(line, fence)
        if raw:
            raw[-1][3].append(line)
        elif line.strip():
            raise problem(line_no, "text before the first section")
    if fence is not None:
        raise problem(fence_line, "code block is never closed")
    if not raw:
        raise problem(None, "no sections")

    sections: list[Section] = []
    seen: set[str] = set()
    for line_no, key, section_title, lines_after in raw:
        if not _KEY.fullmatch(key) or len(key) > MAX_KEY_LENGTH:
            raise problem(
                line_no,
                f"section key {key!r} must be lowercase a-z, 0-9 and single hyphens,"
                f" at most {MAX_KEY_LENGTH} characters",
            )
        if key in seen:
            raise problem(line_no, f"section key {key!r} is used twice")
        seen.add(key)
        if not section_title:
            raise problem(line_no, f"section {key!r} has no title")
        keywords, body_lines = _keywords(lines_after)
        if any(_KEYWORDS.fullmatch(line) for line in body_lines):
            raise problem(line_no, f"section {key!r}: keywords go on the line after the heading")
        body = "\n".join(body_lines).strip()
        if not body:
            raise problem(line_no, f"section {key!r} is empty")
        sections.append(
            Section(game=game, key=key, title=section_title, body=body, keywords=keywords)
        )
    if sections[0].key != OVERVIEW_KEY:
        raise problem(raw[0][0], f"the first section must be {{#{OVERVIEW_KEY}}}")
    return Rulebook(game=game, title=title, sections=tuple(sections), also_called=also_called)


def _keywords(lines: list[str]) -> tuple[tuple[str, ...], list[str]]:
    """The keywords line right after a heading, split into phrases, and the lines after it."""
    found = _KEYWORDS.fullmatch(lines[0]) if lines else None
    if found is None:
        return (), lines
    phrases = (" ".join(phrase.split()) for phrase in found["words"].split(","))
    return tuple(phrase for phrase in phrases if phrase), lines[1:]


def rulebook_path(game: str, lang: str = ENGLISH) -> Path:
    """Where ``game``'s rulebook in ``lang`` lives; ValueError for a game or language
    without one."""
    if game not in RULEBOOK_GAMES:
        raise ValueError(f"no rulebook for game {game!r}; known: {', '.join(RULEBOOK_GAMES)}")
    if lang not in LANGUAGES:
        raise ValueError(f"no rulebooks in {lang!r}; known: {', '.join(LANGUAGES)}")
    name = "rulebook.md" if lang == ENGLISH else f"rulebook.{lang}.md"
    return _RULES_DIR / game / name


def load_rulebook(game: str, lang: str = ENGLISH) -> Rulebook:
    """Read and validate ``game``'s rulebook in ``lang``: the English one when that
    language has no file, and a ValueError when its sections are not the English ones."""
    english = _read(game, ENGLISH)
    path = rulebook_path(game, lang)
    if lang == ENGLISH or not path.exists():
        return english
    translated = _read(game, lang)
    check_same_sections(english, translated, source=str(path))
    return translated


def _read(game: str, lang: str) -> Rulebook:
    path = rulebook_path(game, lang)
    book = parse_rulebook(game, path.read_text(encoding="utf-8"), source=str(path))
    return dataclasses.replace(book, lang=lang)


def check_same_sections(english: Rulebook, translated: Rulebook, source: str) -> None:
    """ValueError unless ``translated`` has ``english``'s section keys, in its order."""
    want = [section.key for section in english.sections]
    have = [section.key for section in translated.sections]
    if have == want:
        return
    missing = [key for key in want if key not in have]
    extra = [key for key in have if key not in want]
    problem = (
        f"lacks {', '.join(missing)}" if missing
        else f"has {', '.join(extra)}, which the English lacks" if extra
        else "has the sections in another order than the English"
    )
    raise ValueError(f"{source}: {problem}")


@cache
def _all_rulebooks(lang: str = ENGLISH) -> tuple[Rulebook, ...]:
    return tuple(load_rulebook(game, lang) for game in RULEBOOK_GAMES)


def all_rulebooks(lang: str = ENGLISH) -> dict[str, Rulebook]:
    """Every game's rulebook in ``lang`` (English where it has none) by game key,
    loaded once per process. A language the rulebooks are not written in reads English."""
    return {book.game: book for book in _all_rulebooks(lang if lang in LANGUAGES else ENGLISH)}


def game_named(typed: str) -> str | None:
    """The game that ``typed`` names, ignoring case, accents, spaces and punctuation.

    A game's key or title in any language names it, and so does any part of them that
    no other game shares: ``hare``, ``Hare and Tortoise``, ``tortuga`` and ``why first``
    all do. None when ``typed`` names no game, or could be several.
    """
    wanted = _simplified(typed)
    if not wanted:
        return None
    for test in (str.__eq__, str.startswith, str.__contains__):
        found = [game for game, known in _names().items() if any(test(n, wanted) for n in known)]
        if found:
            return found[0] if len(found) == 1 else None
    return None


def games_matching(typed: str) -> list[str]:
    """The games whose key or title in any language holds ``typed`` (every game when it
    is empty), as :func:`game_named` compares them: "liebre" and "hare" both find it."""
    wanted = _simplified(typed)
    return [game for game, known in _names().items() if any(wanted in n for n in known)]


@cache
def _names() -> dict[str, tuple[str, ...]]:
    """Each game's key and its titles and other names in every language, simplified."""
    return {
        game: (game, *(
            _simplified(name) for lang in LANGUAGES for name in all_rulebooks(lang)[game].names
        ))
        for game in RULEBOOK_GAMES
    }


def _simplified(name: str) -> str:
    """Letters and digits only, folded: ``¿Por qué primero?`` and ``porqueprimero`` agree."""
    return "".join(char for char in folded(name) if char.isalnum())


def digest(rulebooks: Iterable[Rulebook] | None = None) -> str:
    """A stable hash of the rulebooks' content (all of them, in every language, by default).

    It changes whenever any title, key or text changes, so a search index can
    store it and be rebuilt when it no longer matches.
    """
    sha = hashlib.sha256()
    books = (
        [book for lang in LANGUAGES for book in _all_rulebooks(lang)]
        if rulebooks is None
        else rulebooks
    )
    for book in books:
        parts = [book.lang, book.game, book.title]
        for section in book.sections:
            parts += [section.key, section.title, section.body, ", ".join(section.keywords)]
        for part in parts:
            encoded = part.encode("utf-8")
            sha.update(len(encoded).to_bytes(8, "big"))
            sha.update(encoded)
    return sha.hexdigest()
