"""Slash commands named as the reader's Discord shows them: a clickable mention where the
command's id is known, else the command typed in the reader's language."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping
from typing import Any

import discord
from discord import app_commands

from cogs.common.i18n_commands import command_name

log = logging.getLogger(__name__)


class CommandIds:
    """The ids Discord gave the bot's commands, by name: learnt from a sync, else fetched
    once when first needed; none while Discord cannot say (commands are then typed out).

    ``guild``: the server the commands are synced to (``DEV_GUILD_ID``), else global."""

    def __init__(self, guild: discord.abc.Snowflake | None = None) -> None:
        self.guild = guild
        self._ids: dict[str, int] = {}
        self._lock = asyncio.Lock()

    def learn(self, synced: Iterable[app_commands.AppCommand]) -> None:
        self._ids = {command.name: command.id for command in synced}

    async def known(self, tree: app_commands.CommandTree[Any]) -> Mapping[str, int]:
        """The ids, fetched from Discord if no sync told them yet."""
        async with self._lock:
            if not self._ids:
                try:
                    self.learn(await tree.fetch_commands(guild=self.guild))
                except discord.HTTPException as error:
                    log.warning("command ids unknown, commands typed out (%s)", error.status)
        return self._ids


Command = app_commands.Command[Any, ..., Any]


def command_of(tree: app_commands.CommandTree[Any], path: str) -> Command:
    """The command ``path`` names in the tree (``"hare new"``); LookupError if none."""
    root, *names = path.split()
    found: Any = tree.get_command(root)
    for name in names:
        found = found.get_command(name) if isinstance(found, app_commands.Group) else None
    if not isinstance(found, app_commands.Command):
        raise LookupError(f"no command /{path}")
    return found


def slash(tree: app_commands.CommandTree[Any], path: str, ids: Mapping[str, int]) -> str:
    """The command ``path`` names as the reader's Discord shows it: a mention (clickable,
    in the reader's language) if its id is known, else typed in the language spoken now."""
    command = command_of(tree, path)
    names = command.qualified_name.split()
    command_id = ids.get(names[0])
    if command_id is not None:
        return f"</{command.qualified_name}:{command_id}>"
    return "`/" + " ".join(command_name(name) for name in names) + "`"


def subcommand(tree: app_commands.CommandTree[Any], path: str) -> str:
    """The last name of the command ``path`` names, as the reader's Discord shows it
    (``"hare resign"`` → ``ritirati``), for a sentence about every game's alike."""
    return command_name(command_of(tree, path).name)


def option(command: Command, name: str) -> str:
    """An option of ``command`` as the reader's Discord names it (``pace`` → ``ritmo``)."""
    parameter = command.get_parameter(name)
    if parameter is None:
        raise LookupError(f"/{command.qualified_name} has no option {name}")
    return command_name(parameter.display_name)
