"""Great Canyon Race: hands and sealed cards stay with their owner, through a restart too.

The test seed's action row and hands are in ``tests.e2e.canyon_play``.
"""

from __future__ import annotations

import re

from tests.e2e.canyon_play import buttons_of, commit_card, hand_field, start_race, view_of
from tests.e2e.play import CHOICE, playable

CARD_LABEL = re.compile(r"(?<![\w#])[+±-]\d")


async def test_hands_and_sealed_cards_stay_with_their_owner_until_the_reveal(table):
    players, match_id = await start_race(table, 4)
    anne, ben, chris, dora = players
    for seat, player in enumerate(players):
        hand = " ".join(f"`{c['label']}`" for c in (await view_of(table, match_id, seat))["hand"])
        assert hand_field(table.hand(player)) == hand
    assert not CARD_LABEL.search(table.board().text), "no card on the board before the reveal"

    await commit_card(table, anne, card=2, call=True)  # +5 and a collision
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
    assert hand_field(opened.message) == hand_field(table.hand(ben))


async def test_a_restart_mid_round_keeps_the_dm_buttons_working(table):
    players, match_id = await start_race(table, 4)
    anne, ben, chris, dora = players
    await commit_card(table, anne)
    hand = table.hand(ben)
    picked = await table.backend.click(ben, hand, custom_id=buttons_of(hand, CHOICE)[1].custom_id)
    before = await table.match_row(match_id)
    edits = len(table.backend.calls_matching("PATCH"))

    await table.restart()

    assert len(table.backend.calls_matching("PATCH")) == edits, "nothing was out of date"
    # ben's picked card, from before the restart, is still one click from being played.
    await table.backend.click(ben, picked.message, label="Play +2")
    await commit_card(table, chris)
    await commit_card(table, dora)
    after = await table.match_row(match_id)
    assert after.version == before.version + 3
    assert "round 2/10" in table.board().text
    assert "ben: +2, Divide by 2 → +1: 0 to **1**" in table.board().text
    assert all(playable(table.hand(p)) for p in players), "round 2's hands arrived"
