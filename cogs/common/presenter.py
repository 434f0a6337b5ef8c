"""What each game's Discord presentation provides to the shared table."""

from __future__ import annotations

import hashlib
import io
import json
import marshal
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol, runtime_checkable

import discord

from cogs.common.i18n import _, language, ngettext, number
from cogs.common.pictures import SeatColour
from cogs.common.seatnames import name_of
from matches.match import Match

EMBED_COLOUR = discord.Colour.from_rgb(88, 122, 160)
ALT_TEXT = 1024
"""The longest description (alt text) Discord takes for an attachment."""
FINGERPRINT_MARSHAL = 2
"""``marshal``'s version 2 writes every value in full, never a reference to an object seen
before, so equal messages give equal bytes whichever objects they were built from."""


@dataclass(frozen=True)
class Picture:
    """A PNG attached to a message; an embed shows it as ``attachment://<filename>``.
    ``alt``: what a screen reader says of it (else its message's title says it)."""

    filename: str
    data: bytes
    alt: str | None = field(default=None, compare=False)

    @property
    def url(self) -> str:
        return f"attachment://{self.filename}"

    def file(self, alt: str | None = None) -> discord.File:
        """A fresh upload of the picture (a ``discord.File`` can be sent once), described by
        its own ``alt`` text, else by ``alt``."""
        description = (self.alt or alt or "")[:ALT_TEXT] or None
        return discord.File(io.BytesIO(self.data), filename=self.filename,
                            description=description)

    @cached_property
    def digest(self) -> str:
        """The picture's identity in a fingerprint, hashed once."""
        return hashlib.sha256(self.data).hexdigest()


class ShownView(discord.ui.View):
    """The view of one message's controls, whose components are worked out once: its
    fingerprint and discord.py's send or edit both ask for them, and its items are all
    added before either does."""

    _components: list[dict[str, Any]] | None = None

    def to_components(self) -> list[dict[str, Any]]:
        if self._components is None:
            self._components = super().to_components()
        return self._components


@dataclass
class Controls:
    """One message: a board, or a player's hand and the buttons to play it."""

    content: str | None = None
    embed: discord.Embed | None = None
    items: list[discord.ui.Item[Any]] = field(default_factory=list)
    pictures: list[Picture] = field(default_factory=list)
    _view: ShownView | None = field(default=None, init=False, repr=False, compare=False)

    def view(self) -> ShownView:
        """The view of ``items``, built once for the one message these controls show (its
        fingerprint and its send or edit); built again if the items were changed since."""
        if self._view is None or self._view.children != self.items:
            self._view = ShownView(timeout=None)
            for item in self.items:
                self._view.add_item(item)
        return self._view

    def let_go(self) -> None:
        """Let go of the view once the message shows it. A discord.py view and its items
        refer to each other, so they would wait for a garbage collection; taken apart,
        they are freed at once. Asked for again, the view is built anew."""
        if self._view is not None:
            self._view.clear_items()
            self._view = None

    def send_kwargs(self) -> dict[str, Any]:
        """Arguments for posting the message anew."""
        return {
            "content": self.content,
            "embed": self.embed,
            "view": self.view(),
            "files": [picture.file(self._title()) for picture in self.pictures],
        }

    def edit_kwargs(self, *, keep_pictures: bool = False) -> dict[str, Any]:
        """Arguments for editing a message into this one (its pictures replace the old).

        ``keep_pictures``: the message already shows these very pictures, so they are not
        uploaded again (Discord keeps a message's attachments when an edit names none).
        """
        message = {"content": self.content, "embed": self.embed, "view": self.view()}
        if not (keep_pictures and self.pictures):
            message["attachments"] = [picture.file(self._title()) for picture in self.pictures]
        return message

    def _title(self) -> str | None:
        """The embed's title, which says what its picture shows (whose turn it is)."""
        return self.embed.title if self.embed is not None else None

    def shows_pictures_of(self, fingerprint: str) -> bool:
        """Whether a message with this earlier ``fingerprint`` shows these same pictures."""
        try:
            shown = json.loads(fingerprint)[-1]
        except (ValueError, IndexError, TypeError, KeyError):
            return False
        return bool(self.pictures) and shown == self._picture_digests()

    def _picture_digests(self) -> list[list[str]]:
        return [[picture.filename, picture.digest] for picture in self.pictures]

    def fingerprint(self) -> str:
        """A short, stable digest of what the message would show, to skip needless edits:
        the hash of its text, embed and controls, and its pictures' own hashes (stored with
        the message, and kept in memory for every match in play). The text, embed and
        controls are serialised by ``marshal``, four to eight times quicker than JSON."""
        shown = marshal.dumps(
            [
                self.content,
                self.embed.to_dict() if self.embed is not None else None,
                self.view().to_components(),
            ],
            FINGERPRINT_MARSHAL,
        )
        digest = hashlib.blake2b(shown, digest_size=16).hexdigest()
        return json.dumps([digest, self._picture_digests()])


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 carrot``, ``2 carrots``: the count and the word that goes with it, in the
    language spoken now when ``word`` and ``words`` are whole messages with ``{count}``
    (``plural(n, "{count} carrot", "{count} carrots")``, each language's own plural rule).
    A bare English word (``plural(n, "carrot")``) is not translated: mark it."""
    if "{count}" in word:
        return ngettext(word, words or word, count)
    return f"{number(count)} {word if count == 1 else words or word + 's'}"


ORDINAL_SUFFIXES = {"es": ".º", "it": "º", "nl": "e"}
"""How each language writes an ordinal after its number (English has its own rule)."""


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th... in English; 1.º in Spanish, 1º in Italian, 1e in Dutch."""
    suffix = ORDINAL_SUFFIXES.get(language())
    if suffix is not None:
        return f"{n}{suffix}"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def moment(at: float) -> str:
    """A time every reader's client shows in their own time zone, and how far off it is."""
    return f"<t:{int(at)}:f> (<t:{int(at)}:R>)"


def joined(names: list[str]) -> str:
    """``anne``, ``anne and ben``, ``anne, ben and chris`` (``y``, ``e``, ``en``...)."""
    if len(names) < 2:
        return "".join(names)
    return _("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


def result_title(title: str, headline: str) -> str:
    """Every game's result opens alike: the finish flag, the game, what happened."""
    return f"🏁 {title}: {headline}"


def winners_headline(names: list[str], what: str = "") -> str:
    """``anne wins!``, ``anne and ben win the race!`` (``what``: already translated)."""
    if what:
        return ngettext(
            "{names} wins {what}!", "{names} win {what}!", len(names),
            names=joined(names), what=what,
        )
    return ngettext("{names} wins!", "{names} win!", len(names), names=joined(names))


def colour_key(seats: list[tuple[SeatColour, str]]) -> str:
    """``Colours: 🟦● B anne · 🟧■ O ben``: whose marker is whose in the picture, by shape
    and letter as well as colour, each name whole."""
    key = " · ".join(f"{colour.key} {name}" for colour, name in seats)
    return _("Colours: {key}", key=key)


def forfeited_name(name: str) -> str:
    """``anne (forfeited)``: a player who resigned or ended on autopilot, in a result."""
    return _("{name} (forfeited)", name=name)


def public_view(match: Match) -> dict[str, Any]:
    """What everyone at the table sees of ``match``; once it is over, its winners are the
    result's, forfeits applied (a player who resigned or ended on autopilot cannot win), so
    the final board names whom the result names."""
    view = match.engine.view(match.state, None)
    outcome = match.outcome()
    if outcome is not None:
        view["winners"] = sorted(outcome.winners)
    return view


def place_line(
    place: int, name: str, won: bool, detail: str, *, forfeited: bool = False,
    decided: bool = True,
) -> str:
    """One line of a result, the same in every game: place, name, trophy, what they did;
    a player who resigned or ended on autopilot is said to have forfeited, which is why
    they are placed after everyone who stayed, whatever they did. In a match nobody won
    (``decided`` False) nobody is called 1st: no place is said."""
    if forfeited:
        name = forfeited_name(name)
    if not decided:
        return f"{name}: {detail}"
    return f"**{ordinal(place)}** {name}{' 🏆' if won else ''}: {detail}"


class TextBoard:
    """Defaults for a presenter whose board is text only and whose seats are not teams."""

    async def board_pictures(self, match: Match) -> list[Picture]:
        return []

    def seating(self, match: Match) -> str | None:
        return None


class Presenter(Protocol):
    """A game's public board, private controls and narration."""

    game: str
    title: str
    points: str
    """What a match gives a player in career points, in their words (/stats shows it)."""
    narration_moves: int
    """How many recent moves' events the board narrates."""

    def describe_options(self, options: dict[str, Any]) -> str:
        """A short line naming the chosen options (empty when there is nothing to say)."""

    def seating(self, match: Match) -> str | None:
        """How the seated players sit (teams), for the lobby; None when there is nothing."""

    def board(self, match: Match, recent_events: list[dict[str, Any]]) -> discord.Embed:
        """The public board of a match in play or finished."""

    async def board_pictures(self, match: Match) -> list[Picture]:
        """Pictures the board embeds, drawn off the event loop (none for a text board)."""

    def story(
        self, match: Match, recent_events: list[dict[str, Any]], seat: int
    ) -> list[tuple[str, str]]:
        """What just happened and the standings, as (name, value) embed fields: the private
        message of ``seat`` shows them under their hand."""

    def narrate(self, match: Match, events: list[dict[str, Any]]) -> list[str]:
        """The public events of one move in the board's words, one line each: what the log
        and the replay tell (never a card the table has not seen)."""

    def hidden(self, match: Match, seat: int) -> list[str]:
        """What ``seat`` holds that the table cannot see (hand, sealed card), in words and
        named for its player; empty when nothing is hidden."""

    def controls(self, match: Match, seat: int, choice: str | None = None) -> Controls:
        """The private message of ``seat`` now (``choice``: a first step already picked)."""

    def result(self, match: Match) -> discord.Embed:
        """The final announcement: winner(s) and totals."""

    def move_words(self, match: Match, seat: int, move: str) -> str:
        """What ``move`` of ``seat`` did, told to its player after the table chose it for
        them: words that follow "the table" (``played -3 on dana``)."""


@runtime_checkable
class BoardInHand(Protocol):
    """A presenter whose hand shows the board picture, so a player decides from their DM."""

    async def hand_pictures(self, match: Match, seat: int) -> list[Picture]:
        """The pictures of ``seat``'s hand now, drawn off the event loop (none: no picture)."""


_MENTIONING: ContextVar[bool] = ContextVar("mentioning", default=True)


@contextmanager
def by_name() -> Iterator[None]:
    """Players named rather than mentioned while inside: a replay's past step is nobody's
    turn now, and its players may have left the server (a mention of them reads
    "@Unknown User")."""
    token = _MENTIONING.set(False)
    try:
        yield
    finally:
        _MENTIONING.reset(token)


def who(match: Match, seat: int) -> str:
    """A seat as the channel reads it: the player's mention (their name inside
    :func:`by_name`), or the computer's name."""
    sitting = match.seats[seat]
    if sitting.computer:
        return f"🤖 {name_of(match, seat)}"
    return f"<@{sitting.user_id}>" if _MENTIONING.get() else name_of(match, seat)


def player_list(match: Match) -> str:
    return "\n".join(
        _("{number}. {player} (host)", number=seat.seat + 1, player=who(match, seat.seat))
        if seat.user_id == match.host_id
        else f"{seat.seat + 1}. {who(match, seat.seat)}"
        for seat in match.seats
    )


def board_alt(presenter: Presenter, match: Match, title: str | None) -> str | None:
    """What a board's picture says to a screen reader: its ``title`` (whose turn it is) while
    the match is played, the result's headline (who won) once it is over."""
    return title if match.outcome() is None else presenter.result(match).title
