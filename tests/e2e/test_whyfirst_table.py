"""Why First? played end to end through the simulated Discord backend."""

from __future__ import annotations

from cogs.common.presenter import plural
from cogs.whyfirst.picture import KEY_RADIUS, MARGIN, lane_y, picture_size
from data import move_rows
from rules.whyfirst import ENGINE
from tests.e2e.board_picture import board_picture
from tests.e2e.legend import legend, marker_at, track_rows
from tests.e2e.play import act, open_and_start, play_to_the_end, playable

LONG_NAMES = [f"{name}-has-a-display-name-of-32-ch"[:32] for name in "abcdef"]


async def _outcome(table, match_id):
    record = await table.match_row(match_id)
    return record, ENGINE.outcome(ENGINE.load(record.state))


async def _stage_ends(table, match_id):
    """Each scored stage's event from the move log: its final positions and its scorers."""
    async with table.bot.store.read() as db:
        moves = await move_rows.move_log(db, match_id)
    return [e for move in moves for e in move.events if e["kind"] == "stage_scored"]


def _signed(value):
    return f"{value:+d}" if value else "0"


def _positions_line(event, names):
    """How the board lists a stage's final positions: highest first, scorers in bold."""
    spots = event["positions"]
    order = sorted(range(len(spots)), key=lambda f: (-spots[f], f))
    return " · ".join(
        f"**{names[f]} {_signed(spots[f])}**" if f in event["scorers"]
        else f"{names[f]} {_signed(spots[f])}"
        for f in order
    )


def _legend_matches_the_picture(board) -> list[str]:
    """The colour key names each lane's marker in the picture, and the track's rows are
    labelled by the same shapes and letters, lane by lane; the names, in lane order."""
    picture, rows = board_picture(board), track_rows(board.text)
    entries = legend(board.text)
    assert len(rows) == len(entries)
    for figure, (colour, _name) in enumerate(entries):
        assert marker_at(picture, (MARGIN + KEY_RADIUS, lane_y(figure)), KEY_RADIUS) == colour
        assert rows[figure].startswith(f"{colour.symbol} {colour.letter} ")
    return [name for _colour, name in entries]


async def _play_a_card_round(table, players):
    for player in players:
        await act(table, player, table.hand(player))


async def test_three_players_play_a_whole_match_by_commands_and_buttons(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await open_and_start(table, anne, ben, chris)
    board = table.board()
    assert "stage 1/5 · card round 1/5" in board.text
    assert board.find_button(label="Show my hand")
    assert board_picture(board).size == picture_size(3, False)
    assert "Colours: 🟦● B anne · 🟧■ O ben · 🟩▲ G chris" in board.text
    assert _legend_matches_the_picture(board) == ["anne", "ben", "chris"]

    await play_to_the_end(table, [anne, ben, chris])

    record, outcome = await _outcome(table, match_id)
    assert record.status == "finished"
    board, result = table.backend.channel_messages(table.channel)
    assert "final board" in board.text and not board.buttons
    board_picture(board)
    names = {0: "anne", 1: "ben", 2: "chris"}
    for seat in outcome.winners:
        assert names[seat] in result.text.split("with the second-highest")[0]
    view = ENGINE.view(ENGINE.load(record.state), None)
    for seat, name in names.items():
        stages = " · ".join(_signed(score["scores"][seat]) for score in view["stage_scores"])
        trophy = " 🏆" if seat in outcome.winners else ""
        assert (
            f"{name}{trophy}: {plural(outcome.scores[seat], 'point')} (stage by stage: {stages})"
            in result.text
        )
    # The result goes stage by stage; the final board keeps every stage's final positions.
    ends = await _stage_ends(table, match_id)
    assert [e["stage"] for e in ends] == [1, 2, 3, 4, 5]
    for end in ends:
        assert f"Stage {end['stage']}\n" in result.text
        assert f"Stage {end['stage']} ended\n{_positions_line(end, names)}\n" in board.text
    # One hand message per player, edited in place all match long.
    for player in (anne, ben, chris):
        assert len(table.notices(player)) <= 1, "the hand and at most one notice"
        assert "The match is over" in table.hand(player).text
    assert len(table.backend.calls_matching("POST", "/users/@me/channels")) <= 3


async def test_the_dm_says_what_was_played_and_who_is_awaited(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    await open_and_start(table, anne, ben, chris)
    hand = table.hand(ben)
    card = hand.buttons[0].label
    after = await act(table, ben, hand)
    assert f"You played {card} on" in after.text
    assert "Still waiting for anne and chris" in after.text
    assert not playable(after)
    awaited = table.board().text.split("Waiting for")[1]
    assert f"<@{anne.id}>" in awaited and f"<@{chris.id}>" in awaited
    assert f"<@{ben.id}>" not in awaited


async def test_the_board_narrates_the_reveal_and_the_scores(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    await open_and_start(table, anne, ben, chris)
    for player in (anne, ben, chris):
        await act(table, player, table.hand(player))
    text = table.board().text
    assert "Reveal of stage 1, card round 1" in text
    assert text.count("🃏 ") == 3 and text.count(" played ") == 3 and "➡️" in text
    assert "card round 2/5" in text


async def test_two_players_race_with_leo(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    assert "Leo" in table.board().text
    hand = table.hand(anne)
    await table.backend.click(anne, hand, custom_id=hand.buttons[0].custom_id)
    assert table.hand(anne).find_button(label="On Leo"), "players may play on Leo"
    await play_to_the_end(table, [anne, ben])
    _, outcome = await _outcome(table, match_id)
    assert len(outcome.scores) == 3 and outcome.phantoms == {2: "Leo"}
    result = table.backend.channel_messages(table.channel)[-1]
    assert f"Leo: {plural(outcome.scores[2], 'point')}" in result.text


async def test_the_tactical_variant_lets_the_player_on_turn_move_any_figure(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await open_and_start(table, anne, ben, chris, variant="tactical")
    assert "Tactical" in table.board().text or "tactical" in table.board().text
    for player in (anne, ben, chris):
        hand = table.hand(player)
        assert all(b.custom_id.startswith("mv:") for b in hand.buttons), "cards go face down"
        await act(table, player, hand)
    movers = [p for p in (anne, ben, chris) if playable(table.hand(p))]
    assert len(movers) == 1, "exactly one player picks a figure at a time"
    order = table.board().text.split("Order of moves (highest white number first)\n")[1]
    assert order.startswith(movers[0].name) and order.count("→") == 2 and "(#" in order
    hand = table.hand(movers[0])
    assert "pick the figure it moves" in hand.text
    assert {b.label.split(" (")[0] for b in hand.buttons} == {"anne", "ben", "chris"}
    await act(table, movers[0], hand)
    await play_to_the_end(table, [anne, ben, chris])
    record, _ = await _outcome(table, match_id)
    assert record.status == "finished"


async def test_stats_show_the_career_after_a_match(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    await play_to_the_end(table, [anne, ben])
    _, outcome = await _outcome(table, match_id)
    result = await table.backend.slash(anne, table.channel, "stats")
    assert result.ephemeral
    won = int(0 in outcome.winners)
    assert f"Matches 1 · wins {won} ({won:.0%})" in result.text
    assert f"Points: {outcome.scores[0]} in all (a match gives your final total" in result.text
    assert f"/replay match:{match_id}" in result.text


async def test_a_restart_mid_round_keeps_the_old_dm_buttons_working(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await open_and_start(table, anne, ben, chris)
    await act(table, anne, table.hand(anne))
    before = await table.match_row(match_id)
    edits = len(table.backend.calls_matching("PATCH"))

    await table.restart()

    assert len(table.backend.calls_matching("PATCH")) == edits, "nothing was out of date"

    for player in (ben, chris):
        await act(table, player, table.hand(player))
    after = await table.match_row(match_id)
    assert after.version == before.version + 2
    assert "card round 2/5" in table.board().text
    assert playable(table.hand(anne)), "the new round's hand arrived after the restart"


async def test_a_finished_stage_stays_on_the_board_while_the_next_one_is_played(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    match_id = await open_and_start(table, anne, ben, chris)
    names = ["anne", "ben", "chris"]
    for _ in range(5):
        await _play_a_card_round(table, [anne, ben, chris])
    assert "stage 2/5 · card round 1/5" in table.board().text
    (end,) = await _stage_ends(table, match_id)
    kept = f"Stage 1 ended\n{_positions_line(end, names)}\n"
    assert kept in table.board().text
    assert "Stage 1 ended" in table.hand(anne).text, "the player's message tells it too"
    if end["second_place_space"] is not None:
        assert f"Second place {_signed(end['second_place_space'])}: " in table.board().text
    await _play_a_card_round(table, [anne, ben, chris])
    assert "card round 2/5" in table.board().text and kept in table.board().text


async def test_the_picture_is_uploaded_only_when_what_it_shows_changes(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    await open_and_start(table, anne, ben, chris)
    first = board_picture(table.board())
    uploads = len(table.backend.uploads)
    await act(table, anne, table.hand(anne))
    await act(table, ben, table.hand(ben))
    assert "<@" in table.board().text.split("Waiting for")[1]
    # the picture says who still has to play a card (never which card was sealed)
    assert len(table.backend.uploads) == uploads + 2, "one picture per player who chose"
    await act(table, chris, table.hand(chris))
    assert "card round 2/5" in table.board().text
    assert len(table.backend.uploads) == uploads + 3, "the reveal moved the figures"
    assert board_picture(table.board()).tobytes() != first.tobytes()


async def test_the_tactical_board_pictures_the_order_of_moves(table):
    anne, ben, chris = (table.player(n) for n in ("anne", "ben", "chris"))
    await open_and_start(table, anne, ben, chris, variant="tactical")
    before = board_picture(table.board())
    assert before.size == picture_size(3, True)
    await _play_a_card_round(table, [anne, ben, chris])
    assert "Order of moves" in table.board().text
    after = board_picture(table.board())
    assert after.tobytes() != before.tobytes(), "the order of moves is drawn once revealed"


async def test_six_long_named_players_play_a_match_within_discord_limits(table):
    players = [table.player(name) for name in LONG_NAMES]
    match_id = await open_and_start(table, *players)
    await play_to_the_end(table, players)
    record, _ = await _outcome(table, match_id)
    assert record.status == "finished"
    board, result = table.backend.channel_messages(table.channel)
    assert board.text.count(" ended\n") == 5 and result.text.count("stage by stage") == 6
    assert board_picture(board).size == picture_size(6, False)


async def test_choosing_whom_a_card_goes_on_keeps_the_last_reveal_in_the_dm(table):
    anne, ben = table.player("anne"), table.player("ben")
    await open_and_start(table, anne, ben)
    for player in (anne, ben):
        await act(table, player, table.hand(player))
    hand = table.hand(anne)
    card = next(b for b in hand.buttons if b.custom_id.startswith("ch:"))
    picked = await table.backend.click(anne, hand, custom_id=card.custom_id)
    assert "on whom?" in picked.message.text
    assert "Reveal of stage 1, card round 1" in picked.message.text, "the reveal stays shown"


async def test_taking_a_seat_is_answered_privately_and_the_hand_arrives_silently(table):
    anne, ben = table.player("anne"), table.player("ben")
    await table.backend.slash(anne, table.channel, "whyfirst new")
    await table.backend.click(ben, table.board(), label="Join")
    (answer,) = table.backend.ephemeral_messages(ben)
    assert "You have a seat in **Why First?** match #1" in answer.text
    assert "hand will appear" in table.hand(ben).text, "the hand message is there, waiting"
    assert table.backend.pings(ben) == [], "a DM right after the click notifies nobody"
    await table.backend.click(anne, table.board(), label="Start")
    (notice,) = table.backend.pings(ben)
    assert "has started: your move" in notice.content, "the start is what calls ben"


async def test_the_hosts_waiting_hand_tells_them_to_start_it_themselves(table):
    anne, ben = table.player("anne"), table.player("ben")
    opened = await table.backend.slash(anne, table.channel, "whyfirst new")
    await table.backend.click(ben, table.board(), label="Join")
    (told,) = table.backend.ephemeral_messages(anne)
    assert "You host **Why First?** match #1: press **Start** on the lobby" in told.text
    assert "when the host starts" not in told.text, opened.text
    assert "when you press **Start** on the lobby" in table.hand(anne).text
    assert "when the host starts the match" in table.hand(ben).text


async def test_a_long_name_is_whole_in_the_legend_and_the_track_rows_cut_no_name(table):
    anne = table.player("anne")
    await table.backend.slash(anne, table.channel, "whyfirst new")
    await table.backend.click(anne, table.board(), label="Add computer (strong)")
    await table.backend.click(anne, table.board(), label="Start")
    board = table.board()
    assert "Colours: 🟦● B anne · 🟧■ O Ada (strong bot) · ⬜⬢ L Leo" in board.text
    assert _legend_matches_the_picture(board) == ["anne", "Ada (strong bot)", "Leo"]
    rows = track_rows(board.text)
    assert [row[:4] for row in rows] == ["● B ", "■ O ", "⬢ L "]
    assert not any(name in row for row in rows for name in ("anne", "Ada", "Leo"))
