"""Hare and Tortoise: which messages follow a move, and in what order."""

from __future__ import annotations

import asyncio

from cogs.common.pacing import LATER
from rules.hare import ENGINE
from tests.e2e.hare_play import listed, make_move, open_race, play_race, state_of


async def _until(condition, timeout: float = 30.0) -> None:
    """Wait until ``condition`` holds; ``timeout`` guards against a hang, it measures nothing."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "it did not happen in time"
        await asyncio.sleep(0.01)


async def test_a_waiting_hand_catches_up_once_and_at_once_when_its_turn_comes(table):
    table.waiting_hand = 3600.0  # no hand catches up by its own timer during the test
    await table.restart()
    players = [table.player(name) for name in ("anne", "ben", "cy")]
    match_id = await open_race(table, *players)
    (first,) = ENGINE.to_move(await state_of(table, match_id))
    waiting = players[(first + 2) % 3]  # the last of the three to move
    backend = table.backend
    hand = table.hand(waiting)
    before = len(backend.calls)

    def edits_of_waiting_hand() -> int:
        return sum(1 for call in backend.calls[before:]
                   if call.method == "PATCH" and call.path.endswith(f"/messages/{hand.id}"))

    moves = 0
    while (seat := ENGINE.to_move(await state_of(table, match_id))) != {players.index(waiting)}:
        assert edits_of_waiting_hand() == 0, "a hand that waits does not follow every move"
        player = players[min(seat)]
        await _until(lambda p=player: bool(listed(table.hand(p))))
        async with backend.simultaneously(settle=False):
            result, _ = await make_move(table, player, listed(table.hand(player))[0])
        await backend.answered(result)
        assert not result.ephemeral, result.text
        moves += 1
    await _until(lambda: bool(listed(table.hand(waiting))))  # its turn brought it forward
    assert moves >= 2 and edits_of_waiting_hand() == 1, f"{moves} moves, one edit"
    await backend.settle()


async def test_a_race_with_the_waiting_hands_held_back_plays_to_the_end(table):
    table.waiting_hand = 30.0  # as the bot plays: only the hand on turn follows each move
    await table.restart()
    players = [table.player(name) for name in ("anne", "ben", "chris")]
    match_id = await open_race(table, *players)
    await play_race(table, match_id, players)
    assert (await table.match_row(match_id)).status == "finished"
    for player in players:
        assert "The race is over" in table.hand(player).text, "the end shows in every hand"


async def test_the_boards_edits_let_the_hand_on_turn_go_first(table):
    """When Discord's global rate makes calls wait, the board (nobody needs it in order to
    play: the hand on turn lists every move) waits after the hand of the player on turn."""
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_race(table, anne, ben)
    (seat,) = ENGINE.to_move(await state_of(table, match_id))
    mover, on_turn_next = (anne, ben) if seat == 0 else (ben, anne)
    board, hand = table.board(), table.hand(on_turn_next)
    later: dict[str, bool] = {}
    request = table.bot.http.request

    async def noting(route, **kwargs):
        if route.method == "PATCH":
            later[route.url.rsplit("/", 1)[1]] = LATER.get()
        return await request(route, **kwargs)

    table.bot.http.request = noting
    await make_move(table, mover, listed(table.hand(mover))[0])
    assert later == {str(board.id): True, str(hand.id): False}
