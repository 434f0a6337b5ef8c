"""One outcome told one way: the result, each player's result notice, /history and /stats."""

from __future__ import annotations

from cogs.common import pictures
from cogs.common.i18n import _, speaking
from cogs.common.presenter import public_view
from cogs.common.seatnames import written_names
from cogs.numbers import picture as drawing
from cogs.numbers.symbols import colour_name
from rules.numbers import ENGINE as NUMBERS
from rules.numbers.table import RUN_OUTS_FOR_A_DRAW
from rules.whyfirst import ENGINE as WHY_FIRST
from rules.whyfirst.scoring import StageScore
from rules.whyfirst.state import STAGES
from tests.e2e.play import act, field_value, open_and_start, playable, rig
from tests.e2e.play import play_to_the_end as play_whyfirst
from tests.e2e.test_numbers_table import numbers_act
from tests.e2e.test_numbers_table import play_to_the_end as play_numbers

NAMES = ("anne", "ben", "chris", "dana", "eve", "finn")


def _on_the_brink_of_a_draw(state) -> None:
    """The draw pile's last card, and the third run-out with no new sequence comes next."""
    state.quiet_rebuilds = RUN_OUTS_FOR_A_DRAW - 1
    state.discards[1] += state.draw_pile[:-1]
    state.draw_pile = state.draw_pile[-1:]


def _result_notice(table, player):
    (notice,) = [m for m in table.notices(player) if "is over" in m.text]
    return notice.text


async def test_a_two_team_draw_is_a_draw_in_the_result_the_notices_history_and_stats(table):
    players = [table.player(name) for name in NAMES]
    match_id = await open_and_start(table, *players, game="numbers")
    await rig(table, match_id, NUMBERS, _on_the_brink_of_a_draw)
    await numbers_act(table, players[0], table.hand(players[0]))
    assert (await table.match_row(match_id)).status == "finished"
    result = table.backend.channel_messages(table.channel)[-1]
    assert result.embeds[0]["title"] == "🏁 Sequence Numbers: a draw"
    assert result.embeds[0]["description"].startswith(
        "The draw pile ran out three times with no new sequence.\n"
    )
    assert "wins" not in result.text

    for player in players:
        notice = _result_notice(table, player)
        assert "is over: a draw." in notice, notice
        assert "1st" not in notice and "placed" not in notice

    history = await table.backend.slash(players[0], table.channel, "history")
    line = next(line for line in history.text.splitlines() if f"#{match_id}" in line)
    assert "a draw: " in line and all(name in line for name in NAMES)
    assert "1st" not in line and "🏆" not in line

    stats = await table.backend.slash(players[0], table.channel, "stats", game="numbers")
    assert "Matches 1 · wins 0 (0%) · draws 1" in stats.text
    assert f"Best: a draw · 0 points · `/replay match:{match_id}`" in stats.text
    assert "1st" not in stats.text


async def test_partners_who_lost_placed_2nd_of_the_2_sides_in_notices_and_stats(table):
    players = [table.player(name) for name in NAMES[:4]]
    match_id = await open_and_start(table, *players, game="numbers")
    await play_numbers(table, players)
    outcome = NUMBERS.outcome(NUMBERS.load((await table.match_row(match_id)).state))
    assert outcome is not None and len(outcome.winners) == 2
    for seat, player in enumerate(players):
        notice = _result_notice(table, player)
        stats = await table.backend.slash(player, table.channel, "stats", game="numbers")
        if outcome.seat_won(seat):
            assert "you won! 🏆" in notice and "Best: won" in stats.text
        else:
            assert "you placed 2nd of 2." in notice, notice
            assert "Best: 2nd of 2 · " in stats.text, stats.text


async def test_a_two_player_why_first_places_leo_in_history_as_the_result_does(table):
    finn, eve = table.player("finn"), table.player("eve")
    match_id = await open_and_start(table, finn, eve)
    await play_whyfirst(table, [finn, eve])
    outcome = WHY_FIRST.outcome(WHY_FIRST.load((await table.match_row(match_id)).state))
    assert outcome is not None and outcome.phantoms == {2: "Leo"}
    result = table.backend.channel_messages(table.channel)[-1].text
    assert "Leo" in result

    history = await table.backend.slash(finn, table.channel, "history")
    line = next(line for line in history.text.splitlines() if f"#{match_id}" in line)
    place = {1: "1st", 2: "2nd", 3: "3rd"}[outcome.places[2]]
    assert f"{place} Leo" in line and f"({outcome.scores[2]})" in line
    assert line.count("🏆") == len(outcome.winners)
    for seat, player in enumerate((finn, eve)):
        notice = _result_notice(table, player)
        if outcome.seat_won(seat):
            assert "you won! 🏆" in notice
        else:
            assert f"you placed {({1: '1st', 2: '2nd', 3: '3rd'})[outcome.places[seat]]} of 3" in (
                notice
            )


async def test_leo_winning_alone_is_said_plainly_as_nobody_elses_win(table):
    """Two players, and Leo holds the second-highest total alone: the result says Leo wins and
    neither player does (not that Leo is "among" the winners)."""
    finn, eve = table.player("finn"), table.player("eve")
    match_id = await open_and_start(table, finn, eve)
    for step in range(200):  # to the last stage, its four before scored
        state = WHY_FIRST.load((await table.match_row(match_id)).state)
        if len(state.scoring) == STAGES - 1:
            break
        for player in (finn, eve):
            if playable(table.hand(player)):
                await act(table, player, table.hand(player), pick=step)

    def far_apart(state) -> None:
        """finn 32 ahead, eve 24 behind, Leo on 0 between: no last stage (16 at most, to the
        figures on one space) changes whose total is second-highest."""
        state.scoring = [StageScore(1, 16, (0,)), StageScore(2, 16, (0,)),
                         StageScore(3, -12, (1,)), StageScore(4, -12, (1,))]

    await rig(table, match_id, WHY_FIRST, far_apart)
    await play_whyfirst(table, [finn, eve])
    outcome = WHY_FIRST.outcome(WHY_FIRST.load((await table.match_row(match_id)).state))
    assert outcome is not None and outcome.winners == {2}, "Leo alone"
    result = table.backend.channel_messages(table.channel)[-1]
    assert "Leo wins with the second-highest total!" in result.embeds[0]["title"]
    assert field_value(result, "Leo") == "Leo, the phantom player, wins: neither player does."


async def test_stats_say_what_points_are_in_a_players_words(table):
    finn, eve = table.player("finn"), table.player("eve")
    await open_and_start(table, finn, eve)
    await play_whyfirst(table, [finn, eve])
    stats = await table.backend.slash(finn, table.channel, "stats")
    assert "a match gives your final total, after the five stages" in stats.text
    assert "Points (" not in stats.text


async def test_a_partner_who_resigned_is_not_named_among_the_winning_side(table):
    """Sequence Numbers' sides win together, but a player who resigned forfeits: the result
    and the final board's picture name only the winning side's partners who stayed."""
    players = anne, ben, chris, dana = [table.player(name) for name in NAMES[:4]]
    match_id = await open_and_start(table, *players, game="numbers")  # anne + chris, ben + dana
    for quitter in (chris, dana):
        await table.backend.slash(quitter, table.channel, "numbers resign")
    await play_numbers(table, [anne, ben])
    match = await table.bot.table.service.get(match_id)
    outcome = match.outcome()
    assert outcome is not None
    stayed, resigned = (anne, chris) if outcome.seat_won(0) else (ben, dana)
    assert [s for s in range(4) if outcome.seat_won(s)] == [players.index(stayed)]

    result = table.backend.channel_messages(table.channel)[-1]
    headline = result.embeds[0]["title"]
    assert f": {stayed.name}! 🏆" in headline and resigned.name not in headline
    assert "chris (forfeited)" in result.text and "dana (forfeited)" in result.text
    assert "you forfeited (" in _result_notice(table, resigned)

    side = players.index(stayed) % 2
    with speaking(table.bot.table.languages.of_server(table.guild.id)):
        caption = _(drawing.CAPTIONS["won"], colour=colour_name(side), names=stayed.name)
        pictures.clear_caches()
        with pictures.recording() as drawn:
            png = drawing.board_png(public_view(match), written_names(match))
    assert caption in [text for text, _size in drawn], "the picture names who won"
    (shown,) = table.board().attachments
    assert shown.data == png, "the final board shows that picture"
    assert shown.description == headline, "and its alt text names who won, as the result does"
