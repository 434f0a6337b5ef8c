"""The replay tells each step in the live board's words, for every game."""

from __future__ import annotations

import re

import pytest

from localdiscord.messages import embed_text
from matches.match import Player
from tests.e2e.play import field_value, one_card_round, open_and_start, play_to_the_end
from tests.matches.helpers import play_match

MOVE_CODE = re.compile(r"`[a-z]\d")
"""A move code in backticks, as the replay used to show a move."""


async def test_a_why_first_replay_tells_each_step_as_the_board_did(table):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await open_and_start(table, anne, ben)
    await one_card_round(table, anne, ben)
    reveal = field_value(table.board(), "Reveal of stage 1, card round 1")
    await play_to_the_end(table, [anne, ben])

    replay = await table.backend.slash(anne, table.channel, "replay", match=match_id)
    first = await table.backend.click(anne, replay, label="Next ▶")
    assert field_value(first.message, "Move 1") == "🂠 anne put a card face down."
    hidden = first.message.embeds[1]
    anne_holds = next(f["value"] for f in hidden["fields"] if f["name"] == "anne")
    assert re.search(r"^anne played [+-]\d+ on (anne|ben)$", anne_holds, re.M), anne_holds
    assert "my play" not in first.text and "Hand: `" in anne_holds
    second = await table.backend.click(anne, first, label="Next ▶")
    told = field_value(second.message, "Move 2")
    # The reveal is told once, in the board's field its heading names.
    assert told == "\n".join(["🂠 ben put a card face down.", "**Reveal of stage 1, card round 1**"])
    assert field_value(second.message, "Reveal of stage 1, card round 1") == reveal
    assert not MOVE_CODE.search(second.text)


async def _replayed(table, game: str, *, steps: int = 2):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await play_match(
        table.bot.table.service, game, [Player(anne.id, "anne"), Player(ben.id, "ben")],
        guild_id=table.guild.id, channel_id=table.channel.id,
    )
    shown = await table.backend.slash(anne, table.channel, "replay", match=match_id)
    told = []
    for step in range(1, steps + 1):
        shown = await table.backend.click(anne, shown, label="Next ▶")
        assert not MOVE_CODE.search(shown.text), "no move codes, only words"
        told.append(field_value(shown.message, f"Move {step}"))
    return shown, told


async def test_a_hare_replay_tells_each_move_as_the_board_did(table):
    shown, told = await _replayed(table, "hare")
    assert re.fullmatch(r"➡️ anne \(marker [12]\) moves from Start to \d+ for \d+ carrots\.",
                        told[0].split("\n")[0]), told
    latest = field_value(shown.message, "Latest")
    assert latest.endswith(told[0]) and told[1] not in latest, "the moves before this one"


async def test_a_canyon_replay_tells_each_move_as_the_board_did(table):
    shown, told = await _replayed(table, "canyon")
    assert told[0] == "🂠 anne committed a card."
    lines = told[1].split("\n")
    assert lines[0] == "🂠 ben committed a card."
    assert lines[1].startswith("**Round 1 revealed** · round card: **")
    assert re.fullmatch(r"anne played [^`]+", lines[2]) and lines[3].startswith("ben played ")
    hands = shown.message.embeds[1]["fields"]
    assert [f["name"] for f in hands] == ["anne", "ben"]
    assert all(f["value"].startswith("Hand: `") for f in hands)


async def test_a_sequence_numbers_replay_tells_each_move_as_the_board_did(table):
    shown, told = await _replayed(table, "numbers")
    assert re.fullmatch(r"anne played .+ (and put a chip on|removed the chip on) [A-J]\d+\.",
                        told[0]), told
    assert told[1].startswith("ben ")
    assert "Last move" not in shown.text, "the step's move is its last"


@pytest.mark.parametrize("game", ["hare", "canyon", "numbers"])
async def test_a_replay_step_tells_its_move_once(table, game):
    anne, ben = table.player("anne"), table.player("ben")
    match_id = await play_match(
        table.bot.table.service, game, [Player(anne.id, "anne"), Player(ben.id, "ben")],
        guild_id=table.guild.id, channel_id=table.channel.id,
    )
    shown = await table.backend.slash(anne, table.channel, "replay", match=match_id)
    for step in range(1, 5):
        shown = await table.backend.click(anne, shown, label="Next ▶")
        assert f"move {step} of " in shown.text
        board = embed_text(shown.message.embeds[0])
        for line in field_value(shown.message, f"Move {step}").splitlines():
            assert board.count(line) == 1, f"step {step} tells {line!r} twice:\n{board}"


@pytest.mark.parametrize("game", ["whyfirst", "hare", "canyon", "numbers"])
async def test_a_replay_names_its_players_and_mentions_nobody(table, game):
    """A past step is nobody's turn now, and its players may have left the server: the
    replay names them as written, where the live board mentions them."""
    anne, ben = table.player("*anne*"), table.player("ben")
    match_id = await play_match(
        table.bot.table.service, game, [Player(anne.id, "*anne*"), Player(ben.id, "ben")],
        guild_id=table.guild.id, channel_id=table.channel.id,
    )
    shown = await table.backend.slash(anne, table.channel, "replay", match=match_id)
    for _step in range(3):
        assert "<@" not in shown.text, shown.text
        assert "\\*anne\\*" in shown.text and "ben" in shown.text
        shown = await table.backend.click(anne, shown, label="Next ▶")
