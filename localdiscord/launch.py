"""The bot's real entry point, pointed at a simulated Discord.

``python -m localdiscord.launch BASE_URL`` runs ``bot.main()`` as ``python bot.py``
does (settings from the environment, its own exit code), with discord.py's REST calls sent to
``BASE_URL`` (a :class:`FakeDiscord`'s ``base_url``, or a closed port for a Discord that
cannot be reached) instead of Discord. Run it from the project's root.
"""

from __future__ import annotations

import sys

import discord.http
import discord.webhook.async_

import bot


def point_at(base_url: str) -> None:
    """Send discord.py's REST calls, the interactions' webhooks included, to ``base_url``."""
    for route in {discord.http.Route, discord.webhook.async_.Route}:
        route.BASE = base_url


if __name__ == "__main__":
    point_at(sys.argv[1])
    sys.exit(bot.main())
