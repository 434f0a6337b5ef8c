"""/help: the table in short, privately, in the asker's language, every command named as
their Discord shows it; with ``game``, one game."""

from __future__ import annotations

import re

import discord
import pytest
from discord import app_commands

from cogs.common.i18n import _, pgettext, speaking
from cogs.help import GAMES
from localdiscord.mentions import MENTION
from rules.rulebook import all_rulebooks


def moderator(table, name: str, *, locale: str | None = None):
    """A member with *Manage Server*."""
    user = table.player(name, locale=locale)
    mods = table.backend.add_role(
        table.guild, "mods", permissions=discord.Permissions(manage_guild=True).value
    )
    table.guild.members[user.id].role_ids.append(mods.id)
    return user


def tree_commands(table) -> set[str]:
    """Every command a member can run, as the bot's own tree holds it."""
    return {
        command.qualified_name
        for command in table.bot.tree.walk_commands()
        if isinstance(command, app_commands.Command)
    }


def mentioned(text: str) -> set[str]:
    return {found[1] for found in MENTION.finditer(text)}


def synced_id(table, name: str) -> str:
    return next(c["id"] for c in table.backend.world.commands_for(None) if c["name"] == name)


async def test_an_english_reader_is_answered_privately_with_clickable_commands(table):
    anne = table.player("anne", locale="en-US")
    answer = await table.backend.slash(anne, table.channel, "help")
    assert answer.ephemeral
    assert table.backend.channel_messages(table.channel) == []
    (embed,) = answer.embeds
    assert embed["title"] == "How to play at this table"
    games = embed["fields"][0]["value"]
    for game in GAMES:
        assert f"</{game} new:{synced_id(table, game)}>" in games
    shown = table.backend.shown_to(answer.messages[0], anne)
    for title in ("Why First?", "Hare and Tortoise", "Great Canyon Race", "Sequence Numbers"):
        assert f"**{title}**" in shown
    assert "/hare new" in shown and "/rules search" in shown and "/mygames" in shown
    assert "This server's settings" not in answer.text, "for members with Manage Server only"


async def test_an_italian_reader_reads_italian_and_the_commands_as_named_in_italian(table):
    gianni = table.player("gianni", locale="it")
    answer = await table.backend.slash(gianni, table.channel, "help")
    assert answer.ephemeral
    with speaking("it"):
        title, hare = _("How to play at this table"), _("Hare and Tortoise")
    assert answer.embeds[0]["title"] == title != "How to play at this table"
    shown = table.backend.shown_to(answer.messages[0], gianni)
    assert f"**{hare}**" in shown
    assert "/lepre nuova" in shown and "/regole mostra" in shown
    assert "/hare new" not in shown


async def test_the_lobbys_and_boards_buttons_are_named_as_the_channel_shows_them(table):
    anne = moderator(table, "anne", locale="en-US")
    await table.backend.slash(anne, table.channel, "settings language", language="es")
    daan = table.player("daan", locale="nl")
    answer = await table.backend.slash(daan, table.channel, "help")
    with speaking("es"):
        buttons = _("Join"), pgettext("lobby", "Start"), _("Show my hand")
    with speaking("nl"):
        assert answer.embeds[0]["title"] == _("How to play at this table")
        dutch = _("Join"), pgettext("lobby", "Start"), _("Show my hand")
    assert not set(buttons) & set(dutch)
    (a_match,) = [f["value"] for f in answer.embeds[0]["fields"] if "**" + buttons[0] in f["value"]]
    assert all(f"**{label}**" in a_match for label in buttons)


async def test_without_the_commands_ids_a_dutch_reader_gets_them_typed_in_dutch(table):
    await table.restart()  # nothing changed: no sync tells the ids
    table.backend.inject(method="GET", route="/applications/{application_id}/commands",
                         status=403, code=50001, message="Missing Access")
    sanne = table.player("sanne", locale="nl")
    typed = await table.backend.slash(sanne, table.channel, "help")
    assert mentioned(typed.text) == set()
    assert "`/regels toon`" in typed.text and "`/haas nieuw`" in typed.text
    # Discord answers again: the ids are fetched once, and the commands are mentions.
    clickable = await table.backend.slash(sanne, table.channel, "help")
    assert f"</rules show:{synced_id(table, 'rules')}>" in clickable.text
    assert "/regels toon" in table.backend.shown_to(clickable.messages[0], sanne)
    again = len(table.backend.calls_matching("GET", "/applications/{application_id}/commands"))
    await table.backend.slash(sanne, table.channel, "help")
    assert len(table.backend.calls_matching(
        "GET", "/applications/{application_id}/commands")) == again


async def test_the_game_option_tells_that_game_and_how_to_start_one(table):
    lucia = table.player("lucia", locale="es-ES")
    answer = await table.backend.slash(lucia, table.channel, "help", game="hare")
    assert answer.ephemeral and table.backend.channel_messages(table.channel) == []
    with speaking("es"):
        title, how = _("Hare and Tortoise"), _("How to play")
    (embed,) = answer.embeds
    assert embed["title"] == title
    assert embed["description"].startswith("Una carrera para 2 a 6 jugadores")
    shown = table.backend.shown_to(answer.messages[0], lucia)
    assert "/liebre nueva" in shown and "`ritmo`" in shown and "/liebre abandonar" in shown
    assert mentioned(answer.text) == {"hare new", "hare board", "hare resign", "hare cancel",
                                      "rules show", "rules search"}
    opened = await table.backend.click(lucia, answer.messages[0], label=how)
    assert opened.ephemeral
    assert opened.embeds[0]["title"] == all_rulebooks("es")["hare"].section("overview").title


async def test_the_game_option_autocompletes_and_refuses_an_unknown_game(table):
    gianni = table.player("gianni", locale="it")
    offered = await table.backend.autocomplete(
        gianni, table.channel, "help", focused="game", game="lepre"
    )
    assert offered == [{"name": all_rulebooks("it")["hare"].title, "value": "hare"}]
    refused = await table.backend.slash(gianni, table.channel, "help", game="chess")
    assert refused.ephemeral and not refused.embeds and "chess" in refused.text


async def test_help_names_every_command_of_the_tree_and_only_those(table):
    mod = moderator(table, "mod")
    named = mentioned((await table.backend.slash(mod, table.channel, "help")).text)
    assert {"settings language", "settings pace"} <= named
    for game in GAMES:
        named |= mentioned(
            (await table.backend.slash(mod, table.channel, "help", game=game)).text
        )
    assert named == tree_commands(table)


async def test_help_works_in_a_dm_too(table):
    anne = table.player("anne")
    answer = await table.backend.slash(anne, table.backend.dm_channel(anne), "help")
    assert answer.embeds and re.search(r"</hare new:\d+>", answer.text)


async def test_the_simulated_discord_refuses_a_mention_no_command_answers_to(table):
    channel = table.bot.get_channel(table.channel.id)
    rules = synced_id(table, "rules")
    await channel.send(f"</rules show:{rules}> </rules:{rules}> </rules look:{rules}> "
                       "</hare new:1>", embed=discord.Embed(title=f"</rules show:{rules}>"))
    problems = [v.message for v in table.backend.take_violations() if v.kind == "command_mention"]
    assert len(problems) == 4
    assert "a group is not a command" in problems[0]
    assert "no such subcommand" in problems[1]
    assert "no command of the bot has id 1" in problems[2]
    assert "shown as typed" in problems[3]


POSITION_SPACES = {"en-US": "position", "es-ES": "posición", "it": "posizione", "nl": "positievak"}
"""Hare and Tortoise's position spaces, in each edition's rulebook's own word."""


@pytest.mark.parametrize("locale", sorted(POSITION_SPACES))
async def test_the_hare_overview_names_its_spaces_as_the_rulebook_does(table, locale):
    reader = table.player("reader", locale=locale)
    answer = await table.backend.slash(reader, table.channel, "help", game="hare")
    word = POSITION_SPACES[locale]
    rules = " ".join(s.text for s in all_rulebooks(locale[:2])["hare"].sections).lower()
    assert word in rules
    assert word in answer.embeds[0]["description"].lower()
