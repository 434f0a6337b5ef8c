"""The answer to a slash command that failed or was refused: private, plain, logged once."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from cogs.common.i18n import N_, _, ngettext, speaking
from cogs.common.languages import of_interaction
from cogs.common.presenter import joined
from cogs.common.reply import FAILURE_TOLD, SOMETHING_WENT_WRONG

log = logging.getLogger(__name__)

SERVERS_ONLY = N_("This command works only in a server's channel.")
NOT_ALLOWED = N_("You cannot use this command here.")
OPENS_A_MATCH = "opens a match"
"""Set in a command's ``extras``: refused, it says that no match was opened."""


async def answer_command_error(
    interaction: discord.Interaction[Any], error: app_commands.AppCommandError
) -> None:
    """The command tree's error handler: a refusal (a check that failed) is explained; a
    command that failed is logged with its traceback and its user told, unless its
    ``Reply`` told them already."""
    with speaking(of_interaction(interaction)):
        text = refusal(error, interaction.command)
        if text is None:
            text = _(SOMETHING_WENT_WRONG)
            name = interaction.command.qualified_name if interaction.command else "?"
            cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
            log.error("/%s failed", name, exc_info=cause)
            if interaction.extras.get(FAILURE_TOLD):
                return
    await _tell(interaction, text)


def refusal(
    error: app_commands.AppCommandError,
    command: app_commands.Command[Any, ..., Any] | app_commands.ContextMenu | None,
) -> str | None:
    """What a check that refused ``command`` says; None: the command itself failed."""
    if isinstance(error, app_commands.NoPrivateMessage):
        return _(SERVERS_ONLY)
    if isinstance(error, app_commands.MissingPermissions):
        missing = error.missing_permissions
        return ngettext(
            "This needs the {permissions} permission here.",
            "This needs the {permissions} permissions here.",
            len(missing), permissions=permission_names(missing),
        )
    if isinstance(error, app_commands.BotMissingPermissions):
        missing = error.missing_permissions
        if command is not None and command.extras.get(OPENS_A_MATCH):
            return ngettext(
                "I need the {permissions} permission in this channel to keep a board here. "
                "A moderator can grant it; no match was opened.",
                "I need the {permissions} permissions in this channel to keep a board here. "
                "A moderator can grant them; no match was opened.",
                len(missing), permissions=permission_names(missing),
            )
        return ngettext(
            "I need the {permissions} permission in this channel.",
            "I need the {permissions} permissions in this channel.",
            len(missing), permissions=permission_names(missing),
        )
    if isinstance(error, app_commands.CheckFailure):
        return _(NOT_ALLOWED)
    return None


PERMISSIONS = {
    "manage_guild": N_("Manage Server"),
    "manage_messages": N_("Manage Messages"),
    "send_messages": N_("Send Messages"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    "embed_links": N_("Embed Links"),
    "attach_files": N_("Attach Files"),
    "view_channel": N_("View Channel"),
    "read_message_history": N_("Read Message History"),
}
"""Permissions as Discord's settings name them."""


def permission_names(permissions: Iterable[str]) -> str:
    """``manage_guild`` as Discord's settings name it: Manage Server."""
    names = [
        _(PERMISSIONS[name]) if name in PERMISSIONS
        else name.replace("guild", "server").replace("_", " ").title()
        for name in permissions
    ]
    return joined(names)


async def _tell(interaction: discord.Interaction[Any], text: str) -> None:
    """A private answer; after an answer a private follow-up, after "thinking" its edit."""
    response = interaction.response
    try:
        if not response.is_done():
            await response.send_message(text, ephemeral=True)
        elif response.type is discord.InteractionResponseType.deferred_channel_message:
            await interaction.edit_original_response(content=text)
        else:
            await interaction.followup.send(text, ephemeral=True)
    except discord.HTTPException as error:
        log.info("could not answer interaction %s: %s", interaction.id, error)
