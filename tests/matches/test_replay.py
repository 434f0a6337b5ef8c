"""Replaying finished matches: every game's replay ends exactly on the stored final state."""

from __future__ import annotations

import pytest

from data import matches as rows
from data import move_rows
from matches import upkeep
from matches.match import Player
from matches.replay import CHECKPOINT_EVERY, ReplayRefused, replay
from matches.service import MatchService
from rules.catalog import ENGINES
from tests.databases import open_store
from tests.matches.helpers import play_match, unpack_every_log

PLAYERS = [Player(n, f"p{n}") for n in range(1, 5)]


@pytest.fixture
async def service(tmp_path):
    store = await open_store(tmp_path / "table.db", durable=False)
    yield MatchService(store, ENGINES, new_seed=lambda: 424242)
    await store.close()


async def _stored(service, match_id):
    async with service.store.read() as db:
        return await rows.fetch_match(db, match_id), await move_rows.move_log(db, match_id)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("whyfirst", 3, {}),
        ("whyfirst", 2, {"variant": "tactical"}),
        ("hare", 3, {}),
        ("canyon", 3, {}),
        ("numbers", 4, {"teams": 2}),
    ],
)
async def test_a_replay_reaches_exactly_the_stored_final_state(service, game, players, options):
    match_id = await play_match(service, game, PLAYERS[:players], options=options, seed=players)
    record, moves = await _stored(service, match_id)
    assert record.status == "finished"
    engine = ENGINES[game]

    rebuilt = replay(engine, record, moves)

    assert rebuilt.last == len(moves) > 0
    assert engine.dump(rebuilt.state_at(rebuilt.last)) == record.state
    assert rebuilt.faithful
    assert engine.outcome(rebuilt.state_at(0)) is None, "step 0 is the deal"


async def test_a_replay_of_a_match_with_a_resigned_player_reaches_the_final_state(service):
    match_id = await play_match(service, "hare", PLAYERS[:3], resign=PLAYERS[1])
    record, moves = await _stored(service, match_id)
    assert any(move.how == "autopilot" for move in moves)
    assert replay(ENGINES["hare"], record, moves).faithful


async def test_rounds_are_found_by_the_views_round_keys(service):
    match_id = await play_match(service, "whyfirst", PLAYERS[:3])
    record, moves = await _stored(service, match_id)
    rebuilt = replay(ENGINES["whyfirst"], record, moves)
    assert rebuilt.round_name == "card round"
    first = rebuilt.round_of(0)
    opened = rebuilt.next_round(0)
    assert rebuilt.round_of(opened) != first
    assert all(rebuilt.round_of(i) == first for i in range(opened))
    assert rebuilt.previous_round(opened) == 0
    assert rebuilt.previous_round(opened + 1) == opened


async def test_replaying_refuses_a_match_still_in_play(service):
    match = await service.create(
        "whyfirst", guild_id=1, channel_id=10, host=PLAYERS[0], options={}
    )
    await service.join(match.id, PLAYERS[1])
    with pytest.raises(ReplayRefused, match="still going on"):
        await _replay(service, match.id)
    await service.start(match.id, PLAYERS[0].user_id)
    with pytest.raises(ReplayRefused, match="still going on"):
        await _replay(service, match.id)


async def test_replaying_refuses_a_cancelled_match(service):
    match = await service.create(
        "whyfirst", guild_id=1, channel_id=10, host=PLAYERS[0], options={}
    )
    await service.join(match.id, PLAYERS[1])
    await service.start(match.id, PLAYERS[0].user_id)
    await service.cancel(match.id, PLAYERS[0].user_id)
    with pytest.raises(ReplayRefused, match="without a result"):
        await _replay(service, match.id)


async def _replay(service, match_id):
    record, moves = await _stored(service, match_id)
    return replay(ENGINES[record.game], record, moves)


def _every_step(engine, record, moves):
    """Each step's state (dumped) and move, rebuilt move by move from the deal."""
    state = engine.setup(
        len(record.seats), engine.options(record.options, len(record.seats)),
        int(record.state["seed"]),
    )
    steps = [(engine.dump(state), None)]
    for logged in moves:
        engine.apply(state, logged.seat, logged.move)
        steps.append((engine.dump(state), logged))
    return steps


async def _stored_bytes(service, match_id):
    async with service.store.read() as db:
        cursor = await db.execute(
            "SELECT COALESCE(SUM(LENGTH(move) + LENGTH(events) + LENGTH(played_at) + 24), 0)"
            " FROM moves WHERE match_id = ?", (match_id,),
        )
        (rows_bytes,) = await cursor.fetchone()
        cursor = await db.execute(
            "SELECT COALESCE(SUM(LENGTH(packed)), 0) FROM move_logs WHERE match_id = ?",
            (match_id,),
        )
        (packed_bytes,) = await cursor.fetchone()
    return rows_bytes, packed_bytes


async def test_every_step_replays_exactly_from_checkpoints_before_and_after_packing(service):
    games = [("whyfirst", 3, {}), ("hare", 4, {}), ("canyon", 3, {}),
             ("numbers", 4, {"teams": 2})]
    played = [
        await play_match(service, game, PLAYERS[:players], options=options, seed=players)
        for game, players, options in games
    ]
    at_finish = {match_id: await _stored(service, match_id) for match_id in played}
    for match_id in played:
        rows_bytes, packed_bytes = await _stored_bytes(service, match_id)
        assert rows_bytes == 0 and packed_bytes > 0, "a match's log is packed as it finishes"
    await unpack_every_log(service.store)  # as the previous version kept them
    before = {match_id: await _stored(service, match_id) for match_id in played}
    assert before == at_finish
    unpacked = {match_id: await _stored_bytes(service, match_id) for match_id in played}

    assert await upkeep.pack_move_logs(service.store) == len(played)
    assert await upkeep.pack_move_logs(service.store) == 0, "each log is packed once"

    for match_id in played:
        record, moves = before[match_id]
        after_record, after_moves = await _stored(service, match_id)
        assert after_moves == moves, "the packed log reads back as logged"
        async with service.store.read() as db:
            assert await move_rows.move_log(db, match_id, last=3) == moves[-3:]
        rows_bytes, packed_bytes = await _stored_bytes(service, match_id)
        assert rows_bytes == 0 and 0 < packed_bytes * 3 < unpacked[match_id][0]
        engine = ENGINES[record.game]
        expected = _every_step(engine, record, moves)
        assert len(moves) > CHECKPOINT_EVERY, "the match passes a checkpoint"
        for rebuilt in (replay(engine, record, moves), replay(engine, after_record, after_moves)):
            assert rebuilt.faithful
            steps = [(engine.dump(rebuilt.state_at(i)), rebuilt.move_at(i))
                     for i in range(rebuilt.last + 1)]
            assert steps == expected
