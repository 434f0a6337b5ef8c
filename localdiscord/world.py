"""All state of the simulated Discord: the world, the interactions it dispatched and the calls
and violations it recorded."""

from __future__ import annotations

import datetime
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

from . import pseudo
from .messages import Attachment, Message
from .model import Channel, Guild, Member, Role, Snowflakes, ThreadState, User, iso

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
        """The pseudo-language run: texts outside the marks, or in the wrong reader's, are
        violations (:mod:`localdiscord.pseudo`)."""
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

    def default_locale(self, *, server: bool = False) -> str:
        """The locale of users (or servers) made without one: the players' (the servers')
        pseudo language in its run, else American English."""
        if not self.pseudo:
            return "en-US"
        return pseudo.SERVER_LOCALE if server else pseudo.LOCALE

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
                      locale=locale or self.default_locale(server=True))
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

    def add_text_channel(self, guild: Guild, name: str, *, kind: int = 0) -> Channel:
        """A channel of Discord's type ``kind``: text (0), voice (2, whose text chat is used)
        or forum (15, whose posts are threads)."""
        channel = Channel(id=self.snowflakes.next(), name=name, type=kind,
                          guild=guild, position=len(guild.channels))
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def add_thread(self, parent: Channel, name: str, *, owner: User, private: bool = False,
                   auto_archive: int = 1440) -> Channel:
        """A thread of ``parent`` started by ``owner``: public (type 11) or private (12)."""
        assert parent.guild is not None
        thread = Channel(
            id=self.snowflakes.next(), name=name, type=12 if private else 11,
            guild=parent.guild,
            thread=ThreadState(parent=parent, owner_id=owner.id,
                               created=iso(datetime.datetime.now(datetime.UTC)),
                               auto_archive=auto_archive, members={owner.id}),
        )
        parent.guild.threads.append(thread)
        self.channels[thread.id] = thread
        return thread

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
