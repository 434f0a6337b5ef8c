"""How many notifications a 6-player daily match of each game sends per round.

    python -m bench.notifications [--rounds R]

Six players, all reachable by DM, play each game through the simulated Discord, an hour
apart (so nobody counts as "at the table" when the next decision opens). Every notice the
table posts is counted: DM notices and channel mentions. A round is one decision of every
player (a card round in Why First? and Great Canyon Race, six turns in Hare and Tortoise
and Sequence Numbers). The ceiling is one notice per player per round. Figures, not tests.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import tempfile
from pathlib import Path

from bot import Settings, TableBot
from cogs.common.kept import MESSAGE_RATE
from localdiscord import FakeDiscord
from tests.e2e.conftest import Clock

GAMES = ("whyfirst", "hare", "canyon", "numbers")
PLAYERS = 6
POST = "/channels/{channel_id}/messages"


def _playable(message) -> bool:
    return bool(message.selects) or any(
        b.custom_id and b.custom_id.startswith(("mv:", "ch:")) for b in message.buttons
    )


async def _act(backend: FakeDiscord, user, message) -> None:
    """One decision: a menu's first option, else the first move, else the first step."""
    for _ in range(4):
        if message.selects:
            menu = message.selects[0]
            await backend.select(user, message, [menu.values[0]], custom_id=menu.custom_id)
            return
        moves = [b for b in message.buttons if b.custom_id.startswith("mv:")]
        if moves:
            await backend.click(user, message, custom_id=moves[0].custom_id)
            return
        steps = [b for b in message.buttons if b.custom_id.startswith("ch:")]
        message = (await backend.click(user, message, custom_id=steps[0].custom_id)).message


async def _waiting(backend: FakeDiscord, players: list) -> list:
    """The players whose hands offer a move. A hand the bot has just edited five times
    shows the next move once the message's rate allows (the bench clicks faster than any
    player), so an empty answer is given only after that rate's window."""
    deadline = asyncio.get_running_loop().time() + MESSAGE_RATE[1] + 1.0
    while not (waiting := [p for p in players if _playable(backend.dm_messages(p)[0])]):
        if asyncio.get_running_loop().time() > deadline:
            break
        await asyncio.sleep(0.1)
    return waiting


async def per_round(folder: Path, game: str, rounds: int) -> list[int]:
    clock = Clock()
    async with FakeDiscord() as backend:
        guild = backend.add_guild("Bench")
        channel = backend.add_text_channel(guild, "games")
        players = [backend.add_user(f"p{n}", guild=guild) for n in range(PLAYERS)]
        settings = Settings(backend.token, folder / f"{game}.db", None, "WARNING")
        await backend.connect(TableBot(settings, new_seed=lambda: 11, now=clock))
        await backend.slash(players[0], channel, f"{game} new", pace="daily")
        for player in players[1:]:
            await backend.click(player, backend.channel_messages(channel)[0], label="Join")
        await backend.click(players[0], backend.channel_messages(channel)[0], label="Start")
        counts = []
        for _ in range(rounds):
            before = len(backend.calls_matching("POST", POST))
            for _ in range(PLAYERS):
                clock.now += 3600
                waiting = await _waiting(backend, players)
                if not waiting:
                    break
                await _act(backend, waiting[0], backend.dm_messages(waiting[0])[0])
            posts = backend.calls_matching("POST", POST)[before:]
            counts.append(sum(1 for call in posts if "⏰" in str(call.json)))
        await backend.disconnect()
    return counts


async def main(rounds: int) -> None:
    logging.basicConfig(level=logging.ERROR)
    print(f"{'game':<10} notices per round ({PLAYERS} players, daily)   ceiling {PLAYERS}")
    with tempfile.TemporaryDirectory() as folder:
        for game in GAMES:
            counts = await per_round(Path(folder), game, rounds)
            mean = sum(counts) / len(counts)
            print(f"{game:<10} {' '.join(f'{c:>2}' for c in counts)}   mean {mean:4.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    asyncio.run(main(parser.parse_args().rounds))
