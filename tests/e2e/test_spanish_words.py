"""The Spanish catalog speaks the Spanish rulebooks' words: a lobby's buttons are the ones the
rulebook tells players to press, and a word two messages share in English (the lobby's
*Cancel*, Great Canyon Race's Cancel card) is translated apart by its context."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cogs.canyon.words import action_name
from cogs.common.components import lobby_label
from cogs.common.i18n import speaking
from cogs.hare.words import space_name
from tests.e2e.play import act, playable


@pytest.fixture
async def spanish(table):
    """The table of a Spanish server (its Discord locale), the bot told so at connecting."""
    table.backend.world.pseudo = False  # these tests choose their language
    table.guild.locale = "es-ES"
    await table.restart()
    return table

RULEBOOK = Path(__file__).resolve().parents[2] / "rules" / "canyon" / "rulebook.es.md"


def _lobby_buttons_named_by_the_rulebook() -> list[str]:
    """The buttons ``/canyon nueva`` opens a lobby with, as the Spanish rulebook names them."""
    text = RULEBOOK.read_text(encoding="utf-8")
    sentence = re.search(r"abre en el canal una sala con los botones (.+?)\.", text)
    assert sentence, "the rulebook names the lobby's buttons"
    return re.findall(r"\*([^*]+)\*", sentence.group(1))


async def test_a_spanish_lobby_has_the_buttons_the_spanish_rulebook_names(spanish) -> None:
    table = spanish
    ana = table.player("ana", locale="es-ES")
    await table.backend.slash(ana, table.channel, "canyon new")
    labels = [button.label for button in table.board().buttons]
    named = _lobby_buttons_named_by_the_rulebook()
    assert named == ["Unirse", "Salir", "Empezar", "Cancelar", "Cómo se juega"]
    assert labels[: len(named)] == named


def test_the_cancel_card_keeps_its_own_spanish_name() -> None:
    with speaking("es"):
        assert action_name({"label": "Cancel"}) == "Anula el valor"


def test_the_start_space_is_the_rulebooks_salida_and_the_start_button_empezar() -> None:
    with speaking("es"):
        assert space_name(0) == "Salida"
        assert lobby_label("start") == "Empezar"


async def test_a_spanish_player_reads_the_games_spanish_name_in_notices_and_answers(
    spanish,
) -> None:
    table = spanish
    ana, beto = table.player("ana", locale="es-ES"), table.player("beto", locale="es-ES")
    await table.backend.slash(ana, table.channel, "whyfirst new")
    join, _, start = table.board().buttons[:3]
    await table.backend.click(beto, table.board(), custom_id=join.custom_id)
    (seated,) = table.backend.ephemeral_messages(beto)
    assert "**¿Por qué primero?**" in seated.text and "Why First?" not in seated.text
    await table.backend.click(ana, table.board(), custom_id=start.custom_id)
    (started,) = table.notices(beto)
    assert "**¿Por qué primero?**" in started.content, started.content
    await act(table, ana, table.hand(ana))
    table.clock.advance(days=1, minutes=1)
    await table.tick()
    timed_out = table.notices(beto)[-1].content
    assert timed_out.startswith("⌛ Se te acabó el tiempo") and "**¿Por qué primero?**" in timed_out


async def test_a_computer_seat_reads_as_a_spanish_players_computer(spanish) -> None:
    table = spanish
    ana = table.player("ana", locale="es-ES")
    await table.backend.slash(ana, table.channel, "whyfirst new")
    match_id = int(re.search(r"Partida #(\d+)", table.board().text).group(1))
    await table.backend.click(ana, table.board(), custom_id=f"lobby:{match_id}:easy")
    assert "🤖 Ada (máquina fácil)" in table.board().text
    await table.backend.click(ana, table.board(), custom_id=f"lobby:{match_id}:start")
    assert "Ada (máquina fácil)" in table.hand(ana).text
    for turn in range(40):
        if not playable(table.hand(ana)):
            break
        await act(table, ana, table.hand(ana), pick=turn)
    result = table.backend.channel_messages(table.channel)[-1]
    assert result.text.startswith("🏁") and "Ada (máquina fácil)" in result.text
    history = await table.backend.slash(ana, table.channel, "history")
    assert "Ada (máquina fácil)" in history.text
    read = [*table.backend.channel_messages(table.channel), *table.backend.dm_messages(ana),
            *table.backend.ephemeral_messages(ana)]
    assert not [m.text for m in read if "bot)" in m.text]


async def test_a_player_named_like_a_computer_keeps_the_name_as_written(spanish) -> None:
    table = spanish
    bob = table.backend.add_user(
        "bob", global_name="Bob (easy bot)", guild=table.guild, locale="es-ES"
    )
    await table.backend.slash(bob, table.channel, "whyfirst new")
    match_id = int(re.search(r"Partida #(\d+)", table.board().text).group(1))
    await table.backend.click(bob, table.board(), custom_id=f"lobby:{match_id}:easy")
    await table.backend.click(bob, table.board(), custom_id=f"lobby:{match_id}:start")
    assert "Bob (easy bot)" in table.board().text, "his seat's name, as he wrote it"
    for turn in range(40):
        if not playable(table.hand(bob)):
            break
        await act(table, bob, table.hand(bob), pick=turn)
    history = await table.backend.slash(bob, table.channel, "history")
    assert "Bob (easy bot)" in history.text and "Ada (máquina fácil)" in history.text
    assert "Bob (máquina fácil)" not in history.text


async def test_a_refused_lobby_names_the_game_by_its_spanish_name(spanish) -> None:
    table = spanish
    ana, beto = table.player("ana", locale="es-ES"), table.player("beto", locale="es-ES")
    await table.backend.slash(ana, table.channel, "whyfirst new")
    match_id = int(re.search(r"Partida #(\d+)", table.board().text).group(1))
    alone = await table.backend.click(ana, table.board(), custom_id=f"lobby:{match_id}:start")
    assert alone.ephemeral
    assert alone.text == "¿Por qué primero? necesita al menos 2 jugadores."
    again = await table.backend.slash(beto, table.channel, "whyfirst new")
    assert again.ephemeral
    assert again.text.startswith("Ya hay una partida de ¿Por qué primero? abierta en este canal")
