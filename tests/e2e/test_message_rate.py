"""A burst of moves never edits one board faster than a channel's message rate allows."""

from __future__ import annotations

import logging

from tests.e2e.play import CHOICE, MOVE, act, first_button, open_and_start

RATE = (2, 1.0)
"""Two edits in any second: the production rate (5 in 5 s) in miniature, so the test is quick."""


async def test_a_burst_of_moves_is_shown_by_paced_edits_ending_on_the_latest_state(table):
    table.message_rate = RATE
    await table.restart()
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben)
    board = table.board()
    for _ in range(2):  # two card rounds as fast as the players can click
        await act(table, anne, table.hand(anne))
        await act(table, ben, table.hand(ben), pick=1)
    edits = [
        call.at
        for call in table.backend.calls_matching("PATCH")
        if call.ok and call.path.endswith(f"/messages/{board.id}")
    ]
    most, window = RATE
    assert len(edits) >= 3
    for i, start in enumerate(edits):
        within = [at for at in edits[i:] if at < start + window]
        assert len(within) <= most, f"{len(within)} board edits within {window} s"
    assert "card round 3/5" in table.board().text, "the last edit shows the latest state"


async def test_a_bot_that_closes_first_makes_the_edits_it_has_set_off(table, caplog):
    table.message_rate = RATE
    await table.restart()
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben)
    await act(table, anne, table.hand(anne))
    backend = table.backend
    card = first_button(table.hand(ben), CHOICE)
    targets = (await backend.click(ben, table.hand(ben), custom_id=card)).message
    async with backend.simultaneously(settle=False):  # the round's last move ...
        played = await backend.click(ben, targets, custom_id=first_button(targets, MOVE))
    await backend.answered(played)
    await backend.disconnect()  # ... and the bot closes while its board edit is under way
    assert "card round 2/5" in table.board().text, "made before the bot let Discord go"
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
