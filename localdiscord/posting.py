"""The messages the bot posts and edits, stored as Discord stores them: their texts read,
their attachments uploaded, their embeds and components numbered, whom they notify."""

from __future__ import annotations

import datetime
import mimetypes
import re
import urllib.parse
from collections.abc import Callable
from typing import Any

from . import limits, mentions, pseudo
from .encoding import copied
from .messages import (
    COMPONENTS_V2,
    EPHEMERAL,
    LOADING,
    SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS,
    Attachment,
    Message,
)
from .model import Channel, User, iso
from .rest import API_PREFIX, ApiError, Req, Upload, invalid_form_body
from .world import InteractionRecord, Violation, World

_ADDRESSED = re.compile(r"<@!?\d+>(?!.*<@!?\d+>)", re.DOTALL)
"""A message opening with one player's mention, and naming no other: a notice to them."""


class Posting:
    """Makes and edits the bot's messages in the world (one per REST server)."""

    def __init__(self, world: World, *, base_url: Callable[[], str]) -> None:
        self.world = world
        self._base_url = base_url

    def check_payload(self, payload: Any, *, creating: bool, files: int,
                      flags: int | None = None) -> dict[str, Any]:
        """The message's body, or Discord's answer to one it refuses."""
        if not isinstance(payload, dict):
            payload = {}
        errors = limits.FormErrors()
        limits.check_message(payload, errors, flags=flags)
        if errors:
            raise invalid_form_body(errors)
        if creating and limits.is_empty_message(payload, files=files):
            raise ApiError(400, 50006, "Cannot send an empty message")
        return payload

    def read_texts(self, payload: Any, *, shared: bool) -> Any:
        """In the pseudo-language run, record every text outside the marks, or in the other
        reader's language, as a violation (``shared``: the whole channel reads it, else one
        player alone), and give back the payload as the tests read it (marks taken out)."""
        if not self.world.pseudo or not isinstance(payload, dict):
            return payload
        names = self.world.names()
        for text in pseudo.texts(payload):
            if text in self.world.untranslated:
                continue
            words = pseudo.untranslated(text, names)
            if words is not None:
                self.world.untranslated.add(text)
                self.world.violations.append(Violation(
                    kind="untranslated", message=f"untranslated: {words!r} in {text!r}"))
            elif pseudo.misspoken(text, shared=shared):
                self.world.untranslated.add(text)
                whose = "the server's, as the whole channel reads it" if shared else \
                    "the player's it is for"
                self.world.violations.append(Violation(
                    kind="misspoken", message=f"not in the language {whose}: {text!r}"))
        return pseudo.unwrap(payload)

    @staticmethod
    def _shared(channel: Channel, *, ephemeral: bool, content: Any) -> bool:
        """Whether a message speaks the server's language, as the whole channel reads it:
        not a DM or private answer, not a notice addressed to one player (it opens with
        their mention)."""
        if ephemeral or channel.is_dm:
            return False
        return not (isinstance(content, str) and _ADDRESSED.match(content))

    def new_message(self, channel: Channel, payload: dict[str, Any], files: list[Upload], *,
                    interaction: InteractionRecord | None = None,
                    ephemeral: bool = False, extra_flags: int = 0,
                    path: tuple[str, ...] = ()) -> Message:
        """A new message of the bot's in ``channel``: an answer to ``interaction`` if given."""
        payload = self.read_texts(payload, shared=self._shared(
            channel, ephemeral=ephemeral,
            content=payload.get("content") if isinstance(payload, dict) else None))
        allowed = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2
        flags = (int(payload.get("flags") or 0) & allowed) | extra_flags
        if ephemeral:
            flags |= EPHEMERAL
        message_id = self.world.snowflakes.next()
        msg = Message(
            id=message_id, channel=channel, author=self.world.bot_user,
            content=payload.get("content") or "",
            embeds=_normalize_embeds(payload.get("embeds")),
            components=_normalize_components(payload.get("components")),
            attachments=self._attachments(payload, files, [], channel=channel,
                                          message_id=message_id, ephemeral=ephemeral,
                                          path=path),
            flags=flags,
        )
        self._resolve_attachment_references(msg)
        self._check_command_mentions(msg)
        msg.notified = _notified(channel, payload, flags, self.world.bot_user)
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

    def edit(self, msg: Message, req: Req) -> tuple[int, Any]:
        """A request editing ``msg``, answered as Discord answers it: its payload checked,
        then applied; the edited message."""
        payload = self.check_payload(req.json, creating=False, files=len(req.files),
                                     flags=merged_flags(msg, req.json))
        self.apply_edit(msg, payload, req.files)
        return 200, msg.payload()

    def apply_edit(self, msg: Message, payload: dict[str, Any], files: list[Upload], *,
                   path: tuple[str, ...] = ()) -> None:
        """Edit ``msg`` in place as Discord does: only what the payload names changes."""
        content = payload.get("content", msg.content) if isinstance(payload, dict) else None
        payload = self.read_texts(payload, shared=self._shared(
            msg.channel, ephemeral=msg.ephemeral, content=content))
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
        if "content" in payload or "embeds" in payload:
            self._check_command_mentions(msg)
        msg.flags &= ~LOADING
        msg.edited_timestamp = iso(datetime.datetime.now(datetime.UTC))
        msg.edits += 1

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
            cdn = self._base_url().removesuffix(API_PREFIX)
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


    def _check_command_mentions(self, msg: Message) -> None:
        """A command mention Discord cannot resolve shows as its raw ``</...>``: a violation."""
        commands = self.world.commands_for(msg.channel.guild)
        for problem in mentions.problems(msg, commands):
            self.world.violations.append(Violation(
                kind="command_mention", message=f"message {msg.id}: {problem}"))


USER_MENTION = re.compile(r"<@!?(\d+)>")
EVERYONE_MENTION = re.compile(r"@(?:everyone|here)\b")
MENTION_EVERYONE = 1 << 17
"""The permission to notify a whole channel with ``@everyone`` or ``@here``."""


def _notified(channel: Channel, payload: dict[str, Any], flags: int, author: User
              ) -> tuple[int, ...]:
    """Whom a new message notifies, as Discord decides: the recipient of a DM; in a
    server channel the users its content mentions that ``allowed_mentions`` lets through
    (mentions in embeds notify nobody), every member for ``@everyone`` or ``@here`` when
    ``allowed_mentions`` parses them and the author may mention everyone; nobody for an
    ephemeral or silent message."""
    if flags & (EPHEMERAL | SUPPRESS_NOTIFICATIONS):
        return ()
    if channel.is_dm:
        return (channel.recipient.id,) if channel.recipient is not None else ()
    content = payload.get("content") or ""
    mentioned = [int(found) for found in USER_MENTION.findall(content)]
    allowed = payload.get("allowed_mentions")
    parsed = {"users", "everyone"} if allowed is None else set(allowed.get("parse") or [])
    if "users" not in parsed:
        users = {int(user) for user in (allowed or {}).get("users") or []}
        mentioned = [user for user in mentioned if user in users]
    member = channel.guild.member(author) if channel.guild is not None else None
    if ("everyone" in parsed and EVERYONE_MENTION.search(content) and member is not None
            and member.permissions_in(channel) & MENTION_EVERYONE):
        mentioned.extend(uid for uid in channel.guild.members if uid != author.id)
    return tuple(dict.fromkeys(mentioned))


def merged_flags(msg: Message, payload: Any) -> int:
    """The flags an edit is checked with: the message's, and Components V2 if it sets it."""
    flags = msg.flags
    if isinstance(payload, dict) and payload.get("flags") is not None:
        flags |= int(payload["flags"]) & COMPONENTS_V2
    return flags


def _normalize_embeds(embeds: Any) -> list[dict[str, Any]]:
    result = []
    for embed in embeds or []:
        e = copied(embed)
        e.setdefault("type", "rich")
        result.append(e)
    return result


def _normalize_components(components: Any) -> list[dict[str, Any]]:
    """Copy components and number them like Discord does (``id`` on every component); a
    Unicode emoji comes back as its name alone."""
    comps = copied(components or [])
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
