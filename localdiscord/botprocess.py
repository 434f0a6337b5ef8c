"""The bot's side of a :class:`~localdiscord.remote.RemoteBot`: run as
``python -m localdiscord.botprocess PORT``, it connects back to the parent, builds the
bot, feeds it the gateway events the parent sends and answers the parent's requests."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import logging
import sys
from typing import Any

import discord
import discord.http
import discord.webhook.async_

from . import encoding
from .gateway import Feeder, GatewayStub, TaskTracker
from .loopback import loopback_connector
from .sharding import open_shard, shards_of

_log = logging.getLogger(__name__)


class _Forwarded(list[dict[str, Any]]):
    """What the bot sends over its gateway stub, passed on to the parent as it is sent."""

    def __init__(self, send: Any) -> None:
        super().__init__()
        self._send = send

    def append(self, item: dict[str, Any]) -> None:
        self._send({"op": "gateway", "d": item})


class _LogForwarder(logging.Handler):
    """The bot's error logs, passed on to the parent."""

    def __init__(self, send: Any) -> None:
        super().__init__(logging.ERROR)
        self._send = send

    def emit(self, record: logging.LogRecord) -> None:
        self._send({"op": "log", "record": {
            "name": record.name, "levelno": record.levelno, "levelname": record.levelname,
            "msg": record.getMessage(), "exc_text": self.format(record) if record.exc_info
            else None,
        }})


class _Child:
    """The bot's side: builds the bot, feeds it what the parent sends, answers requests."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self._writer = writer
        self.tracker = TaskTracker()
        self.bot: discord.Client | None = None
        self.feeder: Feeder | None = None
        self._guild_ready_timeout = 0.0

    def send(self, message: dict[str, Any]) -> None:
        if not self._writer.is_closing():
            self._writer.write(encoding.dumps(message) + b"\n")

    async def run(self, reader: asyncio.StreamReader) -> None:
        logging.getLogger().addHandler(_LogForwarder(self.send))  # every logger of the bot
        while line := await reader.readline():
            message = encoding.loads(line)  # as discord.py's gateway decodes Discord's events
            if message["op"] == "feed":
                assert self.feeder is not None
                self.tracker.begin()
                self.feeder.feed(message["t"], message["d"], decoded=True)
                continue
            try:
                result = await getattr(self, "_" + message["op"])(message)
            except Exception as exc:  # any failure goes back to the parent
                _log.debug("remote request failed", exc_info=True)
                self.send({"op": "reply", "id": message["id"], "error": repr(exc)})
            else:
                self.send({"op": "reply", "id": message["id"], "result": result})
            await self._writer.drain()
            if message["op"] == "close":
                return

    async def _hello(self, message: dict[str, Any]) -> dict[str, Any]:
        for cls in {discord.http.Route, discord.webhook.async_.Route}:
            cls.BASE = message["base_url"]
        module, name = message["factory"].split(":")
        bot = getattr(importlib.import_module(module), name)(**message["kwargs"])
        bot.http.connector = loopback_connector(
            lambda host: self.send({"op": "blocked", "host": host}))
        self.tracker.begin()
        await bot.login(message["token"])
        self.bot, self.feeder = bot, Feeder(bot)
        sessions = []
        for shard in await shards_of(bot):
            stub = GatewayStub(_Forwarded(self.send), lambda request: None)
            identified = await open_shard(bot, shard, stub)
            sessions.append({"shard": shard, "session_id": stub.session_id,
                             "identify": identified})
        state = bot._connection
        self._guild_ready_timeout = state.guild_ready_timeout
        state.guild_ready_timeout = 0.001  # every GUILD_CREATE comes before its waiter runs
        return {"intents": bot.intents.value, "sessions": sessions}

    async def _ready(self, message: dict[str, Any]) -> None:
        assert self.bot is not None
        await self.bot.wait_until_ready()
        self.bot._connection.guild_ready_timeout = self._guild_ready_timeout

    async def _settle(self, message: dict[str, Any]) -> list[tuple[str, str]]:
        before = len(self.tracker.failures)
        await self.tracker.settle(message["timeout"])
        return [(name, repr(exc)) for name, exc in self.tracker.failures[before:]]

    async def _call(self, message: dict[str, Any]) -> Any:
        module, name = message["function"].split(":")
        result = getattr(importlib.import_module(module), name)(self.bot, **message["kwargs"])
        return await result if inspect.isawaitable(result) else result

    async def _close(self, message: dict[str, Any]) -> None:
        if self.bot is not None:
            self.tracker.begin()
            await self.bot.close()
            await self.tracker.settle(30.0)


async def _serve(port: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 26)
    try:
        await _Child(writer).run(reader)
    finally:
        writer.close()


if __name__ == "__main__":
    asyncio.run(_serve(int(sys.argv[1])))
