"""A REST request as the simulated Discord reads it, and the errors it answers with."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from aiohttp import web

from . import encoding, limits

API_PREFIX = "/api/v10"


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


class Route(NamedTuple):
    """A route the simulated Discord serves: ``auth`` when it takes the bot's token."""

    method: str
    template: str
    handler: Handler
    auth: bool = True


def as_snowflake(value: Any) -> int:
    """The snowflake a request names, or Discord's answer to one that is not."""
    try:
        return int(value)
    except (TypeError, ValueError):
        message = f"Value \"{value}\" is not snowflake."
        raise ApiError(400, 50035, "Invalid Form Body", errors={
            "_errors": [{"code": "NUMBER_TYPE_COERCE", "message": message}]
        }) from None


async def read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """The JSON body of a request and the files uploaded with it."""
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
