"""Where Discord offers each slash command, and what the bot asks the gateway for."""

from __future__ import annotations

import discord
import pytest

GAMES = ("whyfirst", "hare", "canyon", "numbers")
SERVER_ONLY = (*GAMES, "stats", "leaderboard", "history", "replay")
ANYWHERE = ("help", "rules", "mygames", "notify")
GUILD, BOT_DM = 0, 1
GUILD_INSTALL = 0


def _synced(table) -> dict[str, dict]:
    return {command["name"]: command for command in table.backend.world.commands_for(None)}


async def test_the_game_groups_and_career_commands_are_synced_as_offered_in_servers_only(table):
    synced = _synced(table)
    for name in SERVER_ONLY:
        assert synced[name]["contexts"] == [GUILD], name
        assert synced[name]["integration_types"] == [GUILD_INSTALL], name
    for name in ANYWHERE:
        assert BOT_DM in (synced[name].get("contexts") or [BOT_DM]), name


@pytest.mark.parametrize("command", [f"{game} new" for game in GAMES] + ["whyfirst board"])
async def test_a_game_command_is_not_delivered_from_a_dm(table, command):
    anne = table.player("anne")
    before = len(table.backend.world.interactions)
    with pytest.raises(AssertionError, match="not available in DMs"):
        await table.backend.slash(anne, table.backend.dm_channel(anne), command)
    assert len(table.backend.world.interactions) == before, "Discord never sends it"


async def test_the_players_own_commands_work_in_a_dm(table):
    anne = table.player("anne")
    listed = await table.backend.slash(anne, table.backend.dm_channel(anne), "mygames")
    assert listed.ephemeral and "You are in no open match." in listed.text


async def test_the_bot_identifies_with_the_guilds_intent_only(table):
    (identify,) = [sent for sent in table.backend.gateway_sends if sent["op"] == 2]
    assert discord.Intents._from_value(identify["d"]["intents"]) == discord.Intents(guilds=True)
