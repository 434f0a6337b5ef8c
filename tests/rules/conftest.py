"""The rules tests' shared fixture: the English rulebooks, loaded once per module."""

from __future__ import annotations

import pytest

from rules.rulebook import Rulebook, all_rulebooks


@pytest.fixture(scope="module")
def books() -> dict[str, Rulebook]:
    return all_rulebooks()
