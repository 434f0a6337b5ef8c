"""The local table: the real bot against the simulated Discord, played from a browser page.

``python bot.py --local [--port N]`` runs :func:`main`: one server (*Local table*, owned by
*anne*) with one channel (*#games*), players made as they first open the page
(``?as=ben``), the bot with its own database (``data/local.db``, emptied at each start, as
the simulated server is new each time) and the page on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import os
import re
import signal
from pathlib import Path

from .driver import FakeDiscord
from .model import Channel, Guild, User

log = logging.getLogger("localdiscord")

DEFAULT_PORT = 8029
DATA = Path(__file__).resolve().parents[1] / "data"
DATABASE_NAME = "local.db"
"""The table's database in its folder: always this name, as it is emptied at each start."""
PLAYER_NAME = re.compile(r"^[a-z0-9_.]{1,32}$")
FIRST_PLAYERS = ("anne", "ben", "chris", "dana")
"""Players the table starts with (the page offers them), the first the server's owner (who
may use ``/settings``); anyone else joins by name."""


def specification_present() -> bool:
    """Whether Discord's specification can be checked against here; says so in a line if not.

    The tests and CI always have it; a host who cloned the project alone has not, and the
    local table then runs unchecked rather than not at all."""
    try:
        from . import openapi
    except ImportError:  # jsonschema-rs is a test dependency (requirements-dev.txt)
        log.info("local table: requests are not checked against Discord's specification "
                 "(install requirements-dev.txt to check them)")
        return False
    try:
        openapi.specification()
    except openapi.SpecMissing:
        log.info("local table: requests are not checked against Discord's specification "
                 "(not found at %s)", openapi.SPEC_FILE)
        return False
    return True


class LocalTable:
    """The simulated server, its players and the bot connected to it."""

    def __init__(self, backend: FakeDiscord) -> None:
        self.backend = backend
        owner = backend.add_user(FIRST_PLAYERS[0])
        self.guild: Guild = backend.add_guild("Local table", owner=owner)
        self.channel: Channel = backend.add_text_channel(self.guild, "games")
        self.players: dict[str, User] = {owner.name: owner}
        for name in FIRST_PLAYERS:
            self.player(name)

    def player(self, name: str) -> User:
        """The player called ``name``, a member of the server from the first time it is asked
        for; a name that is not lower-case letters, digits, ``_`` or ``.`` is refused."""
        if not PLAYER_NAME.match(name):
            raise ValueError("a player's name is 1 to 32 lower-case letters, digits, _ or .")
        user = self.players.get(name)
        if user is None:
            user = self.backend.add_user(name, guild=self.guild)
            self.players[name] = user
        return user


class CannotOpen(Exception):
    """Why the local table cannot open, said to its host in one line."""


async def serve(port: int, database: Path) -> None:
    """Run the local table until SIGINT or SIGTERM: the bot, the simulated Discord and the
    page on ``127.0.0.1:port`` (0: any free port), its address printed in one line.

    The port is taken first: a table that cannot have it empties no database (another
    table's, still running, most likely)."""
    from bot import TableBot
    from data.store import Store
    from settings import Settings

    from .web.server import Page

    settings = Settings(token="local-table-token", database_path=database, dev_guild_id=None,
                        log_level="INFO")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    async with FakeDiscord(token=settings.token or "", bot_name="Table",
                           checked=specification_present()) as backend:
        table = LocalTable(backend)
        page = Page(table)
        try:
            address = await page.start(port)
        except OSError as error:
            raise CannotOpen(_port_refused(port, error)) from None
        try:
            _empty(database)
            bot = TableBot(settings, store=await Store.open(database))
            await backend.connect(bot, settle=False)
            print(f"The local table is open at {address} (Ctrl-C stops it); "
                  f"add ?as=NAME to play as NAME, e.g. {address}?as=ben", flush=True)
            await stop.wait()
        finally:
            await page.stop()
            try:
                await backend.disconnect()
            except AssertionError as still_busy:  # tasks of the bot still running
                log.info("local table: %s", still_busy)
            for refused in backend.take_violations():
                log.warning("local table: Discord would have refused %s", refused)


def _port_refused(port: int, error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        return (f"The local table cannot open port {port}: it is in use (a local table "
                "already running?); choose another with --port N.")
    return f"The local table cannot open port {port}: {_reason(error)}."


def _empty(database: Path) -> None:
    """A new database for the new table: the last one's file and its journals removed."""
    try:
        database.parent.mkdir(parents=True, exist_ok=True)
        for stale in (database, *database.parent.glob(database.name + "-*")):
            stale.unlink(missing_ok=True)
    except OSError as error:
        raise CannotOpen(f"The local table cannot make its database in {database.parent}: "
                         f"{_reason(error)}.") from None


def _reason(error: OSError) -> str:
    """The system's words for ``error`` ("Permission denied")."""
    return os.strerror(error.errno) if error.errno else str(error)


def _port(text: str) -> int:
    """A port number as ``--port`` takes it: 0 to 65535."""
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0 to 65535)")
    return int(text)


def main(argv: list[str]) -> int:
    """``bot.py --local [--port N] [--data FOLDER]``."""
    parser = argparse.ArgumentParser(prog="bot.py --local",
                                     description="The bot at a local table in the browser.")
    parser.add_argument("--local", action="store_true", required=True, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help=f"port on 127.0.0.1 (default {DEFAULT_PORT}; 0: any free one)")
    parser.add_argument("--data", type=Path, default=DATA,
                        help=f"the folder of the table's {DATABASE_NAME}, emptied at start")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(serve(args.port, args.data / DATABASE_NAME))
    except CannotOpen as reason:
        print(reason)
        return 1
    return 0
