"""Translations run about a third longer than English: every message the table renders stays
within Discord's limits when each text is padded so (the simulated Discord checks limits),
and every command's text goes to Discord through the translator."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from cogs.common import i18n
from tests.e2e.play import match_id_of, play_to_the_end

LONGER = 0.35
PAD = "·"


@pytest.fixture
def long_pseudo(monkeypatch: pytest.MonkeyPatch):
    """The pseudo language, each message a third longer (padded before its closing bracket)."""

    def gettext(self, message: str) -> str:
        padding = PAD * round(len(message) * LONGER)
        return f"{self.opening}{message}{padding}{self.closing}"

    monkeypatch.setattr(i18n._Pseudo, "gettext", gettext)


async def test_a_whole_match_and_its_career_pages_fit_discord_in_a_longer_language(
    table, long_pseudo
):
    table.guild.locale = "pseudo-server"
    await table.restart()
    players = [table.player(name, locale="pseudo") for name in ("anne", "ben", "chris")]
    anne = players[0]
    mods = table.backend.add_role(  # /help shows the server's settings too
        table.guild, "mods", permissions=discord.Permissions(manage_guild=True).value
    )
    table.guild.members[anne.id].role_ids.append(mods.id)
    backend, channel = table.backend, table.channel
    await backend.slash(anne, channel, "whyfirst new")
    match_id = match_id_of(table.board())
    for player in players[1:]:  # buttons by id: their labels are in the long language
        await backend.click(player, table.board(), custom_id=f"lobby:{match_id}:join")
    await backend.click(anne, table.board(), custom_id=f"lobby:{match_id}:start")
    await play_to_the_end(table, players)
    assert PAD * 5 in table.board().text, "the board was rendered in the longer language"
    for command, options in (
        ("stats", {}), ("history", {}), ("replay", {"match": match_id}), ("mygames", {}),
        ("leaderboard", {"game": "whyfirst"}), ("rules show", {"game": "whyfirst"}),
        ("whyfirst cancel", {}), ("help", {}),
        *(("help", {"game": game}) for game in ("whyfirst", "hare", "canyon", "numbers")),
    ):
        answered = await backend.slash(anne, channel, command, **options)
        assert answered.text or answered.embeds, command
    log = await backend.click(anne, backend.channel_messages(channel)[-1],
                              custom_id=f"log:{match_id}")
    assert log.embeds and PAD in log.embeds[0]["title"]


class _Everywhere(app_commands.Translator):
    """Translates every text it is asked for into Spanish."""

    async def translate(self, string, locale, context):  # type: ignore[no-untyped-def]
        return "x" if locale is discord.Locale.spain_spanish else None


def _untranslated(item: dict, where: str) -> list[str]:
    found = []
    for key in ("name", "description"):
        if item.get(key) and "es-ES" not in (item.get(f"{key}_localizations") or {}):
            found.append(f"{where} {key} {item[key]!r}")
    for option in item.get("options") or []:
        found += _untranslated(option, f"{where} {option['name']}")
    for choice in item.get("choices") or []:
        # A language's own name is the same in every language.
        if choice["name"] not in i18n.NAMES.values() and "es-ES" not in (
            choice.get("name_localizations") or {}
        ):
            found.append(f"{where} choice {choice['name']!r}")
    return found


async def test_every_command_name_description_option_and_choice_is_translatable(table):
    tree = table.bot.tree
    found = []
    for command in tree.get_commands():
        payload = await command.get_translated_payload(tree, _Everywhere())
        found += _untranslated(payload, f"/{payload['name']}")
    assert found == []
