"""The gateway side: dispatch payload builders, feeding them to a bot, and settling.

There is no websocket. :func:`feed` does what ``DiscordWebSocket.received_message`` does
for an op-0 DISPATCH: it JSON round-trips the event, dispatches ``socket_raw_receive``
(debug events only) and ``socket_event_type``, then calls the connection state's parser.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import encoding
from .messages import Message
from .model import DEFAULT_PERMISSIONS, Guild
from .world import InteractionRecord, World, integration_owners

if TYPE_CHECKING:
    import discord

_log = logging.getLogger(__name__)

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


# ----------------------------------------------------------------------------- payloads


def ready_payload(world: World, *, session_id: str, resume_url: str,
                  shard: tuple[int, int] = (0, 1),
                  guilds: list[Guild] | None = None) -> dict[str, Any]:
    """READY: the bot user, the application and the session's guilds (default: every
    guild) as unavailable."""
    user = world.bot_user.payload()
    user.update({"verified": True, "mfa_enabled": False, "email": None})
    return {
        "v": 10,
        "user": user,
        "user_settings": {},
        "relationships": [],
        "private_channels": [],
        "presences": [],
        "guilds": [{"id": str(g.id), "unavailable": True}
                   for g in (world.guilds.values() if guilds is None else guilds)],
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": [],
        "session_type": "normal",
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "shard": list(shard),
        "application": {"id": str(world.application_id), "flags": 0},
        "auth": {},
        "_trace": ['["fakediscord",{"micros":0}]'],
    }


def guild_create_payload(world: World, guild: Guild, *, members_intent: bool,
                         joined: bool = False) -> dict[str, Any]:
    """GUILD_CREATE; without the members intent Discord only includes the bot's member.

    ``joined``: the bot was just added to the guild (no ``unavailable`` key, so discord.py
    dispatches ``guild_join`` rather than ``guild_available``).
    """
    data = guild.payload(bot=world.bot_user, include_all_members=members_intent)
    if joined:
        data.pop("unavailable", None)
    return data


def interaction_payload(world: World, rec: InteractionRecord, data: dict[str, Any], *,
                        message: Message | None = None) -> dict[str, Any]:
    """INTERACTION_CREATE exactly as Discord builds it for a guild-installed app."""
    payload: dict[str, Any] = {
        "id": str(rec.id),
        "application_id": str(world.application_id),
        "type": rec.type,
        "data": data,
        "token": rec.token,
        "version": 1,
        "locale": rec.user.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "authorizing_integration_owners": integration_owners(rec.guild),
        "context": 0 if rec.guild else 1,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        "channel_id": str(rec.channel.id),
    }
    guild = rec.guild
    if guild is not None:
        member = guild.members[rec.user.id]
        bot_member = guild.members[world.bot_user.id]
        channel = rec.channel.payload()
        channel["permissions"] = str(member.permissions_in(rec.channel))
        payload.update({
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "guild_locale": guild.locale,
            "member": {**member.payload(), "permissions": channel["permissions"]},
            "app_permissions": str(bot_member.permissions_in(rec.channel)),
            "channel": channel,
        })
    else:
        payload.update({
            "user": rec.user.payload(),
            "channel": rec.channel.payload(),
            "app_permissions": str(DEFAULT_PERMISSIONS),
        })
    if message is not None:
        payload["message"] = message.payload()
    return payload


# ----------------------------------------------------------------------------- feeding


class Feeder:
    """Delivers dispatch events to one bot the way ``DiscordWebSocket`` does."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        self.sequence = 0
        self.events: list[str] = []

    def feed(self, event: str, data: dict[str, Any], *, decoded: bool = False) -> None:
        """Parse one event as the bot's gateway would. ``decoded``: ``data`` was just
        decoded from the wire and is the bot's alone; otherwise it goes through JSON here,
        so the bot shares no object with the simulated Discord."""
        self.sequence += 1
        if getattr(self.bot, "_enable_debug_events", False):
            raw = json.dumps({"op": 0, "t": event, "s": self.sequence, "d": data})
            self.bot.dispatch("socket_raw_receive", raw)
        if not decoded:
            data = encoding.loads(encoding.dumps(data))
        self.events.append(event)
        self.bot.dispatch("socket_event_type", event)
        parser = self.bot._connection.parsers.get(event)
        if parser is None:
            _log.debug("fakediscord: bot has no parser for %s", event)
            return
        parser(data)


class _RecordedSocket:
    """A websocket that keeps the text frames sent on it, decoded, in ``sends``."""

    closed = False

    def __init__(self, sends: list[dict[str, Any]]) -> None:
        self._sends = sends

    async def send_str(self, data: str) -> None:
        self._sends.append(json.loads(data))


async def identify(bot: discord.Client, sends: list[dict[str, Any]],
                   shard: tuple[int, int] | None = None) -> dict[str, Any]:
    """The IDENTIFY that opens one of the bot's gateway sessions (its intents and its
    ``shard``, among others), as discord.py's own websocket builds it, kept in ``sends``;
    returns its ``d``. Every shard identifies as discord.py's first does: the simulated
    Discord does not hold later ones to Discord's five seconds apart."""
    from discord.gateway import DiscordWebSocket

    sent: list[dict[str, Any]] = []
    ws = DiscordWebSocket(_RecordedSocket(sent), loop=asyncio.get_running_loop())  # type: ignore[arg-type]
    state = bot._connection
    ws.token, ws._connection, ws.call_hooks = bot.http.token, state, state.call_hooks
    ws._initial_identify = True
    ws.shard_id, ws.shard_count = (None, state.shard_count) if shard is None else shard
    await ws.identify()
    for item in sent:
        sends.append(item)
    return sent[-1]["d"]


class GatewayStub:
    """Stands in for ``bot.ws``: records what the bot would send over the gateway."""

    def __init__(self, sends: list[dict[str, Any]],
                 on_chunk_request: Callable[[dict[str, Any]], None]) -> None:
        self.sends = sends
        self._on_chunk_request = on_chunk_request
        self.open = True
        self.latency = 0.0
        self.shard_id: int | None = None
        self.session_id = secrets.token_hex(16)

    def is_ratelimited(self) -> bool:
        return False

    async def change_presence(self, *, activity: Any = None, status: str | None = None,
                              since: float = 0.0) -> None:
        activities = [activity.to_dict()] if activity is not None else []
        self.sends.append({"op": 3, "d": {"activities": activities, "afk": False,
                                          "since": since, "status": status}})

    async def request_chunks(self, guild_id: int, query: str | None = None, *, limit: int,
                             user_ids: list[int] | None = None, presences: bool = False,
                             nonce: str | None = None) -> None:
        d: dict[str, Any] = {"guild_id": guild_id, "presences": presences, "limit": limit,
                             "query": query, "user_ids": user_ids, "nonce": nonce}
        self.sends.append({"op": 8, "d": d})
        asyncio.get_running_loop().call_soon(self._on_chunk_request, d)

    async def voice_state(self, guild_id: int, channel_id: int | None,
                          self_mute: bool = False, self_deaf: bool = False) -> None:
        self.sends.append({"op": 4, "d": {"guild_id": guild_id, "channel_id": channel_id,
                                          "self_mute": self_mute, "self_deaf": self_deaf}})

    async def close(self, code: int = 4000) -> None:
        self.open = False


# ----------------------------------------------------------------------------- settling


def _background_codes() -> set[Any]:
    """Code objects of coroutines that run forever by design and must not be awaited."""
    from aiohttp import web_protocol
    from discord.ext import tasks
    from discord.ui.view import BaseView

    return {
        web_protocol.RequestHandler.start.__code__,  # loopback server keep-alive handler
        tasks.Loop._loop.__code__,  # discord.ext.tasks background loops
        BaseView._BaseView__timeout_task_impl.__code__,  # type: ignore[attr-defined]
    }


class TaskTracker:
    """Waits for every task spawned since :meth:`begin` to finish.

    Ignored: tasks that existed before ``begin``, ``discord.ext.tasks`` loops, view timeout
    timers, the server's keep-alive handlers, and tasks parked in ``asyncio.sleep`` or
    ``asyncio.wait_for`` for at least ``park_threshold`` seconds (``delete_after`` timers,
    hands whose update may wait, and the like). A task that fails before settling first
    looks is reported too, however quickly a busy machine let it run: every task created
    since ``begin`` is noted as it is created.
    """

    def __init__(self, *, park_threshold: float = 1.0) -> None:
        self.park_threshold = park_threshold
        self.ignored: weakref.WeakSet[asyncio.Task[Any]] = weakref.WeakSet()
        self.parked: weakref.WeakSet[asyncio.Task[Any]] = weakref.WeakSet()
        self.failures: list[tuple[str, BaseException]] = []
        self._baseline: set[asyncio.Task[Any]] | None = None
        self._spawned: weakref.WeakSet[asyncio.Task[Any]] = weakref.WeakSet()
        self._codes = _background_codes()

    def begin(self) -> None:
        """Snapshot the existing tasks (kept until the next :meth:`settle`)."""
        if self._baseline is None:
            self._baseline = set(asyncio.all_tasks())
            self._note_new_tasks()

    def _note_new_tasks(self) -> None:
        """Note every task the loop creates from now on (its factory, if any, still builds
        them)."""
        loop = asyncio.get_running_loop()
        if getattr(loop.get_task_factory(), "tracker", None) is self:
            return
        previous = loop.get_task_factory()

        def noting(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> Any:
            task = (previous(loop, coro, **kwargs) if previous is not None
                    else asyncio.Task(coro, loop=loop, **kwargs))
            self._spawned.add(task)
            return task

        noting.tracker = self  # type: ignore[attr-defined]
        loop.set_task_factory(noting)

    def is_background(self, task: asyncio.Task[Any]) -> bool:
        if task in self.ignored:
            return True
        coro = task.get_coro()
        if getattr(coro, "cr_code", None) in self._codes:
            return True
        inner = _innermost(coro)
        waiting = _PARKING.get(getattr(inner, "cr_code", None))
        if waiting is not None:
            delay = inner.cr_frame.f_locals.get(waiting) or 0  # type: ignore[union-attr]
            if float(delay) >= self.park_threshold:
                self.parked.add(task)
                return True
        return False

    def pending(self) -> list[asyncio.Task[Any]]:
        baseline = self._baseline or set()
        current = asyncio.current_task()
        return [
            t for t in asyncio.all_tasks()
            if t not in baseline and t is not current and not t.done()
            and not self.is_background(t)
        ]

    async def settle(self, timeout: float) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        if self._baseline is None:
            self._baseline = set(asyncio.all_tasks())
            self._note_new_tasks()
        watched: set[asyncio.Task[Any]] = set()
        try:
            while True:
                for _ in range(3):  # let call_soon callbacks create their tasks
                    await asyncio.sleep(0)
                pending = self.pending()
                watched.update(pending)
                if not pending:
                    return
                remaining = deadline - loop.time()
                if remaining <= 0:
                    names = ", ".join(_describe(t) for t in pending)
                    raise AssertionError(f"fakediscord: tasks still running after {timeout}s: "
                                         f"{names}")
                await asyncio.wait(pending, timeout=min(remaining, 0.05),
                                   return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._baseline = None
            watched.update(t for t in self._spawned if t.done() and t not in self.ignored
                           and getattr(t.get_coro(), "cr_code", None) not in self._codes)
            self._spawned = weakref.WeakSet()
            self._collect_failures(watched)

    def _collect_failures(self, tasks: set[asyncio.Task[Any]]) -> None:
        """Unhandled exceptions of finished tasks (asyncio would only log them at GC time)."""
        for task in tasks:
            if task.done() and not task.cancelled() and task.exception() is not None:
                self.failures.append((_describe(task), task.exception()))  # type: ignore[arg-type]


_PARKING = {asyncio.sleep.__code__: "delay", asyncio.wait_for.__code__: "timeout"}
"""Where a task parks, and the local that says for how long."""


def _innermost(coro: Any) -> Any:
    """Follow ``cr_await`` down to the coroutine that is actually suspended."""
    while True:
        awaited = getattr(coro, "cr_await", None)
        if awaited is None or not hasattr(awaited, "cr_frame"):
            return coro
        coro = awaited


def _describe(task: asyncio.Task[Any]) -> str:
    coro = task.get_coro()
    return f"{task.get_name()}({getattr(coro, '__qualname__', coro)!s})"
