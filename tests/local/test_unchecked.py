"""The local table where Discord's specification is absent: it says so once and plays on."""

from __future__ import annotations

import logging
import sys

import localdiscord
from bot import Settings, TableBot
from localdiscord import FakeDiscord, openapi
from localdiscord.table import LocalTable, specification_present
from matches.computers import Thinking


def test_a_missing_specification_is_said_in_one_line(monkeypatch, tmp_path, caplog):
    monkeypatch.setattr(openapi, "SPEC_FILE", tmp_path / "openapi.json")
    monkeypatch.setattr(openapi, "specification", openapi.specification.__wrapped__)
    with caplog.at_level(logging.INFO, logger="localdiscord"):
        assert specification_present() is False
    (line,) = caplog.messages
    assert "not checked against Discord's specification" in line
    assert str(tmp_path / "openapi.json") in line


def test_without_the_test_requirements_the_table_says_what_to_install(monkeypatch, caplog):
    monkeypatch.setitem(sys.modules, "jsonschema_rs", None)  # not installed
    monkeypatch.delitem(sys.modules, "localdiscord.openapi")
    monkeypatch.delattr(localdiscord, "openapi")
    with caplog.at_level(logging.INFO, logger="localdiscord"):
        assert specification_present() is False
    assert caplog.messages == [
        "local table: requests are not checked against Discord's specification "
        "(install requirements-dev.txt to check them)"]


def test_the_specification_beside_the_project_is_checked_against():
    assert specification_present() is True


async def test_an_unchecked_simulator_still_carries_a_match_to_the_bot(tmp_path):
    async with FakeDiscord(checked=False) as backend:
        assert backend.server.spec is None
        table = LocalTable(backend)
        settings = Settings("local", tmp_path / "local.db", None, "INFO")
        bot = TableBot(settings, thinking=Thinking(pause=0.0), new_seed=lambda: 7)
        await backend.connect(bot)
        anne = table.player("anne")
        opened = await backend.slash(anne, table.channel, "whyfirst new")
        assert "Why First?: new match" in opened.text
        assert "You host" in backend.ephemeral_messages(anne)[0].text
        (board,) = backend.channel_messages(table.channel)
        await backend.click(anne, board, label="Add computer (easy)")
        started = await backend.click(anne, board, label="Start")
        assert started.responded
        assert "Pick a card" in backend.dm_messages(anne)[0].text
        assert backend.violations == []
        await backend.disconnect()


def test_a_player_is_named_in_lower_case_letters_digits_and_dots(tmp_path):
    table = LocalTable(FakeDiscord(checked=False))
    assert table.player("ben") is table.player("ben")
    for refused in ("", "Ben", "<script>", "a" * 33):
        try:
            table.player(refused)
        except ValueError:
            continue
        raise AssertionError(f"{refused!r} was taken for a player's name")
