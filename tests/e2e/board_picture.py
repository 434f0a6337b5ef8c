"""The board's picture as a player sees it: the one attachment its embed shows."""

from __future__ import annotations

import io

from PIL import Image

from localdiscord import Message


def board_picture(message: Message) -> Image.Image:
    """The board's picture: its one attachment, which the embed shows."""
    (attachment,) = message.attachments
    assert attachment.filename == "board.png"
    assert message.embeds[0]["image"]["url"] == attachment.url, "the embed shows it"
    return Image.open(io.BytesIO(attachment.data))
