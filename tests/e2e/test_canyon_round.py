"""Great Canyon Race: a round's decisions: collisions, send rounds, signs, the peek, the picture.

The test seed's action row and hands are in ``tests.e2e.canyon_play``.
"""

from __future__ import annotations

import re

from tests.e2e.board_picture import board_picture
from tests.e2e.canyon_play import (
    buttons_of,
    commit_card,
    hand_field,
    play_while,
    start_race,
    view_of,
)
from tests.e2e.play import CHOICE, MOVE, playable


def _row_line(message, round_no) -> str:
    """The action-card line of ``round_no``: its own, or that of the run of face-down cards
    it is in ("· **7-8** face down", with an en dash)."""
    for line in message.text.splitlines():
        rounds = re.match("[▶·] \\*\\*(\\d+)(?:\N{EN DASH}(\\d+))?\\*\\* ", line)
        if rounds and int(rounds[1]) <= round_no <= int(rounds[2] or rounds[1]):
            return line
    raise AssertionError(f"no line of round {round_no}")


async def test_a_collision_victim_chooses_among_the_offered_action_cards(table):
    players, match_id = await start_race(table, 4)
    anne, ben, chris, dora = players
    for player in (anne, ben, dora):
        await commit_card(table, player)
    await commit_card(table, chris, card=4, call=True)  # ±4 is the biggest card

    offer = table.hand(chris)
    assert "You are the victim" in offer.text
    assert [b.label for b in buttons_of(offer, MOVE)] == [
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
    assert [b.label for b in buttons_of(signs, MOVE)] == ["+4 → -4: 0 to 0", "-4 → +4: 0 to 4"]
    await table.backend.click(chris, signs, label="-4 → +4: 0 to 4")

    board = table.board().text
    assert "chris chose **Change sign** from: Divide by 2, Divide by 2, Change sign." in board
    assert "chris: ±4 as -4, Change sign → +4: 0 to **4**" in board
    assert "anne: +2, Change sign → -2: 0 to **0**" in board
    view = await view_of(table, match_id)
    assert view["scores"] == [0, 0, 4, 0] and view["collisions"] == [0, 0, 1, 0]


async def test_a_send_round_passes_every_card_to_the_left_without_collisions(table):
    players, _ = await start_race(table, 4)
    for player in players:
        await commit_card(table, player)
    assert "cards go left" in table.board().text
    for player in players:
        hand = table.hand(player)
        assert "A send round" in hand.text
        picked = await table.backend.click(
            player, hand, custom_id=buttons_of(hand, CHOICE)[0].custom_id
        )
        labels = [b.label for b in picked.message.buttons]
        assert not any("collision" in label for label in labels), labels
        assert "Other card" in labels
        back = await table.backend.click(player, picked.message, label="Other card")
        assert buttons_of(back.message, CHOICE) and not buttons_of(back.message, MOVE)
        picked = await table.backend.click(
            player, back.message, custom_id=buttons_of(back.message, CHOICE)[0].custom_id
        )
        await table.backend.click(player, picked.message, label=labels[0])
    board = table.board().text
    assert "Every card went to the player on their left." in board
    assert "anne: dora's +3, Send to the player on your left → +3: 1 to **4**" in board
    assert "ben: anne's +2" in board


async def test_a_double_value_card_asks_its_sign_under_the_applying_card(table):
    players, match_id = await start_race(table, 4)
    anne, ben, chris, dora = players
    for player in (anne, ben, dora):
        await commit_card(table, player)
    await commit_card(table, chris, card=4)
    signs = table.hand(chris)
    assert "You score the double-value card ±4 under **Divide by 2**" in signs.text
    assert [b.label for b in buttons_of(signs, MOVE)] == ["+4 → +2: 0 to 2", "-4 → -2: 0 to 0"]
    assert f"<@{chris.id}> to choose the sign" in table.board().text
    assert "Waiting for chris to choose the sign" in table.hand(anne).text
    await table.backend.click(chris, signs, label="+4 → +2: 0 to 2")
    assert "chris: ±4 as +4, Divide by 2 → +2: 0 to **2**" in table.board().text
    assert (await view_of(table, match_id))["round"] == 2


async def test_the_lowest_driver_peeks_at_a_face_down_action_card_in_private(table):
    players, match_id = await start_race(table, 4)
    anne, ben, chris, dora = players
    await play_while(table, players, lambda: "lowest after round 5" not in table.board().text)
    view = await view_of(table, match_id)
    assert view["phase"] == "peek" and view["peekers"] == [0] and view["six_cards"] == [2]
    peek = table.hand(anne)
    assert [b.label for b in buttons_of(peek, MOVE)] == ["Round 7", "Round 8", "Round 10"]
    assert f"<@{anne.id}> to look at a face-down action card" in table.board().text
    for player in (ben, chris, dora):
        assert "Waiting for anne to look at a face-down action card" in table.hand(player).text
    assert len(hand_field(table.hand(chris)).split()) == 6, "the highest gets six cards"

    uploads = len(table.backend.uploads)
    await table.backend.click(anne, peek, label="Round 7")
    assert len(table.backend.uploads) == uploads, "a peek changes the words, not the picture"

    assert _row_line(table.hand(anne), 7) == "· **7** face down (you looked: Cancel)"
    assert "anne (lowest after round 5) looked at round 7's card" in table.board().text
    for message in (table.board(), *(table.hand(p) for p in (ben, chris, dora))):
        assert _row_line(message, 7) == "· **7\N{EN DASH}8** face down", "one line for both"
        assert "you looked" not in message.text
    # The peek stays in anne's hand until round 7's card turns face up.
    await play_while(table, players, lambda: "round 7/10" not in table.board().text)
    assert _row_line(table.hand(anne), 7) == "▶ **7** Cancel"
    assert "you looked" not in table.hand(anne).text


async def test_the_picture_is_uploaded_only_when_what_it_shows_changes(table):
    players, _ = await start_race(table, 4)
    first = board_picture(table.board())
    uploads = len(table.backend.uploads)
    for player in players[:3]:
        await commit_card(table, player)
    assert "3 committed" in table.board().text
    assert len(table.backend.uploads) == uploads, "sealed cards are not in the picture"
    await commit_card(table, players[3])
    assert "round 2/10" in table.board().text
    assert len(table.backend.uploads) == uploads + 1, "the scored round moved the cars"
    assert board_picture(table.board()).tobytes() != first.tobytes()
