"""Slash command options typed on the page, as the values Discord's client sends for them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import Channel, User

if TYPE_CHECKING:
    from ..table import LocalTable


class OptionError(ValueError):
    """An option the client would not send (not a number, no such player): said to the
    player who typed it."""


ADMINISTRATOR = 1 << 3


def offered(table: LocalTable, channel: Channel, user: User) -> dict[str, dict[str, Any]]:
    """The slash commands Discord's client offers ``user`` in ``channel``, by name: those
    the bot synced for it, that may be used there, and whose default permissions the member
    has (the others it does not show)."""
    synced = {c["name"]: c for c in reversed(table.backend.world.commands_for(channel.guild))
              if c.get("type", 1) == 1}
    return {name: command for name, command in synced.items()
            if _offered_in(command, dm=channel.is_dm) and _permitted(command, channel, user)}


def _offered_in(command: dict[str, Any], *, dm: bool) -> bool:
    """Whether Discord offers the command in a DM (context 1) or a server (context 0)."""
    contexts = command.get("contexts")
    if dm:
        return command.get("dm_permission") is not False and (contexts is None or 1 in contexts)
    return contexts is None or 0 in contexts


def _permitted(command: dict[str, Any], channel: Channel, user: User) -> bool:
    """Whether the member has the command's default permissions (``"0"``: administrators
    only); in a DM every command is the user's own."""
    needed = command.get("default_member_permissions")
    if needed is None or channel.guild is None:
        return True
    has = channel.guild.members[user.id].permissions
    if int(needed) == 0:
        return bool(has & ADMINISTRATOR)
    return int(needed) & ~has == 0


def option_definitions(table: LocalTable, channel: Channel, user: User,
                       command: str) -> list[dict[str, Any]]:
    """The options of ``command`` (``"whyfirst new"``) as the bot synced them, if it is
    offered to ``user`` there."""
    words = command.split()
    if not words:
        raise OptionError("Type a command after /.")
    found = offered(table, channel, user).get(words[0])
    if found is None:
        raise OptionError(f"/{words[0]} is not a command here.")
    defs: list[dict[str, Any]] = found.get("options") or []
    for word in words[1:]:
        sub = next((o for o in defs if o["name"] == word and o["type"] in (1, 2)), None)
        if sub is None:
            raise OptionError(f"/{command} is not a command here.")
        defs = sub.get("options") or []
    return defs


def command_options(table: LocalTable, channel: Channel, user: User, command: str,
                    typed: dict[str, Any]) -> dict[str, Any]:
    """The options typed for ``command`` converted to what their types take: numbers,
    true or false, a player for a user option (by name, ``@`` optional), a channel."""
    defs = {o["name"]: o for o in option_definitions(table, channel, user, command)}
    converted: dict[str, Any] = {}
    for name, text in typed.items():
        definition = defs.get(name)
        if definition is None:
            raise OptionError(f"/{command} has no option {name}.")
        converted[name] = _value(table, definition, str(text).strip())
    return converted


def _value(table: LocalTable, definition: dict[str, Any], text: str) -> Any:
    kind, name = definition["type"], definition["name"]
    try:
        if kind == 4:
            return int(text)
        if kind == 10:
            return float(text)
    except ValueError:
        raise OptionError(f"{name} takes a number.") from None
    if kind == 5:
        if text.lower() not in ("true", "false"):
            raise OptionError(f"{name} takes true or false.")
        return text.lower() == "true"
    if kind == 6:
        player = table.players.get(text.removeprefix("@"))
        if player is None:
            raise OptionError(f"{name}: nobody called {text} is at the table.")
        return player
    if kind == 7:
        channel = table.channel
        if text.removeprefix("#") != channel.name:
            raise OptionError(f"{name}: the server has only #{channel.name}.")
        return channel
    return text
