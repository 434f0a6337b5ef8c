"""The project's Italian catalog at the table: an Italian server and Italian players read a
whole Great Canyon Race in Italian, in its rulebook's words, down to the log button and the
command that replays the match; and Why First?'s cards go where its rulebook says."""

from __future__ import annotations

import re

from tests.e2e.play import act, playable


def _labels(message) -> list[str]:
    return [button.label for button in message.buttons if button.label]


async def _italian_lobby(table, game: str, host: str, guest: str):
    """An Italian server and two Italian players, the host's lobby of ``game`` open: the two
    and the match's id."""
    table.backend.world.pseudo = False  # these tests choose their language
    table.guild.locale = "it"
    await table.restart()
    players = [table.player(name, locale="it") for name in (host, guest)]
    await table.backend.slash(players[0], table.channel, f"{game} new")
    match_id = int(re.search(r"Partita #(\d+)", table.board().text).group(1))
    return *players, match_id


async def test_an_italian_table_plays_a_race_in_italian(table):
    anne, ben, match_id = await _italian_lobby(table, "canyon", "anne", "ben")
    backend = table.backend
    lobby = table.board()
    assert "Great Canyon Race: nuova partita" in lobby.text
    assert {"Partecipa", "Esci", "Inizia", "Annulla", "Come si gioca"} <= set(_labels(lobby))
    await backend.click(ben, lobby, custom_id=f"lobby:{match_id}:join")
    await backend.click(anne, table.board(), custom_id=f"lobby:{match_id}:start")

    board = table.board()
    assert "Great Canyon Race: round 1/10 · prima mano" in board.text
    assert "Registro" in _labels(board)
    hand = table.hand(anne)
    assert "La tua mano" in hand.text and "Carte azione" in hand.text
    picked = await backend.click(anne, hand, custom_id=next(
        b.custom_id for b in hand.buttons if b.custom_id.startswith("ch:")))
    assert any(label.startswith("Gioca ") for label in _labels(picked.message))
    assert "Altra carta" in _labels(picked.message)

    for turn in range(60):
        waiting = [player for player in (anne, ben) if playable(table.hand(player))]
        if not waiting:
            break
        for player in waiting:
            await act(table, player, table.hand(player), pick=turn)
    result = backend.channel_messages(table.channel)[-1]
    assert "🏁 Great Canyon Race:" in result.text and "Tracciato finale" in result.text
    assert "Rivincita" in _labels(result)
    stats = await backend.slash(anne, table.channel, "stats")
    assert f"`/replay partita:{match_id}`" in stats.text
    assert "Carriera di anne su questo server" in stats.text


async def test_an_italian_table_plays_cards_in_front_of_a_figure_in_its_rulebooks_words(table):
    """Why First? in Italian: a card goes "davanti al segnalino di ada", as the rulebook puts
    it (never "davanti a ada")."""
    ada, ben, match_id = await _italian_lobby(table, "whyfirst", "ada", "ben")
    backend = table.backend
    await backend.click(ben, table.board(), custom_id=f"lobby:{match_id}:join")
    await backend.click(ada, table.board(), custom_id=f"lobby:{match_id}:start")
    for player in (ada, ben):
        hand = table.hand(player)
        picked = await backend.click(player, hand, custom_id=next(
            b.custom_id for b in hand.buttons if b.custom_id.startswith("ch:")))
        labels = _labels(picked.message)
        assert {"Davanti al segnalino di ada", "Davanti al segnalino di ben"} <= set(labels)
        await backend.click(player, picked.message, label="Davanti al segnalino di ada")
    revealed = table.hand(ada).text
    assert "ben ha giocato" in revealed and "davanti al segnalino di ada" in revealed
    assert "davanti a ada" not in revealed
