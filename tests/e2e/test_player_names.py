"""Players' names read exactly as the players wrote them: escaped where Discord renders
markdown (message text and embeds), as written on buttons, and never a ping."""

from __future__ import annotations

from localdiscord import User, pseudo
from localdiscord.posting import MENTION_EVERYONE
from matches.match import Player
from tests.e2e.conftest import Table
from tests.e2e.play import (
    CHOICE,
    act,
    field_value,
    matches_played,
    open_and_start,
    play_to_the_end,
)

ESCAPED = {
    "*star*": r"\*star\*",
    "a_b_c": r"a\_b\_c",
    "||spoiler||": r"\|\|spoiler\|\|",
    "# Big": r"\# Big",
    "__init__": r"\_\_init\_\_",
    "`tick`": r"\`tick\`",
    "~~x~~": r"\~\~x\~\~",
}
"""Names that Discord's markdown would mangle, and how the bot must write them in text."""
LONG = "a_" * 16
"""A name as long as Discord allows (32), whose escaped form is longer (48)."""
LONG_ESCAPED = r"a\_" * 16
LONG_CUT = r"a\_" * 11 + "a…"
"""The long name as a /history line shows it: its first 23 characters and "…", escaped."""


def _reads_as_written(text: str, *names: str) -> None:
    """Each name is in ``text`` escaped, and nowhere as markdown would take it."""
    for name in names:
        assert ESCAPED[name] in text, f"{ESCAPED[name]!r} not in {text!r}"
        assert name not in text.replace(ESCAPED[name], ""), f"{name!r} unescaped in {text!r}"


def _named(table: Table) -> tuple[User, User, User]:
    """Three members called ``*star*`` (their display name), ``a_b_c`` (their user name)
    and ``||spoiler||`` (their nickname on this server)."""
    star = table.backend.add_user("star", global_name="*star*", guild=table.guild)
    abc = table.player("a_b_c")
    spoiler = table.backend.add_user("spoiler")
    table.backend.add_member(table.guild, spoiler, nick="||spoiler||")
    return star, abc, spoiler


async def test_names_on_the_board_the_hand_and_the_result_read_as_written(table):
    star, abc, spoiler = _named(table)
    match_id = await open_and_start(table, star, abc, spoiler)
    names = ("*star*", "a_b_c", "||spoiler||")
    _reads_as_written(table.board().text, *names)
    await act(table, star, table.hand(star))
    mine = await table.backend.slash(star, table.channel, "mygames")
    assert "waiting for" in mine.text
    _reads_as_written(mine.text, "a_b_c", "||spoiler||")

    hand = table.hand(abc)
    _reads_as_written(field_value(hand, "Track"), *names)
    card = next(b for b in hand.buttons if b.custom_id.startswith(CHOICE))
    targets = (await table.backend.click(abc, hand, custom_id=card.custom_id)).message
    labels = [b.label for b in targets.buttons]
    assert {"On *star*", "On a_b_c", "On ||spoiler||"} <= set(labels), labels

    await play_to_the_end(table, [star, abc, spoiler])
    result = table.backend.channel_messages(table.channel)[-1]
    assert "wins" in result.text or "win " in result.text
    _reads_as_written(result.text, *names)
    _reads_as_written(table.board().text, *names)
    replay = await table.backend.slash(star, table.channel, "replay", match=match_id)
    hands = replay.message.embeds[-1]
    assert hands["title"] == "Hidden cards at this step"
    assert [field["name"] for field in hands["fields"]] == [ESCAPED[name] for name in names]


async def test_a_name_like_a_heading_reads_as_written_in_a_boards_title(table):
    big = table.backend.add_user("big", global_name="# Big", guild=table.guild)
    await table.backend.slash(big, table.channel, "hare new")
    await table.backend.click(big, table.board(), label="Add computer (easy)")
    await table.backend.click(big, table.board(), label="Start")
    title = table.board().embeds[0]["title"]
    assert title == r"Hare and Tortoise: \# Big's turn"


async def test_history_leaderboard_and_stats_write_names_as_the_players_did(table):
    init, tick, strike, long = (
        table.backend.add_user(user, global_name=name, guild=table.guild)
        for user, name in (("init", "__init__"), ("tick", "`tick`"), ("strike", "~~x~~"),
                           ("long", LONG))
    )
    seated = [Player(init.id, "__init__"), Player(tick.id, "`tick`"), Player(strike.id, "~~x~~"),
              Player(long.id, LONG)]
    await matches_played(table, "hare", seated, 3)
    names = ("__init__", "`tick`", "~~x~~")

    leaderboard = await table.backend.slash(init, table.channel, "leaderboard", game="hare")
    assert leaderboard.text.count("· rating") == 4
    _reads_as_written(leaderboard.text, *names)

    assert f"** {LONG_ESCAPED} · rating" in leaderboard.text
    history = await table.backend.slash(init, table.channel, "history")
    assert history.text.count("/replay match:") == 3
    _reads_as_written(history.text, *names)
    assert history.text.count(f" {LONG_CUT} ") == 3, "cut, then escaped: no stray backslash"
    theirs = await table.backend.slash(init, table.channel, "history", player=strike.id)
    _reads_as_written(theirs.embeds[0]["title"], "~~x~~")

    stats = await table.backend.slash(init, table.channel, "stats", player=tick.id)
    _reads_as_written(stats.embeds[0]["title"], "`tick`")


async def test_a_rematch_invitation_names_its_host_as_written_and_pings_nobody_else(table):
    """The bot may mention everyone here, yet a host called ``@everyone *star*`` calls
    only the player invited (whose DMs are closed: the invitation is in the channel)."""
    trusted = table.backend.add_role(table.guild, "trusted bots", permissions=MENTION_EVERYONE)
    table.guild.members[table.backend.world.bot_user.id].role_ids.append(trusted.id)
    host = table.backend.add_user("host", global_name="@everyone *star*", guild=table.guild)
    guest, onlooker = table.player("guest"), table.player("onlooker")
    await open_and_start(table, host, guest)
    await play_to_the_end(table, [host, guest])
    guest.dms_open = False
    result = table.backend.channel_messages(table.channel)[-1]
    await table.backend.click(host, result, label="Rematch")

    (invite,) = [m for m in table.backend.channel_messages(table.channel)
                 if "opened a rematch" in m.content]
    assert r"@everyone \*star\* opened a rematch" in invite.content
    assert invite.notified == (guest.id,)
    assert table.backend.pings(onlooker) == []


def test_the_pseudo_language_run_reads_an_escaped_name_as_the_name_it_is():
    """The run that finds words sent outside a catalog takes a name out escaped too."""
    names = ["*star*", "a_b_c"]
    assert pseudo.untranslated(r"⟦Career of ⟧\*star\* · a\_b\_c 3", names) is None
    assert pseudo.untranslated(r"\*star\* wins", names) == "wins"
    assert pseudo.untranslated(r"\*stars\* 2", names) == "*stars*"
