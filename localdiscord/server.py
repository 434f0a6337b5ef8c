"""Loopback aiohttp server serving the Discord REST routes a bot uses (``routes``).

Every request is checked against Discord's specification and recorded in ``world.calls``;
every rejection that real Discord would make because the bot did something wrong is also
appended to ``world.violations``.
"""

from __future__ import annotations

import asyncio
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import encoding, limits, pseudo
from .encoding import copied
from .posting import Posting
from .rest import API_PREFIX, ApiError, Handler, Req, invalid_form_body, read_body
from .routes.account import AccountRoutes
from .routes.channels import ChannelRoutes
from .routes.commands import CommandRoutes
from .routes.interactions import InteractionRoutes
from .world import Call, Violation, World

if TYPE_CHECKING:
    from . import openapi

GLOBAL_RATE = 50
"""Requests a second Discord allows a bot (its global rate limit), unless it raised it."""
STOP_GRACE = 1.0
"""Seconds the stopping server lets a request still being answered finish."""


@dataclass
class Fault:
    """A delay or a refusal the backend injects into matching REST calls.

    ``route`` is a route template (``/channels/{channel_id}/messages/{message_id}``);
    ``channel_id`` narrows it to one channel. A refusal is Discord's answer to a
    legitimate call (missing permissions, a server error), so it is not a violation.
    ``times``: how many matching calls it affects (None: all of them). ``answer_when``:
    the call is carried out at once but its answer is held back until that event is set,
    as when Discord is slow to answer; ``holding`` is set once a call is held.
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
    answer_when: asyncio.Event | None = None
    holding: asyncio.Event = field(default_factory=asyncio.Event)
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
        posting = Posting(world, base_url=lambda: self.base_url)
        for group in (AccountRoutes(world), CommandRoutes(world), ChannelRoutes(world, posting),
                      InteractionRoutes(world, posting, clock=clock)):
            for route in group.routes():
                self.route(route.method, route.template, route.handler, auth=route.auth)

    # -- lifecycle -----------------------------------------------------------------------

    async def start(self) -> str:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}",
                           self._serve_attachment)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._dispatch)
        # Closing, it waits no longer for an answer held back on purpose (``Fault``):
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

    async def _dispatch(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        method = request.method
        body, files = await read_body(request)
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
            held = await self._inject_faults(req)
            status, payload = await spec.handler(req)
            for fault in held:
                fault.holding.set()
                await fault.answer_when.wait()  # type: ignore[union-attr]
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
            if any(f'"{locale}" is not valid' in str(problem) for locale in pseudo.LOCALES):
                continue  # the pseudo-language run's own locales, which Discord does not list
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

    async def _inject_faults(self, req: Req) -> list[Fault]:
        """Delay or refuse the call as the faults matching it say; those holding back its
        answer."""
        held = []
        for fault in self.faults:
            if not fault.applies_to(req.method, req.route, req.params):
                continue
            fault.hits += 1
            if fault.delay:
                await asyncio.sleep(fault.delay)
            if fault.status:
                raise ApiError(fault.status, fault.code, fault.message, expected=True,
                               retry_after=fault.retry_after)
            if fault.answer_when is not None:
                held.append(fault)
        return held

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
            json=copied(req.json) if self.bodies else None,
            files=[f.filename for f in req.files], status=status,
            response=copied(payload) if self.bodies else None, user_id=req.user_id,
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


def limits_flat(errors: dict[str, Any] | None) -> list[str]:
    fe = limits.FormErrors()
    fe.tree = errors or {}
    return fe.flat()
