"""Replaying finished matches: every game's replay ends exactly on the stored final state."""

from __future__ import annotations

import pytest

from data import matches as rows
from data.store import Store
from matches.match import Player
from matches.replay import ReplayRefused, replay
from matches.service import MatchService
from rules.catalog import ENGINES
from tests.matches.helpers import play_match

PLAYERS = [Player(n, f"p{n}") for n in range(1, 5)]


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "table.db", durable=False)
    yield MatchService(store, ENGINES, new_seed=lambda: 424242)
    await store.close()


async def _stored(service, match_id):
    async with service.store.read() as db:
        return await rows.fetch_match(db, match_id), await rows.move_log(db, match_id)


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
    assert engine.dump(rebuilt.steps[-1].state) == record.state
    assert rebuilt.faithful
    assert engine.outcome(rebuilt.steps[0].state) is None, "step 0 is the deal"


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
