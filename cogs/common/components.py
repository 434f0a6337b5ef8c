"""Stateless buttons and menus whose custom_id carries the match and decision point.

They are DynamicItems registered once at start-up, so a button on a message
posted before a restart still reaches the bot. Every callback hands over to the
bot's ``Table``, which checks the request against the stored match.
"""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from cogs.common.i18n import N_, _, pgettext, speaking
from cogs.common.log import LogButton

if TYPE_CHECKING:
    from cogs.common.table import Table

_ID = r"[0-9]{1,18}"
_POINT = r"[0-9]{1,9}"
MOVE_CODE = r"[A-Za-z0-9:@+.\-]{1,40}"


Callback = Callable[[Any, discord.Interaction[Any]], Awaitable[None]]


def table_of(interaction: discord.Interaction[Any]) -> Table:
    return interaction.client.table  # type: ignore[attr-defined, no-any-return]


def letting_go(callback: Callback) -> Callback:
    """A table item's callback that, once over, lets go of what discord.py built for the
    click: the view it rebuilt from the clicked message, and the message itself.

    discord.py keeps each interaction in a reference cycle with its response, and each
    view in one with its items, so the clicked message with all its components, and the
    view, would wait for a garbage collection; at a busy table they piled up until one
    collection held every click for a third of a second. Let go of, they are freed at
    once. The message goes on the event loop's next turn: the bot's ``on_interaction``,
    whose first step was queued with this click, reads it first.
    """

    @functools.wraps(callback)
    async def let_go(item: Any, interaction: discord.Interaction[Any]) -> None:
        try:
            await callback(item, interaction)
        finally:
            if item.view is not None:
                item.view.clear_items()
            asyncio.get_running_loop().call_soon(setattr, interaction, "message", None)

    return let_go


LOBBY_LABELS = {
    "join": N_("Join"),
    "leave": N_("Leave"),
    "howto": N_("How to play"),
    "easy": N_("Add computer (easy)"),
    "strong": N_("Add computer (strong)"),
    "unseat": N_("Remove computer"),
}
"""The lobby's labels; *Start* and *Cancel* are in :func:`lobby_label`."""
SHOW_HAND = N_("Show my hand")
"""The board's button that opens a player's hand in the channel."""


def lobby_label(action: str) -> str:
    """A lobby button's label in the language spoken. *Start* and *Cancel* are words the
    games use too (the Hare and Tortoise track's Start, Great Canyon Race's Cancel card), so
    the lobby's have a message context of their own and translate apart."""
    if action == "start":
        return pgettext("lobby", "Start")
    if action == "cancel":
        return pgettext("lobby", "Cancel")
    return _(LOBBY_LABELS[action])


def channel_label(lang: str, button: str) -> str:
    """A button on the channel's messages (``join`` or ``start`` on a lobby, ``show`` on a
    board) as it reads there, in ``lang`` (the server's): a player's own text that names it
    names what they see."""
    with speaking(lang):
        return _(SHOW_HAND) if button == "show" else lobby_label(button)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"lobby:(?P<match>{_ID}):(?P<action>join|leave|start|cancel|howto|easy|strong|unseat)",
):
    """Join, Leave, Start, Cancel and How to play on a lobby message, and the host's
    computer seats: add an easy or a strong one, remove the last one added."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
        "howto": discord.ButtonStyle.secondary,
        "easy": discord.ButtonStyle.secondary,
        "strong": discord.ButtonStyle.secondary,
        "unseat": discord.ButtonStyle.secondary,
    }

    def __init__(self, match_id: int, action: str) -> None:
        super().__init__(
            discord.ui.Button(
                style=self.STYLES[action], label=lobby_label(action),
                custom_id=f"lobby:{match_id}:{action}",
            )
        )
        self.match_id = match_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["match"]), match["action"])

    @letting_go
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await table_of(interaction).on_lobby_button(interaction, self.match_id, self.action)


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"rematch:(?P<match>{_ID})",
):
    """Under a match's result: a new lobby with the same players invited."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.primary, label=_("Rematch"), emoji="🔁",
                custom_id=f"rematch:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["match"]))

    @letting_go
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await table_of(interaction).on_rematch(interaction, self.match_id)


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mv:(?P<match>{_ID}):(?P<point>{_POINT}):(?P<move>{MOVE_CODE})",
):
    """A button that plays one move at one decision point."""

    def __init__(
        self,
        match_id: int,
        point: int,
        move: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                style=style,
                label=label,
                emoji=emoji,
                custom_id=f"mv:{match_id}:{point}:{move}",
            ),
            row=row,
        )
        self.match_id = match_id
        self.point = point
        self.move = move

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(int(match["match"]), int(match["point"]), match["move"])

    @letting_go
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await table_of(interaction).on_move(interaction, self.match_id, self.point, self.move)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"ms:(?P<match>{_ID}):(?P<point>{_POINT}):(?P<group>[0-9]{{1,2}})",
):
    """A menu of moves (values are move codes) at one decision point."""

    def __init__(
        self,
        match_id: int,
        point: int,
        group: int = 0,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"ms:{match_id}:{point}:{group}",
                options=options or [],
                placeholder=placeholder,
            ),
            row=row,
        )
        self.match_id = match_id
        self.point = point

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(int(match["match"]), int(match["point"]), int(match["group"]))

    @letting_go
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = (interaction.data or {}).get("values") or []
        if len(values) != 1 or not re.fullmatch(MOVE_CODE, str(values[0])):
            await table_of(interaction).refuse(interaction, N_("Pick one option from the menu."))
            return
        await table_of(interaction).on_move(interaction, self.match_id, self.point, values[0])


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"ch:(?P<match>{_ID}):(?P<point>{_POINT}):(?P<choice>{MOVE_CODE})",
):
    """A first step of a two-step move (such as picking a card before its target).

    It only redraws the player's controls; nothing is played until a MoveButton.
    """

    def __init__(
        self,
        match_id: int,
        point: int,
        choice: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                style=style, label=label, custom_id=f"ch:{match_id}:{point}:{choice}"
            ),
            row=row,
        )
        self.match_id = match_id
        self.point = point
        self.choice = choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceButton:
        return cls(int(match["match"]), int(match["point"]), match["choice"])

    @letting_go
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await table_of(interaction).on_choice(interaction, self.match_id, self.point, self.choice)


class ShowHandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"hand:(?P<match>{_ID})",
):
    """Opens a player's private controls in the channel (for closed DMs, or by choice)."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.primary,
                label=_(SHOW_HAND),
                custom_id=f"hand:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ShowHandButton:
        return cls(int(match["match"]))

    @letting_go
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await table_of(interaction).on_show_hand(interaction, self.match_id)


class BackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"back:(?P<match>{_ID})",
):
    """An absent player takes their seat back from the autopilot."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.success, label=_("I'm back"), custom_id=f"back:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BackButton:
        return cls(int(match["match"]))

    @letting_go
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await table_of(interaction).on_back(interaction, self.match_id)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    RematchButton,
    MoveButton,
    MoveSelect,
    ChoiceButton,
    ShowHandButton,
    BackButton,
    LogButton,
)


def is_answered_by(custom_id: str, items: tuple[type[discord.ui.DynamicItem[Any]], ...]) -> bool:
    """Whether any of these buttons or menus would answer this custom_id."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in items)
