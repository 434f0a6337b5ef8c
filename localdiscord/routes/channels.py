"""The routes of channels and their messages, and of servers and their members."""

from __future__ import annotations

from typing import Any

from ..messages import Message
from ..model import Channel, Guild
from ..posting import Posting
from ..rest import ApiError, Req, Route, as_snowflake
from ..world import World

VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
ATTACH_FILES = 1 << 15
MANAGE_THREADS = 1 << 34
SEND_MESSAGES_IN_THREADS = 1 << 38


class ChannelRoutes:
    """Channels, messages, reactions; servers, their channels and members."""

    def __init__(self, world: World, posting: Posting) -> None:
        self.world = world
        self.posting = posting

    def routes(self) -> list[Route]:
        message = "/channels/{channel_id}/messages/{message_id}"
        return [
            Route("GET", "/channels/{channel_id}", self.get_channel),
            Route("PATCH", "/channels/{channel_id}", self.modify_thread),
            Route("PUT", "/channels/{channel_id}/thread-members/@me", self.join_thread),
            Route("GET", "/channels/{channel_id}/messages", self.list_messages),
            Route("POST", "/channels/{channel_id}/messages", self.create_message),
            Route("GET", message, self.get_message),
            Route("PATCH", message, self.edit_message),
            Route("DELETE", message, self.delete_message),
            Route("POST", "/channels/{channel_id}/typing", self.typing),
            Route("PUT", message + "/reactions/{emoji}/@me", self.add_reaction),
            Route("DELETE", message + "/reactions/{emoji}/@me", self.remove_reaction),
            Route("GET", "/guilds/{guild_id}", self.get_guild),
            Route("GET", "/guilds/{guild_id}/channels", self.get_guild_channels),
            Route("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
        ]

    def _channel(self, req: Req) -> Channel:
        channel_id = as_snowflake(req.params["channel_id"])
        channel = self.world.channels.get(channel_id)
        if channel is None:
            deleted = channel_id in self.world.deleted_channels
            raise ApiError(404, 10003, "Unknown Channel", expected=deleted or req.method == "GET")
        if channel.is_dm and channel.recipient is not None:
            req.user_id = channel.recipient.id
        return channel

    def _bot_allowed(self, channel: Channel) -> int | None:
        """The bot's permissions in a server channel (None elsewhere). 50001 where it may not
        see the channel, or a private thread it is not in, which only its members (and
        moderators) see."""
        bot_id = self.world.bot_user.id
        member = channel.guild.members.get(bot_id) if channel.guild is not None else None
        if member is None:
            return None
        allowed = member.permissions_in(channel)
        private = channel.thread is not None and channel.type == 12
        if not allowed & VIEW_CHANNEL or (
            private and bot_id not in channel.thread.members and not allowed & MANAGE_THREADS
        ):
            raise ApiError(403, 50001, "Missing Access", expected=True)
        return allowed

    def _bot_may(self, channel: Channel, needed: int) -> None:
        """Refuse what the bot may not do in a server channel, as Discord does: 50001
        without access, 50013 without another permission ``needed`` (Send Messages in
        Threads for Send Messages in a thread). The bot cannot know for sure (a moderator
        may change them any time), so both are outcomes it must handle, not violations."""
        allowed = self._bot_allowed(channel)
        if allowed is None:
            return
        if channel.thread is not None and needed & SEND_MESSAGES:
            needed = needed & ~SEND_MESSAGES | SEND_MESSAGES_IN_THREADS
        if needed & ~allowed:
            raise ApiError(403, 50013, "Missing Permissions", expected=True)

    @staticmethod
    def _unarchived_to_post(channel: Channel, bot_id: int) -> None:
        """A new message in an archived thread unarchives it, as Discord's API does, unless
        a moderator locked it; the bot posting there is a member of the thread from then."""
        thread = channel.thread
        if thread is None:
            return
        if thread.archived and thread.locked:
            raise ApiError(400, 50083, "Thread is archived", expected=True)
        thread.archived = False
        thread.members.add(bot_id)

    @staticmethod
    def _not_archived(channel: Channel) -> None:
        """An archived thread is immutable: its messages cannot be edited until the thread
        is unarchived (PATCH archived: false); deleting one is allowed."""
        if channel.thread is not None and channel.thread.archived:
            raise ApiError(400, 50083, "Thread is archived", expected=True)

    def _channel_message(self, req: Req, channel: Channel) -> Message:
        msg = self.world.messages.get(as_snowflake(req.params["message_id"]))
        if msg is None or msg.channel is not channel or msg.ephemeral_for is not None:
            raise ApiError(404, 10008, "Unknown Message", expected=req.method == "GET")
        return msg

    # -- channels / messages -------------------------------------------------------------

    async def get_channel(self, req: Req) -> tuple[int, Any]:
        return 200, self._channel(req).payload()

    async def modify_thread(self, req: Req) -> tuple[int, Any]:
        """Unarchive (or archive) a thread: a thread not locked takes being its member (or
        Manage Threads), a locked one Manage Threads. Only ``archived`` is modelled, and no
        THREAD_UPDATE follows (the bot reads the answer)."""
        channel = self._channel(req)
        body = req.json or {}
        if channel.thread is None or set(body) - {"archived"}:
            raise AssertionError(f"fakediscord: only a thread's archived is modelled: {body}")
        bot_id = self.world.bot_user.id
        allowed = self._bot_allowed(channel) or 0
        if channel.thread.locked and not allowed & MANAGE_THREADS:
            raise ApiError(403, 50013, "Missing Permissions", expected=True)
        if not channel.thread.locked and bot_id not in channel.thread.members and not (
            allowed & MANAGE_THREADS
        ):
            raise ApiError(403, 50001, "Missing Access", expected=True)
        if "archived" in body:
            channel.thread.archived = bool(body["archived"])
        return 200, channel.payload()

    async def join_thread(self, req: Req) -> tuple[int, Any]:
        """The bot joins a thread: not an archived one, nor a private one it was not
        invited to (without Manage Threads)."""
        channel = self._channel(req)
        thread = channel.thread
        if thread is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        self._bot_allowed(channel)
        if thread.archived:
            raise ApiError(400, 50083, "Thread is archived", expected=True)
        thread.members.add(self.world.bot_user.id)
        return 204, None

    async def list_messages(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        limit = max(1, min(100, int(req.query.get("limit", 50))))
        msgs = sorted(channel.messages, key=lambda m: m.id, reverse=True)
        if "before" in req.query:
            msgs = [m for m in msgs if m.id < int(req.query["before"])]
        if "after" in req.query:
            msgs = [m for m in msgs if m.id > int(req.query["after"])][-limit:]
        return 200, [m.payload() for m in msgs[:limit]]

    async def create_message(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        if channel.is_dm and channel.recipient is not None and (
            not channel.recipient.dms_open or channel.recipient.bot
        ):
            raise ApiError(403, 50007, "Cannot send messages to this user", expected=True)
        self._bot_may(channel, SEND_MESSAGES | (ATTACH_FILES if req.files else 0))
        self._unarchived_to_post(channel, self.world.bot_user.id)
        payload = self.posting.check_payload(req.json, creating=True, files=len(req.files))
        msg = self.posting.new_message(channel, payload, req.files)
        return 200, msg.payload()

    async def get_message(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        return 200, self._channel_message(req, channel).payload()

    async def edit_message(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        self._bot_may(channel, ATTACH_FILES if req.files else 0)
        self._not_archived(channel)
        msg = self._channel_message(req, channel)
        if channel.is_dm and channel.recipient is not None and not channel.recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user", expected=True)
        if msg.author is not self.world.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        return self.posting.edit(msg, req)

    async def delete_message(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        self._bot_may(channel, 0)
        self.world.delete_message(self._channel_message(req, channel))
        return 204, None

    async def typing(self, req: Req) -> tuple[int, Any]:
        self._channel(req)
        return 204, None

    async def add_reaction(self, req: Req) -> tuple[int, Any]:
        msg = self._channel_message(req, self._channel(req))
        msg.reactions[req.params["emoji"]] = 1
        return 204, None

    async def remove_reaction(self, req: Req) -> tuple[int, Any]:
        msg = self._channel_message(req, self._channel(req))
        msg.reactions.pop(req.params["emoji"], None)
        return 204, None

    # -- guilds --------------------------------------------------------------------------

    def _guild(self, req: Req) -> Guild:
        guild = self.world.guilds.get(as_snowflake(req.params["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild", expected=req.method == "GET")
        return guild

    async def get_guild(self, req: Req) -> tuple[int, Any]:
        data = self._guild(req).payload(bot=self.world.bot_user, include_all_members=False)
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at",
                    "large", "unavailable", "member_count", "stage_instances",
                    "guild_scheduled_events", "soundboard_sounds"):
            data.pop(key, None)
        data.update(home_header=None, region="deprecated", widget_enabled=False,
                    widget_channel_id=None, max_presences=None,
                    max_stage_video_channel_users=50, max_video_channel_users=25)
        return 200, data

    async def get_guild_channels(self, req: Req) -> tuple[int, Any]:
        return 200, [c.payload() for c in self._guild(req).channels]

    async def get_member(self, req: Req) -> tuple[int, Any]:
        guild = self._guild(req)
        member = guild.members.get(as_snowflake(req.params["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member", expected=True)
        req.user_id = member.user.id
        return 200, member.payload()
