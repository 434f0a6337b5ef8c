"""Sequence Numbers played end to end through the simulated Discord backend."""

from __future__ import annotations

import io

from PIL import Image

from cogs.numbers import picture as drawing
from rules.numbers import ENGINE
from rules.numbers.board import LAYOUT, SPACE_NAMES
from rules.numbers.cards import DECK, EQUATION, MINUS, PLUS
from tests.cogs.pixels import count_colour
from tests.e2e.play import CHOICE, MOVE, open_and_start, playable, rig


def _choices(message, prefix: str = CHOICE) -> list[str]:
    return [b.custom_id for b in message.buttons if b.custom_id.startswith(prefix)]


async def numbers_act(table, user, message, *, pick: int = 0) -> None:
    """One turn from a controls message: a card, a row if asked, then a space."""
    backend = table.backend
    cards = [c for c in _choices(message) if not c.endswith(":back")]
    if not cards:  # nothing playable: trade or discard
        (first, *_) = _choices(message, MOVE)
        await backend.click(user, message, custom_id=first)
        return
    message = (await backend.click(user, message, custom_id=cards[pick % len(cards)])).message
    rows = [c for c in _choices(message) if ".r" in c]
    if rows:
        message = (await backend.click(user, message, custom_id=rows[pick % len(rows)])).message
    (menu,) = message.selects
    values = menu.values
    await backend.select(user, message, [values[pick % len(values)]], custom_id=menu.custom_id)


async def play_to_the_end(table, players, *, limit: int = 600) -> None:
    for step in range(limit):
        if "final board" in table.board().text:
            return
        (player,) = [p for p in players if playable(table.hand(p))]
        await numbers_act(table, player, table.hand(player), pick=players.index(player) + step)
        _no_hand_in_public(table, players)
    raise AssertionError("the match did not end")


def _no_hand_in_public(table, players) -> None:
    assert "your hand" not in table.board().text.lower()


def _png(message) -> Image.Image:
    (attachment,) = message.attachments
    return Image.open(io.BytesIO(attachment.data))


async def test_two_players_play_a_whole_match_with_the_board_as_a_picture(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben, game="numbers")
    board = table.board()
    assert "anne's turn" in board.text and board.embeds[0]["image"]["url"].endswith("board.png")
    sides = board.text.splitlines()
    assert any(line.startswith("🟦● Blue (B): anne · 0/") for line in sides), "the chips' marks"
    assert any(line.startswith("🟧■ Orange (O): ben · 0/") for line in sides)
    first = _png(board)
    assert first.width >= 600 and first.height >= 600
    await play_to_the_end(table, [anne, ben])
    record = await table.match_row(match_id)
    assert record.status == "finished"
    result = table.backend.channel_messages(table.channel)[-1].text
    assert "wins" in result or "draw" in result
    assert _png(table.board()).tobytes() != first.tobytes(), "the picture follows the board"


async def test_four_players_play_in_two_teams_that_alternate(table):
    players = [table.player(n) for n in ("anne", "ben", "chris", "dana")]
    await table.backend.slash(players[0], table.channel, "numbers new")
    for player in players[1:]:
        await table.backend.click(player, table.board(), label="Join")
    lobby = table.board().text
    assert "🟦● Blue: anne, chris" in lobby and "🟧■ Orange: ben, dana" in lobby
    await table.backend.click(players[0], table.board(), label="Start")
    order = []
    for _ in range(4):
        (player,) = [p for p in players if playable(table.hand(p))]
        order.append(player.name)
        await numbers_act(table, player, table.hand(player))
    assert order == ["anne", "ben", "chris", "dana"]
    assert "0/2 sequences" in table.board().text


async def test_five_players_cannot_start_and_are_told_why(table):
    players = [table.player(n) for n in ("anne", "ben", "chris", "dana", "eve")]
    await table.backend.slash(players[0], table.channel, "numbers new")
    for player in players[1:]:
        await table.backend.click(player, table.board(), label="Join")
    assert "Five players cannot be seated" in table.board().text
    refused = await table.backend.click(players[0], table.board(), label="Start")
    assert (refused.ephemeral and "5" in refused.text) or "five" in refused.text.lower()


def _give(state, seat: int, *cards: int) -> None:
    """Move ``cards`` into the seat's hand, swapping out as many of its own."""
    places = [*state.hands, state.draw_pile, *state.discards]
    for card in cards:
        if card in state.hands[seat]:
            continue
        home = next(place for place in places if card in place)
        given_up = next(c for c in state.hands[seat] if c not in cards)
        home[home.index(card)] = given_up
        state.hands[seat][state.hands[seat].index(given_up)] = card


async def test_a_minus_and_a_dead_card_trade_in_a_three_player_match(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await open_and_start(table, anne, ben, chris, game="numbers")
    minus = next(card.id for card in DECK if card.kind == MINUS)
    dead = next(card for card in DECK if card.kind == EQUATION)
    covered = [space for space, number in enumerate(LAYOUT) if number == dead.answer]
    target = next(s for s in range(11, 89) if s not in covered and LAYOUT[s])

    def position(state) -> None:
        _give(state, 1, minus, dead.id)
        for space in covered:
            state.chips[space] = 2  # chris covers both spaces of ben's card: it is dead
        state.chips[target] = 0  # a chip of anne's for ben's Minus
        state.turn = 1

    await rig(table, match_id, ENGINE, position)
    hand = table.hand(ben)
    assert f"dead, both {dead.answer}s are covered (trade it once per turn)" in hand.text
    boards = [u for u in table.backend.uploads if u.filename == "board.png"]
    traded = await table.backend.click(ben, hand, label=f"Trade {dead.text} = {dead.answer}")
    assert not traded.ephemeral
    assert [u for u in table.backend.uploads if u.filename == "board.png"] == boards, (
        "the board changed in words, not in picture"
    )
    assert not [b for b in table.hand(ben).buttons if b.label.startswith("Trade")], "once a turn"
    picked = await table.backend.click(ben, table.hand(ben), label="Minus")
    (menu,) = picked.message.selects
    code = f"m{minus}@{SPACE_NAMES[target]}"
    assert code in menu.values
    await table.backend.select(ben, picked.message, [code], custom_id=menu.custom_id)
    state = ENGINE.load((await table.match_row(match_id)).state)
    assert state.chips[target] is None and state.turn == 2
    assert f"removed the chip on {SPACE_NAMES[target]}" in table.board().text


async def test_a_restart_mid_turn_keeps_the_controls_and_uploads_nothing_again(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben, game="numbers")
    picked = await table.backend.click(anne, table.hand(anne), custom_id=_choices(
        table.hand(anne))[0])
    uploads = len(table.backend.uploads)
    edits = len(table.backend.calls_matching("PATCH"))
    await table.restart()
    assert len(table.backend.uploads) == uploads and len(
        table.backend.calls_matching("PATCH")) == edits, "nothing changed: nothing sent"
    (menu,) = picked.message.selects
    await table.backend.select(anne, picked.message, [menu.values[0]], custom_id=menu.custom_id)
    assert "ben's turn" in table.board().text
    new = [u.filename for u in table.backend.uploads[uploads:]]
    assert sorted(new) == ["board.png", "hand.png"], "the new board, and ben's hand on turn, once"


async def test_the_hand_lets_a_player_decide_without_opening_the_channel(table):
    players = [table.player(n) for n in ("anne", "ben", "chris", "dana")]
    anne = players[0]
    match_id = await open_and_start(table, *players, game="numbers")
    minus = next(card.id for card in DECK if card.kind == MINUS)
    plus = next(card.id for card in DECK if card.kind == PLUS)
    await rig(table, match_id, ENGINE, lambda state: _give(state, 0, minus, plus))
    hand = table.hand(anne)
    assert hand.embeds[0]["image"]["url"].endswith("/hand.png")
    picture = _png(hand)
    assert picture.size == _png(table.board()).size, "the whole board, in the DM"
    (shown,) = hand.attachments
    assert shown.description == "The board, with the free spaces for your equation cards marked"
    (drawn,) = table.board().attachments
    assert drawn.description == table.board().embeds[0]["title"] == "Sequence Numbers: anne's turn"
    assert f"/{table.channel.id}/{table.board().id})" in hand.text, "a link to the board"
    assert "Minus**: cannot be played now, no opponent chip can be removed" in hand.text
    state = ENGINE.load((await table.match_row(match_id)).state)
    card = next(DECK[c] for c in state.hands[0] if DECK[c].kind == EQUATION)
    free = [SPACE_NAMES[s] for s, n in enumerate(LAYOUT) if n == card.answer]
    assert f"**{card.text} = {card.answer}**: a chip on a {card.answer}, free at " \
        f"{' or '.join(free)} (marked)" in hand.text
    assert "**Plus**: a chip on any open space" in hand.text
    takes = {space for held in ENGINE.view(state, 0)["hand"] if held["kind"] == EQUATION
             for space in held["targets"]}
    assert {s for s, n in enumerate(LAYOUT) if n == card.answer} <= takes
    board = _png(table.board()).convert("RGB")
    for space in range(len(LAYOUT)):
        box = drawing.cell_box(space)
        drawn = count_colour(picture.convert("RGB"), box, drawing.HIGHLIGHT)
        if space in takes:
            assert drawn > count_colour(board, box, drawing.HIGHLIGHT) + 500, "marked"
        else:
            assert drawn < 500, f"{SPACE_NAMES[space]}: only her Plus takes it, unmarked"
    uploads = len(table.backend.uploads)
    picked = await table.backend.click(anne, hand, label=f"{card.text} = {card.answer}")
    assert len(table.backend.uploads) == uploads, "the picked card keeps the picture shown"
    assert picked.message.attachments, "the picture stays in the hand"
    (menu,) = picked.message.selects
    labels = [option["label"] for option in menu.options]
    assert labels == [f"{card.answer} at {space}" for space in free]
    await table.backend.select(anne, picked.message, [menu.values[0]], custom_id=menu.custom_id)
    waiting = table.hand(anne)
    assert not waiting.attachments, "a waiting hand links the board instead"
    assert " free at " in waiting.text and "(marked)" not in waiting.text, "no picture to mark"

    for player in players[1:]:
        await numbers_act(table, player, table.hand(player))
    hand = table.hand(anne)
    assert hand.attachments and "Since your last turn" in hand.text, "her own hand says so"
    assert "Since anne's last turn" in table.hand(players[1]).text, "ben's: whose turn it is"
    assert "(marked)" in hand.text, "on turn again: the picture marks the spaces"
    for name in ("ben", "chris", "dana"):
        assert f"{name} played " in hand.text, f"{name}'s move since anne's turn"
    assert f"anne played {card.text} = {card.answer}" not in hand.text
