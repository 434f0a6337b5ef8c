"""A player whose DMs are closed is told in the channel, as much as a channel tolerates:
one live message per match, edited in place, and a mention only when they are away."""

from __future__ import annotations

from tests.e2e.play import act, open_and_start, playable

POSTS = ("POST", "/channels/{channel_id}/messages")


def _posted_to(table, user) -> list:
    """Every message the bot posted in the channel that names ``user``, deleted ones too."""
    return [
        call for call in table.backend.calls_matching(*POSTS)
        if str(table.channel.id) in call.path
        and f"<@{user.id}>" in ((call.json or {}).get("content") or "")
    ]


def _live(table, user) -> list:
    """The messages in the channel (not the board) that mention ``user``."""
    channel = table.backend.channel_messages(table.channel)
    return [m for m in channel if f"<@{user.id}>" in m.content]


async def _decide_from_the_board(table, user) -> bool:
    shown = await table.backend.click(user, table.board(), label="Show my hand")
    if not playable(shown.message):
        return False
    await act(table, user, shown.message, pick=3)
    return True


async def test_a_player_who_keeps_up_is_mentioned_once_in_a_whole_match(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    dana = table.player("dana", dms_open=False)
    await open_and_start(table, anne, ben, chris, dana)
    live_at_most = 0
    for _ in range(200):
        if "final board" in table.board().text:
            break
        # Daily play: everyone comes by now and then, dana well before half time, and the
        # scheduler runs meanwhile (it would remind her, rightly, from half time on).
        for player in (anne, ben, chris):
            table.clock.advance(hours=2)
            if playable(table.hand(player)):
                await act(table, player, table.hand(player), pick=1)
        table.clock.advance(hours=2)
        await table.tick()
        await _decide_from_the_board(table, dana)
        live_at_most = max(live_at_most, len(_live(table, dana)))
    assert "final board" in table.board().text
    assert len(table.backend.pings(anne)) > 20, "anne was told of every decision by DM"
    assert len(table.backend.pings(dana, table.channel)) == 1, "dana: only the start calls"
    assert len(_posted_to(table, dana)) == 1 and live_at_most == 1
    (live,) = _live(table, dana)
    assert "is over: you placed" in live.content, "the live message was edited to the end"
    channel = [m for m in table.backend.channel_messages(table.channel) if m.content]
    assert len(channel) <= 3, "dana's message, the result and nothing else from her match"


async def test_a_player_who_falls_behind_is_called_once_until_they_come_back(table):
    anne = table.player("anne")
    dana = table.player("dana", dms_open=False)
    await open_and_start(table, anne, dana)
    assert len(table.backend.pings(dana, table.channel)) == 1, "the start calls her"
    await _decide_from_the_board(table, dana)
    table.clock.advance(hours=3)
    await act(table, anne, table.hand(anne))  # a new decision for dana: she keeps up
    assert len(table.backend.pings(dana, table.channel)) == 1
    assert "⏰ Your move" in _live(table, dana)[0].content, "her live message says so"
    table.clock.advance(hours=12, minutes=1)  # half time and she has not come: called
    await table.tick()
    await table.tick()
    assert len(table.backend.pings(dana, table.channel)) == 2
    for _ in range(2):  # two more decisions pass her by: a last call, time-outs
        await act(table, anne, table.hand(anne))
        table.clock.advance(hours=22)
        await table.tick()
        table.clock.advance(hours=2, minutes=1)
        await table.tick()
    assert len(table.backend.pings(dana, table.channel)) == 2, "not called again while away"
    (live,) = _live(table, dana)
    assert "time ran out" in live.content
    assert await _decide_from_the_board(table, dana), "she comes back"
    await act(table, anne, table.hand(anne))
    table.clock.advance(hours=12, minutes=1)
    await table.tick()
    assert len(table.backend.pings(dana, table.channel)) == 3, "back, then behind: called"
    assert len(_live(table, dana)) == 1


async def test_a_player_on_autopilot_is_told_to_come_back_through_show_my_hand(table):
    anne = table.player("anne")
    dana = table.player("dana", dms_open=False)
    await open_and_start(table, anne, dana, game="canyon")
    for _ in range(3):  # three time-outs in a row put her seat on autopilot
        if playable(table.hand(anne)):
            await act(table, anne, table.hand(anne))
        table.clock.advance(days=1, minutes=1)
        await table.tick()
    (live,) = _live(table, dana)
    assert "press **Show my hand** on the board, then **I'm back**" in live.content
    shown = await table.backend.click(dana, table.board(), label="Show my hand")
    back = await table.backend.click(dana, shown, label="I'm back")
    assert "You are away" not in back.message.text, "the way the notice told her works"
