"""Hare and Tortoise: the DM hand: marker buttons, menus of moves, and what they explain."""

from __future__ import annotations

from data import move_rows
from rules.hare import ENGINE, parse_move
from tests.e2e.hare_play import (
    listed,
    make_move,
    marker_buttons,
    open_race,
    set_state,
    show_marker,
    state_of,
)

BLUE = 1  # discord.ButtonStyle.primary
GREY = 2  # discord.ButtonStyle.secondary


async def _logged_moves(table, match_id):
    async with table.bot.store.read() as db:
        return await move_rows.move_log(db, match_id)


async def test_two_players_switch_markers_freely_before_moving(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_race(table, anne, ben)
    hand = table.hand(anne)
    buttons = marker_buttons(hand)
    assert [(b.label, b.style) for b in buttons] == [
        ("Marker 1: on Start", BLUE),
        ("Marker 2: on Start", GREY),
    ]
    assert listed(hand) and all(code.endswith("@0") for code in listed(hand))
    assert "pick a move of marker 1, or press Marker 2" in hand.text
    board_edits = len(table.backend.calls_matching("PATCH"))
    uploads = len(table.backend.uploads)

    second = await show_marker(table, anne, hand, 1)
    assert all(code.endswith("@1") for code in listed(second))
    assert [b.style for b in marker_buttons(second)] == [GREY, BLUE]
    first = await show_marker(table, anne, second, 0)
    assert listed(first) == listed(hand), "back to marker 1's moves"
    second = await show_marker(table, anne, first, 1)

    assert not await _logged_moves(table, match_id), "a switch is never a move"
    assert (await state_of(table, match_id)).decision == 1
    assert len(table.backend.calls_matching("PATCH")) == board_edits, "the board stays as it is"
    assert len(table.backend.uploads) == uploads, "nothing is drawn again"

    result = await table.backend.select(
        anne, second, ["f2@1"], custom_id=second.selects[0].custom_id
    )
    assert not result.ephemeral
    state = await state_of(table, match_id)
    assert [(m.number, m.space) for m in state.markers if m.seat == 0] == [(0, 0), (1, 2)]
    assert [move.move for move in await _logged_moves(table, match_id)] == ["f2@1"]
    assert len(table.backend.uploads) == uploads + 1, "the moved marker is drawn"
    board = table.board().text
    assert "anne (marker 2) moves from Start to 2 for 3 carrots" in board
    assert "🟦● **anne** (B1, B2): Marker 1 on Start, Marker 2 on space 2 (carrot space" in board
    assert "Marker 2 on space 2 (carrot space" in table.hand(anne).text


async def test_only_the_player_on_turn_gets_controls(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_race(table, anne, ben)
    assert not table.hand(ben).selects and not table.hand(ben).buttons
    shown = await table.backend.click(ben, table.board(), label="Show my hand")
    assert shown.ephemeral and not shown.message.selects and not shown.message.buttons
    assert shown.message.content == "Waiting for anne.", "who is awaited, not a promise"
    assert table.hand(ben).content == "Waiting for anne."
    await make_move(table, anne, "f2@0")  # a carrot space: no hare roll, the turn passes
    assert ENGINE.to_move(await state_of(table, match_id)) == {1}
    assert table.hand(ben).buttons, "ben's turn: his DM now offers his moves"
    assert not table.hand(anne).buttons and not table.hand(anne).selects


async def test_many_reachable_spaces_are_split_over_menus_within_limits(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await open_race(table, anne, ben, chris)
    await set_state(table, match_id, lambda state: state["players"][0].update(carrots=2000))
    hand = table.hand(anne)
    assert len(hand.selects) == 3 and all(len(menu.values) <= 25 for menu in hand.selects)
    forward = [
        code for code in ENGINE.legal_moves(await state_of(table, match_id), 0) if code[0] == "f"
    ]
    assert [value for menu in hand.selects for value in menu.values] == forward
    assert len(forward) > 50 and "f64" not in forward, "too many carrots to finish"
    await make_move(table, anne, "f40")
    assert (await state_of(table, match_id)).markers[0].space == 40


async def test_a_restart_in_the_middle_of_a_turn_keeps_the_marker_buttons_working(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_race(table, anne, ben)
    await make_move(table, anne, "f2@0")  # carrot spaces: no hare rolls in this test
    await make_move(table, ben, "f5@0")
    hand = table.hand(anne)
    assert [b.label for b in marker_buttons(hand)] == [
        "Marker 1: on space 2 (carrot space, 2nd)",
        "Marker 2: on Start",
    ]
    picked = await show_marker(table, anne, hand, 1)
    await table.restart()
    back = await show_marker(table, anne, picked, 0)  # the old buttons still answer
    assert "f3@0" in listed(back) and not any(code.endswith("@1") for code in listed(back))
    picked = await show_marker(table, anne, back, 1)
    code = "f4@1"  # position space 4, reached with marker 2
    assert code in picked.selects[0].values
    result = await table.backend.select(
        anne, picked, [code], custom_id=picked.selects[0].custom_id
    )
    assert not result.ephemeral
    state = await state_of(table, match_id)
    (marker_two,) = [i for i in state.markers_of(0) if state.markers[i].number == 1]
    assert state.markers[marker_two].space == parse_move(code).target
    assert "ben's turn" in table.board().text


async def test_the_menus_say_what_each_move_costs_and_leaves(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_race(table, anne, ben)
    options = [o for menu in table.hand(anne).selects for o in menu.options]
    assert options and all(
        o["description"].startswith("Marker 1: Forward ")
        and "pay" in o["description"]
        and o["description"].endswith(" left")
        for o in options
    )


async def test_a_finish_out_of_reach_is_explained(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await open_race(table, anne, ben, chris)

    def near_the_finish(state):
        state["markers"][0]["space"] = 59
        state["players"][0].update(carrots=60, lettuces=0)

    await set_state(table, match_id, near_the_finish)
    text = table.hand(anne).text
    assert "The Finish" in text and "at most 10 carrots; you would keep 45" in text


async def test_a_marker_the_rules_pick_is_named_and_offers_no_switch(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_race(table, anne, ben)

    def hare_choice(state):  # marker 2 (id 1) rolled "give or take 10" on a hare space
        state["markers"][1]["space"] = 3
        state.update(pending="give_or_take", pending_marker=1)

    await set_state(table, match_id, hare_choice)
    hand = table.hand(anne)
    assert "Hare space (marker 2): give or take 10 carrots?" in hand.text
    assert not marker_buttons(hand) and sorted(listed(hand)) == ["give@1", "take@1"]

    def move_again(state):
        state.update(pending="move_again", pending_marker=1)

    await set_state(table, match_id, move_again)
    hand = table.hand(anne)
    assert "The hare says move again: pick the next move of marker 2." in hand.text
    assert not marker_buttons(hand) and all(code.endswith("@1") for code in listed(hand))

    def must_move(state):
        state.update(pending=None, pending_marker=None)
        state["markers"][0].update(space=10, must_move=True)

    await set_state(table, match_id, must_move)
    hand = table.hand(anne)
    assert "marker 1 ate a lettuce last turn and must move now" in hand.text
    assert not marker_buttons(hand) and all(code.endswith("@0") for code in listed(hand))
