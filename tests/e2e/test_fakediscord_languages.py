"""The pseudo-language run reads whose language each message speaks: the server's where the
whole channel reads it, the player's where one player reads it alone."""

from __future__ import annotations

from typing import Any

import pytest

from localdiscord import FakeDiscord


def _misspoken(backend: FakeDiscord) -> list[str]:
    return [v.message for v in backend.take_violations() if v.kind == "misspoken"]


@pytest.fixture
def pseudo_world(world: tuple[FakeDiscord, Any]) -> tuple[FakeDiscord, Any]:
    backend, _ = world
    backend.world.pseudo = True
    return world


@pytest.mark.parametrize(
    ("command", "spoken", "misspoken", "whose"),
    [
        ("demo echo", "⟪Rematch⟫", "⟦Rematch⟧", "the server's"),  # the channel reads it
        ("demo say", "⟦Only you⟧", "⟪Only you⟫", "the player's"),  # a private answer
    ],
)
async def test_each_reader_reads_their_own_language(
    pseudo_world, command: str, spoken: str, misspoken: str, whose: str
) -> None:
    backend, w = pseudo_world
    await backend.slash(w.alice, w.channel, command, text=spoken)
    assert _misspoken(backend) == []
    await backend.slash(w.alice, w.channel, command, text=misspoken)
    (told,) = _misspoken(backend)
    assert whose in told and misspoken in told


async def test_a_private_text_names_a_channels_button_as_the_channel_shows_it(
    pseudo_world,
) -> None:
    backend, w = pseudo_world
    named = "⟦Press **⟪Start⟫** on the lobby.⟧"
    await backend.slash(w.alice, w.channel, "demo say", text=named)
    assert _misspoken(backend) == [], "a channel's button named in bold as it shows there"
    await backend.slash(w.alice, w.channel, "demo say", text="⟦Press ⟪Start⟫ on the lobby.⟧")
    assert len(_misspoken(backend)) == 1


async def test_a_notice_reads_its_players_and_a_post_for_the_table_the_servers(
    pseudo_world,
) -> None:
    backend, w = pseudo_world
    await backend.slash(w.alice, w.channel, "demo echo", text=f"<@{w.alice.id}> ⟦Your move⟧")
    await backend.slash(w.alice, w.channel, "demo say", text="⟪A rule⟫", public=True)
    assert _misspoken(backend) == []
    both = f"<@{w.alice.id}> <@{w.bob.id}> ⟦Your move⟧"
    await backend.slash(w.alice, w.channel, "demo echo", text=both)
    (told,) = _misspoken(backend)
    assert "the server's" in told, "a message to two players is the channel's"
    await backend.slash(w.alice, w.channel, "demo say", text="⟦A rule⟧", public=True)
    (told,) = _misspoken(backend)
    assert "the server's" in told, "what its asker posts for the table is the channel's"


async def test_a_pictures_alt_text_is_read_in_the_language_of_its_readers(pseudo_world) -> None:
    backend, w = pseudo_world
    posted = await backend.slash(w.alice, w.channel, "demo picture", alt="⟪The board⟫")
    assert _misspoken(backend) == []
    assert posted.message.attachments[0].description == "The board", "read without marks"
    await backend.slash(w.alice, w.channel, "demo picture", alt="⟦The board⟧")
    (told,) = _misspoken(backend)
    assert "the server's" in told
    await backend.slash(w.alice, w.channel, "demo picture", alt="A board")
    assert [v.kind for v in backend.take_violations()] == ["untranslated"]
