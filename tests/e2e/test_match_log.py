"""The match log through the simulated Discord backend: every public event in the live
board's words, for anyone, and nothing the table has not seen."""

from __future__ import annotations

import re

from bot import STALE_BUTTON
from tests.databases import run_outside
from tests.e2e.play import act, field_value, one_card_round, open_and_start, play_to_the_end

SIGNED_CARD = re.compile(r"[+-]\d")


def _description(result) -> str:
    return result.message.embeds[0]["description"]


async def test_the_log_tells_a_stranger_what_the_table_saw_and_no_face_down_card(table):
    anne, ben, chris = table.player("anne"), table.player("ben"), table.player("chris")
    await open_and_start(table, anne, ben)
    await act(table, anne, table.hand(anne))
    log = await table.backend.click(chris, table.board(), label="Log")
    assert log.ephemeral and "Page 1 of 1 · newest last" in log.text
    assert _description(log) == "🂠 anne put a card face down."
    assert not SIGNED_CARD.search(_description(log)), "anne's card is still face down"

    await act(table, ben, table.hand(ben), pick=1)
    reveal = field_value(table.board(), "Reveal of stage 1, card round 1")
    told = await table.backend.click(chris, table.board(), label="Log")
    lines = _description(told).split("\n")
    assert lines[:3] == [
        "🂠 anne put a card face down.",
        "🂠 ben put a card face down.",
        "**Reveal of stage 1, card round 1**",
    ]
    assert lines[3:] == reveal.split("\n"), "the log says the reveal as the board does"


async def test_the_log_of_a_finished_match_pages_from_the_newest_and_survives_a_restart(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben)
    await play_to_the_end(table, [anne, ben])
    result = next(
        m for m in table.backend.channel_messages(table.channel) if m.find_button(label="Rematch")
    )
    newest = await table.backend.click(ben, result, label="Log")
    pages = int(re.search(r"Page (\d+) of \1 · newest last", newest.text).group(1))
    assert pages > 1, "a whole match does not fit one page"
    assert _description(newest).endswith("🏁 The match is over.")
    assert newest.message.find_button(label="Newer ▶").disabled

    texts = [_description(newest)]
    shown = newest
    await table.restart()
    for page in range(pages - 1, 0, -1):
        shown = await table.backend.click(ben, shown, label="◀ Older")
        assert shown.response_type == 7, "the log's own message turns its page"
        assert f"Page {page} of {pages}" in shown.text
        assert len(_description(shown)) <= 4096
        texts.insert(0, _description(shown))
    assert shown.message.find_button(label="◀ Older").disabled
    whole = "\n".join(texts)
    assert whole.startswith("🂠 ")
    stages = [whole.index(f"**Stage {n} ended**") for n in range(1, 6)]
    assert stages == sorted(stages), "oldest first, newest last"
    assert whole.count("**Reveal of stage") == 25, "every card round of the five stages"
    back = await table.backend.click(ben, shown, label="Newest ⏭")
    assert f"Page {pages} of {pages}" in back.text


async def test_a_forged_or_stale_log_button_gets_a_clear_private_answer(table, caplog):
    anne, ben, chris = table.player("anne"), table.player("ben"), table.player("chris")
    match_id = await open_and_start(table, anne, ben)
    forged = await table.backend.click_forged(chris, table.board(), "log:999999")
    assert forged.ephemeral and forged.text == STALE_BUTTON
    await one_card_round(table, anne, ben)
    log = await table.backend.click(chris, table.board(), label="Log")
    await run_outside(
        table.database, "UPDATE matches SET state = '{\"seats\": 2' WHERE id = ?", match_id
    )
    await table.restart()
    stale = await table.backend.click(chris, log, label="Newest ⏭")
    assert stale.ephemeral and stale.response_type == 4, "a new private answer"
    assert stale.text == f"Match #{match_id}'s saved record is damaged: it has no log to show."
    assert "Page 1 of 1" in table.backend.get_message(log.message.id).text, "the log is kept"
    assert any(f"match {match_id}: its stored" in r.getMessage() for r in caplog.records)
    caplog.clear()  # the damage was logged, as it should be
