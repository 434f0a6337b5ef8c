"""Messages as the simulated Discord stores them: their flags, attachments and what a user
sees of their components."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .model import Channel, User, iso, snowflake_time

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
COMPONENTS_V2 = 1 << 15

# ----------------------------------------------------------------------------- components


@dataclass(frozen=True)
class ButtonView:
    """A button as the user sees it."""

    custom_id: str | None
    label: str | None
    style: int
    disabled: bool
    url: str | None
    emoji: str | None
    raw: dict[str, Any] = field(repr=False, compare=False)

    @property
    def is_link(self) -> bool:
        return self.style in (5, 6)


@dataclass(frozen=True)
class SelectView:
    """A select menu as the user sees it (options only for string selects)."""

    custom_id: str
    type: int
    options: list[dict[str, Any]]
    placeholder: str | None
    min_values: int
    max_values: int
    disabled: bool
    raw: dict[str, Any] = field(repr=False, compare=False)

    @property
    def values(self) -> list[str]:
        return [o["value"] for o in self.options]


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, including nested v2 layout children."""
    for comp in components or []:
        if not isinstance(comp, dict):
            continue
        yield comp
        yield from walk_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def emoji_text(emoji: Any) -> str | None:
    if isinstance(emoji, dict):
        return emoji.get("name")
    return None


def embed_text(embed: dict[str, Any]) -> str:
    parts: list[str] = []
    author = embed.get("author") or {}
    for value in (author.get("name"), embed.get("title"), embed.get("description")):
        if value:
            parts.append(str(value))
    for fld in embed.get("fields") or []:
        parts.append(f"{fld.get('name', '')}\n{fld.get('value', '')}")
    footer = embed.get("footer") or {}
    if footer.get("text"):
        parts.append(str(footer["text"]))
    return "\n".join(parts)


# ----------------------------------------------------------------------------- attachments


@dataclass(eq=False)
class Attachment:
    """A file uploaded with a message; ``data`` holds the bytes the bot sent."""

    id: int
    filename: str
    data: bytes = field(repr=False)
    url: str
    content_type: str | None = None
    description: str | None = None
    ephemeral: bool = False
    message_id: int | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def dimensions(self) -> tuple[int, int] | None:
        """Width and height for PNG and GIF images (what Discord reports), else None."""
        return image_size(self.data)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.dimensions is not None:
            data["width"], data["height"] = self.dimensions
        if self.ephemeral:
            data["ephemeral"] = True
        return data

    def __repr__(self) -> str:
        return f"<Attachment id={self.id} filename={self.filename!r} size={self.size}>"


def image_size(data: bytes) -> tuple[int, int] | None:
    """The pixel size stored in a PNG or GIF header."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        return int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    return None


# ----------------------------------------------------------------------------- messages


@dataclass(eq=False)
class Message:
    """A message as stored by the fake Discord (edits apply in place)."""

    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    legacy_interaction: dict[str, Any] | None = None
    ephemeral_for: User | None = None
    interaction_id: int | None = None
    reactions: dict[str, int] = field(default_factory=dict)
    deleted: bool = False
    notified: tuple[int, ...] = ()
    """The users this message notified when it was posted (an edit notifies nobody)."""
    edits: int = 0
    """The edits Discord accepted to this message (a "thinking" message's answer is none)."""

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def timestamp(self) -> str:
        return iso(snowflake_time(self.id))

    @property
    def text(self) -> str:
        """Content, all embed text and v2 text displays joined by newlines."""
        parts = [self.content] if self.content else []
        parts.extend(embed_text(e) for e in self.embeds)
        parts.extend(
            c["content"]
            for c in walk_components(self.components)
            if c.get("type") == 10 and c.get("content")
        )
        return "\n".join(p for p in parts if p)

    @property
    def buttons(self) -> list[ButtonView]:
        return [
            ButtonView(
                custom_id=c.get("custom_id"),
                label=c.get("label"),
                style=int(c.get("style", 1)),
                disabled=bool(c.get("disabled", False)),
                url=c.get("url"),
                emoji=emoji_text(c.get("emoji")),
                raw=c,
            )
            for c in walk_components(self.components)
            if c.get("type") == 2
        ]

    @property
    def selects(self) -> list[SelectView]:
        return [
            SelectView(
                custom_id=c.get("custom_id", ""),
                type=int(c["type"]),
                options=list(c.get("options") or []),
                placeholder=c.get("placeholder"),
                min_values=int(c.get("min_values", 1)),
                max_values=int(c.get("max_values", 1)),
                disabled=bool(c.get("disabled", False)),
                raw=c,
            )
            for c in walk_components(self.components)
            if c.get("type") in (3, 5, 6, 7, 8)
        ]

    def attachment(self, filename: str) -> Attachment:
        """The attachment called ``filename`` (raises if the message has none by that name)."""
        for found in self.attachments:
            if found.filename == filename:
                return found
        names = [a.filename for a in self.attachments]
        raise AssertionError(f"message {self.id} has no attachment {filename!r}; has {names}")

    def find_button(
        self, *, label: str | None = None, custom_id: str | None = None
    ) -> ButtonView | None:
        """The first button matching label and/or custom_id (None if absent)."""
        for b in self.buttons:
            if label is not None and b.label != label:
                continue
            if custom_id is not None and b.custom_id != custom_id:
                continue
            return b
        return None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.type,
            "content": self.content,
            "author": self.author.payload(),
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": [dict(e) for e in self.embeds],
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if self.reactions:
            data["reactions"] = [
                {
                    "emoji": {"id": None, "name": name},
                    "count": count,
                    "count_details": {"burst": 0, "normal": count},
                    "burst_colors": [],
                    "me_burst": False,
                    "burst_me": False,
                    "me": True,
                    "burst_count": 0,
                }
                for name, count in self.reactions.items()
            ]
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.legacy_interaction is not None:
            data["interaction"] = self.legacy_interaction
        return data

    def __repr__(self) -> str:
        where = f" ephemeral_for={self.ephemeral_for.name!r}" if self.ephemeral_for else ""
        return (f"<Message id={self.id} channel={self.channel.id}{where} "
                f"content={self.content[:40]!r}>")
