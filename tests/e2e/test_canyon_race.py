"""Great Canyon Race: whole races from the drivers' DMs to the result, a hero finish included.

The test seed's action row and hands are in ``tests.e2e.canyon_play``.
"""

from __future__ import annotations

from cogs.canyon.picture import LANE_KEY, MARGIN, lane_y, picture_size
from cogs.common.pictures import SEAT_COLOURS
from rules.canyon import ACCELERATION, ACTIONS, ENGINE
from tests.e2e.board_picture import board_picture
from tests.e2e.canyon_play import NAMES, commit_card, play_while, start_race, view_of
from tests.e2e.legend import legend, marker_at, track_rows
from tests.e2e.play import playable, rig

KEYS = ("🟦● B", "🟧■ O", "🟩▲ G", "🟥◆ R", "🟪⬢ P", "🟨★ Y")
"""Each seat's colour, shape and letter as the text writes them."""


def _over(table):
    return "the race is over" in table.board().text


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


async def test_four_drivers_race_from_their_dms_to_the_result(table):
    players, match_id = await start_race(table, 4)
    chris = players[2]
    board = table.board()
    assert "round 1/10 · first hand" in board.text
    assert board.find_button(label="Show my hand")
    assert (
        "▶ **1** Divide by 2\n· **2\N{EN DASH}3** face down\n· **4** Multiply by 3\n"
        "· **5\N{EN DASH}10** face down"
    ) in board.text
    assert "o····o····|····o" in board.text, "the circled spaces and the edge are drawn"
    assert board_picture(board).size == picture_size(4)

    await commit_card(table, chris, card=4, call=True)  # ±4 and a collision
    await play_while(table, players, lambda: not _over(table))

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
    assert board_picture(board).size == picture_size(4)
    for player in players:
        assert len(table.notices(player)) <= 1, "one hand edited in place, and one notice"
        assert "The race is over" in table.hand(player).text


async def test_two_drivers_race_and_nobody_stops_at_the_edge(table):
    players, match_id = await start_race(table, 2)
    await play_while(table, players, lambda: not _over(table))
    result = table.backend.channel_messages(table.channel)[-1]
    assert "nobody wins" in result.text
    assert "anne: 12 · chicken" in result.text and "ben: 8 · chicken" in result.text
    assert "1st" not in result.text and "2nd" not in result.text, "nobody is called 1st"
    assert (await table.match_row(match_id)).status == "finished"
    stats = await table.backend.slash(players[0], table.channel, "stats")
    assert "Great Canyon Race" in stats.text or "canyon" in stats.text.lower()


async def test_six_drivers_race_to_the_end_within_discord_limits(table):
    players, match_id = await start_race(table, 6)
    await play_while(table, players, lambda: not _over(table))
    assert (await table.match_row(match_id)).status == "finished"
    result = table.backend.channel_messages(table.channel)[-1]
    assert result.text.count("💥") == 6
    board = table.board()
    for seat, name in enumerate(NAMES):
        assert f"{KEYS[seat]} **{name}**: " in board.text, "the drivers name each car whole"
        assert marker_at(board_picture(board), (MARGIN + LANE_KEY / 2 - 4, lane_y(seat)), 14) == (
            SEAT_COLOURS[seat]
        ), "in the picture's lane order"
    assert not any("fatima" in row for row in track_rows(board.text)), "no name cut in the track"
    _final_track(result, (await view_of(table, match_id))["scores"])
    assert [name for _colour, name in legend(result.text)] == list(NAMES)


def _card(value):
    return next(c.id for c in ACCELERATION if c.value == value and not c.double)


def _action(kind):
    return next(a.id for a in ACTIONS if a.kind == kind)


async def test_a_hero_finish_and_an_elimination_are_told_plainly(table):
    players, match_id = await start_race(table, 3)
    anne, ben, chris = players

    def round_ten(state) -> None:
        """Anne on the edge with three collisions, chris's car burnt out in round 7."""
        state.round, state.decision = 10, state.decision + 1
        state.face_up = [True] * 10
        state.scores, state.collisions = [30, 12, 22], [3, 1, 4]
        state.eliminated_in = [0, 0, 7]
        state.hands = [[_card(8)], [_card(1)], []]
        state.action_deck = [_action("cancel"), _action("keep_value")]

    await rig(table, match_id, ENGINE, round_ten)

    board = table.board().text
    assert "round 10/10 · second hand" in board
    assert "🟩▲ G **chris**: 22 points · 💥 4 · 🔥 eliminated in round 7" in board
    assert "✖" in board and f"<@{chris.id}>" not in board.split("Waiting for")[1]
    assert "Your car is out of the race" in table.hand(chris).text
    assert not playable(table.hand(chris))

    await commit_card(table, anne, call=True)
    await commit_card(table, ben)
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
