"""Every game engine the bot hosts, by key."""

from __future__ import annotations

from typing import Any

from rules.base import Engine
from rules.canyon import ENGINE as CANYON
from rules.hare import ENGINE as HARE
from rules.numbers import ENGINE as NUMBERS
from rules.whyfirst import ENGINE as WHY_FIRST

ENGINES: dict[str, Engine[Any]] = {
    engine.key: engine for engine in (WHY_FIRST, HARE, CANYON, NUMBERS)
}
