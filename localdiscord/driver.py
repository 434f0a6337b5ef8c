"""The :class:`FakeDiscord` facade: start the fake, connect bots, act as users."""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from types import TracebackType
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
import discord.http
import discord.webhook.async_
from aiohttp.abc import AbstractResolver, ResolveResult

from . import pseudo
from .gateway import (
    Feeder,
    GatewayStub,
    TaskTracker,
    guild_create_payload,
    interaction_payload,
    ready_payload,
)
from .messages import Attachment, Message
from .model import Channel, Guild, Member, Role, User
from .remote import RemoteBot
from .routes.account import GATEWAY_URL
from .server import GLOBAL_RATE, Fault, RestServer
from .sharding import Session, open_shard, refusal, shards_of
from .world import Call, InteractionRecord, Violation, World, new_token

if TYPE_CHECKING:
    from . import openapi


class InteractionResult:
    """What one simulated user action produced."""

    def __init__(self, record: InteractionRecord, calls: list[Call],
                 violations: list[Violation], received_by: list[Session]) -> None:
        self.record = record
        self.calls = calls
        self.violations = violations
        self.received_by = received_by
        """The gateway sessions Discord sent it to: the one of its server's shard, or of
        shard 0 for a DM; none when no bot runs that shard."""

    @property
    def interaction_id(self) -> int:
        return self.record.id

    @property
    def response_type(self) -> int | None:
        """The accepted initial response type (4 message, 5/6 defer, 7 update, 8, 9)."""
        return self.record.response_type

    @property
    def response_data(self) -> dict[str, Any] | None:
        return self.record.response_data

    @property
    def responded(self) -> bool:
        return self.record.response_type is not None

    @property
    def deferred(self) -> bool:
        return self.record.response_type in (5, 6)

    @property
    def message(self) -> Message | None:
        """The response message: the one created (4/5) or updated (6/7) by this interaction."""
        return self.record.original

    @property
    def followups(self) -> list[Message]:
        return [m for m in self.record.followups if m is not self.record.original]

    @property
    def messages(self) -> list[Message]:
        first = [self.message] if self.message is not None else []
        return first + self.followups

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def content(self) -> str:
        return self.message.content if self.message is not None else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.message.embeds) if self.message is not None else []

    @property
    def text(self) -> str:
        """Content and embed text of the response message and all followups."""
        return "\n".join(m.text for m in self.messages if m.text)

    @property
    def choices(self) -> list[dict[str, Any]]:
        if self.record.response_type != 8 or not self.record.response_data:
            return []
        return list(self.record.response_data.get("choices") or [])

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.record.response_data if self.record.response_type == 9 else None

    def __repr__(self) -> str:
        return (f"<InteractionResult id={self.record.id} response_type={self.response_type} "
                f"ephemeral={self.ephemeral} text={self.text[:60]!r}>")


class _LoopbackOnlyResolver(AbstractResolver):
    """Refuses every host name except localhost, so nothing leaves the machine."""

    def __init__(self, on_block: Any) -> None:
        self._on_block = on_block

    async def resolve(self, host: str, port: int = 0,
                      family: socket.AddressFamily = socket.AF_INET) -> list[ResolveResult]:
        if host in ("localhost", "127.0.0.1"):
            return [ResolveResult(hostname=host, host="127.0.0.1", port=port,
                                  family=socket.AF_INET, proto=0, flags=socket.AI_NUMERICHOST)]
        self._on_block(host)
        raise OSError(f"fakediscord: network access to {host!r} is blocked")

    async def close(self) -> None:
        return None


def loopback_connector(on_block: Any) -> aiohttp.TCPConnector:
    """A connector that reaches only this machine; ``on_block(host)`` hears of the rest."""
    return aiohttp.TCPConnector(limit=0, resolver=_LoopbackOnlyResolver(on_block))


class _ErrorLogCapture(logging.Handler):
    def __init__(self, sink: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(record)


class FakeDiscord:
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

    def add_text_channel(self, guild: Guild, name: str, *, topic: str | None = None) -> Channel:
        channel = self.world.add_text_channel(guild, name, topic=topic)
        if self.sessions:
            self._feed("CHANNEL_CREATE", channel.payload(), guild)
        return channel

    def add_user(self, name: str, *, global_name: str | None = None, dms_open: bool = True,
                 guild: Guild | None = None, locale: str | None = None) -> User:
        user = self.world.add_user(name, global_name=global_name, dms_open=dms_open,
                                   locale=locale)
        if locale is not None and locale != pseudo.LOCALE:
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

    def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes a channel: every later call about it gets 10003."""
        del self.world.channels[channel.id]
        self.world.deleted_channels.add(channel.id)
        if channel.guild is not None and channel in channel.guild.channels:
            channel.guild.channels.remove(channel)

    # -- injected faults -----------------------------------------------------------------

    def inject(self, *, method: str | None = None, route: str | None = None,
               channel: Channel | None = None, status: int = 0, code: int = 0,
               message: str = "", delay: float = 0.0, retry_after: float = 0.0,
               times: int | None = 1) -> Fault:
        """Delay (``delay`` seconds) or refuse (``status``/``code``) matching REST calls;
        a 429 asks the bot to wait ``retry_after`` seconds, as Discord's rate limit does.

        Example: ``inject(method="PATCH", route=EDIT_MESSAGE, channel=games, status=403,
        code=50013, message="Missing Permissions", times=None)``.
        """
        fault = Fault(method=method, route=route,
                      channel_id=channel.id if channel is not None else None,
                      status=status, code=code, message=message, delay=delay,
                      retry_after=retry_after, times=times)
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

    # -- bots ----------------------------------------------------------------------------

    async def connect(self, bot: discord.Client | RemoteBot, *, token: str | None = None,
                      settle: bool = True) -> None:
        """Log ``bot`` in against the fake REST (runs ``setup_hook``), open a gateway session
        for each of its shards, feed each its READY and GUILD_CREATEs and wait until the bot
        is ready and quiet. Several bots may be connected, each running its own shards.

        ``bot`` may be a :class:`RemoteBot`: the bot then runs in a process of its own.
        ``settle=False``: return as soon as the bot is ready, while the work it set off
        (bringing messages up to date after a restart, say) goes on; a later
        :meth:`settle` waits for it. A session Discord refuses (an invalid shard, sharding
        required) closes the bot and raises ``discord.ConnectionClosed`` with Discord's code,
        as discord.py does.
        """
        if bot in self.bots:
            raise AssertionError("fakediscord: that bot is already connected")
        if not self.bots:
            self.server.bot_restarted()
        if isinstance(bot, RemoteBot):
            await self._connect_remote(bot, self.token if token is None else token)
        else:
            await self._connect_here(bot, self.token if token is None else token)
        if settle:
            await self.settle()

    async def _connect_here(self, bot: discord.Client, token: str) -> None:
        self.tracker.begin()
        if bot.http.connector is discord.utils.MISSING:
            bot.http.connector = loopback_connector(self._network_blocked)
        try:
            await bot.login(token)
            opened = []
            for shard in await shards_of(bot):
                stub = GatewayStub(self.gateway_sends, self._answer_chunk_request)
                identified = await open_shard(bot, shard, stub)
                opened.append(Session(bot, Feeder(bot), shard or (0, 1), stub.session_id,
                                      identified))
            self._open(bot, opened)
        except BaseException:
            await bot.close()
            await self.tracker.settle(self.settle_timeout)
            raise
        state = bot._connection
        saved_timeout = state.guild_ready_timeout
        # discord.py waits guild_ready_timeout (2 s) after the last GUILD_CREATE; all of ours
        # are queued before its waiter first runs, so a tiny timeout loses nothing.
        state.guild_ready_timeout = 0.001
        try:
            self._feed_ready(opened)
            await asyncio.wait_for(bot.wait_until_ready(), timeout=self.settle_timeout)
        finally:
            state.guild_ready_timeout = saved_timeout

    async def _connect_remote(self, bot: RemoteBot, token: str) -> None:
        bot.on_log, bot.gateway_sends = self.bot_errors, self.gateway_sends
        bot.on_chunk_request, bot.on_blocked = self._answer_chunk_request, self._network_blocked
        try:
            await bot.start(base_url=self.base_url, token=token, timeout=self.settle_timeout)
            self._open(bot, [
                Session(bot, bot, tuple(opened["shard"] or (0, 1)),  # type: ignore[arg-type]
                        opened["session_id"], opened["identify"])
                for opened in bot.opened
            ])
        except BaseException:
            await bot.close()
            raise
        self._feed_ready([session for session in self.sessions if session.bot is bot])
        await bot.wait_until_ready(self.settle_timeout)

    def _open(self, bot: discord.Client | RemoteBot, opened: list[Session]) -> None:
        """Open the bot's sessions, as Discord answers their IDENTIFYs: every one counts
        against the day's session starts; one refused closes the bot's connection."""
        self.world.sessions_started += len(opened)
        for session in opened:
            refused = refusal(session.identify, list(self.world.guilds))
            if refused is not None:
                raise refused
        self.bots.append(bot)
        self.bot = self.bot or bot
        self.sessions.extend(opened)

    def _feed_ready(self, sessions: list[Session]) -> None:
        """Each session's READY, then every guild of its shard."""
        self.tracker.begin()
        for session in sessions:
            guilds = [g for g in self.world.guilds.values() if session.receives(g.id)]
            session.feed("READY", ready_payload(
                self.world, session_id=session.session_id, shard=session.shard, guilds=guilds,
                resume_url=GATEWAY_URL))
            for guild in guilds:
                session.feed("GUILD_CREATE", guild_create_payload(
                    self.world, guild, members_intent=session.bot.intents.members))

    async def disconnect(self, bot: discord.Client | RemoteBot | None = None) -> None:
        """Close the bot (default: the first connected; HTTP session included) and its
        sessions; all backend state is kept."""
        bot = bot or self.bot
        if bot is None:
            return
        self.tracker.begin()
        await bot.close()
        if bot in self.bots:
            self.bots.remove(bot)
            self.sessions = [session for session in self.sessions if session.bot is not bot]
            if bot is self.bot:
                self.bot = self.bots[0] if self.bots else None
            if bot is self._served:
                self._served = None
        await self.settle()

    def serve(self, bot: discord.Client | RemoteBot) -> None:
        """Send the interactions from now on to ``bot`` where several connected bots run the
        shard they arrive on (processes of one application on one database): each click
        goes to the process Discord chose for it."""
        if bot not in self.bots:
            raise AssertionError("fakediscord: that bot is not connected")
        self._served = bot

    def _require_bot(self) -> discord.Client | RemoteBot:
        if self.bot is None:
            raise AssertionError("fakediscord: no bot connected (await backend.connect(bot))")
        return self.bot

    def _receiving(self, guild: Guild | None) -> list[Session]:
        """The sessions Discord sends this server's events to (a DM's: ``None``)."""
        guild_id = None if guild is None else guild.id
        return [session for session in self.sessions if session.receives(guild_id)]

    def _feed_interaction(self, data: dict[str, Any], guild: Guild | None) -> list[Session]:
        """An interaction goes to one session of its shard: the served bot's if it runs
        that shard (:meth:`serve`), else the first connected; the session, if any."""
        if not self.sessions:
            raise AssertionError("fakediscord: no bot connected")
        sessions = self._receiving(guild)
        served = [session for session in sessions if session.bot is self._served]
        chosen = (served or sessions)[:1]
        self.tracker.begin()
        for session in chosen:
            session.feed("INTERACTION_CREATE", data)
        return chosen

    def _feed(self, event: str, data: dict[str, Any], guild: Guild | None) -> list[Session]:
        """Send an event about this server (a DM: ``None``) to the sessions that receive
        it; those sessions."""
        if not self.sessions:
            raise AssertionError("fakediscord: no bot connected")
        self.tracker.begin()
        sessions = self._receiving(guild)
        for session in sessions:
            session.feed(event, data)
        return sessions

    def _network_blocked(self, host: str) -> None:
        self.world.violations.append(Violation(
            kind="network", message=f"bot tried to reach {host!r}; only the fake is reachable"))

    def _answer_chunk_request(self, request: dict[str, Any]) -> None:
        guild = self.world.guilds.get(int(request["guild_id"]))
        if guild is None:
            return
        members = list(guild.members.values())
        if request.get("user_ids"):
            wanted = {int(u) for u in request["user_ids"]}
            members = [m for m in members if m.user.id in wanted]
        elif request.get("query"):
            query = request["query"].lower()
            members = [m for m in members if m.user.name.lower().startswith(query)]
        if request.get("limit"):
            members = members[: request["limit"]]
        data: dict[str, Any] = {"guild_id": str(guild.id),
                                "members": [m.payload() for m in members],
                                "chunk_index": 0, "chunk_count": 1}
        if request.get("nonce"):
            data["nonce"] = request["nonce"]
        for session in self._receiving(guild):
            session.feed("GUILD_MEMBERS_CHUNK", data)

    # -- settling ------------------------------------------------------------------------

    async def settle(self, *, timeout: float | None = None) -> None:
        """Wait until every task spawned by fed events has finished, then flag interactions
        that never got an initial response."""
        timeout = self.settle_timeout if timeout is None else timeout
        remote = [bot for bot in self.bots if isinstance(bot, RemoteBot)]
        for failures in await asyncio.gather(*(bot.settle(timeout) for bot in remote)):
            self.tracker.failures += failures
        await self.tracker.settle(timeout)
        for rec in self._unchecked:
            if rec.response_type is None:
                extra = f" ({rec.rejected} response attempt(s) rejected)" if rec.rejected else ""
                self.world.violations.append(Violation(
                    kind="no_response",
                    message=f"interaction failed: no response to {_describe(rec)}{extra}"))
            elif rec.original is not None and rec.original.loading and not rec.original.deleted:
                self.world.violations.append(Violation(
                    kind="stuck_thinking",
                    message=f"deferred {_describe(rec)} still shows 'thinking...': no followup "
                            "or edit of the original response"))
        self._unchecked.clear()

    @asynccontextmanager
    async def simultaneously(self, *, settle: bool = True) -> AsyncIterator[None]:
        """User actions inside the block are sent without waiting for the bot; it waits
        once at the end. Their results fill in as the bot answers (read them after).

        ``settle=False``: it does not wait at the end either; wait for one answer with
        :meth:`answered` (a later :meth:`settle` still checks every interaction).
        """
        self._simultaneous += 1
        try:
            yield
        finally:
            self._simultaneous -= 1
        if not self._simultaneous and settle:
            await self.settle()

    async def answered(self, result: InteractionResult, *,
                       timeout: float | None = None) -> bool:
        """Wait until the bot has given this interaction its initial response (an action
        sent inside :meth:`simultaneously`); False if ``timeout`` (default
        ``settle_timeout``) passed first."""
        if not result.responded:
            future = asyncio.get_running_loop().create_future()
            self._answer_waiters.setdefault(result.record.id, []).append(future)
            await self._wait(future, self._answer_waiters, result.record.id, timeout)
        return result.responded

    async def activity_in(self, channel: Channel, *, timeout: float | None = None) -> Call | None:
        """The bot's next REST call about ``channel``: a message posted, edited or deleted
        there, or an answer to an interaction from it. None if ``timeout`` (default
        ``settle_timeout``) passes first."""
        future: asyncio.Future[Call] = asyncio.get_running_loop().create_future()
        self._channel_waiters.setdefault(channel.id, []).append(future)
        await self._wait(future, self._channel_waiters, channel.id, timeout)
        return None if future.cancelled() else future.result()

    async def _wait(self, future: asyncio.Future[Any], waiters: dict[int, list[Any]], key: int,
                    timeout: float | None) -> None:
        await asyncio.wait({future}, timeout=self.settle_timeout if timeout is None else timeout)
        if not future.done():
            future.cancel()
            pending = waiters.get(key, [])
            if future in pending:
                pending.remove(future)
            if not pending:
                waiters.pop(key, None)

    def _on_call(self, call: Call) -> None:
        """Wake whoever waits for this call's interaction to be answered or its channel."""
        rec = self.world.interactions.get(call.interaction_id or 0)
        if rec is not None and rec.response_type is not None:
            for future in self._answer_waiters.pop(rec.id, []):
                future.set_result(None)
        channel_id = call.channel_id if call.channel_id is not None else (
            rec.channel.id if rec is not None else None)
        for future in self._channel_waiters.pop(channel_id or 0, []):
            future.set_result(call)

    # -- acting as users -----------------------------------------------------------------

    async def slash(self, user: User, channel: Channel, command: str,
                    **options: Any) -> InteractionResult:
        """Run ``/command`` (words separated by spaces, e.g. ``"game new"``) as ``user``."""
        words = command.split()
        cmd = self._find_command(words[0], channel)
        data = self._command_data(cmd, words[1:], options, channel, focused=None)
        rec = self._new_interaction(2, user, channel, name=" ".join(words))
        return await self._dispatch(rec, data)

    async def autocomplete(self, user: User, channel: Channel, command: str, *, focused: str,
                           **options: Any) -> list[dict[str, Any]]:
        """Type into option ``focused`` (its text taken from ``options``, default "") and
        return the choices the bot offered."""
        result = await self.autocomplete_result(user, channel, command, focused=focused,
                                                **options)
        return result.choices

    async def autocomplete_result(self, user: User, channel: Channel, command: str, *,
                                  focused: str, **options: Any) -> InteractionResult:
        words = command.split()
        cmd = self._find_command(words[0], channel)
        options.setdefault(focused, "")
        data = self._command_data(cmd, words[1:], options, channel, focused=focused)
        rec = self._new_interaction(4, user, channel, name=" ".join(words))
        return await self._dispatch(rec, data)

    async def click(self, user: User, message: Message | InteractionResult, *,
                    custom_id: str | None = None, label: str | None = None) -> InteractionResult:
        """Click a button that is really on ``message`` (by custom_id and/or label)."""
        msg = self._visible_message(user, message)
        buttons = [
            b for b in msg.buttons
            if (custom_id is None or b.custom_id == custom_id)
            and (label is None or b.label == label)
        ]
        available = [(b.label, b.custom_id) for b in msg.buttons]
        if not buttons:
            raise AssertionError(f"no button label={label!r} custom_id={custom_id!r} on message "
                                 f"{msg.id}; buttons: {available}")
        if len(buttons) > 1:
            raise AssertionError(f"ambiguous button on message {msg.id}: {available}")
        button = buttons[0]
        if button.disabled:
            raise AssertionError(f"button {button.label!r} ({button.custom_id}) is disabled")
        if button.is_link:
            raise AssertionError(f"button {button.label!r} is a link/premium button; "
                                 "clicking it sends nothing to the bot")
        data = {"custom_id": button.custom_id, "component_type": 2}
        return await self._component(user, msg, data)

    async def select(self, user: User, message: Message | InteractionResult,
                     values: Iterable[Any], *, custom_id: str | None = None) -> InteractionResult:
        """Pick ``values`` in a select menu that is really on ``message``."""
        msg = self._visible_message(user, message)
        selects = [s for s in msg.selects if custom_id is None or s.custom_id == custom_id]
        if len(selects) != 1:
            raise AssertionError(f"expected one select custom_id={custom_id!r} on message "
                                 f"{msg.id}; selects: {[s.custom_id for s in msg.selects]}")
        sel = selects[0]
        if sel.disabled:
            raise AssertionError(f"select {sel.custom_id!r} is disabled")
        chosen = list(values)
        if not sel.min_values <= len(chosen) <= sel.max_values:
            raise AssertionError(f"select {sel.custom_id!r} takes {sel.min_values}.."
                                 f"{sel.max_values} values, got {len(chosen)}")
        data: dict[str, Any] = {"custom_id": sel.custom_id, "component_type": sel.type}
        if sel.type == 3:
            strs = [str(v) for v in chosen]
            unknown = [v for v in strs if v not in sel.values]
            if unknown:
                raise AssertionError(f"{unknown} are not options of {sel.custom_id!r}: "
                                     f"{sel.values}")
            data["values"] = strs
        else:
            resolved: dict[str, dict[str, Any]] = {}
            data["values"] = [self._resolve_entity(v, resolved, msg.channel) for v in chosen]
            data["resolved"] = resolved
        return await self._component(user, msg, data)

    async def click_forged(self, user: User, message: Message | InteractionResult,
                           custom_id: str, *, component_type: int = 2,
                           values: list[str] | None = None) -> InteractionResult:
        """Send a component interaction with an arbitrary custom_id (a forged click)."""
        msg = self._visible_message(user, message)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if component_type != 2:
            data["values"] = list(values or [])
        return await self._component(user, msg, data)

    async def submit_modal(self, user: User, opened: InteractionResult,
                           values: dict[str, str]) -> InteractionResult:
        """Submit the modal that ``opened`` (a type-9 response) showed, with text values by
        custom_id."""
        modal = opened.modal
        if modal is None:
            raise AssertionError("that interaction did not open a modal")
        if opened.record.user is not user:
            raise AssertionError("only the user who opened the modal can submit it")
        remaining = dict(values)

        def answer(comp: dict[str, Any]) -> dict[str, Any]:
            cid = comp.get("custom_id")
            out: dict[str, Any] = {"type": comp["type"], "id": comp.get("id", 0), "custom_id": cid}
            if comp["type"] == 4:
                value = str(remaining.pop(cid, comp.get("value") or ""))
                if comp.get("required", True) and not value:
                    raise AssertionError(f"modal field {cid!r} is required")
                out["value"] = value
            else:
                out["values"] = [str(v) for v in remaining.pop(cid, [])]
            return out

        submitted: list[dict[str, Any]] = []
        for comp in modal.get("components") or []:
            if comp.get("type") == 1:
                submitted.append({"type": 1, "id": comp.get("id", 0),
                                  "components": [answer(c) for c in comp.get("components") or []]})
            elif comp.get("type") == 18 and isinstance(comp.get("component"), dict):
                submitted.append({"type": 18, "id": comp.get("id", 0),
                                  "component": answer(comp["component"])})
        if remaining:
            raise AssertionError(f"modal has no fields {sorted(remaining)}")
        data = {"custom_id": modal["custom_id"], "components": submitted}
        source = opened.record.source_message
        rec = self._new_interaction(5, user, opened.record.channel, source=source)
        rec.opened_by = opened.record
        return await self._dispatch(rec, data, message=source)

    async def post(self, user: User, channel: Channel, content: str) -> Message:
        """``user`` posts a plain message (MESSAGE_CREATE) and the bot reacts to it.

        Like Discord, the bot receives an empty content unless it has the message content
        intent, the message is in its DMs, or it mentions the bot.
        """
        self._require_bot()
        guild = channel.guild
        if guild is not None and user.id not in guild.members:
            raise AssertionError(f"{user.name} is not a member of {guild.name}")
        if channel.is_dm and channel.recipient is not user:
            raise AssertionError(f"{channel} is not {user.name}'s DM with the bot")
        msg = self.world.store_message(Message(id=self.world.snowflakes.next(), channel=channel,
                                               author=user, content=content))
        data = msg.payload()
        mentioned = self.bot_user.mention in content or f"<@!{self.bot_user.id}>" in content
        if mentioned:
            data["mentions"] = [self.bot_user.payload()]
        if guild is not None:
            data["guild_id"] = str(guild.id)
            data["member"] = guild.members[user.id].payload(with_user=False)
        self.tracker.begin()
        for session in self._receiving(guild):
            if session.bot.intents.message_content or channel.is_dm or mentioned:
                session.feed("MESSAGE_CREATE", data)
            else:
                session.feed("MESSAGE_CREATE", {**data, "content": "", "embeds": [],
                                                "attachments": [], "components": []})
        await self.settle()
        return msg

    # -- internals -----------------------------------------------------------------------

    def _visible_message(self, user: User, message: Message | InteractionResult) -> Message:
        if isinstance(message, InteractionResult):
            if message.message is None:
                raise AssertionError("that interaction produced no message")
            message = message.message
        msg = self.world.current(message)
        if msg.ephemeral_for is not None and msg.ephemeral_for is not user:
            raise AssertionError(f"message {msg.id} is ephemeral for {msg.ephemeral_for.name}; "
                                 f"{user.name} cannot see it")
        channel = msg.channel
        if channel.is_dm and channel.recipient is not user:
            raise AssertionError(f"{user.name} cannot see a DM with {channel.recipient}")
        if channel.guild is not None and user.id not in channel.guild.members:
            raise AssertionError(f"{user.name} is not a member of {channel.guild.name}")
        return msg

    async def _component(self, user: User, msg: Message,
                         data: dict[str, Any]) -> InteractionResult:
        rec = self._new_interaction(3, user, msg.channel, source=msg)
        return await self._dispatch(rec, data, message=msg)

    def _new_interaction(self, itype: int, user: User, channel: Channel, *,
                         name: str | None = None,
                         source: Message | None = None) -> InteractionRecord:
        self._require_bot()
        guild = channel.guild
        if guild is not None and user.id not in guild.members:
            raise AssertionError(f"{user.name} is not a member of {guild.name}")
        if channel.is_dm and channel.recipient is not user:
            raise AssertionError(f"{channel} is not {user.name}'s DM with the bot")
        rec = InteractionRecord(id=self.world.snowflakes.next(), token=new_token(), type=itype,
                                user=user, channel=channel, guild=guild,
                                created_at=self.clock(), name=name, source_message=source)
        self.world.interactions[rec.id] = rec
        self.world.interactions_by_token[rec.token] = rec
        return rec

    async def _dispatch(self, rec: InteractionRecord, data: dict[str, Any], *,
                        message: Message | None = None) -> InteractionResult:
        calls_before = len(self.world.calls)
        violations_before = len(self.world.violations)
        payload = interaction_payload(self.world, rec, data, message=message)
        received_by = self._feed_interaction(payload, rec.guild)
        if received_by:  # else no bot runs its shard: the player sees it fail
            self._unchecked.append(rec)
        if self._simultaneous:
            return InteractionResult(rec, [], [], received_by)
        await self.settle()
        calls = self.world.calls[calls_before:]
        for call in calls:  # everything the bot did while handling it belongs to it
            if call.interaction_id is None:
                call.interaction_id = rec.id
        return InteractionResult(rec, calls, self.world.violations[violations_before:],
                                 received_by)

    def _find_command(self, name: str, channel: Channel) -> dict[str, Any]:
        bot = self._require_bot()
        guild = channel.guild
        synced = {c["name"]: c for c in reversed(self.world.commands_for(guild))
                  if c.get("type", 1) == 1}
        cmd = synced.get(name)
        if cmd is None:
            tree = getattr(bot, "tree", None)
            if tree is None:
                raise AssertionError(f"no synced command /{name} and the bot has no tree")
            found = None
            gid: int | None = None
            if guild is not None:
                found = tree.get_command(name, guild=discord.Object(guild.id))
                gid = guild.id if found is not None else None
            if found is None:
                found = tree.get_command(name)
            if found is None or not isinstance(found, discord.app_commands.Command
                                                | discord.app_commands.Group):
                raise AssertionError(f"no slash command /{name}; synced: {sorted(synced)}, "
                                     f"tree: {sorted(c.name for c in tree.get_commands())}")
            cmd = found.to_dict(tree)
            key = (gid, name)
            cmd["id"] = str(self._local_command_ids.setdefault(key, self.world.snowflakes.next()))
            if gid is not None:
                cmd["guild_id"] = str(gid)
        contexts = cmd.get("contexts")
        if channel.is_dm and (cmd.get("dm_permission") is False
                              or (contexts is not None and 1 not in contexts)):
            raise AssertionError(f"/{name} is not available in DMs")
        if not channel.is_dm and contexts is not None and 0 not in contexts:
            raise AssertionError(f"/{name} is not available in guilds")
        return cmd

    def _command_data(self, cmd: dict[str, Any], words: list[str], options: dict[str, Any],
                      channel: Channel, *, focused: str | None) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(cmd["id"]), "name": cmd["name"], "type": 1}
        if cmd.get("guild_id"):
            data["guild_id"] = str(cmd["guild_id"])
        defs: list[dict[str, Any]] = cmd.get("options") or []
        container = data
        path = [cmd["name"]]
        for word in words:
            sub = next((o for o in defs if o["name"] == word and o["type"] in (1, 2)), None)
            if sub is None:
                names = [o["name"] for o in defs if o["type"] in (1, 2)]
                raise AssertionError(f"/{' '.join(path)} has no subcommand {word!r}; has {names}")
            node: dict[str, Any] = {"name": word, "type": sub["type"], "options": []}
            container.setdefault("options", []).append(node)
            container = node
            defs = sub.get("options") or []
            path.append(word)
        if any(o["type"] in (1, 2) for o in defs):
            raise AssertionError(f"/{' '.join(path)} needs a subcommand: "
                                 f"{[o['name'] for o in defs]}")
        remaining = dict(options)
        resolved: dict[str, dict[str, Any]] = {}
        values: list[dict[str, Any]] = []
        for opt in defs:
            key = opt["name"]
            py_key = key.replace("-", "_")
            if key in remaining:
                raw = remaining.pop(key)
            elif py_key in remaining:
                raw = remaining.pop(py_key)
            else:
                if opt.get("required") and key != focused:
                    raise AssertionError(f"/{' '.join(path)}: option {key!r} is required")
                continue
            if key == focused:
                if not opt.get("autocomplete"):
                    raise AssertionError(f"option {key!r} has no autocomplete")
                values.append({"name": key, "type": opt["type"], "value": str(raw),
                               "focused": True})
                continue
            value = self._option_value(opt, raw, resolved, channel, path)
            values.append({"name": key, "type": opt["type"], "value": value})
        if remaining:
            raise AssertionError(f"/{' '.join(path)} has no options {sorted(remaining)}; "
                                 f"has {[o['name'] for o in defs]}")
        if values or container is not data:
            container["options"] = values
        if resolved:
            data["resolved"] = resolved
        return data

    def _option_value(self, opt: dict[str, Any], raw: Any,
                      resolved: dict[str, dict[str, Any]], channel: Channel,
                      path: list[str]) -> Any:
        otype = opt["type"]
        where = f"/{' '.join(path)} {opt['name']}"
        if otype == 3:
            value: Any = str(raw)
            if opt.get("min_length") is not None and len(value) < opt["min_length"]:
                raise AssertionError(f"{where}: shorter than min_length")
            if opt.get("max_length") is not None and len(value) > opt["max_length"]:
                raise AssertionError(f"{where}: longer than max_length")
        elif otype == 4:
            if isinstance(raw, bool) or int(raw) != raw:
                raise AssertionError(f"{where}: {raw!r} is not an integer")
            value = int(raw)
        elif otype == 10:
            value = float(raw)
        elif otype == 5:
            if not isinstance(raw, bool):
                raise AssertionError(f"{where}: {raw!r} is not a boolean")
            value = raw
        elif otype in (6, 7, 8, 9):
            value = self._resolve_entity(raw, resolved, channel)
            if otype == 7 and opt.get("channel_types"):
                ch = self.world.channels[int(value)]
                if ch.type not in opt["channel_types"]:
                    raise AssertionError(f"{where}: channel type {ch.type} not allowed")
            return value
        else:
            raise AssertionError(f"{where}: option type {otype} is not supported by fakediscord")
        if otype in (4, 10):
            if opt.get("min_value") is not None and value < opt["min_value"]:
                raise AssertionError(f"{where}: {value} < min_value {opt['min_value']}")
            if opt.get("max_value") is not None and value > opt["max_value"]:
                raise AssertionError(f"{where}: {value} > max_value {opt['max_value']}")
        choices = opt.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise AssertionError(f"{where}: {value!r} is not one of the choices "
                                 f"{[c['value'] for c in choices]}")
        return value

    def _resolve_entity(self, raw: Any, resolved: dict[str, dict[str, Any]],
                        channel: Channel) -> str:
        guild = channel.guild
        if isinstance(raw, User):
            resolved.setdefault("users", {})[str(raw.id)] = raw.payload()
            member = guild.members.get(raw.id) if guild else None
            if member is not None:
                resolved.setdefault("members", {})[str(raw.id)] = member.payload(
                    with_user=False, with_permissions=True)
            return str(raw.id)
        if isinstance(raw, Channel):
            data = raw.payload()
            if guild is not None and raw.guild is guild:
                data["permissions"] = str(guild.everyone.permissions)
            resolved.setdefault("channels", {})[str(raw.id)] = data
            return str(raw.id)
        if isinstance(raw, Role):
            resolved.setdefault("roles", {})[str(raw.id)] = raw.payload()
            return str(raw.id)
        if isinstance(raw, int) and raw in self.world.users:
            return self._resolve_entity(self.world.users[raw], resolved, channel)
        if isinstance(raw, int) and raw in self.world.channels:
            return self._resolve_entity(self.world.channels[raw], resolved, channel)
        raise AssertionError(f"cannot resolve {raw!r} to a user, channel or role")


def _specification() -> openapi.Specification:
    """Discord's specification; imported here, as jsonschema-rs is a test dependency."""
    from . import openapi

    return openapi.specification()


def _describe(rec: InteractionRecord) -> str:
    kinds = {2: "slash command", 3: "component", 4: "autocomplete", 5: "modal submit"}
    what = kinds.get(rec.type, f"type {rec.type}")
    if rec.type in (2, 4):
        what += f" /{rec.name}"
    elif rec.source_message is not None:
        what += f" on message {rec.source_message.id}"
    return f"{what} by {rec.user.name}"


__all__ = ["FakeDiscord", "InteractionResult"]
