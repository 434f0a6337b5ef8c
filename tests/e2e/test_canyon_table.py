"""Great Canyon Race played end to end through the simulated Discord backend."""

from __future__ import annotations

from rules.canyon import ENGINE
from tests.e2e.play import act, open_and_start, playable


async def _play_watching(table, players, *, limit: int = 300) -> list[str]:
    """Play to the end from the DMs; every board and DM text seen on the way, in order."""
    seen = []
    for step in range(limit):
        if "final board" in table.board().text:
            return seen
        waiting = [p for p in players if playable(table.hand(p))]
        assert waiting, "nobody has anything to click, but the race is not over"
        for player in waiting:
            if playable(table.hand(player)):
                await act(table, player, table.hand(player), pick=players.index(player) + step)
            seen.append(table.board().text)
            _check_privacy(table, players)
            seen.extend(f"{p.name}: {table.hand(p).text}" for p in players)
    raise AssertionError("the race did not end")


def _check_privacy(table, players) -> None:
    """No hand, sealed card or secret look shows anywhere but in its owner's DM."""
    board = table.board().text
    assert "Your hand" not in board and "Your secret look" not in board
    for player in players:
        for other in table.backend.dm_messages(player):
            assert other.channel.recipient is player


async def test_four_drivers_race_from_their_dms_to_the_final_message(table):
    players = [table.player(n) for n in ("anne", "ben", "chris", "dana")]
    match_id = await open_and_start(table, *players, game="canyon")
    board = table.board()
    assert "round 1/10" in board.text and board.find_button(label="Show my hand")
    assert "Action cards" in board.text and "face down" in board.text
    seen = await _play_watching(table, players)
    record = await table.match_row(match_id)
    assert record.status == "finished"
    view = ENGINE.view(ENGINE.load(record.state), None)
    result = table.backend.channel_messages(table.channel)[-1].text
    for seat, player in enumerate(players):
        assert f"{player.name}: {view['scores'][seat]}" in result
    assert any(fate in result for fate in ("edge", "canyon", "chicken", "eliminated", "hero"))
    text = "\n".join(seen)
    assert "💥 Collision called by" in text and "chose **" in text
    assert "Every card went to the player on the" in text
    assert "choose the action card" in text  # the victim's own controls
    assert "choose its sign" in text  # a double-value card's scorer


async def test_two_drivers_race_to_the_end(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben, game="canyon")
    await _play_watching(table, [anne, ben])
    assert (await table.match_row(match_id)).status == "finished"
    assert "Great Canyon Race:" in table.backend.channel_messages(table.channel)[-1].text


async def test_a_peek_is_seen_by_its_driver_alone_until_it_flips(table):
    players = [table.player(n) for n in ("anne", "ben", "chris")]
    match_id = await open_and_start(table, *players, game="canyon")
    seen = await _play_watching(table, players)
    peeks = [line for line in seen if "Your secret look" in line]
    assert peeks, "the lowest driver after the first hand looked at an action card"
    record = await table.match_row(match_id)
    view = ENGINE.view(ENGINE.load(record.state), None)
    peekers = {players[s].name for s, peek in enumerate(view["peeks"]) if peek is not None}
    assert peekers and all(line.split(":")[0] in peekers for line in peeks)


async def test_a_committed_card_stays_secret_and_a_restart_keeps_the_round(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await open_and_start(table, anne, ben, chris, game="canyon")
    hand = table.hand(anne)
    after = await act(table, anne, hand)
    assert "You played" in after.text and not playable(after)
    played = after.text.split("You played ")[1].split(".")[0]
    assert played not in table.board().text.split("Waiting for")[1]
    edits = len(table.backend.calls_matching("PATCH"))
    await table.restart()
    assert len(table.backend.calls_matching("PATCH")) == edits, "nothing changed: no edit"
    await act(table, ben, table.hand(ben))
    await act(table, chris, table.hand(chris))
    record = await table.match_row(match_id)
    assert ENGINE.view(ENGINE.load(record.state), None)["round"] >= 1
    assert "Round 1" in table.board().text
