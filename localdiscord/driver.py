"""The :class:`FakeDiscord` facade: start the fake, build its world, read what it recorded;
connecting bots (``sessions``) and acting as users (``players``) are its parts."""

from __future__ import annotations

import asyncio
import datetime
import logging
from types import TracebackType
from typing import TYPE_CHECKING, Any

import discord
import discord.http
import discord.webhook.async_

from . import mentions, pseudo
from .gateway import TaskTracker, guild_create_payload
from .messages import Attachment, Message
from .model import Channel, Guild, Member, Overwrite, Role, User, iso
from .players import Players
from .remote import RemoteBot
from .server import GLOBAL_RATE, Fault, RestServer
from .sharding import Session
from .world import Call, InteractionRecord, Violation, World

if TYPE_CHECKING:
    from . import openapi


class _ErrorLogCapture(logging.Handler):
    def __init__(self, sink: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(record)


class FakeDiscord(Players):
    """A simulated Discord backend that drives a real discord.py bot.

    Use as ``async with FakeDiscord() as backend:``. It serves REST on 127.0.0.1, points
    ``discord.http.Route.BASE`` at itself and feeds gateway events straight into the bot.
    A request Discord would refuse fails the block when it closes, unless the test took it
    (``take_violations``); so does an answer off Discord's specification.
    ``call_bodies=False``: the call log keeps no request or response bodies (a benchmark's
    long run keeps what it counts, and the log does not swell the process's heap).
    ``global_rate``: Discord's global rate limit for calls made with the bot's token (None:
    none, for benchmarks that measure a bot whose limit Discord raised).
    ``checked=False``: requests and answers are not checked against Discord's specification
    (which then need not be installed: the local table beside a project cloned alone).
    ``settle_timeout``: seconds a wait for the bot may last before the bot counts as stuck:
    patience for a machine busy with other work (a worker process started anew there can
    take seconds), never a figure; a bot that is done ends the wait at once.
    """

    def __init__(self, *, token: str = "fake-bot-token", bot_name: str = "TestBot",
                 application_id: int | None = None, settle_timeout: float = 60.0,
                 park_threshold: float = 1.0, call_bodies: bool = True,
                 global_rate: int | None = GLOBAL_RATE, checked: bool = True) -> None:
        self.world = World(bot_name=bot_name, application_id=application_id)
        self.token = token
        self.settle_timeout = settle_timeout
        self.server = RestServer(self.world, token=lambda: self.token, clock=lambda: self.clock(),
                                 on_call=self._on_call, bodies=call_bodies,
                                 global_rate=global_rate,
                                 spec=_specification() if checked else None)
        self.tracker = TaskTracker(park_threshold=park_threshold)
        self.bot: discord.Client | RemoteBot | None = None
        """The first bot connected (of those still connected)."""
        self.bots: list[discord.Client | RemoteBot] = []
        self._served: discord.Client | RemoteBot | None = None
        """Every bot connected, each with the sessions of its own shards."""
        self.sessions: list[Session] = []
        """The open gateway sessions, a bot's shards in the order they identified."""
        self.gateway_sends: list[dict[str, Any]] = []
        self.bot_errors: list[logging.LogRecord] = []
        self.base_url = ""
        self._clock_offset = 0.0
        self._unchecked: list[InteractionRecord] = []
        self._simultaneous = 0
        self._local_command_ids: dict[tuple[int | None, str], int] = {}
        self._saved_bases: list[tuple[type, Any]] = []
        self._log_handler = _ErrorLogCapture(self.bot_errors)
        self._answer_waiters: dict[int, list[asyncio.Future[None]]] = {}
        self._channel_waiters: dict[int, list[asyncio.Future[Call]]] = {}

    # -- lifecycle -----------------------------------------------------------------------

    async def __aenter__(self) -> FakeDiscord:
        self.base_url = await self.server.start()
        for cls in {discord.http.Route, discord.webhook.async_.Route}:
            self._saved_bases.append((cls, cls.__dict__.get("BASE")))
            cls.BASE = self.base_url
        logging.getLogger("discord").addHandler(self._log_handler)
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        try:
            for bot in list(self.bots):
                await self.disconnect(bot)
        finally:
            await self.server.stop()
            for cls, base in reversed(self._saved_bases):
                cls.BASE = base
            self._saved_bases.clear()
            logging.getLogger("discord").removeHandler(self._log_handler)
        if exc_type is not None:
            return
        bugs = "\n".join(f"  - {bug}" for bug in self.world.simulator_bugs)
        if bugs:
            raise AssertionError(f"the simulated Discord answered off its specification:\n{bugs}")
        refused = "\n".join(f"  - {v}" for v in self.world.violations)
        if refused:
            raise AssertionError(f"Discord would have rejected:\n{refused}")

    # -- records -------------------------------------------------------------------------

    @property
    def calls(self) -> list[Call]:
        """Every REST call, in order."""
        return self.world.calls

    @property
    def violations(self) -> list[Violation]:
        """Everything real Discord would have rejected (50007 DM refusals excluded)."""
        return self.world.violations

    @property
    def uploads(self) -> list[Attachment]:
        """Every file the bot uploaded, in order (``.data`` holds its bytes): a picture that
        was not sent again does not appear twice."""
        return self.world.uploads

    def take_violations(self) -> list[Violation]:
        """Return and clear the violations (for tests that provoke them on purpose)."""
        taken = list(self.world.violations)
        self.world.violations.clear()
        return taken

    def calls_matching(self, method: str | None = None, route: str | None = None, *,
                       user: User | None = None, status: int | None = None) -> list[Call]:
        """Calls filtered by method, route template (``/channels/{channel_id}/messages``),
        attributed user and status."""
        return [
            c for c in self.world.calls
            if (method is None or c.method == method)
            and (route is None or c.route == route)
            and (user is None or c.user_id == user.id)
            and (status is None or c.status == status)
        ]

    @property
    def task_errors(self) -> list[tuple[str, BaseException]]:
        """Unhandled exceptions of tasks spawned by fed events: (task description, error)."""
        return self.tracker.failures

    @property
    def bot_user(self) -> User:
        return self.world.bot_user

    @property
    def application_id(self) -> int:
        return self.world.application_id

    def clock(self) -> float:
        """Time used for interaction deadlines: loop time plus :meth:`advance_clock` offsets."""
        return asyncio.get_running_loop().time() + self._clock_offset

    def advance_clock(self, seconds: float) -> None:
        """Make ``seconds`` pass for interaction deadlines without waiting."""
        self._clock_offset += seconds

    # -- world building ------------------------------------------------------------------

    def add_guild(self, name: str, *, owner: User | None = None,
                  locale: str | None = None, shard: tuple[int, int] | None = None) -> Guild:
        """``locale``: the server's preferred locale (default: the world's); ``shard``:
        (id, count), a server whose events go to that shard of ``count``."""
        guild = self.world.add_guild(name, owner=owner, locale=locale, shard=shard)
        for session in self._receiving(guild):
            self.tracker.begin()
            session.feed("GUILD_CREATE", guild_create_payload(
                self.world, guild, members_intent=session.bot.intents.members, joined=True))
        return guild

    def add_text_channel(self, guild: Guild, name: str, *, kind: int = 0) -> Channel:
        """A channel of Discord's type ``kind``: text (0), voice (2), whose text chat takes
        messages and commands as a text channel does, or forum (15), whose posts are threads
        (``add_thread``). CHANNEL_CREATE reaches the bot."""
        channel = self.world.add_text_channel(guild, name, kind=kind)
        if self.sessions:
            self._feed("CHANNEL_CREATE", channel.payload(), guild)
        return channel

    def add_thread(self, parent: Channel, name: str, *, owner: User, private: bool = False,
                   auto_archive: int = 1440) -> Channel:
        """A member starts a thread of ``parent`` (THREAD_CREATE reaches the bot)."""
        thread = self.world.add_thread(parent, name, owner=owner, private=private,
                                       auto_archive=auto_archive)
        if self.sessions:
            self._feed("THREAD_CREATE", {**thread.payload(), "newly_created": True},
                       parent.guild)
        return thread

    def archive_thread(self, thread: Channel, *, locked: bool = False) -> None:
        """The thread is archived, as Discord does after its ``auto_archive`` minutes of
        quiet (or a moderator, who may lock it too): edits there are refused until it is
        unarchived, and a new message unarchives it unless it is locked."""
        assert thread.thread is not None
        thread.thread.archived, thread.thread.locked = True, locked
        thread.thread.archived_at = iso(datetime.datetime.now(datetime.UTC))
        if self.sessions:
            self._feed("THREAD_UPDATE", thread.payload(), thread.guild)

    def add_user(self, name: str, *, global_name: str | None = None, dms_open: bool = True,
                 guild: Guild | None = None, locale: str | None = None) -> User:
        user = self.world.add_user(name, global_name=global_name, dms_open=dms_open,
                                   locale=locale)
        if locale is not None and locale not in pseudo.LOCALES:
            # A test that chooses a reader's language reads that language: no pseudo check.
            self.world.pseudo = False
        if guild is not None:
            self.add_member(guild, user)
        return user

    def add_member(self, guild: Guild, user: User, *, nick: str | None = None) -> Member:
        existed = user.id in guild.members
        member = self.world.add_member(guild, user, nick=nick)
        if not existed:
            data = member.payload()
            data["guild_id"] = str(guild.id)
            for session in self._receiving(guild):
                if session.bot.intents.members:
                    self.tracker.begin()
                    session.feed("GUILD_MEMBER_ADD", data)
        return member

    def add_role(self, guild: Guild, name: str, *, permissions: int = 0) -> Role:
        role = Role(id=self.world.snowflakes.next(), name=name, permissions=permissions,
                    position=len(guild.roles))
        guild.roles.append(role)
        if self.sessions:
            self._feed("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()},
                       guild)
        return role

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and ``user`` (for running slash commands in DMs)."""
        return self.world.dm_channel(user)

    def deny(self, channel: Channel, who: User | Role, permissions: int) -> None:
        """A moderator denies ``who`` (the bot, say, or ``guild.everyone``) ``permissions`` in
        ``channel`` (0 removes the overwrite)."""
        self.overwrite(channel, who, deny=permissions)

    def overwrite(self, channel: Channel, who: User | Role, *, allow: int = 0,
                  deny: int = 0) -> None:
        """A moderator's permission overwrite for a role or member in ``channel`` (both 0
        remove it): the interactions there carry what is left."""
        if allow or deny:
            kind = 0 if isinstance(who, Role) else 1
            channel.overwrites[who.id] = Overwrite(kind, allow=allow, deny=deny)
        else:
            channel.overwrites.pop(who.id, None)
        if self.sessions and channel.guild is not None:
            self._feed("CHANNEL_UPDATE", channel.payload(), channel.guild)

    def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes a channel or thread: every later call about it gets 10003,
        and the bot hears of it (CHANNEL_DELETE, THREAD_DELETE)."""
        del self.world.channels[channel.id]
        self.world.deleted_channels.add(channel.id)
        guild = channel.guild
        if guild is None:
            return
        if channel.thread is not None and channel in guild.threads:
            guild.threads.remove(channel)
            deleted = {"id": str(channel.id), "guild_id": str(guild.id), "type": channel.type,
                       "parent_id": str(channel.thread.parent.id)}
            if self.sessions:
                self._feed("THREAD_DELETE", deleted, guild)
        elif channel in guild.channels:
            guild.channels.remove(channel)
            if self.sessions:
                self._feed("CHANNEL_DELETE", channel.payload(), guild)

    # -- injected faults -----------------------------------------------------------------

    def inject(self, *, method: str | None = None, route: str | None = None,
               channel: Channel | None = None, status: int = 0, code: int = 0,
               message: str = "", delay: float = 0.0, retry_after: float = 0.0,
               times: int | None = 1, answer_when: asyncio.Event | None = None) -> Fault:
        """Delay (``delay`` seconds) or refuse (``status``/``code``) matching REST calls;
        a 429 asks the bot to wait ``retry_after`` seconds, as Discord's rate limit does.
        ``answer_when``: carry the call out, but answer it only once the event is set
        (``Fault.holding`` says when a call waits).

        Example: ``inject(method="PATCH", route=EDIT_MESSAGE, channel=games, status=403,
        code=50013, message="Missing Permissions", times=None)``.
        """
        fault = Fault(method=method, route=route,
                      channel_id=channel.id if channel is not None else None,
                      status=status, code=code, message=message, delay=delay,
                      retry_after=retry_after, times=times, answer_when=answer_when)
        self.server.faults.append(fault)
        return fault

    def clear_faults(self) -> None:
        self.server.faults.clear()

    # -- message views -------------------------------------------------------------------

    def channel_messages(self, channel: Channel) -> list[Message]:
        """Public messages in a channel, oldest first."""
        return list(channel.messages)

    def dm_messages(self, user: User) -> list[Message]:
        """Messages in the bot's DM channel with ``user``, oldest first."""
        channel = self.world.dm_channels.get(user.id)
        return list(channel.messages) if channel else []

    def pings(self, user: User, channel: Channel | None = None) -> list[Message]:
        """The messages that notified ``user`` (in ``channel`` only, if given), deleted ones
        too, oldest first: a new message that mentions them, or any new DM to them."""
        return [
            m for m in self.world.notifications
            if user.id in m.notified and (channel is None or m.channel is channel)
        ]

    def ephemeral_messages(self, user: User) -> list[Message]:
        """Ephemeral messages only ``user`` can see, oldest first."""
        return list(self.world.ephemeral.get(user.id, []))

    def get_message(self, message_id: int) -> Message | None:
        return self.world.messages.get(message_id)

    def shown_to(self, message: Message, user: User) -> str:
        """The message's text as ``user``'s Discord shows it: command mentions as the
        commands' names in their locale."""
        commands = self.world.commands_for(message.channel.guild)
        return mentions.shown(message.text, commands, user.locale)


def _specification() -> openapi.Specification:
    """Discord's specification; imported here, as jsonschema-rs is a test dependency."""
    from . import openapi

    return openapi.specification()


__all__ = ["FakeDiscord"]
