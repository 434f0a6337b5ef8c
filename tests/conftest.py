"""The database backend of the run: SQLite files, or PostgreSQL (``TEST_DATABASE=postgres``)
on a throwaway server that ends with the session (``tests.databases``); and how long a test
may run before it fails as hung."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests import databases


@pytest.fixture(scope="session", autouse=True)
def _postgres_server() -> Iterator[None]:
    yield
    databases.stop_server()


@pytest.fixture(autouse=True)
def _fresh_databases() -> Iterator[None]:
    yield
    databases.end_of_test()


SLOW_LIMIT = 4 * 3600
"""Seconds a slow test run by hand may take (soaks and strength runs); every other test
fails as hung after pyproject's ``timeout``."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_LIMIT))


def pytest_report_header() -> str:
    return f"database: {'postgres' if databases.POSTGRES else 'sqlite'}"
