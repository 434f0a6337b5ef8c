"""Hare and Tortoise played end to end through the simulated Discord backend."""

from __future__ import annotations

import json
import random

from rules.hare import ENGINE, parse_move, purposeful_move
from tests.e2e.play import match_id_of

NARRATION_MARKS = "🎲🥬🥕➡💰🏁"


async def _open_and_start(table, host, *others):
    await table.backend.slash(host, table.channel, "hare new")
    for player in others:
        await table.backend.click(player, table.board(), label="Join")
    await table.backend.click(host, table.board(), label="Start")
    return match_id_of(table.board())


async def _state(table, match_id):
    return ENGINE.load((await table.match_row(match_id)).state)


async def make_move(table, user, code):
    """Play ``code`` from the player's DM the way a person would: menus and buttons."""
    hand = table.hand(user)
    marker_choices = [b for b in hand.buttons if b.custom_id.startswith("ch:")]
    if marker_choices:
        number = parse_move(code).number
        chosen = next(b for b in marker_choices if b.custom_id.endswith(f":m{number}"))
        hand = (await table.backend.click(user, hand, custom_id=chosen.custom_id)).message
    for menu in hand.selects:
        if code in menu.values:
            return await table.backend.select(user, hand, [code], custom_id=menu.custom_id)
    button = next(b for b in hand.buttons if b.custom_id.endswith(f":{code}"))
    return await table.backend.click(user, hand, custom_id=button.custom_id)


async def play_race(table, match_id, players, *, seed=3, limit=3000):
    """Play purposeful moves through the UI; the board lines seen and the marker choices made."""
    rng = random.Random(seed)
    narrated, marker_choices = set(), 0
    for _ in range(limit):
        state = await _state(table, match_id)
        if not ENGINE.to_move(state):
            return narrated, marker_choices
        (seat,) = ENGINE.to_move(state)
        marker_choices += any(
            b.label.startswith("Move hare") for b in table.hand(players[seat]).buttons
        )
        result = await make_move(table, players[seat], purposeful_move(state, seat, rng))
        assert not result.ephemeral, result.text
        lines = table.board().text.splitlines()
        narrated.update(line for line in lines if line[:1] in NARRATION_MARKS)
    raise AssertionError("the race did not end")


async def test_three_players_race_to_the_final_message(table):
    players = [table.player(n) for n in ("anne", "ben", "chris")]
    match_id = await _open_and_start(table, *players)
    board = table.board()
    assert "anne's turn" in board.text and "🥕 65" in board.text
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
    outcome = ENGINE.outcome(ENGINE.load(record.state))
    assert record.status == "finished"
    board, result = table.backend.channel_messages(table.channel)
    assert "the race is over" in board.text and not board.buttons
    (winner,) = outcome.winners
    assert f"{('anne', 'ben', 'chris')[winner]} wins the race" in result.text
    for player in players:
        assert len(table.notices(player)) <= 1, "the hand and at most one notice"
        assert "The race is over" in table.hand(player).text


async def test_two_players_run_two_hares_each(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await _open_and_start(table, anne, ben)
    hand = table.hand(anne)
    assert [b.label for b in hand.buttons] == ["Move hare 1 (on Start)", "Move hare 2 (on Start)"]
    assert "🥕 95" in table.board().text, "a shared supply of 95 carrots"
    _, marker_choices = await play_race(table, match_id, [anne, ben])
    assert marker_choices > 10
    record = await table.match_row(match_id)
    assert record.status == "finished"
    assert "wins the race" in table.backend.channel_messages(table.channel)[-1].text


async def test_only_the_player_on_turn_gets_controls(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await _open_and_start(table, anne, ben)
    assert not table.hand(ben).selects and not table.hand(ben).buttons
    shown = await table.backend.click(ben, table.board(), label="Show my hand")
    assert shown.ephemeral and not shown.message.selects and not shown.message.buttons
    await make_move(table, anne, "f2@0")  # a carrot space: no hare roll, the turn passes
    assert ENGINE.to_move(await _state(table, match_id)) == {1}
    assert table.hand(ben).buttons, "ben's turn: his DM now offers his moves"
    assert not table.hand(anne).buttons and not table.hand(anne).selects


async def test_many_reachable_spaces_are_split_over_menus_within_limits(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await _open_and_start(table, anne, ben, chris)
    async with table.bot.store.transaction() as db:
        row = await (
            await db.execute("SELECT state FROM matches WHERE id = ?", (match_id,))
        ).fetchone()
        state = json.loads(row[0])
        state["players"][0]["carrots"] = 2000
        await db.execute(
            "UPDATE matches SET state = ?, version = version + 1 WHERE id = ?",
            (json.dumps(state), match_id),
        )
    await table.restart()
    hand = table.hand(anne)
    assert len(hand.selects) == 3 and all(len(menu.values) <= 25 for menu in hand.selects)
    forward = [
        code for code in ENGINE.legal_moves(await _state(table, match_id), 0) if code[0] == "f"
    ]
    assert [value for menu in hand.selects for value in menu.values] == forward
    assert len(forward) > 50 and "f64" not in forward, "too many carrots to finish"
    await make_move(table, anne, "f40")
    assert (await _state(table, match_id)).markers[0].space == 40


async def test_a_restart_in_the_middle_of_a_turn_keeps_the_controls(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await _open_and_start(table, anne, ben)
    await make_move(table, anne, "f2@0")  # carrot spaces: no hare rolls in this test
    await make_move(table, ben, "f5@0")
    hand = table.hand(anne)
    assert hand.find_button(label="Move hare 2 (on Start)")
    picked = await table.backend.click(anne, hand, label="Move hare 2 (on Start)")
    await table.restart()
    code = "f4@1"  # position space 4, reached with hare 2 chosen before the restart
    assert code in picked.message.selects[0].values
    result = await table.backend.select(
        anne, picked.message, [code], custom_id=picked.message.selects[0].custom_id
    )
    assert not result.ephemeral
    state = await _state(table, match_id)
    (hare_two,) = [i for i in state.markers_of(0) if state.markers[i].number == 1]
    assert state.markers[hare_two].space == parse_move(code).target
    assert "ben's turn" in table.board().text


async def test_the_menus_say_what_each_move_costs_and_leaves(table):
    anne, ben = table.player("anne"), table.player("ben")
    await _open_and_start(table, anne, ben)
    hand = table.hand(anne)
    if not hand.selects:  # two markers: pick one first
        first = next(b for b in hand.buttons if b.custom_id.startswith("ch:"))
        hand = (await table.backend.click(anne, hand, custom_id=first.custom_id)).message
    options = [o for menu in hand.selects for o in menu.options]
    assert options and all(
        "pay" in o["description"] and o["description"].endswith(" left") for o in options
    )


async def test_a_finish_out_of_reach_is_explained(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await _open_and_start(table, anne, ben, chris)
    async with table.bot.table.service.changing(match_id) as db:
        row = await (
            await db.execute("SELECT state FROM matches WHERE id = ?", (match_id,))
        ).fetchone()
        state = json.loads(row[0])
        state["markers"][0]["space"] = 59
        state["players"][0].update(carrots=60, lettuces=0)
        await db.execute(
            "UPDATE matches SET state = ?, version = version + 1 WHERE id = ?",
            (json.dumps(state), match_id),
        )
    await table.restart()
    text = table.hand(anne).text
    assert "The Finish" in text and "at most 10 carrots; you would keep 45" in text
