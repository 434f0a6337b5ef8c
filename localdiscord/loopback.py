"""A connection for a bot that reaches only this machine, so nothing leaves it."""

from __future__ import annotations

import socket
from typing import Any

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult


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
