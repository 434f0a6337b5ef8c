"""The database backend of the run: SQLite files, or PostgreSQL (``TEST_DATABASE=postgres``)
on a throwaway server that ends with the session (``tests.databases``)."""

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


def pytest_report_header() -> str:
    return f"database: {'postgres' if databases.POSTGRES else 'sqlite'}"
