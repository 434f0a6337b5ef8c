"""The README names every option of the career commands, as the bot declares them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from discord import app_commands

from cogs.career.history import History
from cogs.career.replay import Replays
from cogs.career.stats import Stats

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.mark.parametrize(
    "command", [Stats.stats, Stats.leaderboard, History.history, Replays.replay],
    ids=lambda command: command.name,
)
def test_the_readme_names_every_option_of_a_career_command(
    command: app_commands.Command,
) -> None:
    readme = README.read_text(encoding="utf-8")
    # The command's own entry: a list item that opens with its usage.
    usage = re.search(rf"^- `/{command.name}(?P<options>[^`]*)`", readme, re.MULTILINE)
    assert usage is not None, f"/{command.name} is not in the README"
    named = re.findall(r"[a-z_]+", usage["options"])
    assert named == [parameter.name for parameter in command.parameters]
