"""What Discord sends when a user types a slash command: the command found, its options
checked against their definitions and resolved."""

from __future__ import annotations

from typing import Any

import discord

from .model import Channel, Role, User
from .remote import RemoteBot
from .world import World


def find_command(world: World, bot: discord.Client | RemoteBot, name: str, channel: Channel,
                 local_ids: dict[tuple[int | None, str], int]) -> dict[str, Any]:
    """The command ``/name`` as Discord knows it: synced, else made from the bot's tree
    (``local_ids``: the ids made up for those, kept from one call to the next)."""
    guild = channel.guild
    synced = {c["name"]: c for c in reversed(world.commands_for(guild))
              if c.get("type", 1) == 1}
    cmd = synced.get(name)
    if cmd is None:
        tree = getattr(bot, "tree", None)
        if tree is None:
            raise AssertionError(f"no synced command /{name} and the bot has no tree")
        found = None
        gid: int | None = None
        if guild is not None:
            found = tree.get_command(name, guild=discord.Object(guild.id))
            gid = guild.id if found is not None else None
        if found is None:
            found = tree.get_command(name)
        if found is None or not isinstance(found, discord.app_commands.Command
                                            | discord.app_commands.Group):
            raise AssertionError(f"no slash command /{name}; synced: {sorted(synced)}, "
                                 f"tree: {sorted(c.name for c in tree.get_commands())}")
        cmd = found.to_dict(tree)
        key = (gid, name)
        cmd["id"] = str(local_ids.setdefault(key, world.snowflakes.next()))
        if gid is not None:
            cmd["guild_id"] = str(gid)
    contexts = cmd.get("contexts")
    if channel.is_dm and (cmd.get("dm_permission") is False
                          or (contexts is not None and 1 not in contexts)):
        raise AssertionError(f"/{name} is not available in DMs")
    if not channel.is_dm and contexts is not None and 0 not in contexts:
        raise AssertionError(f"/{name} is not available in guilds")
    return cmd


def command_data(world: World, cmd: dict[str, Any], words: list[str], options: dict[str, Any],
                 channel: Channel, *, focused: str | None) -> dict[str, Any]:
    """The data of the slash command ``cmd`` typed with subcommand ``words`` and ``options``
    (``focused``: the option being typed into, for autocomplete)."""
    data: dict[str, Any] = {"id": str(cmd["id"]), "name": cmd["name"], "type": 1}
    if cmd.get("guild_id"):
        data["guild_id"] = str(cmd["guild_id"])
    defs: list[dict[str, Any]] = cmd.get("options") or []
    container = data
    path = [cmd["name"]]
    for word in words:
        sub = next((o for o in defs if o["name"] == word and o["type"] in (1, 2)), None)
        if sub is None:
            names = [o["name"] for o in defs if o["type"] in (1, 2)]
            raise AssertionError(f"/{' '.join(path)} has no subcommand {word!r}; has {names}")
        node: dict[str, Any] = {"name": word, "type": sub["type"], "options": []}
        container.setdefault("options", []).append(node)
        container = node
        defs = sub.get("options") or []
        path.append(word)
    if any(o["type"] in (1, 2) for o in defs):
        raise AssertionError(f"/{' '.join(path)} needs a subcommand: "
                             f"{[o['name'] for o in defs]}")
    remaining = dict(options)
    resolved: dict[str, dict[str, Any]] = {}
    values: list[dict[str, Any]] = []
    for opt in defs:
        key = opt["name"]
        py_key = key.replace("-", "_")
        if key in remaining:
            raw = remaining.pop(key)
        elif py_key in remaining:
            raw = remaining.pop(py_key)
        else:
            if opt.get("required") and focused is None:  # autocomplete sends what is typed
                raise AssertionError(f"/{' '.join(path)}: option {key!r} is required")
            continue
        if key == focused:
            if not opt.get("autocomplete"):
                raise AssertionError(f"option {key!r} has no autocomplete")
            values.append({"name": key, "type": opt["type"], "value": str(raw),
                           "focused": True})
            continue
        value = _option_value(world, opt, raw, resolved, channel, path)
        values.append({"name": key, "type": opt["type"], "value": value})
    if remaining:
        raise AssertionError(f"/{' '.join(path)} has no options {sorted(remaining)}; "
                             f"has {[o['name'] for o in defs]}")
    if values or container is not data:
        container["options"] = values
    if resolved:
        data["resolved"] = resolved
    return data


def _option_value(world: World, opt: dict[str, Any], raw: Any,
                  resolved: dict[str, dict[str, Any]], channel: Channel,
                  path: list[str]) -> Any:
    otype = opt["type"]
    where = f"/{' '.join(path)} {opt['name']}"
    if otype == 3:
        value: Any = str(raw)
        if opt.get("min_length") is not None and len(value) < opt["min_length"]:
            raise AssertionError(f"{where}: shorter than min_length")
        if opt.get("max_length") is not None and len(value) > opt["max_length"]:
            raise AssertionError(f"{where}: longer than max_length")
    elif otype == 4:
        if isinstance(raw, bool) or int(raw) != raw:
            raise AssertionError(f"{where}: {raw!r} is not an integer")
        value = int(raw)
    elif otype == 10:
        value = float(raw)
    elif otype == 5:
        if not isinstance(raw, bool):
            raise AssertionError(f"{where}: {raw!r} is not a boolean")
        value = raw
    elif otype in (6, 7, 8, 9):
        value = resolve_entity(world, raw, resolved, channel)
        if otype == 7 and opt.get("channel_types"):
            ch = world.channels[int(value)]
            if ch.type not in opt["channel_types"]:
                raise AssertionError(f"{where}: channel type {ch.type} not allowed")
        return value
    else:
        raise AssertionError(f"{where}: option type {otype} is not supported by fakediscord")
    if otype in (4, 10):
        if opt.get("min_value") is not None and value < opt["min_value"]:
            raise AssertionError(f"{where}: {value} < min_value {opt['min_value']}")
        if opt.get("max_value") is not None and value > opt["max_value"]:
            raise AssertionError(f"{where}: {value} > max_value {opt['max_value']}")
    choices = opt.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise AssertionError(f"{where}: {value!r} is not one of the choices "
                             f"{[c['value'] for c in choices]}")
    return value


def resolve_entity(world: World, raw: Any, resolved: dict[str, dict[str, Any]],
                   channel: Channel) -> str:
    """The id of a user, channel or role given as an option, its object added to
    ``resolved``."""
    guild = channel.guild
    if isinstance(raw, User):
        resolved.setdefault("users", {})[str(raw.id)] = raw.payload()
        member = guild.members.get(raw.id) if guild else None
        if member is not None:
            resolved.setdefault("members", {})[str(raw.id)] = member.payload(
                with_user=False, with_permissions=True)
        return str(raw.id)
    if isinstance(raw, Channel):
        data = raw.payload()
        if guild is not None and raw.guild is guild:
            data["permissions"] = str(guild.everyone.permissions)
        resolved.setdefault("channels", {})[str(raw.id)] = data
        return str(raw.id)
    if isinstance(raw, Role):
        resolved.setdefault("roles", {})[str(raw.id)] = raw.payload()
        return str(raw.id)
    if isinstance(raw, int) and raw in world.users:
        return resolve_entity(world, world.users[raw], resolved, channel)
    if isinstance(raw, int) and raw in world.channels:
        return resolve_entity(world, world.channels[raw], resolved, channel)
    raise AssertionError(f"cannot resolve {raw!r} to a user, channel or role")
