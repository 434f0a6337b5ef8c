"""In-memory model of the simulated Discord: snowflakes, users, guilds, channels, messages.

Everything here is plain data plus ``payload()`` methods that render the JSON Discord would
send for the object, so discord.py builds real objects from it.
"""

from __future__ import annotations

import datetime
import re
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
COMPONENTS_V2 = 1 << 15

# @everyone in a fresh guild: view/send/history/embed/attach/react/external emoji/app commands,
# invites, nickname, voice connect/speak, threads.
DEFAULT_PERMISSIONS = (
    (1 << 0)  # create_instant_invite
    | (1 << 6)  # add_reactions
    | (1 << 9)  # stream
    | (1 << 10)  # view_channel
    | (1 << 11)  # send_messages
    | (1 << 14)  # embed_links
    | (1 << 15)  # attach_files
    | (1 << 16)  # read_message_history
    | (1 << 18)  # use_external_emojis
    | (1 << 20)  # connect
    | (1 << 21)  # speak
    | (1 << 25)  # use_voice_activation
    | (1 << 26)  # change_nickname
    | (1 << 31)  # use_application_commands
    | (1 << 35)  # create_public_threads
    | (1 << 38)  # send_messages_in_threads
    | (1 << 37)  # use_external_stickers
)


def iso(ts: datetime.datetime) -> str:
    """Discord's ISO-8601 timestamp format."""
    return ts.isoformat(timespec="microseconds")


def snowflake_time(snowflake: int) -> datetime.datetime:
    """The creation time encoded in a snowflake."""
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.UTC)


class Snowflakes:
    """Generates strictly increasing, time-based snowflakes (like Discord's)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def next_on(self, shard_id: int, count: int) -> int:
        """The next snowflake of a server on shard ``shard_id`` of ``count``: its
        timestamp moved on to the next that Discord sends to that shard."""
        stamp = self.next() >> 22
        stamp += (shard_id - stamp) % count
        if stamp << 22 <= self._last:
            stamp += count
        self._last = stamp << 22
        return self._last


@dataclass(eq=False)
class User:
    """A Discord user account (the bot user is one too)."""

    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "avatar_decoration_data": None,
            "banner": None,
            "accent_color": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
            "collectibles": None,
        }

    def __repr__(self) -> str:
        return f"<User id={self.id} name={self.name!r}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int = DEFAULT_PERMISSIONS
    position: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    user: User
    guild: Guild
    nick: str | None = None
    role_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=lambda: iso(datetime.datetime.now(datetime.UTC)))

    @property
    def permissions(self) -> int:
        if self.user.id == self.guild.owner_id:
            return (1 << 53) - 1
        perms = self.guild.everyone.permissions
        for role in self.guild.roles:
            if role.id in self.role_ids:
                perms |= role.permissions
        if perms & (1 << 3):  # administrator
            return (1 << 53) - 1
        return perms

    def payload(self, *, with_user: bool = True, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r) for r in self.role_ids],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass(eq=False)
class Channel:
    """A guild text channel (type 0) or a DM channel (type 1)."""

    id: int
    name: str | None
    type: int = 0
    guild: Guild | None = None
    recipient: User | None = None
    position: int = 0
    topic: str | None = None
    messages: list[Message] = field(default_factory=list)

    @property
    def is_dm(self) -> bool:
        return self.type == 1

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def last_message_id(self) -> str | None:
        return str(self.messages[-1].id) if self.messages else None

    def payload(self, *, with_guild_id: bool = True) -> dict[str, Any]:
        if self.is_dm:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": 1,
                "last_message_id": self.last_message_id,
                "flags": 0,
                "recipients": [self.recipient.payload()],
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": self.topic,
            "last_message_id": self.last_message_id,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if with_guild_id and self.guild is not None:
            data["guild_id"] = str(self.guild.id)
        return data

    def __repr__(self) -> str:
        return f"<Channel id={self.id} name={self.name!r} type={self.type}>"


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    locale: str = "en-US"
    created: str = field(default_factory=lambda: iso(datetime.datetime.now(datetime.UTC)))

    @property
    def everyone(self) -> Role:
        return self.roles[0]

    def member(self, user: User) -> Member | None:
        return self.members.get(user.id)

    def payload(self, *, bot: User, include_all_members: bool) -> dict[str, Any]:
        """The GUILD_CREATE payload."""
        members = [
            m.payload()
            for m in self.members.values()
            if include_all_members or m.user.id == bot.id
        ]
        bot_member = self.members.get(bot.id)
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": str(self.channels[0].id) if self.channels else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.locale,
            "nsfw_level": 0,
            "nsfw": False,
            "joined_at": bot_member.joined_at if bot_member else self.created,
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": members,
            "channels": [c.payload(with_guild_id=False) for c in self.channels],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "incidents_data": None,
        }

    def __repr__(self) -> str:
        return f"<Guild id={self.id} name={self.name!r}>"


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


# ----------------------------------------------------------------------------- interactions


@dataclass(eq=False)
class InteractionRecord:
    """Server-side state of one interaction Discord has dispatched."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    guild: Guild | None
    created_at: float
    name: str | None = None
    source_message: Message | None = None
    response_type: int | None = None
    response_data: dict[str, Any] | None = None
    responded_at: float | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    rejected: int = 0
    opened_by: InteractionRecord | None = None
    """For a modal submit: the interaction that showed the modal."""

    @property
    def is_dm(self) -> bool:
        return self.channel.is_dm

    def metadata(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.payload(),
            "authorizing_integration_owners": integration_owners(self.guild),
        }
        if self.type == 2:
            data["name"] = self.name
            data["command_type"] = 1
        if self.source_message is not None:
            data["interacted_message_id"] = str(self.source_message.id)
        if self.opened_by is not None:
            data["triggering_interaction_metadata"] = self.opened_by.metadata()
        return data


def integration_owners(guild: Guild | None) -> dict[str, str]:
    """Guild-install owners: the guild id, or "0" in the bot's DMs."""
    return {"0": str(guild.id) if guild else "0"}


def new_token() -> str:
    return "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)


# ----------------------------------------------------------------------------- records

_CHANNEL_PATH = re.compile(r"^/channels/(\d+)(?:/|$)")


@dataclass
class Call:
    """One REST request the bot made to the simulated Discord."""

    seq: int
    method: str
    path: str
    route: str | None
    query: dict[str, str]
    json: Any
    files: list[str]
    status: int
    response: Any
    user_id: int | None = None
    interaction_id: int | None = None
    error_code: int | None = None
    violation: bool = False
    at: float = 0.0
    """When the call arrived, on the backend's clock (:meth:`FakeDiscord.clock`)."""
    with_bot_token: bool = False
    """Made with the bot's token, so Discord counts it toward the global rate limit
    (answers to interactions are not)."""

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def channel_id(self) -> int | None:
        """The channel of a ``/channels/{channel_id}/...`` call (None for other routes)."""
        found = _CHANNEL_PATH.match(self.path)
        return int(found.group(1)) if found else None

    def __str__(self) -> str:
        code = f" code={self.error_code}" if self.error_code is not None else ""
        return f"#{self.seq} {self.method} {self.path} -> {self.status}{code}"


@dataclass
class Violation:
    """Something real Discord would have rejected, or a bot misbehaviour Discord would show."""

    kind: str
    message: str
    status: int | None = None
    code: int | None = None
    method: str | None = None
    path: str | None = None
    route: str | None = None
    errors: dict[str, Any] | None = None
    call: Call | None = field(default=None, repr=False)

    def __str__(self) -> str:
        where = f"{self.method} {self.path}: " if self.method else ""
        status = f" [{self.status}/{self.code}]" if self.status else ""
        return f"{self.kind}{status} {where}{self.message}"


class World:
    """All state of the simulated Discord."""

    def __init__(self, *, bot_name: str, application_id: int | None = None) -> None:
        self.snowflakes = Snowflakes()
        self.application_id = application_id or self.snowflakes.next()
        self.bot_user = User(id=self.application_id, name=bot_name, bot=True)
        self.owner = User(id=self.snowflakes.next(), name=f"{bot_name}-owner")
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.pseudo = False
        """The pseudo-language run: texts outside ⟦ ⟧ are violations (``pseudo``)."""
        self.untranslated: set[str] = set()
        """The texts found untranslated (each is one violation)."""
        self.deleted_channels: set[int] = set()
        self.messages: dict[int, Message] = {}
        self.dm_channels: dict[int, Channel] = {}
        self.ephemeral: dict[int, list[Message]] = {}
        self.global_commands: dict[str, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[str, dict[str, Any]]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        self.calls: list[Call] = []
        self.violations: list[Violation] = []
        self.simulator_bugs: list[str] = []
        """Answers of the simulated Discord that do not fit Discord's specification."""
        self.uploads: list[Attachment] = []
        self.attachments: dict[int, Attachment] = {}
        self.notifications: list[Message] = []
        """Every message that notified someone, deleted ones too, oldest first."""
        self.sessions_started = 0
        """Gateway sessions the bot identified (each counts against its daily starts)."""

    def default_locale(self) -> str:
        """The locale of users and servers made without one: the pseudo language's in its
        run (``pseudo``), else American English."""
        return "pseudo" if self.pseudo else "en-US"

    def names(self) -> set[str]:
        """Every name a message may show as it is: users', members', servers', channels'."""
        found = {self.bot_user.name}
        for user in self.users.values():
            found.update(name for name in (user.name, user.global_name) if name)
        for guild in self.guilds.values():
            found.add(guild.name)
            found.update(member.nick for member in guild.members.values() if member.nick)
            found.update(channel.name for channel in guild.channels)
        return found

    # -- creation ------------------------------------------------------------------------

    def add_user(self, name: str, *, global_name: str | None = None, dms_open: bool = True,
                 bot: bool = False, locale: str | None = None) -> User:
        """``locale``: the user's Discord locale (default: :meth:`default_locale`)."""
        user = User(id=self.snowflakes.next(), name=name, global_name=global_name,
                    dms_open=dms_open, bot=bot, locale=locale or self.default_locale())
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, owner: User | None = None,
                  locale: str | None = None, shard: tuple[int, int] | None = None) -> Guild:
        """``locale``: the server's preferred locale (default: :meth:`default_locale`);
        ``shard``: (id, count), a server whose events go to that shard."""
        gid = self.snowflakes.next() if shard is None else self.snowflakes.next_on(*shard)
        guild = Guild(id=gid, name=name, owner_id=(owner or self.owner).id,
                      locale=locale or self.default_locale())
        guild.roles.append(Role(id=gid, name="@everyone"))
        self.guilds[gid] = guild
        self.add_member(guild, self.bot_user)
        if owner is not None:
            self.add_member(guild, owner)
        return guild

    def add_member(self, guild: Guild, user: User, *, nick: str | None = None) -> Member:
        member = guild.members.get(user.id)
        if member is None:
            member = Member(user=user, guild=guild, nick=nick)
            guild.members[user.id] = member
        return member

    def add_text_channel(self, guild: Guild, name: str, *, topic: str | None = None) -> Channel:
        channel = Channel(id=self.snowflakes.next(), name=name, type=0, guild=guild,
                          position=len(guild.channels), topic=topic)
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def dm_channel(self, user: User) -> Channel:
        """The (stable) DM channel between the bot and ``user``; created on first use."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = Channel(id=self.snowflakes.next(), name=None, type=1, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    # -- messages ------------------------------------------------------------------------

    def store_message(self, message: Message) -> Message:
        self.messages[message.id] = message
        if message.ephemeral_for is not None:
            self.ephemeral.setdefault(message.ephemeral_for.id, []).append(message)
        else:
            message.channel.messages.append(message)
        return message

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        self.messages.pop(message.id, None)
        if message.ephemeral_for is not None:
            bucket = self.ephemeral.get(message.ephemeral_for.id, [])
            if message in bucket:
                bucket.remove(message)
        elif message in message.channel.messages:
            message.channel.messages.remove(message)

    def current(self, message: Message) -> Message:
        """The live version of ``message`` (raises if it was deleted)."""
        live = self.messages.get(message.id)
        if live is None or live.deleted:
            raise AssertionError(f"message {message.id} no longer exists (deleted)")
        return live

    # -- commands ------------------------------------------------------------------------

    def commands_for(self, guild: Guild | None) -> list[dict[str, Any]]:
        found = list(self.global_commands.values())
        if guild is not None:
            found = list(self.guild_commands.get(guild.id, {}).values()) + found
        return found
