"""Matches in threads. Discord archives a thread after a while of quiet (an hour to a week,
as its starter chose); an archived thread takes new messages (they unarchive it) and
deletions, but refuses the bot every edit, the board's included, with "Thread is archived"
until the thread is unarchived. A daily match is quiet for longer than that, so an edit
refused for it unarchives the thread, which a thread's members may do while it is not
locked, and is made once more; the bot joins a thread its match opens in to be one. A
thread a moderator locked stays closed: the refusal to unarchive it is what the caller
handles (``cogs.common.refusals``)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.http import HTTPClient, Route

from cogs.common.i18n import N_
from matches.match import MatchError

log = logging.getLogger(__name__)

NOT_IN_PRIVATE_THREAD = N_(
    "I can't keep a board in this private thread: add me to it (mention me here), then try "
    "again. No match was opened."
)

THREAD_ARCHIVED = 50083
MISSING_PERMISSIONS = 50013
"""Refused to unarchive a thread it is a member of: a moderator locked it."""
THREAD_LOCKED = 160005
"""A thread a moderator locked and left open refuses what only moderators may do there."""
THREADS = frozenset({
    discord.ChannelType.public_thread, discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
})


class ThreadClosed(discord.Forbidden):
    """Discord refused the bot a match's thread, or to unarchive it: a moderator locked it."""


def in_a_thread(interaction: discord.Interaction[Any]) -> bool:
    return getattr(interaction.channel, "type", None) in THREADS


async def join_for_later(interaction: discord.Interaction[Any]) -> None:
    """A match opens in a thread: the bot joins it, since Discord lets a thread's members
    unarchive it (its board is posted as the answer to the command, which may not make the
    bot one). A private thread it was not added to refuses it, and so does the match
    (``MatchError``); any other refusal is only logged, and the match opens."""
    if not in_a_thread(interaction) or interaction.channel_id is None:
        return
    try:
        await interaction.client.http.join_thread(interaction.channel_id)
    except discord.Forbidden:
        raise MatchError(NOT_IN_PRIVATE_THREAD) from None
    except discord.HTTPException as error:
        log.info("could not join thread %s: %s", interaction.channel_id, error)


def reopen_threads(http: HTTPClient) -> None:
    """Every call discord.py makes with the bot's token that Discord refuses for an archived
    thread unarchives the thread and is made again, once; one refused for a locked thread
    raises ``ThreadClosed``."""
    request = http.request

    async def reopening(route: Route, **kwargs: Any) -> Any:
        try:
            return await request(route, **kwargs)
        except discord.HTTPException as error:
            thread_id = route.channel_id
            if error.code == THREAD_LOCKED:
                raise _closed(error) from error
            if error.code != THREAD_ARCHIVED or thread_id is None:
                raise
        log.info("thread %s was archived: unarchiving it to go on", thread_id)
        try:
            await request(
                Route("PATCH", "/channels/{channel_id}", channel_id=thread_id),
                json={"archived": False},
            )
        except discord.Forbidden as refused:
            if refused.code != MISSING_PERMISSIONS:
                raise  # the thread is out of its reach (no longer a member): as any channel
            raise _closed(refused) from refused
        for file in kwargs.get("files") or ():
            file.reset()  # read once already by the refused call
        return await request(route, **kwargs)

    http.request = reopening  # type: ignore[method-assign]


def _closed(error: discord.HTTPException) -> ThreadClosed:
    return ThreadClosed(error.response, {"code": error.code, "message": error.text})
