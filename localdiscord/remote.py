"""A bot in a process of its own, driven by the simulated Discord in this one.

In production Discord runs elsewhere; a bot in the same process as the simulated Discord
shares its CPU with the backend and the simulated players. Connect a :class:`RemoteBot`
like a bot, and the bot runs in a child process::

    remote = RemoteBot("bench.apart:table_bot", path="table.db")
    await backend.connect(remote)

The child builds the bot with the factory (``module:function``, keyword arguments that JSON
carries), logs it in against this backend's REST server over loopback HTTP, and receives
gateway events over a socket as newline-delimited JSON. :meth:`FakeDiscord.settle` waits
for the child's tasks too; the bot's error logs and its tasks' failures come back here.
:meth:`RemoteBot.call` runs ``module:function(bot, **kwargs)`` in the child (to measure or
read what only the bot's process can) and returns its JSON result. The fake's clock
offsets (``advance_clock``) concern interaction deadlines only and work as before.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path
from typing import Any

import discord

from . import encoding

_log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[1]
"""The project's root: the child runs there, so it imports the same modules."""


class RemoteError(Exception):
    """Something that failed in the bot's process, as that process described it."""


class RemoteBot:
    """The parent's handle on a bot running in a child process."""

    tree = None
    """Commands are looked up among those the bot synced (the child's tree is not here)."""

    def __init__(self, factory: str, **kwargs: Any) -> None:
        self.factory = factory
        self.kwargs = kwargs
        self.intents = discord.Intents.none()
        self.opened: list[dict[str, Any]] = []
        """The sessions the bot's shards opened: each its ``shard`` (None: the bot does not
        shard), ``session_id`` and the ``identify`` it sent."""
        self.on_log: list[logging.LogRecord] | None = None
        self.on_chunk_request: Any = None
        self.on_blocked: Any = None
        self.gateway_sends: list[dict[str, Any]] | None = None
        self._process: asyncio.subprocess.Process | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._reader_task: asyncio.Task[None] | None = None
        self._replies: dict[int, asyncio.Future[Any]] = {}
        self._requests = 0
        self._closed = False
        self._gone = False
        """The child's process ended (or its socket closed): nothing more can be asked."""

    # -- lifecycle -----------------------------------------------------------------------

    async def start(self, *, base_url: str, token: str, timeout: float) -> None:
        """Start the child, build and log in its bot and identify its shards; return once
        the bot is logged in."""
        connected: asyncio.Future[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = (
            asyncio.get_running_loop().create_future()
        )

        async def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            if not connected.done():
                connected.set_result((reader, writer))

        server = await asyncio.start_server(accept, "127.0.0.1", 0, limit=1 << 26)
        port = server.sockets[0].getsockname()[1]
        self._process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "localdiscord.botprocess", str(port), cwd=ROOT,
        )
        try:
            reader, self._writer = await asyncio.wait_for(connected, timeout)
        finally:
            server.close()
        self._reader_task = asyncio.create_task(self._read(reader), name="remote-bot-reader")
        hello = await self._request("hello", timeout, factory=self.factory, kwargs=self.kwargs,
                                    base_url=base_url, token=token)
        self.intents = discord.Intents._from_value(hello["intents"])
        self.opened = hello["sessions"]

    async def wait_until_ready(self, timeout: float) -> None:
        await self._request("ready", timeout)

    async def settle(self, timeout: float) -> list[tuple[str, BaseException]]:
        """Wait until the bot's tasks are done; the failures of those that raised."""
        failures = await self._request("settle", timeout + 5.0, timeout=timeout)
        return [(name, RemoteError(error)) for name, error in failures]

    async def call(self, function: str, *, timeout: float = 600.0, **kwargs: Any) -> Any:
        """``function(bot, **kwargs)`` in the bot's process (``module:name``); its result."""
        return await self._request("call", timeout, function=function, kwargs=kwargs)

    async def close(self) -> None:
        """Close the bot and end its process (nothing to close once it ended, killed)."""
        if self._closed:
            return
        self._closed = True
        try:
            if self._writer is not None and not self._writer.is_closing() and not self._gone:
                try:
                    await self._request("close", 60.0)
                except RemoteError:
                    if not self._gone:
                        raise  # the bot failed to close; a process that ended (killed) did not
        finally:
            if self._writer is not None:
                self._writer.close()
            if self._process is not None:
                try:
                    await asyncio.wait_for(self._process.wait(), 30.0)
                except TimeoutError:
                    self._process.kill()
                    await self._process.wait()
            if self._reader_task is not None:
                self._reader_task.cancel()

    def kill(self) -> None:
        """End the bot's process at once, as a crash would (SIGKILL); then disconnect it."""
        if self._process is not None:
            self._process.kill()

    # -- events --------------------------------------------------------------------------

    def feed(self, event: str, data: dict[str, Any]) -> None:
        """A gateway dispatch, sent to the child in order."""
        self._send({"op": "feed", "t": event, "d": data})

    # -- the wire ------------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        if self._writer is None or self._writer.is_closing():
            raise AssertionError("fakediscord: the remote bot's process is gone")
        self._writer.write(encoding.dumps(message) + b"\n")

    async def _request(self, op: str, wait: float, **fields: Any) -> Any:
        """Send a request and wait up to ``wait`` seconds for the child's reply."""
        if self._gone:
            raise RemoteError("the bot's process ended")
        self._requests += 1
        number = self._requests
        reply = self._replies[number] = asyncio.get_running_loop().create_future()
        self._send({"op": op, "id": number, **fields})
        try:
            return await asyncio.wait_for(reply, wait)
        finally:
            self._replies.pop(number, None)

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while line := await reader.readline():
                message = encoding.loads(line)
                op = message["op"]
                if op == "reply":
                    reply = self._replies.get(message["id"])
                    if reply is None or reply.done():
                        continue
                    if message.get("error") is not None:
                        reply.set_exception(RemoteError(message["error"]))
                    else:
                        reply.set_result(message.get("result"))
                elif op == "log" and self.on_log is not None:
                    self.on_log.append(logging.makeLogRecord(message["record"]))
                elif op == "blocked" and self.on_blocked is not None:
                    self.on_blocked(message["host"])
                elif op == "gateway" and self.gateway_sends is not None:
                    self.gateway_sends.append(message["d"])
                    if message["d"].get("op") == 8 and self.on_chunk_request is not None:
                        self.on_chunk_request(message["d"]["d"])
        except ConnectionError:
            pass  # the process ended (killed) while the socket had data to send
        self._gone = True
        gone = RemoteError("the bot's process ended")
        for reply in self._replies.values():
            if not reply.done():
                reply.set_exception(gone)
