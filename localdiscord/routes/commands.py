"""The routes of the bot's application commands, checked as Discord checks them."""

from __future__ import annotations

import re
from typing import Any

from .. import limits
from ..encoding import copied
from ..rest import ApiError, Req, Route, as_snowflake, invalid_form_body
from ..world import World


class CommandRoutes:
    """Global and server commands: listed, overwritten, created, deleted."""

    def __init__(self, world: World) -> None:
        self.world = world

    def routes(self) -> list[Route]:
        app = "/applications/{application_id}"
        guild = app + "/guilds/{guild_id}"
        return [
            Route("GET", app + "/commands", self.list_commands),
            Route("PUT", app + "/commands", self.put_commands),
            Route("POST", app + "/commands", self.post_command),
            Route("DELETE", app + "/commands/{command_id}", self.delete_command),
            Route("GET", guild + "/commands", self.list_commands),
            Route("PUT", guild + "/commands", self.put_commands),
            Route("POST", guild + "/commands", self.post_command),
            Route("DELETE", guild + "/commands/{command_id}", self.delete_command),
        ]

    def _command_store(self, req: Req) -> dict[str, dict[str, Any]]:
        if as_snowflake(req.params["application_id"]) != self.world.application_id:
            raise ApiError(403, 50001, "Missing Access")
        if "guild_id" in req.params:
            gid = as_snowflake(req.params["guild_id"])
            if gid not in self.world.guilds:
                raise ApiError(403, 50001, "Missing Access")
            return self.world.guild_commands.setdefault(gid, {})
        return self.world.global_commands

    def _stored_command(self, req: Req, body: dict[str, Any],
                        store: dict[str, dict[str, Any]]) -> dict[str, Any]:
        old = store.get(body.get("name", ""))
        data = copied(body)
        data.setdefault("type", 1)
        data["id"] = old["id"] if old else str(self.world.snowflakes.next())
        data["application_id"] = str(self.world.application_id)
        data["version"] = str(self.world.snowflakes.next())
        data.setdefault("default_member_permissions", None)
        if data["default_member_permissions"] is not None:  # Discord answers a string
            data["default_member_permissions"] = str(data["default_member_permissions"])
        data.setdefault("nsfw", False)
        data.setdefault("description", "")
        if data.get("integration_types") is None:
            data["integration_types"] = [0]
        if "guild_id" in req.params:
            data["guild_id"] = req.params["guild_id"]
        return data

    async def list_commands(self, req: Req) -> tuple[int, Any]:
        return 200, list(self._command_store(req).values())

    async def put_commands(self, req: Req) -> tuple[int, Any]:
        store = self._command_store(req)
        body = req.json if isinstance(req.json, list) else []
        errors = limits.FormErrors()
        if len(body) > 100:
            errors.add((), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
        for i, cmd in enumerate(body):
            _check_command(cmd, errors, (i,))
        if errors:
            raise invalid_form_body(errors)
        new = {c["name"]: self._stored_command(req, c, store) for c in body}
        store.clear()
        store.update(new)
        return 200, list(store.values())

    async def post_command(self, req: Req) -> tuple[int, Any]:
        store = self._command_store(req)
        errors = limits.FormErrors()
        _check_command(req.json or {}, errors, ())
        if errors:
            raise invalid_form_body(errors)
        data = self._stored_command(req, req.json, store)
        store[data["name"]] = data
        return 201, data

    async def delete_command(self, req: Req) -> tuple[int, Any]:
        store = self._command_store(req)
        for name, data in list(store.items()):
            if data["id"] == req.params["command_id"]:
                del store[name]
                return 204, None
        raise ApiError(404, 10063, "Unknown application command")


_COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")


def _check_command(cmd: Any, errors: limits.FormErrors, path: tuple[Any, ...]) -> None:
    if not isinstance(cmd, dict):
        errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    name = cmd.get("name") or ""
    ctype = cmd.get("type", 1)
    if ctype == 1 and (not _COMMAND_NAME.match(name) or name != name.lower()):
        errors.add((*path, "name"), "APPLICATION_COMMAND_INVALID_NAME",
                   "Command name is invalid")
    if ctype == 1:
        limits._bad_len(errors, (*path, "description"), cmd.get("description"), 1, 100)
        _check_localizations(cmd, errors, path)
    _check_options(cmd.get("options") or [], errors, (*path, "options"))


def _check_localizations(item: dict[str, Any], errors: limits.FormErrors,
                         path: tuple[Any, ...], *, named: bool = True) -> None:
    """Localized names follow the rule of names; localized descriptions and choice names
    their length (``named``: the item's name is a command or option name)."""
    for locale, name in (item.get("name_localizations") or {}).items():
        at = (*path, "name_localizations", locale)
        if named and (not _COMMAND_NAME.match(name or "") or name != name.lower()):
            errors.add(at, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
        else:
            limits._bad_len(errors, at, name, 1, 100)
    for locale, text in (item.get("description_localizations") or {}).items():
        limits._bad_len(errors, (*path, "description_localizations", locale), text, 1, 100)


def _check_options(options: list[dict[str, Any]], errors: limits.FormErrors,
                   path: tuple[Any, ...]) -> None:
    if len(options) > 25:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for i, opt in enumerate(options):
        op = (*path, i)
        name = opt.get("name") or ""
        if not _COMMAND_NAME.match(name) or name != name.lower():
            errors.add((*op, "name"), "APPLICATION_COMMAND_INVALID_NAME",
                       "Command name is invalid")
        limits._bad_len(errors, (*op, "description"), opt.get("description"), 1, 100)
        _check_localizations(opt, errors, op)
        for c, choice in enumerate(opt.get("choices") or []):
            _check_localizations(choice, errors, (*op, "choices", c), named=False)
        if opt.get("choices") and opt.get("autocomplete"):
            errors.add((*op, "autocomplete"), "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE",
                       "Autocomplete cannot be used with choices")
        _check_options(opt.get("options") or [], errors, (*op, "options"))
