"""Paged answers: whoever asked turns the message; anyone else turns a private copy of it.

A page button's custom_id ends with its asker (``OWNER``). The asker's click turns the
message itself (public, in the server's language, or their own private one); anyone else's
click answers them privately with their own copy at the page they asked for, in their
language, whose buttons name them, and leaves the message as it was. Discord sends only
custom_ids that are on the message, so nobody can name themselves the asker of someone
else's message.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from cogs.common.i18n import N_, _
from cogs.common.reply import Reply

OWNER = r"(?::(?P<owner>[0-9]{1,20}))?"
"""The end of a page button's template: who asked for the message (absent on buttons of
older versions)."""
PAGE_GONE = N_("That page is no longer there: here is the nearest one.")
NOT_ON_MESSAGE = N_(
    "That button is no longer on this message. Run the command again to page through it "
    "yourself."
)
"""What a click answers whose page button is not on the message it came from (a forged
button, or one edited away)."""


class PageButton:
    """Marks a DynamicItem as a page button, for ``not_on_message``."""


def not_on_message(custom_id: str, items: Sequence[type[discord.ui.DynamicItem[Any]]]) -> bool:
    """Whether ``custom_id`` has the shape of one of these page buttons (it is answered
    ``NOT_ON_MESSAGE`` when it is not on the message clicked)."""
    return any(
        issubclass(item, PageButton) and item.__discord_ui_compiled_template__.fullmatch(custom_id)
        for item in items
    )


@dataclass
class Page:
    """One page of a paged answer, ready to send; ``gone``: the page asked for is no longer
    there, and this is the nearest one; ``refused``: why there is no page to show, a message
    with its ``values`` (said privately in the clicker's language, and nothing turns)."""

    message: dict[str, Any] = field(default_factory=dict)
    gone: bool = False
    refused: str | None = None
    values: dict[str, Any] = field(default_factory=dict)


def asker_of(interaction: discord.Interaction[Any], match: re.Match[str]) -> int:
    """Who asked for the paged message: named at the end of the button's id, or, on a
    button of an older version, the one who ran the command the message answers."""
    if match["owner"] is not None:
        return int(match["owner"])
    message = interaction.message
    metadata = message.interaction_metadata if message is not None else None
    return metadata.user.id if metadata is not None else 0


async def turn(
    interaction: discord.Interaction[Any], asker: int, page: Callable[[int], Awaitable[Page]],
    *, editing: Callable[[dict[str, Any]], dict[str, Any]] = dict,
) -> None:
    """Answer a page button: the asker's message turns; anyone else gets their own copy.

    ``page(owner)`` builds the page asked for with buttons naming ``owner``; ``editing``
    makes a message an edit (pictures replace the old ones)."""
    clicker = interaction.user.id
    message = interaction.message
    turned = clicker == asker and message is not None and not message.flags.ephemeral
    async with Reply(interaction, private=not turned) as reply:
        with reply.posted():
            shown = await page(clicker)
        if shown.refused is not None:
            await reply.refuse(_(shown.refused, **shown.values))
        elif clicker == asker:
            await reply.update(**editing(shown.message))
            if shown.gone:
                await reply.refuse(_(PAGE_GONE))
        else:
            if shown.gone:
                shown.message["content"] = _(PAGE_GONE)
            await reply.private(**shown.message)
