"""Which language each message speaks: a player's private answers and DMs theirs (chosen with
/language, else their Discord locale, remembered for DMs that follow no interaction), the
channel's board the server's (/settings language, else the server's Discord locale)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from cogs.common import i18n
from tests.e2e.play import act, match_id_of, moderator, open_and_start, play_to_the_end

SPANISH = {
    "Done: I speak to you in {language}.": "Hecho: te hablo en {language}.",
    "There is no open {title} match in this channel.":
        "No hay ninguna partida abierta de {title} en este canal.",
    "🎲 {match} has started: your move.": "🎲 {match} ha empezado: te toca.",
    "🎲 {match} has started: your move. You have until {when}.":
        "🎲 {match} ha empezado: te toca. Tienes hasta {when}.",
    "**{title}** (match #{match} in {channel})": "**{title}** (partida n.º {match} en {channel})",
    "⏰ Your move in {match}. You have until {when}.":
        "⏰ Te toca en {match}. Tienes hasta {when}.",
    "Open your hand": "Abre tu mano",
    (
        "I need the {permissions} permission in this channel to keep a board here. "
        "A moderator can grant it; no match was opened.",
        "I need the {permissions} permissions in this channel to keep a board here. "
        "A moderator can grant them; no match was opened.",
    ): (
        "Necesito el permiso {permissions} en este canal para llevar aquí un tablero. "
        "Un moderador puede concederlo; no se abrió ninguna partida.",
        "Necesito los permisos {permissions} en este canal para llevar aquí un tablero. "
        "Un moderador puede concederlos; no se abrió ninguna partida.",
    ),
    "Attach Files": "Adjuntar archivos",
    "I can't send you direct messages, so your hand stays here in the channel: press "
    "**{show}** on the board whenever it is your move.":
        "No puedo enviarte mensajes directos, así que tu mano se queda aquí en el canal: pulsa "
        "**{show}** en el tablero cuando te toque.",
    "You host **{title}** match #{match}: press **{start}** on the lobby when everyone is "
    "seated, and your hand arrives by direct message.":
        "Eres el anfitrión de **{title}** (partida #{match}): pulsa **{start}** en la sala "
        "cuando todos tengan asiento, y tu mano te llegará por mensaje directo.",
}
ITALIAN = {
    "{title}: new match": "{title}: nuova partita",
    "Done: boards, lobbies and results here are in {language}.":
        "Fatto: tabelloni, lobby e risultati qui sono in {language}.",
    "Rematch": "Rivincita",
    "Log": "Registro",
    "Show my hand": "Mostra la mia mano",
}
LOBBY = {"it": {"Start": "Inizia"}}
"""Messages in the lobby's context, by language."""


def _write(root: Path, lang: str, messages: dict[Any, Any]) -> None:
    catalog = Catalog(locale=lang)
    for msgid, msgstr in messages.items():
        catalog.add(msgid, msgstr)
    for msgid, msgstr in LOBBY.get(lang, {}).items():
        catalog.add(msgid, msgstr, context="lobby")
    path = root / lang / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    with path.open("wb") as po:
        write_po(po, catalog)


@pytest.fixture
def catalogs(table, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Small Spanish and Italian catalogs in place of the project's (these tests choose
    their languages: the pseudo-language run leaves them alone)."""
    table.backend.world.pseudo = False
    _write(tmp_path / "locales", "es", SPANISH)
    _write(tmp_path / "locales", "it", ITALIAN)
    monkeypatch.setattr(i18n, "LOCALES", tmp_path / "locales")
    i18n.catalog.cache_clear()
    yield
    i18n.catalog.cache_clear()


async def test_settings_language_is_refused_privately_without_manage_server(table, catalogs):
    ben = table.player("ben", locale="en-US")
    answered = await table.backend.slash(ben, table.channel, "settings language", language="it")
    assert answered.ephemeral
    assert answered.text == "This needs the Manage Server permission here."
    assert table.backend.channel_messages(table.channel) == []


async def test_a_lobby_refused_for_a_missing_permission_names_it_in_the_readers_language(
    table, catalogs
):
    ben = table.player("ben", locale="es-ES")
    backend = table.backend
    backend.deny(table.channel, backend.bot_user, discord.Permissions(attach_files=True).value)
    refused = await backend.slash(ben, table.channel, "canyon new")
    assert refused.ephemeral and refused.text == (
        "Necesito el permiso Adjuntar archivos en este canal para llevar aquí un tablero. "
        "Un moderador puede concederlo; no se abrió ninguna partida."
    )
    assert backend.channel_messages(table.channel) == []


async def test_a_spanish_player_reads_spanish_while_the_board_follows_the_server(
    table, catalogs
):
    anne = moderator(table, "anne", locale="en-US")
    set_by = await table.backend.slash(anne, table.channel, "settings language", language="it")
    assert set_by.ephemeral and "Italiano" in set_by.text
    ben = table.player("ben", locale="en-US")
    chosen = await table.backend.slash(ben, table.channel, "language", language="es")
    assert chosen.ephemeral and chosen.text == "Hecho: te hablo en Español."
    refused = await table.backend.slash(ben, table.channel, "whyfirst cancel")
    assert refused.ephemeral
    assert refused.text == "No hay ninguna partida abierta de Why First? en este canal."
    await table.backend.slash(ben, table.channel, "whyfirst new")
    assert table.board().embeds[0]["title"] == "Why First?: nuova partita"


async def test_a_board_follows_the_servers_discord_locale_and_is_shown_anew_when_set(
    table, catalogs
):
    table.guild.locale = "it"
    await table.restart()  # the bot learns the server's locale when it connects
    anne = moderator(table, "anne", locale="en-US")
    await table.backend.slash(anne, table.channel, "whyfirst new")
    assert table.board().embeds[0]["title"] == "Why First?: nuova partita"
    await table.backend.slash(anne, table.channel, "settings language", language="en")
    await table.bot.table.wait_idle()
    assert table.board().embeds[0]["title"] == "Why First?: new match"


async def test_a_notice_speaks_the_locale_a_player_last_used_after_a_restart(table, catalogs):
    anne = table.player("anne", locale="en-US")
    ben = table.player("ben", locale="es-ES")
    await table.backend.slash(anne, table.channel, "whyfirst new")
    match_id = match_id_of(table.board())
    # Buttons by id: the board speaks the server's language, whichever the run's is.
    await table.backend.click(ben, table.board(), custom_id=f"lobby:{match_id}:join")
    await table.restart()  # ben's locale was heard; nothing but the database remembers it now
    table.clock.advance(minutes=10)  # ben stepped away: the start notifies him
    await table.backend.click(anne, table.board(), custom_id=f"lobby:{match_id}:start")
    (notice,) = table.notices(ben)
    assert notice.content.startswith("🎲 **Why First?** (partida n.º ")
    assert "ha empezado: te toca." in notice.content and "[Abre tu mano](" in notice.content


async def test_the_result_and_its_buttons_speak_the_servers_language_after_a_players_click(
    table, catalogs, english_server
):
    anne = table.player("anne", locale="it")
    ben = table.player("ben", locale="it")
    await open_and_start(table, anne, ben)
    await play_to_the_end(table, [anne, ben])  # the last click is an Italian player's
    (result,) = [m for m in table.backend.channel_messages(table.channel)
                 if any(b.custom_id.startswith("rematch:") for b in m.buttons)]
    assert [b.label for b in result.buttons] == ["Rematch", "Log"]


async def test_a_player_whose_dms_close_mid_match_is_told_in_the_channel_in_their_language(
    table, catalogs, english_server
):
    anne = table.player("anne", locale="en-US")
    ben = table.player("ben", locale="es-ES")
    await open_and_start(table, anne, ben)
    await act(table, ben, table.hand(ben))
    ben.dms_open = False
    await act(table, anne, table.hand(anne))  # the round ends: ben's hand cannot be shown
    (notice,) = [m for m in table.backend.channel_messages(table.channel)
                 if m.content.startswith(f"<@{ben.id}>")]
    assert "No puedo enviarte mensajes directos" in notice.content
    assert "pulsa **Show my hand** en el tablero" in notice.content, "as the board shows it"


async def test_a_private_answer_names_the_lobbys_button_as_the_lobby_shows_it(table, catalogs):
    anne = moderator(table, "anne", locale="en-US")
    await table.backend.slash(anne, table.channel, "settings language", language="it")
    ben = table.player("ben", locale="es-ES")
    hosting = await table.backend.slash(ben, table.channel, "whyfirst new")
    match_id = match_id_of(table.board())
    start = table.board().find_button(custom_id=f"lobby:{match_id}:start")
    assert start is not None and start.label == "Inizia"
    (told,) = [m for m in hosting.followups if m.ephemeral]
    assert told.text.startswith("Eres el anfitrión") and "pulsa **Inizia** en la sala" in told.text
