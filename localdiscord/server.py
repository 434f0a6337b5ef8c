"""Loopback aiohttp server implementing the Discord REST routes a bot uses.

Every request is recorded in ``world.calls``; every rejection that real Discord would make
because the bot did something wrong is also appended to ``world.violations``.
"""

from __future__ import annotations

import asyncio
import datetime
import marshal
import mimetypes
import re
import urllib.parse
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import encoding, limits, pseudo
from .messages import (
    COMPONENTS_V2,
    EPHEMERAL,
    LOADING,
    SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS,
    Attachment,
    Message,
)
from .model import Channel, Guild, User, iso
from .sharding import recommended_shards
from .world import Call, InteractionRecord, Violation, World

if TYPE_CHECKING:
    from . import openapi

API_PREFIX = "/api/v10"
GLOBAL_RATE = 50
"""Requests a second Discord allows a bot (its global rate limit), unless it raised it."""
INTERACTION_RESPONSE_WINDOW = 3.0
INTERACTION_TOKEN_LIFETIME = 15 * 60.0
GATEWAY_URL = "ws://127.0.0.1:9/fake-gateway"
SESSION_STARTS = 1000
"""Gateway sessions a bot may start a day."""
DAY_MS = 24 * 3600 * 1000
STOP_GRACE = 1.0
"""Seconds the stopping server lets a request still being answered finish."""
INSTALL_SCOPES = ("applications.commands", "bot")
"""What a server that adds the bot grants it."""


class ApiError(Exception):
    """A Discord error response. ``expected`` ones are legitimate outcomes, not violations."""

    def __init__(self, status: int, code: int, message: str, *,
                 errors: dict[str, Any] | None = None, expected: bool = False,
                 retry_after: float = 0.0, is_global: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.expected = expected
        self.retry_after = retry_after
        self.is_global = is_global

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            data["errors"] = self.errors
        if self.status == 429:
            data.update(retry_after=self.retry_after, **{"global": self.is_global})
        return data

    def headers(self) -> dict[str, str]:
        """A 429 comes through Discord's proxy with the bucket's state, as Discord's does
        (discord.py takes a 429 without ``Via`` for a Cloudflare ban)."""
        if self.status != 429:
            return {}
        if self.is_global:
            return {
                "Via": "1.1 google",
                "Retry-After": f"{self.retry_after:.3f}",
                "X-RateLimit-Global": "true",
                "X-RateLimit-Scope": "global",
            }
        return {
            "Via": "1.1 google",
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": f"{self.retry_after:.3f}",
            "X-RateLimit-Bucket": "fakediscord-bucket",
            "X-RateLimit-Scope": "user",
        }


def invalid_form_body(errors: limits.FormErrors) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", errors=errors.tree)


@dataclass
class Upload:
    field: str
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class Req:
    """A parsed request as seen by a route handler."""

    method: str
    path: str
    route: str
    params: dict[str, str]
    query: dict[str, str]
    json: Any
    files: list[Upload]
    headers: dict[str, str]
    user_id: int | None = None
    interaction_id: int | None = None

    def flag(self, name: str) -> bool:
        return self.query.get(name, "").lower() in ("1", "true")


Handler = Callable[[Req], Awaitable[tuple[int, Any]]]


@dataclass
class Fault:
    """A delay or a refusal the backend injects into matching REST calls.

    ``route`` is a route template (``/channels/{channel_id}/messages/{message_id}``);
    ``channel_id`` narrows it to one channel. A refusal is Discord's answer to a
    legitimate call (missing permissions, a server error), so it is not a violation.
    ``times``: how many matching calls it affects (None: all of them).
    """

    method: str | None = None
    route: str | None = None
    channel_id: int | None = None
    status: int = 0
    code: int = 0
    message: str = ""
    delay: float = 0.0
    retry_after: float = 0.0
    """With status 429: the seconds Discord asks the bot to wait before trying again."""
    times: int | None = 1
    hits: int = 0

    def applies_to(self, method: str, route: str, params: dict[str, str]) -> bool:
        if self.times is not None and self.hits >= self.times:
            return False
        if self.method is not None and self.method != method:
            return False
        if self.route is not None and self.route != route:
            return False
        return self.channel_id is None or params.get("channel_id") == str(self.channel_id)


@dataclass
class RouteSpec:
    method: str
    template: str
    regex: re.Pattern[str]
    handler: Handler
    needs_auth: bool = True
    literal_weight: int = field(default=0)


def _compile(template: str) -> re.Pattern[str]:
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
    return re.compile(f"^{pattern}$")


class RestServer:
    """The simulated REST API (one per :class:`~localdiscord.FakeDiscord`)."""

    def __init__(self, world: World, *, token: Callable[[], str], clock: Callable[[], float],
                 on_call: Callable[[Call], None] | None = None, bodies: bool = True,
                 global_rate: int | None = GLOBAL_RATE,
                 spec: openapi.Specification | None = None) -> None:
        self.world = world
        self.spec = spec
        """Discord's specification every request and answer is checked against (None: the
        simulated routes alone say what exists)."""
        self.bodies = bodies
        self.global_rate = global_rate
        self._bot_calls: deque[float] = deque()
        """When the calls made with the bot's token in the last second arrived."""
        self._token = token
        self._clock = clock
        self._on_call = on_call
        self._seq = 0
        self.faults: list[Fault] = []
        self._runner: web.AppRunner | None = None
        self.base_url = ""
        self.routes: list[RouteSpec] = []
        self._register_routes()

    # -- lifecycle -----------------------------------------------------------------------

    async def start(self) -> str:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}",
                           self._serve_attachment)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._dispatch)
        # Closing, it waits no longer for an answer held back on purpose (``Fault.delay``):
        # the bots were disconnected first, and nobody waits for it any more.
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False,
                                     shutdown_timeout=STOP_GRACE)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{port}{API_PREFIX}"
        return self.base_url

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- routing -------------------------------------------------------------------------

    def route(self, method: str, template: str, handler: Handler, *, auth: bool = True) -> None:
        weight = sum(1 for part in template.split("/") if part and "{" not in part)
        self.routes.append(RouteSpec(method, template, _compile(template), handler, auth, weight))
        # literal segments win over placeholders (e.g. @original before {message_id})
        self.routes.sort(key=lambda r: -r.literal_weight)

    def _register_routes(self) -> None:
        r = self.route
        r("GET", "/users/@me", self.get_me)
        r("GET", "/users/{user_id}", self.get_user)
        r("POST", "/users/@me/channels", self.open_dm)
        r("GET", "/oauth2/applications/@me", self.get_application)
        r("GET", "/applications/@me", self.get_application)
        r("GET", "/gateway", self.get_gateway)
        r("GET", "/gateway/bot", self.get_bot_gateway)
        r("GET", "/applications/{application_id}/commands", self.list_commands)
        r("PUT", "/applications/{application_id}/commands", self.put_commands)
        r("POST", "/applications/{application_id}/commands", self.post_command)
        r("DELETE", "/applications/{application_id}/commands/{command_id}", self.delete_command)
        r("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self.list_commands)
        r("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands)
        r("POST", "/applications/{application_id}/guilds/{guild_id}/commands", self.post_command)
        r("DELETE", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
          self.delete_command)
        r("GET", "/channels/{channel_id}", self.get_channel)
        r("GET", "/channels/{channel_id}/messages", self.list_messages)
        r("POST", "/channels/{channel_id}/messages", self.create_message)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        r("POST", "/channels/{channel_id}/typing", self.typing)
        r("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
          self.add_reaction)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
          self.remove_reaction)
        r("GET", "/guilds/{guild_id}", self.get_guild)
        r("GET", "/guilds/{guild_id}/channels", self.get_guild_channels)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)
        r("POST", "/interactions/{webhook_id}/{webhook_token}/callback", self.interaction_callback,
          auth=False)
        r("POST", "/webhooks/{webhook_id}/{webhook_token}", self.followup, auth=False)
        for method, handler in (("GET", self.get_original), ("PATCH", self.edit_original),
                                ("DELETE", self.delete_original)):
            r(method, "/webhooks/{webhook_id}/{webhook_token}/messages/@original", handler,
              auth=False)
        for method, handler in (("GET", self.get_followup), ("PATCH", self.edit_followup),
                                ("DELETE", self.delete_followup)):
            r(method, "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", handler,
              auth=False)

    async def _dispatch(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        method = request.method
        body, files = await _read_body(request)
        query = dict(request.query)
        spec, params = self._match(method, path)
        req = Req(method=method, path=path, route=spec.template if spec else "",
                  params=params, query=query, json=body, files=files,
                  headers=dict(request.headers))
        official = self.spec.operation(method, path) if self.spec else None
        status: int
        payload: Any
        error: ApiError | None = None
        try:
            if official is None and self.spec is not None:
                raise ApiError(404, 0, "404: Not Found")
            if spec is None:
                raise ApiError(404, 0, "The simulated Discord does not serve this route yet")
            expected_auth = f"Bot {self._token()}"
            if spec.needs_auth and request.headers.get("Authorization") != expected_auth:
                raise ApiError(401, 0, "401: Unauthorized", expected=True)
            if spec.needs_auth:
                self._count_bot_call()
            if official is not None:
                self._check_request(req, *official)
            await self._inject_faults(req)
            status, payload = await spec.handler(req)
        except ApiError as exc:
            error = exc
            status, payload = exc.status, exc.body()
        known = official is not None or self.spec is None
        self._record(req, spec, status, payload, error, known=known)
        if official is not None:
            self._check_response(req, official[0], status, payload)
        if status == 204 or payload is None:
            return web.Response(status=204 if status < 300 else status)
        # discord.py only parses JSON when Content-Type is exactly "application/json",
        # which is what Discord sends (aiohttp's json_response would add "; charset=utf-8").
        headers = {"Content-Type": "application/json", **(error.headers() if error else {})}
        return web.Response(body=encoding.dumps(payload), status=status, headers=headers)

    def _check_request(self, req: Req, operation: openapi.Operation,
                       params: dict[str, str]) -> None:
        """Discord refuses a request its specification refuses, as it refuses a form."""
        multipart = req.headers.get("Content-Type", "").lower().startswith("multipart/")
        assert self.spec is not None
        problems = self.spec.check_request(
            operation, params, req.query, req.json, multipart=multipart)
        if problems:
            errors = limits.FormErrors()
            for problem in problems:
                errors.add(problem.path, problem.code, problem.message)
            raise invalid_form_body(errors)

    def _check_response(self, req: Req, operation: openapi.Operation, status: int,
                        payload: Any) -> None:
        """An answer the specification does not allow is a bug of the simulated Discord."""
        assert self.spec is not None
        for problem in self.spec.check_response(operation, status, payload):
            if f'"{pseudo.LOCALE}" is not valid' in str(problem):
                continue  # the pseudo-language run's own locale, which Discord does not list
            self.world.simulator_bugs.append(
                f"{req.method} {operation.template} answered {status} with a body that does "
                f"not fit Discord's specification: {problem}")

    def _count_bot_call(self) -> None:
        """Discord's global rate limit: calls made with the bot's token, at most
        ``global_rate`` in any second; answers to interactions are not counted. A bot over
        it is refused, and that is a violation: a bot should never get there."""
        if self.global_rate is None:
            return
        now = self._clock()
        while self._bot_calls and self._bot_calls[0] <= now - 1.0:
            self._bot_calls.popleft()
        if len(self._bot_calls) >= self.global_rate:
            raise ApiError(429, 0, "You are being rate limited.", is_global=True,
                           retry_after=self._bot_calls[0] + 1.0 - now)
        self._bot_calls.append(now)

    def bot_restarted(self) -> None:
        """A new bot process logs in: its calls are counted afresh. A bot restarting in
        production takes longer than the one-second window; the tests restart it at once."""
        self._bot_calls.clear()

    async def _inject_faults(self, req: Req) -> None:
        for fault in self.faults:
            if not fault.applies_to(req.method, req.route, req.params):
                continue
            fault.hits += 1
            if fault.delay:
                await asyncio.sleep(fault.delay)
            if fault.status:
                raise ApiError(fault.status, fault.code, fault.message, expected=True,
                               retry_after=fault.retry_after)

    def _match(self, method: str, path: str) -> tuple[RouteSpec | None, dict[str, str]]:
        for spec in self.routes:
            if spec.method != method:
                continue
            m = spec.regex.match(path)
            if m:
                return spec, m.groupdict()
        return None, {}

    def _record(self, req: Req, spec: RouteSpec | None, status: int, payload: Any,
                error: ApiError | None, *, known: bool) -> None:
        self._seq += 1
        call = Call(
            seq=self._seq, method=req.method, path=req.path,
            route=spec.template if spec else None, query=req.query,
            json=_copied(req.json) if self.bodies else None,
            files=[f.filename for f in req.files], status=status,
            response=_copied(payload) if self.bodies else None, user_id=req.user_id,
            interaction_id=req.interaction_id,
            error_code=error.code if error else None,
            violation=bool(error and not error.expected),
            at=self._clock(),
            with_bot_token=spec is not None and spec.needs_auth,
        )
        self.world.calls.append(call)
        if error is not None and not error.expected:
            detail = "; ".join(limits_flat(error.errors)) if error.errors else ""
            kind = ("unknown_route" if not known else "unserved_route" if spec is None
                    else "rejected")
            self.world.violations.append(Violation(
                kind=kind, message=error.message + (f" ({detail})" if detail else ""),
                status=status, code=error.code, method=req.method, path=req.path,
                route=call.route, errors=error.errors, call=call,
            ))
        if self._on_call is not None:
            self._on_call(call)

    # -- helpers -------------------------------------------------------------------------

    @property
    def bot(self) -> User:
        return self.world.bot_user

    def _channel(self, req: Req) -> Channel:
        channel_id = _int(req.params["channel_id"])
        channel = self.world.channels.get(channel_id)
        if channel is None:
            deleted = channel_id in self.world.deleted_channels
            raise ApiError(404, 10003, "Unknown Channel", expected=deleted or req.method == "GET")
        if channel.is_dm and channel.recipient is not None:
            req.user_id = channel.recipient.id
        return channel

    def _channel_message(self, req: Req, channel: Channel) -> Message:
        msg = self.world.messages.get(_int(req.params["message_id"]))
        if msg is None or msg.channel is not channel or msg.ephemeral_for is not None:
            raise ApiError(404, 10008, "Unknown Message", expected=req.method == "GET")
        return msg

    def _check_payload(self, payload: Any, *, creating: bool, files: int,
                       flags: int | None = None) -> dict[str, Any]:
        if not isinstance(payload, dict):
            payload = {}
        errors = limits.FormErrors()
        limits.check_message(payload, errors, flags=flags)
        if errors:
            raise invalid_form_body(errors)
        if creating and limits.is_empty_message(payload, files=files):
            raise ApiError(400, 50006, "Cannot send an empty message")
        return payload

    def _read_texts(self, payload: Any) -> Any:
        """In the pseudo-language run, record every text outside ⟦ ⟧ as a violation, and
        give back the payload as the tests read it (brackets taken out)."""
        if not self.world.pseudo or not isinstance(payload, dict):
            return payload
        names = self.world.names()
        for text in pseudo.texts(payload):
            words = pseudo.untranslated(text, names)
            if words is not None and text not in self.world.untranslated:
                self.world.untranslated.add(text)
                self.world.violations.append(Violation(
                    kind="untranslated", message=f"untranslated: {words!r} in {text!r}"))
        return pseudo.unwrap(payload)

    def _new_message(self, channel: Channel, payload: dict[str, Any], files: list[Upload], *,
                     interaction: InteractionRecord | None = None,
                     ephemeral: bool = False, extra_flags: int = 0,
                     path: tuple[str, ...] = ()) -> Message:
        payload = self._read_texts(payload)
        allowed = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2
        flags = (int(payload.get("flags") or 0) & allowed) | extra_flags
        if ephemeral:
            flags |= EPHEMERAL
        message_id = self.world.snowflakes.next()
        msg = Message(
            id=message_id, channel=channel, author=self.bot,
            content=payload.get("content") or "",
            embeds=_normalize_embeds(payload.get("embeds")),
            components=_normalize_components(payload.get("components")),
            attachments=self._attachments(payload, files, [], channel=channel,
                                          message_id=message_id, ephemeral=ephemeral,
                                          path=path),
            flags=flags,
        )
        self._resolve_attachment_references(msg)
        msg.notified = _notified(channel, payload, flags)
        if msg.notified:
            self.world.notifications.append(msg)
        if interaction is not None:
            msg.type = 20 if interaction.type == 2 else 0
            msg.webhook_id = self.world.application_id
            msg.application_id = self.world.application_id
            msg.interaction_metadata = interaction.metadata()
            msg.interaction_id = interaction.id
            if interaction.type == 2:
                msg.legacy_interaction = {
                    "id": str(interaction.id), "type": 2, "name": interaction.name,
                    "user": interaction.user.payload(),
                }
            if ephemeral:
                msg.ephemeral_for = interaction.user
        return self.world.store_message(msg)

    def _apply_edit(self, msg: Message, payload: dict[str, Any], files: list[Upload], *,
                    path: tuple[str, ...] = ()) -> None:
        payload = self._read_texts(payload)
        attachments = None
        if "attachments" in payload or files:  # checked first: a refused upload edits nothing
            attachments = self._attachments(payload, files, msg.attachments,
                                            channel=msg.channel, message_id=msg.id,
                                            ephemeral=msg.ephemeral, path=path)
        if "content" in payload:
            msg.content = payload["content"] or ""
        if "embeds" in payload:
            msg.embeds = _normalize_embeds(payload["embeds"])
        if "components" in payload:
            msg.components = _normalize_components(payload["components"])
        if payload.get("flags") is not None:
            wanted = int(payload["flags"])
            msg.flags = (msg.flags & ~SUPPRESS_EMBEDS) | (wanted & SUPPRESS_EMBEDS)
            msg.flags |= wanted & COMPONENTS_V2
        if attachments is not None:
            msg.attachments = attachments
        if "embeds" in payload or attachments is not None:
            self._resolve_attachment_references(msg)
        msg.flags &= ~LOADING
        msg.edited_timestamp = iso(datetime.datetime.now(datetime.UTC))

    def _attachments(self, payload: dict[str, Any], files: list[Upload],
                     existing: list[Attachment], *, channel: Channel, message_id: int,
                     ephemeral: bool, path: tuple[str, ...] = ()) -> list[Attachment]:
        """The message's attachments after this request.

        Without an ``attachments`` list every uploaded file is added to what the message
        has. With one (discord.py always sends it with files), exactly the listed ones remain:
        existing attachments by id, new files by their ``files[n]`` placeholder ``n``; an
        existing attachment left out is removed, an uploaded file left out is dropped.
        """
        errors = limits.FormErrors()
        limits.check_attachments(payload, [f.field for f in files], errors, path)
        wanted = payload.get("attachments")
        uploads = {f.field: f for f in files}
        by_id = {str(a.id): a for a in existing}
        if wanted is None:
            wanted = [{"id": a.id} for a in existing]
            wanted += [{"id": f.field[6:-1]} for f in files if f.field.startswith("files[")]
        for i, item in enumerate(wanted):
            key = str(item.get("id"))
            if key not in by_id and f"files[{key}]" not in uploads:
                errors.add((*path, "attachments", i, "id"), "ATTACHMENT_NOT_FOUND",
                           f"Unknown attachment {key}: neither on the message nor uploaded")
        if errors:
            raise invalid_form_body(errors)
        if any(len(f.data) > limits.ATTACHMENT_SIZE_LIMIT for f in files):
            raise ApiError(413, 40005, "Request entity too large")
        result: list[Attachment] = []
        for item in wanted:
            key = str(item.get("id"))
            if key in by_id:
                result.append(by_id[key])
                continue
            upload = uploads[f"files[{key}]"]
            filename = item.get("filename") or upload.filename
            aid = self.world.snowflakes.next()
            cdn = self.base_url.removesuffix(API_PREFIX)
            url = f"{cdn}/attachments/{channel.id}/{aid}/{urllib.parse.quote(filename)}"
            content_type = mimetypes.guess_type(filename)[0] or upload.content_type
            attachment = Attachment(id=aid, filename=filename, data=upload.data, url=url,
                                    content_type=content_type,
                                    description=item.get("description"),
                                    ephemeral=ephemeral, message_id=message_id)
            self.world.uploads.append(attachment)
            self.world.attachments[aid] = attachment
            result.append(attachment)
        return result

    def _resolve_attachment_references(self, msg: Message) -> None:
        """Point ``attachment://name`` embed images at the uploaded file, as Discord does; a
        name the message does not have shows no image: the bot's mistake, so a violation."""
        names = [a.filename for a in msg.attachments]
        for i, where, key, name in limits.attachment_references(msg.embeds):
            problem = limits.attachment_reference_problem(name, names)
            if problem is not None:
                self.world.violations.append(Violation(
                    kind="attachment_reference",
                    message=f"message {msg.id} embed {i} {where} uses attachment://{name}, "
                            f"which Discord cannot show: {problem}"))
                continue
            attachment = msg.attachment(name)
            part = msg.embeds[i][where]
            part[key] = attachment.url
            part["proxy_url" if key == "url" else "proxy_icon_url"] = attachment.url
            if key == "url" and attachment.dimensions is not None:
                part["width"], part["height"] = attachment.dimensions

    async def _serve_attachment(self, request: web.Request) -> web.Response:
        """The CDN: an uploaded file's bytes at its URL (``Attachment.read()`` in the bot)."""
        try:
            found = self.world.attachments.get(int(request.match_info["attachment_id"]))
        except ValueError:
            found = None
        if found is None or found.filename != request.match_info["filename"]:
            return web.Response(status=404)
        return web.Response(body=found.data,
                            content_type=found.content_type or "application/octet-stream")

    # -- users / application / gateway ---------------------------------------------------

    async def get_me(self, req: Req) -> tuple[int, Any]:
        data = self.bot.payload()
        data.update({"verified": True, "mfa_enabled": False, "email": None,
                     "locale": "en-US", "premium_type": 0})
        return 200, data

    async def get_user(self, req: Req) -> tuple[int, Any]:
        user = self.world.users.get(_int(req.params["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User", expected=True)
        return 200, user.payload()

    async def open_dm(self, req: Req) -> tuple[int, Any]:
        rid = _int((req.json or {}).get("recipient_id"))
        user = self.world.users.get(rid)
        if user is None or user is self.bot:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        req.user_id = user.id
        return 200, self.world.dm_channel(user).payload()

    async def get_application(self, req: Req) -> tuple[int, Any]:
        w = self.world
        return 200, {
            "id": str(w.application_id), "name": w.bot_user.name, "icon": None,
            "description": "", "summary": "", "type": None, "hook": True,
            "bot_public": True, "bot_require_code_grant": False,
            "verify_key": "0" * 64, "flags": 0, "owner": w.owner.payload(), "team": None,
            "bot": w.bot_user.payload(), "redirect_uris": [], "interactions_endpoint_url": None,
            "tags": [], "approximate_guild_count": len(w.guilds),
            "approximate_user_install_count": 0, "approximate_user_authorization_count": 0,
            "flags_new": "0", "role_connections_verification_url": None,
            "explicit_content_filter": 0, "eligible_oauth2_scopes": list(INSTALL_SCOPES),
            "integration_types_config": {"0": {"oauth2_install_params": {
                "scopes": list(INSTALL_SCOPES), "permissions": "0"}}},
        }

    async def get_gateway(self, req: Req) -> tuple[int, Any]:
        return 200, {"url": GATEWAY_URL}

    async def get_bot_gateway(self, req: Req) -> tuple[int, Any]:
        """The gateway, the shards Discord recommends for the bot's servers, and how many
        sessions it may still start today (``max_concurrency``: IDENTIFYs at once)."""
        started = self.world.sessions_started
        return 200, {
            "url": GATEWAY_URL, "shards": recommended_shards(len(self.world.guilds)),
            "session_start_limit": {
                "total": SESSION_STARTS, "remaining": max(0, SESSION_STARTS - started),
                "reset_after": DAY_MS if started else 0, "max_concurrency": 1,
            },
        }

    # -- application commands ------------------------------------------------------------

    def _command_store(self, req: Req) -> dict[str, dict[str, Any]]:
        if _int(req.params["application_id"]) != self.world.application_id:
            raise ApiError(403, 50001, "Missing Access")
        if "guild_id" in req.params:
            gid = _int(req.params["guild_id"])
            if gid not in self.world.guilds:
                raise ApiError(403, 50001, "Missing Access")
            return self.world.guild_commands.setdefault(gid, {})
        return self.world.global_commands

    def _stored_command(self, req: Req, body: dict[str, Any],
                        store: dict[str, dict[str, Any]]) -> dict[str, Any]:
        old = store.get(body.get("name", ""))
        data = _copied(body)
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

    # -- channels / messages -------------------------------------------------------------

    async def get_channel(self, req: Req) -> tuple[int, Any]:
        return 200, self._channel(req).payload()

    async def list_messages(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        limit = max(1, min(100, int(req.query.get("limit", 50))))
        msgs = sorted(channel.messages, key=lambda m: m.id, reverse=True)
        if "before" in req.query:
            msgs = [m for m in msgs if m.id < int(req.query["before"])]
        if "after" in req.query:
            msgs = [m for m in msgs if m.id > int(req.query["after"])][-limit:]
        return 200, [m.payload() for m in msgs[:limit]]

    async def create_message(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        if channel.is_dm and channel.recipient is not None and (
            not channel.recipient.dms_open or channel.recipient.bot
        ):
            raise ApiError(403, 50007, "Cannot send messages to this user", expected=True)
        payload = self._check_payload(req.json, creating=True, files=len(req.files))
        msg = self._new_message(channel, payload, req.files)
        return 200, msg.payload()

    async def get_message(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        return 200, self._channel_message(req, channel).payload()

    async def edit_message(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        msg = self._channel_message(req, channel)
        if channel.is_dm and channel.recipient is not None and not channel.recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user", expected=True)
        if msg.author is not self.bot:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        payload = self._check_payload(req.json, creating=False, files=len(req.files),
                                      flags=_merged_flags(msg, req.json))
        self._apply_edit(msg, payload, req.files)
        return 200, msg.payload()

    async def delete_message(self, req: Req) -> tuple[int, Any]:
        channel = self._channel(req)
        self.world.delete_message(self._channel_message(req, channel))
        return 204, None

    async def typing(self, req: Req) -> tuple[int, Any]:
        self._channel(req)
        return 204, None

    async def add_reaction(self, req: Req) -> tuple[int, Any]:
        msg = self._channel_message(req, self._channel(req))
        msg.reactions[req.params["emoji"]] = 1
        return 204, None

    async def remove_reaction(self, req: Req) -> tuple[int, Any]:
        msg = self._channel_message(req, self._channel(req))
        msg.reactions.pop(req.params["emoji"], None)
        return 204, None

    # -- guilds --------------------------------------------------------------------------

    def _guild(self, req: Req) -> Guild:
        guild = self.world.guilds.get(_int(req.params["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild", expected=req.method == "GET")
        return guild

    async def get_guild(self, req: Req) -> tuple[int, Any]:
        data = self._guild(req).payload(bot=self.bot, include_all_members=False)
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at",
                    "large", "unavailable", "member_count", "stage_instances",
                    "guild_scheduled_events", "soundboard_sounds"):
            data.pop(key, None)
        data.update(home_header=None, region="deprecated", widget_enabled=False,
                    widget_channel_id=None, max_presences=None,
                    max_stage_video_channel_users=50, max_video_channel_users=25)
        return 200, data

    async def get_guild_channels(self, req: Req) -> tuple[int, Any]:
        return 200, [c.payload() for c in self._guild(req).channels]

    async def get_member(self, req: Req) -> tuple[int, Any]:
        guild = self._guild(req)
        member = guild.members.get(_int(req.params["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member", expected=True)
        req.user_id = member.user.id
        return 200, member.payload()

    # -- interactions --------------------------------------------------------------------

    async def interaction_callback(self, req: Req) -> tuple[int, Any]:
        rec = self.world.interactions.get(_int(req.params["webhook_id"]))
        if rec is None or rec.token != req.params["webhook_token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        req.user_id, req.interaction_id = rec.user.id, rec.id
        try:
            return self._respond(req, rec)
        except ApiError:
            rec.rejected += 1
            raise

    def _respond(self, req: Req, rec: InteractionRecord) -> tuple[int, Any]:
        body = req.json if isinstance(req.json, dict) else {}
        errors = limits.check_interaction_response(body, rec.type)
        if errors:
            raise invalid_form_body(errors)
        rtype = int(body["type"])
        data = body.get("data") or {}
        if rtype == 4 and limits.is_empty_message(data, files=len(req.files)):
            raise ApiError(400, 50006, "Cannot send an empty message")
        if rtype == 7 and rec.source_message is None:
            raise ApiError(400, 40004, "Interaction has no message to update")
        if rec.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if self._clock() - rec.created_at > INTERACTION_RESPONSE_WINDOW:
            raise ApiError(404, 10062, "Unknown interaction")

        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        if rtype in (8, 9):  # choices and modals: read here, as no message holds them
            data = self._read_texts(data)
        if rtype == 4:
            rec.original = self._new_message(rec.channel, data, req.files, interaction=rec,
                                             ephemeral=ephemeral, path=("data",))
        elif rtype == 5:
            rec.original = self._new_message(rec.channel, {}, [], interaction=rec,
                                             ephemeral=ephemeral, extra_flags=LOADING)
        elif rtype in (6, 7) and rec.source_message is not None:
            msg = self.world.current(rec.source_message)
            if rtype == 7:
                errors = limits.FormErrors()
                limits.check_message(data, errors, ("data",), flags=_merged_flags(msg, data))
                if errors:
                    raise invalid_form_body(errors)
                self._apply_edit(msg, data, req.files, path=("data",))
            rec.original = msg
        rec.response_type = rtype
        rec.response_data = _copied(data)
        rec.responded_at = self._clock()
        if not req.flag("with_response"):
            return 204, None
        callback: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
        if rec.original is not None and rtype in (4, 5, 7):
            callback.update({
                "response_message_id": str(rec.original.id),
                "response_message_loading": rec.original.loading,
                "response_message_ephemeral": rec.original.ephemeral,
            })
        result: dict[str, Any] = {"interaction": callback}
        if rec.original is not None and rtype in (4, 7):
            result["resource"] = {"type": rtype, "message": rec.original.payload()}
        return 200, result

    def _webhook_interaction(self, req: Req) -> InteractionRecord:
        rec = self.world.interactions_by_token.get(req.params["webhook_token"])
        if rec is None or _int(req.params["webhook_id"]) != self.world.application_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        req.user_id, req.interaction_id = rec.user.id, rec.id
        if self._clock() - rec.created_at > INTERACTION_TOKEN_LIFETIME:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if rec.response_type is None or rec.response_type in (1, 8):
            raise ApiError(404, 10015, "Unknown Webhook")
        return rec

    def _original(self, rec: InteractionRecord) -> Message:
        if rec.original is None or rec.original.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return rec.original

    def _followup_message(self, req: Req, rec: InteractionRecord) -> Message:
        mid = _int(req.params["message_id"])
        for msg in [*rec.followups, rec.original]:
            if msg is not None and msg.id == mid and not msg.deleted:
                return msg
        raise ApiError(404, 10008, "Unknown Message")

    async def followup(self, req: Req) -> tuple[int, Any]:
        rec = self._webhook_interaction(req)
        payload = self._check_payload(req.json, creating=True, files=len(req.files))
        original = rec.original
        if rec.response_type == 5 and original is not None and original.loading:
            # The first followup after a "thinking" defer replaces the loading message.
            self._apply_edit(original, payload, req.files)
            original.edited_timestamp = None
            msg = original
        else:
            ephemeral = bool(int(payload.get("flags") or 0) & EPHEMERAL)
            msg = self._new_message(rec.channel, payload, req.files, interaction=rec,
                                    ephemeral=ephemeral)
            if original is not None and msg.interaction_metadata is not None:
                msg.interaction_metadata["original_response_message_id"] = str(original.id)
        rec.followups.append(msg)
        if not req.flag("wait"):
            return 204, None
        return 200, msg.payload()

    async def get_original(self, req: Req) -> tuple[int, Any]:
        return 200, self._original(self._webhook_interaction(req)).payload()

    async def edit_original(self, req: Req) -> tuple[int, Any]:
        msg = self._original(self._webhook_interaction(req))
        payload = self._check_payload(req.json, creating=False, files=len(req.files),
                                      flags=_merged_flags(msg, req.json))
        self._apply_edit(msg, payload, req.files)
        return 200, msg.payload()

    async def delete_original(self, req: Req) -> tuple[int, Any]:
        self.world.delete_message(self._original(self._webhook_interaction(req)))
        return 204, None

    async def get_followup(self, req: Req) -> tuple[int, Any]:
        rec = self._webhook_interaction(req)
        return 200, self._followup_message(req, rec).payload()

    async def edit_followup(self, req: Req) -> tuple[int, Any]:
        rec = self._webhook_interaction(req)
        msg = self._followup_message(req, rec)
        payload = self._check_payload(req.json, creating=False, files=len(req.files),
                                      flags=_merged_flags(msg, req.json))
        self._apply_edit(msg, payload, req.files)
        return 200, msg.payload()

    async def delete_followup(self, req: Req) -> tuple[int, Any]:
        rec = self._webhook_interaction(req)
        self.world.delete_message(self._followup_message(req, rec))
        return 204, None


# ----------------------------------------------------------------------------- helpers


def limits_flat(errors: dict[str, Any] | None) -> list[str]:
    fe = limits.FormErrors()
    fe.tree = errors or {}
    return fe.flat()


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        message = f"Value \"{value}\" is not snowflake."
        raise ApiError(400, 50035, "Invalid Form Body", errors={
            "_errors": [{"code": "NUMBER_TYPE_COERCE", "message": message}]
        }) from None


USER_MENTION = re.compile(r"<@!?(\d+)>")


def _notified(channel: Channel, payload: dict[str, Any], flags: int) -> tuple[int, ...]:
    """Whom a new message notifies, as Discord decides: the recipient of a DM; in a
    server channel the users its content mentions that ``allowed_mentions`` lets through
    (mentions in embeds notify nobody); nobody for an ephemeral or silent message."""
    if flags & (EPHEMERAL | SUPPRESS_NOTIFICATIONS):
        return ()
    if channel.is_dm:
        return (channel.recipient.id,) if channel.recipient is not None else ()
    mentioned = [int(found) for found in USER_MENTION.findall(payload.get("content") or "")]
    allowed = payload.get("allowed_mentions")
    if allowed is not None and "users" not in (allowed.get("parse") or []):
        users = {int(user) for user in allowed.get("users") or []}
        mentioned = [user for user in mentioned if user in users]
    return tuple(dict.fromkeys(mentioned))


def _merged_flags(msg: Message, payload: Any) -> int:
    flags = msg.flags
    if isinstance(payload, dict) and payload.get("flags") is not None:
        flags |= int(payload["flags"]) & COMPONENTS_V2
    return flags


def _copied(value: Any) -> Any:
    """A copy of JSON data that shares nothing with it: four times quicker than
    ``copy.deepcopy``, which the simulated Discord would otherwise spend on every call."""
    return marshal.loads(marshal.dumps(value))


def _normalize_embeds(embeds: Any) -> list[dict[str, Any]]:
    result = []
    for embed in embeds or []:
        e = _copied(embed)
        e.setdefault("type", "rich")
        result.append(e)
    return result


def _normalize_components(components: Any) -> list[dict[str, Any]]:
    """Copy components and number them like Discord does (``id`` on every component); a
    Unicode emoji comes back as its name alone."""
    comps = _copied(components or [])
    counter = 0

    def number(items: list[dict[str, Any]]) -> None:
        nonlocal counter
        for comp in items:
            if not isinstance(comp, dict):
                continue
            counter += 1
            comp.setdefault("id", counter)
            emoji = comp.get("emoji")
            if isinstance(emoji, dict) and emoji.get("id") is None:
                emoji.pop("id", None)
            number(comp.get("components") or [])
            for key in ("accessory", "component"):
                if isinstance(comp.get(key), dict):
                    number([comp[key]])

    number(comps)
    return comps


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


async def _read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    files: list[Upload] = []
    # The raw header: aiohttp's parsed ``content_type`` goes through the email package,
    # a twentieth of the simulated Discord's time at a busy table.
    if request.headers.get("Content-Type", "").lower().startswith("multipart/"):
        payload: Any = None
        reader = await request.multipart()
        async for part in reader:
            if part is None:
                break
            if part.name == "payload_json":
                payload = encoding.loads(await part.read())  # type: ignore[union-attr]
            elif getattr(part, "filename", None):
                data = await part.read()  # type: ignore[union-attr]
                files.append(Upload(field=part.name or "", filename=part.filename or "",
                                    data=bytes(data),
                                    content_type=part.headers.get("Content-Type")))
        return payload, files
    raw = await request.read()
    if not raw:
        return None, files
    try:
        return encoding.loads(raw), files
    except ValueError:
        return raw.decode("utf-8", "replace"), files
