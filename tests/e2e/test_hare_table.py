"""Hare and Tortoise played end to end through the simulated Discord backend."""

from __future__ import annotations

import asyncio
import io
import json
import random

import pytest
from PIL import Image

from cogs.common.pacing import LATER
from cogs.common.presenter import ordinal, plural
from cogs.hare.picture import picture_size
from data import move_rows
from rules.hare import ENGINE, parse_move, purposeful_move
from tests.e2e.play import match_id_of

NARRATION_MARKS = "🎲🥬🥕➡💰🏁"
BLUE = 1  # discord.ButtonStyle.primary
GREY = 2  # discord.ButtonStyle.secondary


async def _open_and_start(table, host, *others):
    await table.backend.slash(host, table.channel, "hare new")
    for player in others:
        await table.backend.click(player, table.board(), label="Join")
    await table.backend.click(host, table.board(), label="Start")
    return match_id_of(table.board())


async def _state(table, match_id):
    return ENGINE.load((await table.match_row(match_id)).state)


async def _logged_moves(table, match_id):
    async with table.bot.store.read() as db:
        return await move_rows.move_log(db, match_id)


def _picture(message) -> Image.Image:
    """The board's picture: its one attachment, which the embed shows."""
    (attachment,) = message.attachments
    assert attachment.filename == "board.png"
    assert message.embeds[0]["image"]["url"] == attachment.url, "the embed shows it"
    return Image.open(io.BytesIO(attachment.data))


def _listed(message) -> list[str]:
    """The move codes a hand message offers: menu values and move buttons."""
    values = [value for menu in message.selects for value in menu.values]
    buttons = [b.custom_id.rsplit(":", 1)[1] for b in message.buttons if b.custom_id[:3] == "mv:"]
    return values + buttons


def _marker_buttons(message) -> list:
    return [b for b in message.buttons if b.custom_id.startswith("ch:")]


async def _show_marker(table, user, message, number):
    """Press the marker button that lists marker ``number``'s moves."""
    (button,) = [b for b in _marker_buttons(message) if b.custom_id.endswith(f":m{number}")]
    result = await table.backend.click(user, message, custom_id=button.custom_id)
    assert not result.ephemeral, result.text
    return result.message


async def make_move(table, user, code):
    """Play ``code`` from the player's DM the way a person would: the marker's button first
    when its moves are not the ones listed, then the menu or the button. Returns the result
    and whether the marker was switched."""
    hand = table.hand(user)
    switched = code not in _listed(hand)
    if switched:
        hand = await _show_marker(table, user, hand, parse_move(code).number)
    menu = next((menu for menu in hand.selects if code in menu.values), None)
    if menu is not None:
        result = await table.backend.select(user, hand, [code], custom_id=menu.custom_id)
    else:
        button = next(b for b in hand.buttons if b.custom_id.endswith(f":{code}"))
        result = await table.backend.click(user, hand, custom_id=button.custom_id)
    return result, switched


async def play_moves(table, match_id, players, moves, rng):
    """Play ``moves`` purposeful moves through the UI, each answered in the open."""
    for _ in range(moves):
        state = await _state(table, match_id)
        (seat,) = ENGINE.to_move(state)
        result, _ = await make_move(table, players[seat], purposeful_move(state, seat, rng))
        assert not result.ephemeral, result.text


async def play_race(table, match_id, players, *, seed=3, limit=3000):
    """Play purposeful moves through the UI; the board lines seen and the marker switches."""
    rng = random.Random(seed)
    narrated, switches = set(), 0
    for _ in range(limit):
        state = await _state(table, match_id)
        if not ENGINE.to_move(state):
            return narrated, switches
        (seat,) = ENGINE.to_move(state)
        result, switched = await make_move(
            table, players[seat], purposeful_move(state, seat, rng)
        )
        assert not result.ephemeral, result.text
        switches += switched
        lines = table.board().text.splitlines()
        narrated.update(line for line in lines if line[:1] in NARRATION_MARKS)
    raise AssertionError("the race did not end")


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
    match_id = await _open_and_start(table, *players)
    board = table.board()
    assert "anne's turn" in board.text and "🥕 65" in board.text
    assert "🟦● **anne** (B): on Start · 🥕 65 · 🥬 3" in board.text
    assert "🟧■ **ben** (O): on Start" in board.text and "🟩▲ **chris** (G): on Start" in board.text
    assert _picture(board).size == picture_size(3)
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
    _picture(board)
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


async def test_two_players_switch_markers_freely_before_moving(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await _open_and_start(table, anne, ben)
    hand = table.hand(anne)
    buttons = _marker_buttons(hand)
    assert [(b.label, b.style) for b in buttons] == [
        ("Marker 1: on Start", BLUE),
        ("Marker 2: on Start", GREY),
    ]
    assert _listed(hand) and all(code.endswith("@0") for code in _listed(hand))
    assert "pick a move of marker 1, or press Marker 2" in hand.text
    board_edits = len(table.backend.calls_matching("PATCH"))
    uploads = len(table.backend.uploads)

    second = await _show_marker(table, anne, hand, 1)
    assert all(code.endswith("@1") for code in _listed(second))
    assert [b.style for b in _marker_buttons(second)] == [GREY, BLUE]
    first = await _show_marker(table, anne, second, 0)
    assert _listed(first) == _listed(hand), "back to marker 1's moves"
    second = await _show_marker(table, anne, first, 1)

    assert not await _logged_moves(table, match_id), "a switch is never a move"
    assert (await _state(table, match_id)).decision == 1
    assert len(table.backend.calls_matching("PATCH")) == board_edits, "the board stays as it is"
    assert len(table.backend.uploads) == uploads, "nothing is drawn again"

    result = await table.backend.select(
        anne, second, ["f2@1"], custom_id=second.selects[0].custom_id
    )
    assert not result.ephemeral
    state = await _state(table, match_id)
    assert [(m.number, m.space) for m in state.markers if m.seat == 0] == [(0, 0), (1, 2)]
    assert [move.move for move in await _logged_moves(table, match_id)] == ["f2@1"]
    assert len(table.backend.uploads) == uploads + 1, "the moved marker is drawn"
    board = table.board().text
    assert "anne (marker 2) moves from Start to 2 for 3 carrots" in board
    assert "🟦● **anne** (B1, B2): Marker 1 on Start, Marker 2 on space 2 (carrot space" in board
    assert "Marker 2 on space 2 (carrot space" in table.hand(anne).text


async def _set_state(table, match_id, change):
    """Change the stored state of a match (a test shortcut), then restart the bot."""
    async with table.bot.table.service.changing(match_id) as db:
        row = await (
            await db.execute("SELECT state FROM matches WHERE id = ?", (match_id,))
        ).fetchone()
        state = json.loads(row[0])
        change(state)
        await db.execute(
            "UPDATE matches SET state = ?, version = version + 1 WHERE id = ?",
            (json.dumps(state), match_id),
        )
    await table.restart()


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
    match_id = await _open_and_start(table, anne, ben)
    assert "🥕 95" in table.board().text, "a shared supply of 95 carrots"
    assert _picture(table.board()).size == picture_size(2)
    await _set_state(table, match_id, _endgame)
    _, switches = await play_race(table, match_id, [anne, ben])
    await _two_marker_finish(table, match_id, anne, ben, switches)


@pytest.mark.slow
async def test_a_whole_two_marker_race_from_the_start(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await _open_and_start(table, anne, ben)
    _, switches = await play_race(table, match_id, [anne, ben])
    assert switches > 10
    await _two_marker_finish(table, match_id, anne, ben, switches)


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
    await _set_state(table, match_id, lambda state: state["players"][0].update(carrots=2000))
    hand = table.hand(anne)
    assert len(hand.selects) == 3 and all(len(menu.values) <= 25 for menu in hand.selects)
    forward = [
        code for code in ENGINE.legal_moves(await _state(table, match_id), 0) if code[0] == "f"
    ]
    assert [value for menu in hand.selects for value in menu.values] == forward
    assert len(forward) > 50 and "f64" not in forward, "too many carrots to finish"
    await make_move(table, anne, "f40")
    assert (await _state(table, match_id)).markers[0].space == 40


async def test_a_restart_in_the_middle_of_a_turn_keeps_the_marker_buttons_working(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await _open_and_start(table, anne, ben)
    await make_move(table, anne, "f2@0")  # carrot spaces: no hare rolls in this test
    await make_move(table, ben, "f5@0")
    hand = table.hand(anne)
    assert [b.label for b in _marker_buttons(hand)] == [
        "Marker 1: on space 2 (carrot space, 2nd)",
        "Marker 2: on Start",
    ]
    picked = await _show_marker(table, anne, hand, 1)
    await table.restart()
    back = await _show_marker(table, anne, picked, 0)  # the old buttons still answer
    assert "f3@0" in _listed(back) and not any(code.endswith("@1") for code in _listed(back))
    picked = await _show_marker(table, anne, back, 1)
    code = "f4@1"  # position space 4, reached with marker 2
    assert code in picked.selects[0].values
    result = await table.backend.select(
        anne, picked, [code], custom_id=picked.selects[0].custom_id
    )
    assert not result.ephemeral
    state = await _state(table, match_id)
    (marker_two,) = [i for i in state.markers_of(0) if state.markers[i].number == 1]
    assert state.markers[marker_two].space == parse_move(code).target
    assert "ben's turn" in table.board().text


async def test_the_menus_say_what_each_move_costs_and_leaves(table):
    anne, ben = table.player("anne"), table.player("ben")
    await _open_and_start(table, anne, ben)
    options = [o for menu in table.hand(anne).selects for o in menu.options]
    assert options and all(
        o["description"].startswith("Marker 1: Forward ")
        and "pay" in o["description"]
        and o["description"].endswith(" left")
        for o in options
    )


async def test_a_finish_out_of_reach_is_explained(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await _open_and_start(table, anne, ben, chris)

    def near_the_finish(state):
        state["markers"][0]["space"] = 59
        state["players"][0].update(carrots=60, lettuces=0)

    await _set_state(table, match_id, near_the_finish)
    text = table.hand(anne).text
    assert "The Finish" in text and "at most 10 carrots; you would keep 45" in text


async def test_a_marker_the_rules_pick_is_named_and_offers_no_switch(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await _open_and_start(table, anne, ben)

    def hare_choice(state):  # marker 2 (id 1) rolled "give or take 10" on a hare space
        state["markers"][1]["space"] = 3
        state.update(pending="give_or_take", pending_marker=1)

    await _set_state(table, match_id, hare_choice)
    hand = table.hand(anne)
    assert "Hare space (marker 2): give or take 10 carrots?" in hand.text
    assert not _marker_buttons(hand) and sorted(_listed(hand)) == ["give@1", "take@1"]

    def move_again(state):
        state.update(pending="move_again", pending_marker=1)

    await _set_state(table, match_id, move_again)
    hand = table.hand(anne)
    assert "The hare says move again: pick the next move of marker 2." in hand.text
    assert not _marker_buttons(hand) and all(code.endswith("@1") for code in _listed(hand))

    def must_move(state):
        state.update(pending=None, pending_marker=None)
        state["markers"][0].update(space=10, must_move=True)

    await _set_state(table, match_id, must_move)
    hand = table.hand(anne)
    assert "marker 1 ate a lettuce last turn and must move now" in hand.text
    assert not _marker_buttons(hand) and all(code.endswith("@0") for code in _listed(hand))


async def test_six_long_named_players_get_a_board_within_discord_limits(table):
    names = [f"{letter}-has-a-display-name-of-32-ch"[:32] for letter in "abcdef"]
    players = [table.player(name) for name in names]
    match_id = await _open_and_start(table, *players)
    await make_move(table, players[0], "f2")
    await make_move(table, players[1], "f5")
    board = table.board()
    assert _picture(board).size == picture_size(6)
    for name, letter in zip(names, "BOGRPY", strict=True):
        assert f"**{name}** ({letter}): " in board.text
    assert (await _state(table, match_id)).turn == 2, "both moves were played"


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
    match_id = await _open_and_start(table, *players)
    (first,) = ENGINE.to_move(await _state(table, match_id))
    waiting = players[(first + 2) % 3]  # the last of the three to move
    backend = table.backend
    hand = table.hand(waiting)
    before = len(backend.calls)

    def edits_of_waiting_hand() -> int:
        return sum(1 for call in backend.calls[before:]
                   if call.method == "PATCH" and call.path.endswith(f"/messages/{hand.id}"))

    moves = 0
    while (seat := ENGINE.to_move(await _state(table, match_id))) != {players.index(waiting)}:
        assert edits_of_waiting_hand() == 0, "a hand that waits does not follow every move"
        player = players[min(seat)]
        await _until(lambda p=player: bool(_listed(table.hand(p))))
        async with backend.simultaneously(settle=False):
            result, _ = await make_move(table, player, _listed(table.hand(player))[0])
        await backend.answered(result)
        assert not result.ephemeral, result.text
        moves += 1
    await _until(lambda: bool(_listed(table.hand(waiting))))  # its turn brought it forward
    assert moves >= 2 and edits_of_waiting_hand() == 1, f"{moves} moves, one edit"
    await backend.settle()


async def test_a_race_with_the_waiting_hands_held_back_plays_to_the_end(table):
    table.waiting_hand = 30.0  # as the bot plays: only the hand on turn follows each move
    await table.restart()
    players = [table.player(name) for name in ("anne", "ben", "chris")]
    match_id = await _open_and_start(table, *players)
    await play_race(table, match_id, players)
    assert (await table.match_row(match_id)).status == "finished"
    for player in players:
        assert "The race is over" in table.hand(player).text, "the end shows in every hand"


async def test_the_boards_edits_let_the_hand_on_turn_go_first(table):
    """When Discord's global rate makes calls wait, the board (nobody needs it in order to
    play: the hand on turn lists every move) waits after the hand of the player on turn."""
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await _open_and_start(table, anne, ben)
    (seat,) = ENGINE.to_move(await _state(table, match_id))
    mover, on_turn_next = (anne, ben) if seat == 0 else (ben, anne)
    board, hand = table.board(), table.hand(on_turn_next)
    later: dict[str, bool] = {}
    request = table.bot.http.request

    async def noting(route, **kwargs):
        if route.method == "PATCH":
            later[route.url.rsplit("/", 1)[1]] = LATER.get()
        return await request(route, **kwargs)

    table.bot.http.request = noting
    await make_move(table, mover, _listed(table.hand(mover))[0])
    assert later == {str(board.id): True, str(hand.id): False}


async def test_a_hare_roll_that_cannot_be_carried_out_is_told_once(table):
    """The roll, its result and why it has no effect are one line, not two that disagree."""
    players = [table.player(n) for n in ("anne", "ben")]
    match_id = await _open_and_start(table, *players)
    rng = random.Random(5)
    for _ in range(200):
        state = await _state(table, match_id)
        (seat,) = ENGINE.to_move(state)
        moves = ENGINE.legal_moves(state, seat)
        # The die is seeded: a trial on a copy shows which move rolls a result in vain.
        trials = {move: ENGINE.apply(ENGINE.load(ENGINE.dump(state)), seat, move) for move in moves}
        in_vain = [move for move, events in trials.items()
                   if "hare_no_effect" in [event.kind for event in events]]
        await make_move(table, players[seat], (in_vain or [purposeful_move(state, seat, rng)])[0])
        if in_vain:
            break
    else:
        pytest.fail("no hare roll without effect came up")
    rolls = [line for line in table.board().text.splitlines() if "🎲" in line]
    assert rolls and rolls[-1].endswith(": no effect.") and ", but " in rolls[-1], rolls
    assert "has no effect" not in table.board().text
    assert rolls[-1] in table.hand(players[1 - seat]).text
