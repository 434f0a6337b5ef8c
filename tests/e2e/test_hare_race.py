"""Hare and Tortoise: whole races played from the players' DMs to the result."""

from __future__ import annotations

import pytest

from cogs.common.presenter import ordinal, plural
from cogs.hare.picture import picture_size
from rules.hare import ENGINE
from tests.e2e.board_picture import board_picture
from tests.e2e.hare_play import open_race, play_race, set_state


def _result_line(view, outcome, seat, name):
    """How the result names a player of a one-marker race: place, where, carrots, lettuces."""
    (marker,) = [m for m in view["markers"] if m["seat"] == seat]
    player = view["players"][seat]
    if marker["finish_place"] is not None:
        spot = f"finished {ordinal(marker['finish_place'])}"
    else:
        spot = f"on space {marker['space']} ("
    trophy = " 🏆" if seat in outcome.winners else ""
    line = f"**{ordinal(outcome.places[seat])}** {name}{trophy}: {spot}"
    return line, f"🥕 {plural(player['carrots'], 'carrot')}", player["lettuces"]


def _edits_and_post(table, board, result):
    """When the board was last edited and the result posted, in REST call order."""
    edits = [
        call.seq
        for call in table.backend.calls_matching("PATCH")
        if call.ok and call.path.endswith(f"/messages/{board.id}")
    ]
    posts = [
        call.seq
        for call in table.backend.calls_matching("POST")
        if call.ok and isinstance(call.response, dict) and call.response.get("id") == str(result.id)
    ]
    return max(edits), posts[0]


async def test_three_players_race_to_the_final_message(table):
    players = [table.player(n) for n in ("anne", "ben", "chris")]
    names = ("anne", "ben", "chris")
    match_id = await open_race(table, *players)
    board = table.board()
    assert "anne's turn" in board.text and "🥕 65" in board.text
    assert "🟦● **anne** (B): on Start · 🥕 65 · 🥬 3" in board.text
    assert "🟧■ **ben** (O): on Start" in board.text and "🟩▲ **chris** (G): on Start" in board.text
    assert board_picture(board).size == picture_size(3)
    assert "your move" in table.hand(players[0]).text.lower()

    narrated, _ = await play_race(table, match_id, players)

    for mark, what in (
        ("➡", "moves from"),
        ("🎲", "rolls"),
        ("🥬", "eats a lettuce"),
        ("💰", "position space pays"),
        ("🏁", "crosses the finish"),
    ):
        assert any(line.startswith(mark) and what in line for line in narrated), what
    record = await table.match_row(match_id)
    state = ENGINE.load(record.state)
    outcome = ENGINE.outcome(state)
    assert record.status == "finished"
    board, result = table.backend.channel_messages(table.channel)
    assert "the race is over" in board.text and not board.buttons
    board_picture(board)
    edited, posted = _edits_and_post(table, board, result)
    assert edited < posted, "the final board is edited before the result is posted"
    (winner,) = outcome.winners
    assert f"{names[winner]} wins the race" in result.text
    lines = result.text.split("\n")[1:]
    view = ENGINE.view(state, None)
    order = sorted(range(3), key=lambda s: outcome.places[s])
    for line, seat in zip(lines, order, strict=False):
        start, carrots, lettuces = _result_line(view, outcome, seat, names[seat])
        assert line.startswith(start) and carrots in line, line
        assert (f"🥬 {plural(lettuces, 'lettuce')} left" in line) == bool(lettuces), line
    for player in players:
        assert len(table.notices(player)) <= 1, "the hand and at most one notice"
        assert "The race is over" in table.hand(player).text


def _endgame(state):
    """Both players' markers in the last stretch, a lettuce and 40 carrots each."""
    for marker, space in zip(state["markers"], (45, 52, 47, 56), strict=True):
        marker["space"] = space
    for player in state["players"]:
        player.update(carrots=40, lettuces=1)


async def _two_marker_finish(table, match_id, anne, ben, switches):
    record = await table.match_row(match_id)
    assert record.status == "finished"
    assert switches > 0
    outcome = ENGINE.outcome(ENGINE.load(record.state))
    (winner,) = outcome.winners
    board, result = table.backend.channel_messages(table.channel)
    edited, posted = _edits_and_post(table, board, result)
    assert edited < posted, "the final board is edited before the result is posted"
    name = ("anne", "ben")[winner]
    assert f"{name} wins the race" in result.text
    assert f"**1st** {name} 🏆: both markers home (" in result.text
    assert "**2nd**" in result.text and "🥕" in result.text


async def test_two_players_race_two_markers_each_to_the_end(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_race(table, anne, ben)
    assert "🥕 95" in table.board().text, "a shared supply of 95 carrots"
    assert board_picture(table.board()).size == picture_size(2)
    await set_state(table, match_id, _endgame)
    _, switches = await play_race(table, match_id, [anne, ben])
    await _two_marker_finish(table, match_id, anne, ben, switches)


@pytest.mark.slow
async def test_a_whole_two_marker_race_from_the_start(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_race(table, anne, ben)
    _, switches = await play_race(table, match_id, [anne, ben])
    assert switches > 10
    await _two_marker_finish(table, match_id, anne, ben, switches)
