"""The routes of the bot's own account: its user and application, the gateway it connects
to, and the users it looks up or writes to."""

from __future__ import annotations

from typing import Any

from ..rest import ApiError, Req, Route, as_snowflake
from ..sharding import recommended_shards
from ..world import World

GATEWAY_URL = "ws://127.0.0.1:9/fake-gateway"
SESSION_STARTS = 1000
"""Gateway sessions a bot may start a day."""
DAY_MS = 24 * 3600 * 1000
INSTALL_SCOPES = ("applications.commands", "bot")
"""What a server that adds the bot grants it."""


class AccountRoutes:
    """Users, the application and the gateway."""

    def __init__(self, world: World) -> None:
        self.world = world

    def routes(self) -> list[Route]:
        return [
            Route("GET", "/users/@me", self.get_me),
            Route("GET", "/users/{user_id}", self.get_user),
            Route("POST", "/users/@me/channels", self.open_dm),
            Route("GET", "/oauth2/applications/@me", self.get_application),
            Route("GET", "/applications/@me", self.get_application),
            Route("GET", "/gateway", self.get_gateway),
            Route("GET", "/gateway/bot", self.get_bot_gateway),
        ]

    async def get_me(self, req: Req) -> tuple[int, Any]:
        data = self.world.bot_user.payload()
        data.update({"verified": True, "mfa_enabled": False, "email": None,
                     "locale": "en-US", "premium_type": 0})
        return 200, data

    async def get_user(self, req: Req) -> tuple[int, Any]:
        user = self.world.users.get(as_snowflake(req.params["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User", expected=True)
        return 200, user.payload()

    async def open_dm(self, req: Req) -> tuple[int, Any]:
        rid = as_snowflake((req.json or {}).get("recipient_id"))
        user = self.world.users.get(rid)
        if user is None or user is self.world.bot_user:
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
