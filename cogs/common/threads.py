"""Matches in threads. Discord archives a thread after a while of quiet (an hour to a week,
as its starter chose) and then refuses the bot every message there, a new one, an edit or
a deletion, with "Thread is archived" until the thread is unarchived. A daily match is
quiet for longer than that, so a call refused for it unarchives the thread, which a bot
may do with *Send Messages in Threads* while the thread is not locked, and is made once
more. A thread a moderator locked stays closed: the refusal to unarchive it is what the
caller handles (``cogs.common.refusals``)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.http import HTTPClient, Route

log = logging.getLogger(__name__)

THREAD_ARCHIVED = 50083


class ThreadClosed(discord.Forbidden):
    """Discord refused to unarchive a match's thread: a moderator locked it."""


def reopen_threads(http: HTTPClient) -> None:
    """Every call discord.py makes with the bot's token that Discord refuses for an archived
    thread unarchives the thread and is made again, once."""
    request = http.request

    async def reopening(route: Route, **kwargs: Any) -> Any:
        try:
            return await request(route, **kwargs)
        except discord.HTTPException as error:
            thread_id = route.channel_id
            if error.code != THREAD_ARCHIVED or thread_id is None:
                raise
        log.info("thread %s was archived: unarchiving it to go on", thread_id)
        try:
            await request(
                Route("PATCH", "/channels/{channel_id}", channel_id=thread_id),
                json={"archived": False},
            )
        except discord.Forbidden as refused:
            raise ThreadClosed(
                refused.response, {"code": refused.code, "message": refused.text}
            ) from refused
        for file in kwargs.get("files") or ():
            file.reset()  # read once already by the refused call
        return await request(route, **kwargs)

    http.request = reopening  # type: ignore[method-assign]
