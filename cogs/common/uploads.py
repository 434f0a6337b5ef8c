"""A message with a picture goes to Discord as one body.

discord.py hands a message's files to aiohttp as a form, and aiohttp writes each part of the
form on its own: the boundary, the part's headers, the JSON, the picture and the closing
boundary, nine writes (and as many packets) for every board picture. Here the form is put
together first and handed over as one body, which aiohttp sends with the request's headers
in one write. Discord receives the same bytes.
"""

from __future__ import annotations

from typing import Any

import aiohttp
from discord.http import HTTPClient, Route


def send_forms_whole(http: HTTPClient) -> None:
    """Every form discord.py sends (messages with files) goes as one body."""
    request = http.request

    async def whole(route: Route, *, form: Any = None, **kwargs: Any) -> Any:
        if form:
            kwargs["data"] = await _body(form)
        return await request(route, **kwargs)

    http.request = whole  # type: ignore[method-assign]


async def _body(form: list[dict[str, Any]]) -> aiohttp.BytesPayload:
    """The form as discord.py builds it (fields unquoted, as Discord wants ``files[0]``),
    encoded once; a retry sends the same bytes again."""
    fields = aiohttp.FormData(quote_fields=False)
    for params in form:
        fields.add_field(**params)
    multipart = fields()
    return aiohttp.BytesPayload(await multipart.as_bytes(), content_type=multipart.content_type)
