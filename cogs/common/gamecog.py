"""The slash commands every game shares; a game's cog adds its own `new`."""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.common.commanderrors import OPENS_A_MATCH
from cogs.common.table import Table
from cogs.common.threads import in_a_thread
from matches.clock import PACES

PACE_CHOICES = [
    app_commands.Choice(name=locale_str(pace.title), value=pace.key) for pace in PACES.values()
]
"""The ``pace`` option of every game's ``new`` command."""
PACE_DESCRIPTION = locale_str("How long each decision may take (default: the server's, else a day)")


def pace_of(choice: app_commands.Choice[str] | None) -> str | None:
    """The host's pace; None: the server's default (``/settings pace``)."""
    return choice.value if choice else None


BOARD_NEEDS = (
    "view_channel", "send_messages", "embed_links", "attach_files", "read_message_history",
)
"""What the bot needs in a channel to keep a match's board there (in a thread, Send Messages
in Threads for Send Messages)."""


def _keeps_a_board(interaction: discord.Interaction[Any]) -> bool:
    thread = in_a_thread(interaction)
    needed = [
        "send_messages_in_threads" if thread and name == "send_messages" else name
        for name in BOARD_NEEDS
    ]
    missing = [name for name in needed if not getattr(interaction.app_permissions, name)]
    if missing:
        raise app_commands.BotMissingPermissions(missing)
    return True


KEEPS_A_BOARD = app_commands.check(_keeps_a_board)
NewCommand = TypeVar("NewCommand", bound=app_commands.Command[Any, ..., Any])


def opens_a_match(command: NewCommand) -> NewCommand:
    """A game's `new`: where the bot lacks a permission its board needs, refused privately
    with the permissions named, and no match is opened."""
    command.extras[OPENS_A_MATCH] = True
    return KEEPS_A_BOARD(command)


@app_commands.guild_only()
@app_commands.allowed_installs(guilds=True, users=False)
class GameCog(commands.GroupCog):
    """`/<game> cancel`, `/<game> board` and `/<game> resign` for the game named by ``game``.

    A game is played in a server's channel: the whole group is offered there only (Discord
    ignores such a marking on a subcommand)."""

    game: ClassVar[str]

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def table(self) -> Table:
        return self.bot.table  # type: ignore[attr-defined, no-any-return]

    @app_commands.command(
        name=locale_str("cancel"),
        description=locale_str("Cancel this channel's open match (its host or a moderator)"),
    )
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        await self.table.cancel_in_channel(interaction, self.game)

    @app_commands.command(
        name=locale_str("board"),
        description=locale_str("Post this channel's match board again at the bottom"),
    )
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await self.table.repost_board(interaction, self.game)

    @app_commands.command(
        name=locale_str("resign"),
        description=locale_str("Leave this channel's running match; your seat plays on"),
    )
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await self.table.resign_in_channel(interaction, self.game)


class PlainGameCog(GameCog):
    """A game with no options of its own: `/<game> new [pace]`."""

    @opens_a_match
    @app_commands.command(
        name=locale_str("new"), description=locale_str("Open a lobby of this game in this channel"),
    )
    @app_commands.describe(pace=PACE_DESCRIPTION)
    @app_commands.rename(pace=locale_str("pace"))
    @app_commands.choices(pace=PACE_CHOICES)
    async def new(
        self, interaction: discord.Interaction[Any], pace: app_commands.Choice[str] | None = None
    ) -> None:
        await self.table.open_lobby(interaction, self.game, {}, pace_of(pace))
