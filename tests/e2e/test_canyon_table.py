"""Great Canyon Race played end to end through the simulated Discord backend.

With the test seed the action row reads: 1 Divide by 2, 2 Send left, 3 Cancel, 4 Multiply by 3,
5 Multiply by 2, 6 Change sign and multiply by 2, 7 Cancel, 8 Send left, 9 Send right,
10 Multiply by 2. Four players are dealt anne +2 +2 +5 -1 -4, ben +1 +2 +4 +4 -3,
chris +3 +5 +5 +7 ±4, dora +2 +3 -3 -4 ±3 (two players: anne's and ben's).
"""

from __future__ import annotations

import io
import json
import re

from PIL import Image

from cogs.canyon.picture import LANE_KEY, MARGIN, lane_y, picture_size
from cogs.common.pictures import SEAT_COLOURS
from rules.canyon import ACCELERATION, ACTIONS, ENGINE
from tests.databases import run_outside
from tests.e2e.legend import legend, marker_at, track_rows
from tests.e2e.play import CHOICE, MOVE, first_button, match_id_of, playable

NAMES = ("anne", "ben", "chris", "dora", "emil", "fatima-with-a-long-name")
KEYS = ("🟦● B", "🟧■ O", "🟩▲ G", "🟥◆ R", "🟪⬢ P", "🟨★ Y")
"""Each seat's colour, shape and letter as the text writes them."""
CARD_LABEL = re.compile(r"(?<![\w#])[+±-]\d")


async def _open(table, host, *others):
    backend = table.backend
    await backend.slash(host, table.channel, "canyon new")
    for player in others:
        await backend.click(player, table.board(), label="Join")
    await backend.click(host, table.board(), label="Start")
    return match_id_of(table.board())


async def _drivers(table, count):
    players = [table.player(name) for name in NAMES[:count]]
    match_id = await _open(table, *players)
    return players, match_id


async def _view(table, match_id, seat=None):
    record = await table.match_row(match_id)
    return ENGINE.view(ENGINE.load(record.state), seat)


def _buttons(message, prefix):
    return [b for b in message.buttons if b.custom_id.startswith(prefix)]


async def _commit(table, user, *, card=0, call=False):
    """Pick the ``card``-th card of the DM hand, then play it (calling a collision or not)."""
    hand = table.hand(user)
    picked = await table.backend.click(user, hand, custom_id=_buttons(hand, CHOICE)[card].custom_id)
    plays = _buttons(picked.message, MOVE)
    chosen = [b for b in plays if ("collision" in b.label) == call]
    assert len(chosen) == 1, [b.label for b in plays]
    result = await table.backend.click(user, picked.message, custom_id=chosen[0].custom_id)
    assert not result.ephemeral, result.text
    return result.message


async def _decide(table, user, *, pick=0):
    """One decision from the DM: commit the first card, or the ``pick``-th button offered."""
    hand = table.hand(user)
    if first_button(hand, MOVE) is None:
        return await _commit(table, user)
    result = await table.backend.click(user, hand, custom_id=_buttons(hand, MOVE)[pick].custom_id)
    assert not result.ephemeral, result.text
    return result.message


async def _play_while(table, players, going):
    for _ in range(200):
        if not going():
            return
        waiting = [p for p in players if playable(table.hand(p))]
        assert waiting, "nobody has anything to click, but the round goes on"
        for player in waiting:
            await _decide(table, player)
    raise AssertionError("the match did not get there")


def _over(table):
    return "the race is over" in table.board().text


def _picture(message) -> Image.Image:
    """The board's picture: its one attachment, which the embed shows."""
    (attachment,) = message.attachments
    assert attachment.filename == "board.png"
    assert message.embeds[0]["image"]["url"] == attachment.url, "the embed shows it"
    return Image.open(io.BytesIO(attachment.data))


def _final_track(result, scores) -> None:
    """The result shows the final track: a line per driver labelled by their shape and letter,
    the car on its score; under it, whose car is whose, each name whole."""
    final = result.text.split("Final track\n")[1]
    rows = track_rows(final)
    for seat, score in enumerate(scores):
        line = rows[seat]
        assert line.startswith(KEYS[seat][1:] + " ") and line[4:7] == f"{score:>3}"
        assert line[8:][score] in "●✖"
    key = " · ".join(f"{KEYS[seat]} {NAMES[seat]}" for seat in range(len(scores)))
    assert f"Colours: {key}" in final


def _hand_field(message) -> str:
    return message.text.split("Your hand\n")[1].split("\n")[0]


def _row_line(message, round_no) -> str:
    return next(
        line for line in message.text.splitlines() if line[2:].startswith(f"**{round_no}** ")
    )


# -- whole matches -------------------------------------------------------------------------


async def test_four_drivers_race_from_their_dms_to_the_result(table):
    players, match_id = await _drivers(table, 4)
    chris = players[2]
    board = table.board()
    assert "round 1/10 · first hand" in board.text
    assert board.find_button(label="Show my hand")
    assert "▶ **1** Divide by 2" in board.text and "· **2** face down" in board.text
    assert "o····o····|····o" in board.text, "the circled spaces and the edge are drawn"
    assert _picture(board).size == picture_size(4)

    await _commit(table, chris, card=4, call=True)  # ±4 and a collision
    await _play_while(table, players, lambda: not _over(table))

    record = await table.match_row(match_id)
    assert record.status == "finished"
    board, result = table.backend.channel_messages(table.channel)
    assert "the race is over" in board.text and not board.buttons
    assert "Great Canyon Race: anne wins!" in result.text
    assert "anne 🏆: 25 · stopped at the edge" in result.text
    assert "ben: 36 · fell into the canyon" in result.text
    assert "chris: 45 · fell into the canyon · 💥 1" in result.text
    assert "dora: 11 · chicken" in result.text
    _final_track(result, [25, 36, 45, 11])
    assert _picture(board).size == picture_size(4)
    for player in players:
        assert len(table.notices(player)) <= 1, "one hand edited in place, and one notice"
        assert "The race is over" in table.hand(player).text


async def test_two_drivers_race_and_nobody_stops_at_the_edge(table):
    players, match_id = await _drivers(table, 2)
    await _play_while(table, players, lambda: not _over(table))
    result = table.backend.channel_messages(table.channel)[-1]
    assert "nobody wins" in result.text
    assert "anne: 12 · chicken" in result.text and "ben: 8 · chicken" in result.text
    assert (await table.match_row(match_id)).status == "finished"
    stats = await table.backend.slash(players[0], table.channel, "stats")
    assert "Great Canyon Race" in stats.text or "canyon" in stats.text.lower()


async def test_six_drivers_race_to_the_end_within_discord_limits(table):
    players, match_id = await _drivers(table, 6)
    await _play_while(table, players, lambda: not _over(table))
    assert (await table.match_row(match_id)).status == "finished"
    result = table.backend.channel_messages(table.channel)[-1]
    assert result.text.count("💥") == 6
    board = table.board()
    for seat, name in enumerate(NAMES):
        assert f"{KEYS[seat]} **{name}**: " in board.text, "the drivers name each car whole"
        assert marker_at(_picture(board), (MARGIN + LANE_KEY / 2 - 4, lane_y(seat)), 14) == (
            SEAT_COLOURS[seat]
        ), "in the picture's lane order"
    assert not any("fatima" in row for row in track_rows(board.text)), "no name cut in the track"
    _final_track(result, (await _view(table, match_id))["scores"])
    assert [name for _colour, name in legend(result.text)] == list(NAMES)


# -- the decisions of a round --------------------------------------------------------------


async def test_a_collision_victim_chooses_among_the_offered_action_cards(table):
    players, match_id = await _drivers(table, 4)
    anne, ben, chris, dora = players
    for player in (anne, ben, dora):
        await _commit(table, player)
    await _commit(table, chris, card=4, call=True)  # ±4 is the biggest card

    offer = table.hand(chris)
    assert "You are the victim" in offer.text
    assert [b.label for b in _buttons(offer, MOVE)] == [
        "1. Divide by 2", "2. Divide by 2", "3. Change sign",
    ]
    assert "3. Change sign (drawn)" in offer.text and "anne: +2 → -2, 0 to 0" in offer.text
    for player in (anne, ben, dora):
        assert "Waiting for chris to choose the action card" in table.hand(player).text
        assert not playable(table.hand(player))
    board = table.board().text
    assert "Collision called by chris! Victim: chris (collisions: chris 1/3)" in board
    assert "chris played ±4 and called a collision" in board
    assert f"<@{chris.id}> to choose the action card" in board

    await table.backend.click(chris, offer, label="3. Change sign")
    signs = table.hand(chris)
    assert [b.label for b in _buttons(signs, MOVE)] == ["+4 → -4: 0 to 0", "-4 → +4: 0 to 4"]
    await table.backend.click(chris, signs, label="-4 → +4: 0 to 4")

    board = table.board().text
    assert "chris chose **Change sign** from: Divide by 2, Divide by 2, Change sign." in board
    assert "chris: ±4 as -4, Change sign → +4: 0 to **4**" in board
    assert "anne: +2, Change sign → -2: 0 to **0**" in board
    view = await _view(table, match_id)
    assert view["scores"] == [0, 0, 4, 0] and view["collisions"] == [0, 0, 1, 0]


async def test_a_send_round_passes_every_card_to_the_left_without_collisions(table):
    players, _ = await _drivers(table, 4)
    for player in players:
        await _commit(table, player)
    assert "cards go left" in table.board().text
    for player in players:
        hand = table.hand(player)
        assert "A send round" in hand.text
        picked = await table.backend.click(
            player, hand, custom_id=_buttons(hand, CHOICE)[0].custom_id
        )
        labels = [b.label for b in picked.message.buttons]
        assert not any("collision" in label for label in labels), labels
        assert "Other card" in labels
        back = await table.backend.click(player, picked.message, label="Other card")
        assert _buttons(back.message, CHOICE) and not _buttons(back.message, MOVE)
        picked = await table.backend.click(
            player, back.message, custom_id=_buttons(back.message, CHOICE)[0].custom_id
        )
        await table.backend.click(player, picked.message, label=labels[0])
    board = table.board().text
    assert "Every card went to the player on their left." in board
    assert "anne: dora's +3, Send to the player on your left → +3: 1 to **4**" in board
    assert "ben: anne's +2" in board


async def test_a_double_value_card_asks_its_sign_under_the_applying_card(table):
    players, match_id = await _drivers(table, 4)
    anne, ben, chris, dora = players
    for player in (anne, ben, dora):
        await _commit(table, player)
    await _commit(table, chris, card=4)
    signs = table.hand(chris)
    assert "You score the double-value card ±4 under **Divide by 2**" in signs.text
    assert [b.label for b in _buttons(signs, MOVE)] == ["+4 → +2: 0 to 2", "-4 → -2: 0 to 0"]
    assert f"<@{chris.id}> to choose the sign" in table.board().text
    assert "Waiting for chris to choose the sign" in table.hand(anne).text
    await table.backend.click(chris, signs, label="+4 → +2: 0 to 2")
    assert "chris: ±4 as +4, Divide by 2 → +2: 0 to **2**" in table.board().text
    assert (await _view(table, match_id))["round"] == 2


async def test_the_lowest_driver_peeks_at_a_face_down_action_card_in_private(table):
    players, match_id = await _drivers(table, 4)
    anne, ben, chris, dora = players
    await _play_while(table, players, lambda: "lowest after round 5" not in table.board().text)
    view = await _view(table, match_id)
    assert view["phase"] == "peek" and view["peekers"] == [0] and view["six_cards"] == [2]
    peek = table.hand(anne)
    assert [b.label for b in _buttons(peek, MOVE)] == ["Round 7", "Round 8", "Round 10"]
    assert f"<@{anne.id}> to look at a face-down action card" in table.board().text
    for player in (ben, chris, dora):
        assert "Waiting for anne to look at a face-down action card" in table.hand(player).text
    assert len(_hand_field(table.hand(chris)).split()) == 6, "the highest gets six cards"

    uploads = len(table.backend.uploads)
    await table.backend.click(anne, peek, label="Round 7")
    assert len(table.backend.uploads) == uploads, "a peek changes the words, not the picture"

    assert _row_line(table.hand(anne), 7) == "· **7** face down (you looked: Cancel)"
    assert "anne (lowest after round 5) looked at round 7's card" in table.board().text
    for message in (table.board(), *(table.hand(p) for p in (ben, chris, dora))):
        assert _row_line(message, 7) == "· **7** face down"
        assert "you looked" not in message.text
    # The peek stays in anne's hand until round 7's card turns face up.
    await _play_while(table, players, lambda: "round 7/10" not in table.board().text)
    assert _row_line(table.hand(anne), 7) == "▶ **7** Cancel"
    assert "you looked" not in table.hand(anne).text


async def test_the_picture_is_uploaded_only_when_what_it_shows_changes(table):
    players, _ = await _drivers(table, 4)
    first = _picture(table.board())
    uploads = len(table.backend.uploads)
    for player in players[:3]:
        await _commit(table, player)
    assert "3 committed" in table.board().text
    assert len(table.backend.uploads) == uploads, "sealed cards are not in the picture"
    await _commit(table, players[3])
    assert "round 2/10" in table.board().text
    assert len(table.backend.uploads) == uploads + 1, "the scored round moved the cars"
    assert _picture(table.board()).tobytes() != first.tobytes()


# -- hidden information and restarts --------------------------------------------------------


async def test_hands_and_sealed_cards_stay_with_their_owner_until_the_reveal(table):
    players, match_id = await _drivers(table, 4)
    anne, ben, chris, dora = players
    for seat, player in enumerate(players):
        hand = " ".join(f"`{c['label']}`" for c in (await _view(table, match_id, seat))["hand"])
        assert _hand_field(table.hand(player)) == hand
    assert not CARD_LABEL.search(table.board().text), "no card on the board before the reveal"

    await _commit(table, anne, card=2, call=True)  # +5 and a collision
    assert "You played +5 and called a collision." in table.hand(anne).text
    assert "Your card is committed. Waiting for ben, chris, dora." in table.hand(anne).text
    board = table.board().text
    assert not CARD_LABEL.search(board) and "collision" not in board.lower().split("waiting")[0]
    assert "1 committed" in board
    for player in (ben, chris, dora):
        text = table.hand(player).text
        assert "You played" not in text and "anne" not in text.split("Scores")[0]
    opened = await table.backend.click(ben, table.board(), label="Show my hand")
    assert opened.ephemeral and "You played" not in opened.text
    assert _hand_field(opened.message) == _hand_field(table.hand(ben))


async def test_a_restart_mid_round_keeps_the_dm_buttons_working(table):
    players, match_id = await _drivers(table, 4)
    anne, ben, chris, dora = players
    await _commit(table, anne)
    hand = table.hand(ben)
    picked = await table.backend.click(ben, hand, custom_id=_buttons(hand, CHOICE)[1].custom_id)
    before = await table.match_row(match_id)
    edits = len(table.backend.calls_matching("PATCH"))

    await table.restart()

    assert len(table.backend.calls_matching("PATCH")) == edits, "nothing was out of date"
    # ben's picked card, from before the restart, is still one click from being played.
    await table.backend.click(ben, picked.message, label="Play +2")
    await _commit(table, chris)
    await _commit(table, dora)
    after = await table.match_row(match_id)
    assert after.version == before.version + 3
    assert "round 2/10" in table.board().text
    assert "ben: +2, Divide by 2 → +1: 0 to **1**" in table.board().text
    assert all(playable(table.hand(p)) for p in players), "round 2's hands arrived"



async def _write_state(table, match_id, state):
    """Put a constructed position in the match row, as another process could, and restart."""
    await run_outside(
        table.database, "UPDATE matches SET state = ?, version = version + 1 WHERE id = ?",
        json.dumps(ENGINE.dump(state)), match_id,
    )
    await table.restart()


def _card(value):
    return next(c.id for c in ACCELERATION if c.value == value and not c.double)


def _action(kind):
    return next(a.id for a in ACTIONS if a.kind == kind)


async def test_a_hero_finish_and_an_elimination_are_told_plainly(table):
    players, match_id = await _drivers(table, 3)
    anne, ben, chris = players
    state = ENGINE.load((await table.match_row(match_id)).state)
    # Round 10: anne on the edge with three collisions, chris's car burnt out in round 7.
    state.round, state.decision = 10, state.decision + 1
    state.face_up = [True] * 10
    state.scores, state.collisions = [30, 12, 22], [3, 1, 4]
    state.eliminated_in = [0, 0, 7]
    state.hands = [[_card(8)], [_card(1)], []]
    state.action_deck = [_action("cancel"), _action("keep_value")]
    await _write_state(table, match_id, state)

    board = table.board().text
    assert "round 10/10 · second hand" in board
    assert "🟩▲ G **chris**: 22 points · 💥 4/3 · 🔥 eliminated in round 7" in board
    assert "✖" in board and f"<@{chris.id}>" not in board.split("Waiting for")[1]
    assert "Your car is out of the race" in table.hand(chris).text
    assert not playable(table.hand(chris))

    await _commit(table, anne, call=True)
    await _commit(table, ben)
    offer = table.hand(anne)
    assert "anne: +8 → 0, 30 to 30" in offer.text
    await table.backend.click(anne, offer, label="2. Cancel")

    board, result = table.backend.channel_messages(table.channel)[-2:]
    assert "anne took a fourth collision on 30: a hero finish!" in board.text
    assert "Great Canyon Race: anne wins!" in result.text
    assert "anne 🏆: 30 · hero finish" in result.text
    assert "ben: 12 · chicken (under 16)" in result.text
    assert "chris: 22 · eliminated in round 7" in result.text
    _final_track(result, [30, 12, 22])
    assert "✖" in result.text.split("Final track")[1], "the burnt-out car is marked"
