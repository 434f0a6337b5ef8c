"""Pytest fixtures.

Import into a conftest: ``from localdiscord.fixtures import fake_discord``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from . import FakeDiscord


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running :class:`FakeDiscord`; the test fails if Discord would have rejected anything.

    Tests that provoke violations on purpose should ``backend.take_violations()``.
    """
    async with FakeDiscord() as backend:
        yield backend
        problems = "\n".join(f"  - {v}" for v in backend.violations)
        assert not backend.violations, f"Discord would have rejected:\n{problems}"
        crashes = "\n".join(f"  - {name}: {exc!r}" for name, exc in backend.task_errors)
        assert not backend.task_errors, f"unhandled exceptions in bot tasks:\n{crashes}"
