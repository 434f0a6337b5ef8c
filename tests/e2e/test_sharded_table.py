"""Two bot processes, each running its shards, on one database and one Discord: each
brings only its own servers' matches up to date at start-up, DM hands included, and a
DM click, which Discord sends to shard 0, is played by that process whatever the server."""

from __future__ import annotations

from pathlib import Path

from bot import Settings, TableBot
from localdiscord import Channel, FakeDiscord, User
from matches.computers import Thinking
from rules.base import Budget
from tests import databases
from tests.e2e.conftest import COMPUTER_PLAYOUTS, GLOBAL_RATE, SEED, Clock
from tests.e2e.play import MOVE, first_button

SHARDS = 2


def _bot(backend: FakeDiscord, database: Path, clock: Clock, *shards: int) -> TableBot:
    """A bot process running these of the table's two shards."""
    settings = Settings(
        token=backend.token, database_path=database, dev_guild_id=None, log_level="INFO",
        global_rate=GLOBAL_RATE, shard_count=SHARDS, shard_ids=shards,
        database_url=databases.url_for(database),
    )
    return TableBot(
        settings, new_seed=lambda: SEED, now=clock, message_rate=None, waiting_hand=0.0,
        thinking=Thinking(budget=Budget(playouts=COMPUTER_PLAYOUTS), pause=0.0),
    )


async def _start_match(backend: FakeDiscord, channel: Channel, host: User, guest: User) -> None:
    """A Why First? match of two in ``channel``, in whatever language the server speaks."""
    await backend.slash(host, channel, "whyfirst new")
    for player, action in ((guest, "join"), (host, "start")):
        board = backend.channel_messages(channel)[0]
        (button,) = [b.custom_id for b in board.buttons if b.custom_id.endswith(f":{action}")]
        await backend.click(player, board, custom_id=button)


def _touched(backend: FakeDiscord, since: int) -> tuple[set[int], int]:
    """The channels the REST calls since ``since`` were about, and how many edits they made."""
    calls = backend.calls[since:]
    channels = {call.channel_id for call in calls if call.channel_id is not None}
    return channels, sum(1 for call in calls if call.method == "PATCH")


async def test_each_process_refreshes_its_own_matches_and_shard_zero_plays_dm_clicks(tmp_path):
    database, clock = tmp_path / "bot.db", Clock()
    async with FakeDiscord(global_rate=GLOBAL_RATE) as backend:
        near = backend.add_guild("Near", shard=(0, SHARDS), locale="en-US")
        far = backend.add_guild("Far", shard=(1, SHARDS), locale="it")  # its boards in Italian
        near_games = backend.add_text_channel(near, "games")
        far_games = backend.add_text_channel(far, "games")
        anne, ben = backend.add_user("anne", guild=near), backend.add_user("ben", guild=near)
        carl, dina = backend.add_user("carl", guild=far), backend.add_user("dina", guild=far)

        whole = _bot(backend, database, clock, 0, 1)  # one process runs both shards
        await backend.connect(whole)
        await _start_match(backend, near_games, anne, ben)
        await _start_match(backend, far_games, carl, dina)
        await backend.disconnect(whole)
        # every board and hand to be brought up to date
        await databases.run_outside(database, "UPDATE match_messages SET fingerprint = ''")

        before = len(backend.calls)
        first = _bot(backend, database, clock, 0)
        await backend.connect(first)
        near_dms = {backend.dm_channel(anne).id, backend.dm_channel(ben).id}
        assert _touched(backend, before) == ({near_games.id, *near_dms}, 3), "board, two hands"

        before = len(backend.calls)
        second = _bot(backend, database, clock, 1)
        await backend.connect(second)
        far_dms = {backend.dm_channel(carl).id, backend.dm_channel(dina).id}
        assert _touched(backend, before) == ({far_games.id, *far_dms}, 3), "board, two hands"
        assert [(s.bot, s.shard) for s in backend.sessions] == [(first, (0, 2)), (second, (1, 2))]
        assert [sorted(bot.shards) for bot in (first, second)] == [[0], [1]]
        assert first.is_ready() and second.is_ready() and first.latency == second.latency == 0.0
        assert [bot.serves(near.id) for bot in (first, second)] == [True, False]

        hand = backend.dm_messages(carl)[0]
        picked = await backend.click(carl, hand, custom_id=first_button(hand, "ch:"))
        played = await backend.click(carl, picked.message,
                                     custom_id=first_button(picked.message, MOVE))
        assert [session.bot for session in picked.received_by + played.received_by] == [
            first, first,
        ], "a DM click goes to shard 0's process"
        assert played.response_type == 7 and not played.ephemeral
        assert "You played" in backend.dm_messages(carl)[0].text
        board = backend.channel_messages(far_games)[0].text
        assert f"In attesa di\n<@{dina.id}>, per giocare una carta" in board, (
            "the board shows it, in its server's language, asked of Discord once"
        )
        assert len(backend.calls_matching("GET", "/guilds/{guild_id}")) == 1
        assert backend.violations == [] and backend.task_errors == []
