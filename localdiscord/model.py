"""In-memory model of the simulated Discord: snowflakes, users, roles, members, channels, guilds.

Everything here is plain data plus ``payload()`` methods that render the JSON Discord would
send for the object, so discord.py builds real objects from it.
"""

from __future__ import annotations

import datetime
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .messages import Message

DISCORD_EPOCH_MS = 1420070400000

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

    def permissions_in(self, channel: Channel) -> int:
        """The member's permissions in ``channel``: the server's, less what the channel's
        overwrites deny this member (the owner and administrators are never denied)."""
        perms = self.permissions
        if perms == (1 << 53) - 1:
            return perms
        overwrites = channel.permission_source.overwrites
        everyone = overwrites.get(self.guild.id)  # @everyone's id is the server's
        if everyone is not None:
            perms = perms & ~everyone.deny | everyone.allow
        roles = [overwrites[r] for r in self.role_ids if r in overwrites]
        for deny in (o.deny for o in roles):
            perms &= ~deny
        for allow in (o.allow for o in roles):
            perms |= allow
        own = overwrites.get(self.user.id)
        if own is not None:
            perms = perms & ~own.deny | own.allow
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


@dataclass(frozen=True)
class Overwrite:
    """What a channel allows and denies a role (``type`` 0) or a member (1), over the
    server's permissions."""

    type: int
    allow: int = 0
    deny: int = 0


@dataclass
class ThreadState:
    """What a thread (channel type 11, public, or 12, private) keeps beside a channel's."""

    parent: Channel
    owner_id: int
    created: str
    archived: bool = False
    archived_at: str | None = None
    locked: bool = False
    auto_archive: int = 1440
    """Minutes of quiet after which Discord archives it: 60, 1440, 4320 or 10080."""
    members: set[int] = field(default_factory=set)
    """Who joined it: its starter, and whoever posted in it."""

    def payload(self) -> dict[str, Any]:
        return {
            "archived": self.archived,
            "archive_timestamp": self.archived_at,
            "auto_archive_duration": self.auto_archive,
            "locked": self.locked,
            "create_timestamp": self.created,
        }


@dataclass(eq=False)
class Channel:
    """A guild text channel (type 0), a DM channel (type 1), a voice channel (2, its text
    chat), a forum (15) or a thread (11 or 12, with ``thread``)."""

    id: int
    name: str | None
    type: int = 0
    guild: Guild | None = None
    recipient: User | None = None
    position: int = 0
    topic: str | None = None
    messages: list[Message] = field(default_factory=list)
    overwrites: dict[int, Overwrite] = field(default_factory=dict)
    """The channel's permission overwrites, by the id of their role or member."""
    thread: ThreadState | None = None

    @property
    def is_dm(self) -> bool:
        return self.type == 1

    @property
    def permission_source(self) -> Channel:
        """The channel whose overwrites apply here: a thread's parent, else itself."""
        return self.thread.parent if self.thread is not None else self

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
        if self.thread is not None:
            return self._thread_payload()
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [
                {"id": str(id_), "type": o.type, "allow": str(o.allow), "deny": str(o.deny)}
                for id_, o in self.overwrites.items()
            ],
            "nsfw": False,
            "parent_id": None,
            "topic": self.topic,
            "last_message_id": self.last_message_id,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.type == 2:  # a voice channel, whose text chat takes messages too
            data.update({"bitrate": 64000, "user_limit": 0, "rtc_region": None})
        if self.type == 15:  # a forum: its posts are threads
            data.update({"available_tags": [], "default_reaction_emoji": None,
                         "default_sort_order": None, "default_forum_layout": 0})
        if with_guild_id and self.guild is not None:
            data["guild_id"] = str(self.guild.id)
        return data

    def _thread_payload(self) -> dict[str, Any]:
        assert self.thread is not None and self.guild is not None
        sent = len(self.messages)
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "parent_id": str(self.thread.parent.id),
            "owner_id": str(self.thread.owner_id),
            "last_message_id": self.last_message_id,
            "rate_limit_per_user": 0,
            "flags": 0,
            "thread_metadata": self.thread.payload(),
            "message_count": sent,
            "member_count": len(self.thread.members),
            "total_message_sent": sent,
        }

    def __repr__(self) -> str:
        return f"<Channel id={self.id} name={self.name!r} type={self.type}>"


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    threads: list[Channel] = field(default_factory=list)
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
            "threads": [t.payload() for t in self.threads if t.thread and not t.thread.archived],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "incidents_data": None,
        }

    def __repr__(self) -> str:
        return f"<Guild id={self.id} name={self.name!r}>"
