"""The local table's page and its small JSON API, served on 127.0.0.1.

The page reads what a player sees (the server's channel, their DMs, their private answers:
Discord's own message JSON) and acts through the simulated Discord's user actions, which
carry every command, click and menu to the bot as Discord does (INTERACTION_CREATE, then
the bot's REST answers). Each player picks the page's language, their Discord locale, which
every interaction they send then carries.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .. import mentions
from ..messages import EPHEMERAL, LOADING, Message
from ..model import User
from ..results import InteractionResult
from .localized import for_locale, shown, used
from .options import command_options, converted, offered, option_named, resolved
from .words import LOCALES, Refused

if TYPE_CHECKING:
    from ..table import LocalTable

STATIC = Path(__file__).parent / "static"
ANSWER_WAIT = 5.0
"""Seconds the page waits for the bot's first answer to an action (Discord gives it 3)."""
LOCALE = web.RequestKey("locale", str)
"""The acting player's Discord locale, that a refusal speaks."""


class Page:
    """The web server of one local table."""

    def __init__(self, table: LocalTable) -> None:
        self.table = table
        self.backend = table.backend
        self.world = table.backend.world
        self._runner: web.AppRunner | None = None

    async def start(self, port: int) -> str:
        """Serve on ``127.0.0.1:port`` and return the page's address."""
        app = web.Application(middlewares=[_refusals])
        app.router.add_get("/", self._index)
        app.router.add_static("/static", STATIC)
        app.router.add_get(r"/attachments/{channel_id}/{attachment_id:\d+}/{filename}",
                           self._attachment)
        app.router.add_get("/api/state", self._state)
        app.router.add_get("/api/commands", self._commands)
        app.router.add_post("/api/slash", self._slash)
        app.router.add_post("/api/autocomplete", self._autocomplete)
        app.router.add_post("/api/click", self._click)
        app.router.add_post("/api/select", self._select)
        app.router.add_post("/api/locale", self._locale)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", port).start()
        return f"http://127.0.0.1:{self._runner.addresses[0][1]}/"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- reading -------------------------------------------------------------------------

    async def _index(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC / "index.html")

    async def _attachment(self, request: web.Request) -> web.Response:
        found = self.world.attachments.get(int(request.match_info["attachment_id"]))
        if found is None or found.filename != request.match_info["filename"]:
            raise web.HTTPNotFound()
        return web.Response(body=found.data, content_type=found.content_type or "image/png")

    def version(self) -> str:
        """Changes whenever anything a player might see could have changed."""
        world = self.world
        locales = ",".join(user.locale for user in self.table.players.values())
        return f"{len(world.calls)}.{len(world.interactions)}.{len(world.users)}.{locales}"

    async def _state(self, request: web.Request) -> web.Response:
        """Everything ``as`` sees, unless it is the version the page already has."""
        me = self._player(request, request.query.get("as", ""))
        version = self.version()
        if request.query.get("since") == version:
            return web.json_response({"version": version})
        channel = self.table.channel
        dm = self.backend.dm_channel(me)
        shown = [*channel.messages, *dm.messages, *self.world.ephemeral.get(me.id, [])]
        commands = self.world.commands_for(self.table.guild)
        return web.json_response({
            "version": version,
            "me": {"id": str(me.id), "name": me.name, "locale": me.locale},
            "bot": {"id": str(self.world.bot_user.id), "name": self.world.bot_user.name},
            "guild": {"id": str(self.table.guild.id), "name": self.table.guild.name},
            "channels": [{"id": str(channel.id), "name": channel.name, "topic": channel.topic}],
            "dm": str(dm.id),
            "players": sorted(self.table.players),
            "users": {str(user.id): user.name for user in self.world.users.values()},
            "commands": _command_mentions(shown, commands, me),
            "messages": [self._shown(m, commands, me) for m in sorted(shown, key=lambda m: m.id)],
        })

    def _shown(
        self, message: Message, commands: list[dict[str, Any]], me: User
    ) -> dict[str, Any]:
        """``message`` as ``me``'s page draws it: the command used above it in their names."""
        data = message.payload()
        used_name = (message.interaction_metadata or {}).get("name")
        if used_name:
            data["command_shown"] = used(used_name, commands, me.locale)
        data["ephemeral"] = bool(message.flags & EPHEMERAL)
        data["loading"] = bool(message.flags & LOADING)
        return _local_urls(data, self.backend.server.base_url.split("/api/")[0])

    async def _commands(self, request: web.Request) -> web.Response:
        """The slash commands Discord offers in that channel: those the bot synced, as
        Discord gives them to the player's client (names and descriptions in their locale)."""
        me = self._player(request, request.query.get("as", ""))
        channel = self.world.channels.get(int(request.query.get("channel", "0")))
        if channel is None:
            raise Refused("no_channel")
        usable = offered(self.table, channel, me).values()
        return web.json_response(sorted((for_locale(c, me.locale) for c in usable),
                                        key=lambda c: shown(c, me.locale)))

    # -- acting --------------------------------------------------------------------------

    async def _slash(self, request: web.Request) -> web.Response:
        me, channel, body = await self._acting(request)
        command, options = command_options(self.table, channel, me,
                                           str(body.get("command", "")),
                                           body.get("options") or {})
        return await self._act(lambda: self.backend.slash(me, channel, command, **options))

    async def _autocomplete(self, request: web.Request) -> web.Response:
        me, channel, body = await self._acting(request)
        typed, focused = str(body.get("command", "")), str(body.get("focused", ""))
        given = {k: v for k, v in (body.get("options") or {}).items() if k != focused}
        command, defs = resolved(self.table, channel, me, typed)
        definition = option_named(defs, typed, focused, me.locale)
        options = converted(self.table, defs, typed, given, me.locale)
        options[definition["name"]] = str((body.get("options") or {}).get(focused, ""))
        return await self._act(lambda: self.backend.autocomplete_result(
            me, channel, command, focused=definition["name"], **options))

    async def _click(self, request: web.Request) -> web.Response:
        me, message, body = await self._on_message(request)
        custom_id = str(body.get("custom_id", ""))
        return await self._act(lambda: self.backend.click(me, message, custom_id=custom_id))

    async def _select(self, request: web.Request) -> web.Response:
        me, message, body = await self._on_message(request)
        custom_id, values = str(body.get("custom_id", "")), list(body.get("values") or [])
        return await self._act(
            lambda: self.backend.select(me, message, values, custom_id=custom_id))

    async def _locale(self, request: web.Request) -> web.Response:
        """The player picks the page's language: their Discord locale from now on, which
        every interaction they send carries, as Discord's client does."""
        body = await _body(request)
        me = self._player(request, str(body.get("as", "")))
        locale = str(body.get("locale", ""))
        if locale not in LOCALES:
            raise Refused("no_language", locale=locale)
        me.locale = locale
        return web.json_response({"locale": me.locale})

    async def _act(self, action: Callable[[], Awaitable[InteractionResult]]) -> web.Response:
        """Send the action as Discord would and wait for the bot's first answer to it."""
        try:
            async with self.backend.simultaneously(settle=False):
                result = await action()
        except AssertionError as refused:  # what a Discord client would not let one send
            raise Refused("not_sent", reason=str(refused)) from None
        answered = await self.backend.answered(result, timeout=ANSWER_WAIT)
        return web.json_response({
            "answered": answered,
            "type": result.response_type,
            "choices": result.choices,
        })

    async def _acting(self, request: web.Request) -> tuple[User, Any, dict[str, Any]]:
        body = await _body(request)
        me = self._player(request, str(body.get("as", "")))
        channel = self.world.channels.get(int(body.get("channel") or 0))
        if channel is None:
            raise Refused("no_channel")
        return me, channel, body

    async def _on_message(self, request: web.Request) -> tuple[User, Message, dict[str, Any]]:
        body = await _body(request)
        me = self._player(request, str(body.get("as", "")))
        message = self.world.messages.get(int(body.get("message") or 0))
        if message is None:
            raise Refused("message_gone")
        return me, message, body

    def _player(self, request: web.Request, name: str) -> User:
        """The player acting, whose locale the page's refusals then speak."""
        try:
            player = self.table.player(name or "anne")
        except ValueError:
            raise Refused("bad_name") from None
        request[LOCALE] = player.locale
        return player


def _command_mentions(
    shown: list[Message], commands: list[dict[str, Any]], me: User
) -> dict[str, str]:
    """Each command mention of these messages as ``me``'s Discord shows it
    (``</hare new:1>`` → ``/lepre nuova``)."""
    return {
        found[0]: mentions.shown(found[0], commands, me.locale)
        for message in shown
        for found in mentions.MENTION.finditer(message.text)
    }


@web.middleware
async def _refusals(request: web.Request,
                    handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                    ) -> web.StreamResponse:
    """A refused action is answered 400 with its reason in the player's language, for the
    page to show them."""
    try:
        return await handler(request)
    except Refused as refused:
        return web.json_response({"error": refused.said(request.get(LOCALE, ""))},
                                 status=400)


async def _body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        raise Refused("no_json") from None
    if not isinstance(body, dict):
        raise Refused("no_json")
    return body


def _local_urls(value: Any, origin: str) -> Any:
    """Attachment URLs of the simulated CDN made the page's own (``/attachments/...``)."""
    if isinstance(value, str):
        return value.removeprefix(origin) if value.startswith(origin) else value
    if isinstance(value, list):
        return [_local_urls(v, origin) for v in value]
    if isinstance(value, dict):
        return {k: _local_urls(v, origin) for k, v in value.items()}
    return value
