"""A message with a picture goes to Discord as one body, with the same parts."""

from __future__ import annotations

import io
from email.parser import BytesParser
from email.policy import HTTP
from typing import Any

import aiohttp
import discord
from discord.http import Route, handle_message_parameters

from cogs.common.uploads import send_forms_whole


class _Http:
    """Stands in for discord.py's HTTPClient: keeps what each request was given."""

    def __init__(self) -> None:
        self.given: list[dict[str, Any]] = []

    async def request(self, route: Route, **kwargs: Any) -> str:
        self.given.append(kwargs)
        return "sent"


async def _parts(payload: aiohttp.BytesPayload) -> dict[str, tuple[str | None, bytes]]:
    message = BytesParser(policy=HTTP).parsebytes(
        f"Content-Type: {payload.content_type}\r\n\r\n".encode() + await payload.as_bytes()
    )
    return {
        part.get_param("name", header="content-disposition"): (
            part.get_filename(), part.get_payload(decode=True)
        )
        for part in message.iter_parts()
    }


async def test_a_picture_and_its_message_go_as_one_body_with_the_same_parts():
    http = _Http()
    send_forms_whole(http)  # type: ignore[arg-type]
    picture = bytes(range(256)) * 40
    file = discord.File(io.BytesIO(picture), filename="board.png")
    route = Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=1,
                  message_id=2)
    with handle_message_parameters(content="The board", file=file) as params:
        assert await http.request(route, files=params.files, form=params.multipart) == "sent"
    (given,) = http.given
    assert "form" not in given and given["files"] == [file]
    body = given["data"]
    assert isinstance(body, aiohttp.BytesPayload)
    assert body.content_type.startswith("multipart/form-data; boundary=")
    parts = await _parts(body)
    assert set(parts) == {"payload_json", "files[0]"}, "the names Discord reads, unquoted"
    assert parts["files[0]"] == ("board.png", picture)
    assert b'"content":"The board"' in parts["payload_json"][1]


async def test_a_call_without_files_is_passed_on_as_it_came():
    http = _Http()
    send_forms_whole(http)  # type: ignore[arg-type]
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=1)
    await http.request(route, json={"content": "hello"})
    assert http.given == [{"json": {"content": "hello"}}]
