"""The bots connected to the simulated Discord: their gateway sessions, the events fed to
them, and the waits until they have done what they were sent."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import discord

from .gateway import Feeder, GatewayStub, TaskTracker, guild_create_payload, ready_payload
from .loopback import loopback_connector
from .model import Channel, Guild
from .remote import RemoteBot
from .results import InteractionResult
from .routes.account import GATEWAY_URL
from .server import RestServer
from .sharding import Session, open_shard, refusal, shards_of
from .world import Call, InteractionRecord, Violation, World


class Sessions:
    """Part of :class:`~localdiscord.FakeDiscord` (which sets up the state named here):
    connects bots, feeds their sessions and waits for them."""

    world: World
    server: RestServer
    tracker: TaskTracker
    token: str
    base_url: str
    settle_timeout: float
    bot: discord.Client | RemoteBot | None
    bots: list[discord.Client | RemoteBot]
    sessions: list[Session]
    gateway_sends: list[dict[str, Any]]
    bot_errors: list[logging.LogRecord]
    _served: discord.Client | RemoteBot | None
    _unchecked: list[InteractionRecord]
    _simultaneous: int
    _answer_waiters: dict[int, list[asyncio.Future[None]]]
    _channel_waiters: dict[int, list[asyncio.Future[Call]]]

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
            await self._wait(future, self._answer_waiters, (result.record.id,), timeout)
        return result.responded

    async def activity_in(self, *channels: Channel,
                          timeout: float | None = None) -> Call | None:
        """The bot's next REST call about any of ``channels``: a message posted, edited or
        deleted there, or an answer to an interaction from it. None if ``timeout`` (default
        ``settle_timeout``) passes first."""
        future: asyncio.Future[Call] = asyncio.get_running_loop().create_future()
        keys = [channel.id for channel in channels]
        for key in keys:
            self._channel_waiters.setdefault(key, []).append(future)
        await self._wait(future, self._channel_waiters, keys, timeout)
        return None if future.cancelled() else future.result()

    async def _wait(self, future: asyncio.Future[Any], waiters: dict[int, list[Any]],
                    keys: Iterable[int], timeout: float | None) -> None:
        """Wait for ``future``, waiting under each of ``keys``; however the wait ends (its
        answer, ``timeout``, or the waiter cancelled), it waits under none of them after."""
        try:
            await asyncio.wait({future},
                               timeout=self.settle_timeout if timeout is None else timeout)
        finally:
            if not future.done():
                future.cancel()
            for key in keys:
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
            if not future.done():  # one waiting for several channels is woken once
                future.set_result(call)


def _describe(rec: InteractionRecord) -> str:
    kinds = {2: "slash command", 3: "component", 4: "autocomplete", 5: "modal submit"}
    what = kinds.get(rec.type, f"type {rec.type}")
    if rec.type in (2, 4):
        what += f" /{rec.name}"
    elif rec.source_message is not None:
        what += f" on message {rec.source_message.id}"
    return f"{what} by {rec.user.name}"
