"""A slash command that fails, or that a check refuses, is answered privately and its
failure logged once, whatever it had answered before failing."""

from __future__ import annotations

import logging

from discord import app_commands

from cogs.common.commanderrors import NOT_ALLOWED, SERVERS_ONLY
from cogs.common.reply import SOMETHING_WENT_WRONG, Reply


def _add(table, command: app_commands.Command) -> None:
    """A command of the bot's tree the player can run (not synced: the simulator finds it in
    the tree)."""
    table.bot.tree.add_command(command)


def _failures(caplog) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.levelno >= logging.ERROR]


def _logged_once(caplog) -> logging.LogRecord:
    """The one error logged, then forgotten (the fixture fails a test that logs errors)."""
    (logged,) = _failures(caplog)
    caplog.clear()
    return logged


async def test_a_command_that_raises_is_answered_privately_and_logged_once(table, caplog):
    @app_commands.command(name="broken", description="Fails")
    async def broken(interaction) -> None:
        raise RuntimeError("the work failed")

    _add(table, broken)
    answered = await table.backend.slash(table.player("anne"), table.channel, "broken")
    assert answered.ephemeral and answered.text == SOMETHING_WENT_WRONG
    logged = _logged_once(caplog)
    assert "/broken failed" in logged.getMessage()
    assert logged.exc_info and "the work failed" in str(logged.exc_info[1])


async def test_a_command_that_raises_after_answering_gets_a_private_follow_up(table, caplog):
    @app_commands.command(name="halfway", description="Answers, then fails")
    async def halfway(interaction) -> None:
        await interaction.response.send_message("Working on it.")
        raise RuntimeError("the rest failed")

    _add(table, halfway)
    table.backend.world.pseudo = False  # the command's own words are this test's, not the bot's
    answered = await table.backend.slash(table.player("anne"), table.channel, "halfway")
    assert answered.content == "Working on it." and not answered.ephemeral
    (told,) = answered.followups
    assert told.ephemeral and told.text == SOMETHING_WENT_WRONG
    assert _logged_once(caplog)


async def test_a_command_that_raises_while_thinking_has_its_thinking_edited(table, caplog):
    @app_commands.command(name="slow", description="Defers, then fails")
    async def slow(interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        raise RuntimeError("the slow work failed")

    _add(table, slow)
    answered = await table.backend.slash(table.player("anne"), table.channel, "slow")
    assert answered.deferred and answered.ephemeral and answered.text == SOMETHING_WENT_WRONG
    assert not answered.followups and _logged_once(caplog)


async def test_a_failure_its_reply_told_is_told_once(table, caplog):
    @app_commands.command(name="replied", description="Fails inside its reply")
    async def replied(interaction) -> None:
        async with Reply(interaction, private=True):
            raise RuntimeError("the table failed")

    _add(table, replied)
    answered = await table.backend.slash(table.player("anne"), table.channel, "replied")
    assert [m.text for m in answered.messages] == [SOMETHING_WENT_WRONG]
    assert _logged_once(caplog)


async def test_a_missing_permission_is_named(table, caplog):
    @app_commands.command(name="tidy", description="For moderators")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def tidy(interaction) -> None:
        await interaction.response.send_message("Tidied.")

    _add(table, tidy)
    answered = await table.backend.slash(table.player("anne"), table.channel, "tidy")
    assert answered.ephemeral and "Manage Server" in answered.text
    assert not _failures(caplog)


async def test_a_server_check_in_a_dm_says_where_the_command_works(table, caplog):
    @app_commands.command(name="club", description="For the club's members")
    @app_commands.checks.has_role("Member")
    async def club(interaction) -> None:
        await interaction.response.send_message("Welcome.")

    _add(table, club)
    anne = table.player("anne")
    answered = await table.backend.slash(anne, table.backend.dm_channel(anne), "club")
    assert answered.ephemeral and answered.text == SERVERS_ONLY
    refused = await table.backend.slash(anne, table.channel, "club")
    assert refused.ephemeral and refused.text == NOT_ALLOWED
    assert not _failures(caplog)
