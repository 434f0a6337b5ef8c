"""JSON on the simulated Discord's wires (HTTP bodies, gateway events, the pipe to a bot in
a process of its own), written by orjson as discord.py writes it; keys that are not
strings are written as strings, as the json module writes them."""

from __future__ import annotations

import marshal
from typing import Any

import orjson

loads = orjson.loads


def dumps(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def copied(value: Any) -> Any:
    """A copy of JSON data that shares nothing with it: four times quicker than
    ``copy.deepcopy``, which the simulated Discord would otherwise spend on every call."""
    return marshal.loads(marshal.dumps(value))
