"""Acting as the simulated Discord's users: slash commands, clicks, menus, modals, posts."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .commanddata import command_data, find_command, resolve_entity
from .gateway import interaction_payload
from .messages import Message
from .model import Channel, Guild, User
from .results import InteractionResult
from .sessions import Sessions
from .world import InteractionRecord, new_token


class Players(Sessions):
    """Part of :class:`~localdiscord.FakeDiscord` (which sets up the state named here): what
    its users do, each action sent to the bot as Discord sends it."""

    bot_user: User
    clock: Callable[[], float]
    _local_command_ids: dict[tuple[int | None, str], int]

    # -- acting as users -----------------------------------------------------------------

    async def slash(self, user: User, channel: Channel, command: str, /,
                    **options: Any) -> InteractionResult:
        """Run ``/command`` (words separated by spaces, e.g. ``"game new"``) as ``user``;
        ``options`` by name (any name, ``channel`` and ``user`` too)."""
        words = command.split()
        cmd = find_command(self.world, self._require_bot(), words[0], channel,
                           self._local_command_ids)
        data = command_data(self.world, cmd, words[1:], options, channel, focused=None)
        rec = self._new_interaction(2, user, channel, name=" ".join(words))
        return await self._dispatch(rec, data)

    async def autocomplete(self, user: User, channel: Channel, command: str, /, *, focused: str,
                           **options: Any) -> list[dict[str, Any]]:
        """Type into option ``focused`` (its text taken from ``options``, default "") and
        return the choices the bot offered."""
        result = await self.autocomplete_result(user, channel, command, focused=focused,
                                                **options)
        return result.choices

    async def autocomplete_result(self, user: User, channel: Channel, command: str, /, *,
                                  focused: str, **options: Any) -> InteractionResult:
        words = command.split()
        cmd = find_command(self.world, self._require_bot(), words[0], channel,
                           self._local_command_ids)
        options.setdefault(focused, "")
        data = command_data(self.world, cmd, words[1:], options, channel, focused=focused)
        rec = self._new_interaction(4, user, channel, name=" ".join(words))
        return await self._dispatch(rec, data)

    async def click(self, user: User, message: Message | InteractionResult, *,
                    custom_id: str | None = None, label: str | None = None) -> InteractionResult:
        """Click a button that is really on ``message`` (by custom_id and/or label)."""
        msg = self._visible_message(user, message)
        buttons = [
            b for b in msg.buttons
            if (custom_id is None or b.custom_id == custom_id)
            and (label is None or b.label == label)
        ]
        available = [(b.label, b.custom_id) for b in msg.buttons]
        if not buttons:
            raise AssertionError(f"no button label={label!r} custom_id={custom_id!r} on message "
                                 f"{msg.id}; buttons: {available}")
        if len(buttons) > 1:
            raise AssertionError(f"ambiguous button on message {msg.id}: {available}")
        button = buttons[0]
        if button.disabled:
            raise AssertionError(f"button {button.label!r} ({button.custom_id}) is disabled")
        if button.is_link:
            raise AssertionError(f"button {button.label!r} is a link/premium button; "
                                 "clicking it sends nothing to the bot")
        data = {"custom_id": button.custom_id, "component_type": 2}
        return await self._component(user, msg, data)

    async def select(self, user: User, message: Message | InteractionResult,
                     values: Iterable[Any], *, custom_id: str | None = None) -> InteractionResult:
        """Pick ``values`` in a select menu that is really on ``message``."""
        msg = self._visible_message(user, message)
        selects = [s for s in msg.selects if custom_id is None or s.custom_id == custom_id]
        if len(selects) != 1:
            raise AssertionError(f"expected one select custom_id={custom_id!r} on message "
                                 f"{msg.id}; selects: {[s.custom_id for s in msg.selects]}")
        sel = selects[0]
        if sel.disabled:
            raise AssertionError(f"select {sel.custom_id!r} is disabled")
        chosen = list(values)
        if not sel.min_values <= len(chosen) <= sel.max_values:
            raise AssertionError(f"select {sel.custom_id!r} takes {sel.min_values}.."
                                 f"{sel.max_values} values, got {len(chosen)}")
        data: dict[str, Any] = {"custom_id": sel.custom_id, "component_type": sel.type}
        if sel.type == 3:
            strs = [str(v) for v in chosen]
            unknown = [v for v in strs if v not in sel.values]
            if unknown:
                raise AssertionError(f"{unknown} are not options of {sel.custom_id!r}: "
                                     f"{sel.values}")
            data["values"] = strs
        else:
            resolved: dict[str, dict[str, Any]] = {}
            data["values"] = [resolve_entity(self.world, v, resolved, msg.channel)
                              for v in chosen]
            data["resolved"] = resolved
        return await self._component(user, msg, data)

    async def click_forged(self, user: User, message: Message | InteractionResult,
                           custom_id: str, *, component_type: int = 2,
                           values: list[str] | None = None) -> InteractionResult:
        """Send a component interaction with an arbitrary custom_id (a forged click)."""
        msg = self._visible_message(user, message)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if component_type != 2:
            data["values"] = list(values or [])
        return await self._component(user, msg, data)

    async def submit_modal(self, user: User, opened: InteractionResult,
                           values: dict[str, str]) -> InteractionResult:
        """Submit the modal that ``opened`` (a type-9 response) showed, with text values by
        custom_id."""
        modal = opened.modal
        if modal is None:
            raise AssertionError("that interaction did not open a modal")
        if opened.record.user is not user:
            raise AssertionError("only the user who opened the modal can submit it")
        remaining = dict(values)

        def answer(comp: dict[str, Any]) -> dict[str, Any]:
            cid = comp.get("custom_id")
            out: dict[str, Any] = {"type": comp["type"], "id": comp.get("id", 0), "custom_id": cid}
            if comp["type"] == 4:
                value = str(remaining.pop(cid, comp.get("value") or ""))
                if comp.get("required", True) and not value:
                    raise AssertionError(f"modal field {cid!r} is required")
                out["value"] = value
            else:
                out["values"] = [str(v) for v in remaining.pop(cid, [])]
            return out

        submitted: list[dict[str, Any]] = []
        for comp in modal.get("components") or []:
            if comp.get("type") == 1:
                submitted.append({"type": 1, "id": comp.get("id", 0),
                                  "components": [answer(c) for c in comp.get("components") or []]})
            elif comp.get("type") == 18 and isinstance(comp.get("component"), dict):
                submitted.append({"type": 18, "id": comp.get("id", 0),
                                  "component": answer(comp["component"])})
        if remaining:
            raise AssertionError(f"modal has no fields {sorted(remaining)}")
        data = {"custom_id": modal["custom_id"], "components": submitted}
        source = opened.record.source_message
        rec = self._new_interaction(5, user, opened.record.channel, source=source)
        rec.opened_by = opened.record
        return await self._dispatch(rec, data, message=source)

    async def post(self, user: User, channel: Channel, content: str) -> Message:
        """``user`` posts a plain message (MESSAGE_CREATE) and the bot reacts to it.

        Like Discord, the bot receives an empty content unless it has the message content
        intent, the message is in its DMs, or it mentions the bot.
        """
        self._require_bot()
        guild = self._where_user_acts(user, channel)
        msg = self.world.store_message(Message(id=self.world.snowflakes.next(), channel=channel,
                                               author=user, content=content))
        data = msg.payload()
        mentioned = self.bot_user.mention in content or f"<@!{self.bot_user.id}>" in content
        if mentioned:
            data["mentions"] = [self.bot_user.payload()]
        if guild is not None:
            data["guild_id"] = str(guild.id)
            data["member"] = guild.members[user.id].payload(with_user=False)
        self.tracker.begin()
        for session in self._receiving(guild):
            if session.bot.intents.message_content or channel.is_dm or mentioned:
                session.feed("MESSAGE_CREATE", data)
            else:
                session.feed("MESSAGE_CREATE", {**data, "content": "", "embeds": [],
                                                "attachments": [], "components": []})
        await self.settle()
        return msg

    # -- internals -----------------------------------------------------------------------

    def _where_user_acts(self, user: User, channel: Channel) -> Guild | None:
        """The server of ``channel``, where ``user`` may write or act: a member of its
        server, or the one the DM is with."""
        guild = channel.guild
        if guild is not None and user.id not in guild.members:
            raise AssertionError(f"{user.name} is not a member of {guild.name}")
        if channel.is_dm and channel.recipient is not user:
            raise AssertionError(f"{channel} is not {user.name}'s DM with the bot")
        return guild

    def _visible_message(self, user: User, message: Message | InteractionResult) -> Message:
        if isinstance(message, InteractionResult):
            if message.message is None:
                raise AssertionError("that interaction produced no message")
            message = message.message
        msg = self.world.current(message)
        if msg.ephemeral_for is not None and msg.ephemeral_for is not user:
            raise AssertionError(f"message {msg.id} is ephemeral for {msg.ephemeral_for.name}; "
                                 f"{user.name} cannot see it")
        channel = msg.channel
        if channel.is_dm and channel.recipient is not user:
            raise AssertionError(f"{user.name} cannot see a DM with {channel.recipient}")
        if channel.guild is not None and user.id not in channel.guild.members:
            raise AssertionError(f"{user.name} is not a member of {channel.guild.name}")
        return msg

    async def _component(self, user: User, msg: Message,
                         data: dict[str, Any]) -> InteractionResult:
        rec = self._new_interaction(3, user, msg.channel, source=msg)
        return await self._dispatch(rec, data, message=msg)

    def _new_interaction(self, itype: int, user: User, channel: Channel, *,
                         name: str | None = None,
                         source: Message | None = None) -> InteractionRecord:
        self._require_bot()
        guild = self._where_user_acts(user, channel)
        rec = InteractionRecord(id=self.world.snowflakes.next(), token=new_token(), type=itype,
                                user=user, channel=channel, guild=guild,
                                created_at=self.clock(), name=name, source_message=source)
        self.world.interactions[rec.id] = rec
        self.world.interactions_by_token[rec.token] = rec
        return rec

    async def _dispatch(self, rec: InteractionRecord, data: dict[str, Any], *,
                        message: Message | None = None) -> InteractionResult:
        calls_before = len(self.world.calls)
        violations_before = len(self.world.violations)
        payload = interaction_payload(self.world, rec, data, message=message)
        received_by = self._feed_interaction(payload, rec.guild)
        if received_by:  # else no bot runs its shard: the player sees it fail
            self._unchecked.append(rec)
        if self._simultaneous:
            return InteractionResult(rec, [], [], received_by)
        await self.settle()
        calls = self.world.calls[calls_before:]
        for call in calls:  # everything the bot did while handling it belongs to it
            if call.interaction_id is None:
                call.interaction_id = rec.id
        return InteractionResult(rec, calls, self.world.violations[violations_before:],
                                 received_by)
