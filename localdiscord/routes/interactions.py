"""The routes of interactions: the initial response, then the original message and the
followups through the interaction's webhook."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import limits
from ..encoding import copied
from ..messages import EPHEMERAL, LOADING, Message
from ..posting import Posting, merged_flags
from ..rest import ApiError, Req, Route, as_snowflake, invalid_form_body
from ..world import InteractionRecord, World

INTERACTION_RESPONSE_WINDOW = 3.0
INTERACTION_TOKEN_LIFETIME = 15 * 60.0


class InteractionRoutes:
    """Interaction callbacks and their webhooks (neither takes the bot's token)."""

    def __init__(self, world: World, posting: Posting, *, clock: Callable[[], float]) -> None:
        self.world = world
        self.posting = posting
        self._clock = clock

    def routes(self) -> list[Route]:
        webhook = "/webhooks/{webhook_id}/{webhook_token}"
        return [
            Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback",
                  self.interaction_callback, auth=False),
            Route("POST", webhook, self.followup, auth=False),
            Route("GET", webhook + "/messages/@original", self.get_original, auth=False),
            Route("PATCH", webhook + "/messages/@original", self.edit_original, auth=False),
            Route("DELETE", webhook + "/messages/@original", self.delete_original, auth=False),
            Route("GET", webhook + "/messages/{message_id}", self.get_followup, auth=False),
            Route("PATCH", webhook + "/messages/{message_id}", self.edit_followup, auth=False),
            Route("DELETE", webhook + "/messages/{message_id}", self.delete_followup,
                  auth=False),
        ]

    async def interaction_callback(self, req: Req) -> tuple[int, Any]:
        rec = self.world.interactions.get(as_snowflake(req.params["webhook_id"]))
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
            data = self.posting.read_texts(data, shared=False)
        if rtype == 4:
            rec.original = self.posting.new_message(rec.channel, data, req.files, interaction=rec,
                                                    ephemeral=ephemeral, path=("data",))
        elif rtype == 5:
            rec.original = self.posting.new_message(rec.channel, {}, [], interaction=rec,
                                                    ephemeral=ephemeral, extra_flags=LOADING)
        elif rtype in (6, 7) and rec.source_message is not None:
            msg = self.world.current(rec.source_message)
            if rtype == 7:
                errors = limits.FormErrors()
                limits.check_message(data, errors, ("data",), flags=merged_flags(msg, data))
                if errors:
                    raise invalid_form_body(errors)
                self.posting.apply_edit(msg, data, req.files, path=("data",))
            rec.original = msg
        rec.response_type = rtype
        rec.response_data = copied(data)
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
        if rec is None or as_snowflake(req.params["webhook_id"]) != self.world.application_id:
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
        mid = as_snowflake(req.params["message_id"])
        for msg in [*rec.followups, rec.original]:
            if msg is not None and msg.id == mid and not msg.deleted:
                return msg
        raise ApiError(404, 10008, "Unknown Message")

    async def followup(self, req: Req) -> tuple[int, Any]:
        rec = self._webhook_interaction(req)
        payload = self.posting.check_payload(req.json, creating=True, files=len(req.files))
        original = rec.original
        if rec.response_type == 5 and original is not None and original.loading:
            # The first followup after a "thinking" defer replaces the loading message.
            self.posting.apply_edit(original, payload, req.files)
            original.edited_timestamp, original.edits = None, 0
            msg = original
        else:
            ephemeral = bool(int(payload.get("flags") or 0) & EPHEMERAL)
            msg = self.posting.new_message(rec.channel, payload, req.files, interaction=rec,
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
        return self.posting.edit(msg, req)

    async def delete_original(self, req: Req) -> tuple[int, Any]:
        self.world.delete_message(self._original(self._webhook_interaction(req)))
        return 204, None

    async def get_followup(self, req: Req) -> tuple[int, Any]:
        rec = self._webhook_interaction(req)
        return 200, self._followup_message(req, rec).payload()

    async def edit_followup(self, req: Req) -> tuple[int, Any]:
        rec = self._webhook_interaction(req)
        msg = self._followup_message(req, rec)
        return self.posting.edit(msg, req)

    async def delete_followup(self, req: Req) -> tuple[int, Any]:
        rec = self._webhook_interaction(req)
        self.world.delete_message(self._followup_message(req, rec))
        return 204, None
