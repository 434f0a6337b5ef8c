"""Slash command options typed on the page, as the values Discord's client sends for them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..mentions import NESTED
from ..model import Channel, User
from .localized import named
from .words import Refused

if TYPE_CHECKING:
    from ..table import LocalTable


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


def resolved(table: LocalTable, channel: Channel, user: User,
             command: str) -> tuple[str, list[dict[str, Any]]]:
    """``command`` as the player typed it (``"estadísticas"``, in the names their locale
    shows, or Discord's own) as Discord sends it (``"stats"``), with its options'
    definitions, if it is offered to ``user`` there."""
    words = command.split()
    if not words:
        raise Refused("no_command")
    found = named(list(offered(table, channel, user).values()), words[0], user.locale)
    if found is None:
        raise Refused("not_a_command", command=f"/{words[0]}")
    path = [found["name"]]
    defs: list[dict[str, Any]] = found.get("options") or []
    for word in words[1:]:
        subs = [o for o in defs if o["type"] in NESTED]
        sub = named(subs, word, user.locale)
        if sub is None:
            raise Refused("not_a_command", command=f"/{command}")
        path.append(sub["name"])
        defs = sub.get("options") or []
    return " ".join(path), defs


def option_named(defs: list[dict[str, Any]], command: str, name: str,
                 locale: str) -> dict[str, Any]:
    """The definition of the option the player called ``name``."""
    definition = named(defs, name, locale)
    if definition is None:
        raise Refused("no_option", command=f"/{command}", option=name)
    return definition


def command_options(table: LocalTable, channel: Channel, user: User, command: str,
                    typed: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The command and options typed, by the names Discord sends, the options converted to
    what their types take: numbers, true or false, a choice (by its value or the name the
    player sees), a player for a user option (by name, ``@`` optional), a channel."""
    sent, defs = resolved(table, channel, user, command)
    return sent, converted(table, defs, command, typed, user.locale)


def converted(table: LocalTable, defs: list[dict[str, Any]], command: str,
              typed: dict[str, Any], locale: str) -> dict[str, Any]:
    """The options typed for ``command`` (whose options are ``defs``), by the names Discord
    sends, converted as :func:`command_options` says."""
    options: dict[str, Any] = {}
    for name, text in typed.items():
        definition = option_named(defs, command, name, locale)
        options[definition["name"]] = _value(table, definition, name, str(text).strip(), locale)
    return options


def _value(table: LocalTable, definition: dict[str, Any], name: str, text: str,
           locale: str) -> Any:
    kind = definition["type"]
    try:
        if kind == 4:
            return int(text)
        if kind == 10:
            return float(text)
    except ValueError:
        raise Refused("takes_number", option=name) from None
    if kind == 5:
        if text.lower() not in ("true", "false"):
            raise Refused("takes_boolean", option=name)
        return text.lower() == "true"
    if kind == 6:
        player = table.players.get(text.removeprefix("@"))
        if player is None:
            raise Refused("nobody_called", option=name, name=text)
        return player
    if kind == 7:
        channel = table.channel
        if text.removeprefix("#") != channel.name:
            raise Refused("only_channel", option=name, channel=channel.name)
        return channel
    choice = named(definition.get("choices") or [], text, locale)
    return choice["value"] if choice is not None else text
