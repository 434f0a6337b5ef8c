"""A message's controls build their view once, yet upload their pictures afresh every time."""

from __future__ import annotations

import hashlib
import json
import marshal

import discord
from discord.http import handle_message_parameters

from cogs.common.presenter import Controls, Picture

PNG = b"\x89PNG fake picture bytes"


def _button(custom_id: str) -> discord.ui.Button[discord.ui.View]:
    return discord.ui.Button(label=custom_id, custom_id=custom_id)


def _board() -> Controls:
    return Controls(
        content="Your turn",
        embed=discord.Embed(title="Board"),
        items=[_button("move:1")],
        pictures=[Picture("board.png", PNG)],
    )


def test_a_refresh_builds_the_view_once_for_its_fingerprint_and_its_edit() -> None:
    board = _board()
    fingerprint = board.fingerprint()
    assert board.edit_kwargs()["view"] is board.view()
    assert board.fingerprint() == fingerprint


def test_the_components_are_worked_out_once_for_the_fingerprint_and_the_edit(
    monkeypatch,
) -> None:
    worked_out = []
    original = discord.ui.View.to_components

    def counted(view):
        worked_out.append(view)
        return original(view)

    monkeypatch.setattr(discord.ui.View, "to_components", counted)
    board = _board()
    fingerprint = board.fingerprint()
    with handle_message_parameters(**board.edit_kwargs(keep_pictures=True)) as params:
        assert params.payload["components"] == original(board.view())
    assert board.fingerprint() == fingerprint
    assert len(worked_out) == 1


def test_every_send_and_edit_uploads_fresh_pictures() -> None:
    board = _board()
    first, second = board.send_kwargs()["files"][0], board.edit_kwargs()["attachments"][0]
    assert first is not second
    assert first.fp.read() == second.fp.read() == PNG


def test_kept_pictures_are_not_uploaded_again() -> None:
    board = _board()
    assert "attachments" not in board.edit_kwargs(keep_pictures=True)
    assert board.shows_pictures_of(board.fingerprint())
    other = Controls(pictures=[Picture("board.png", b"another picture")])
    assert not board.shows_pictures_of(other.fingerprint())


def test_changed_items_are_shown_by_a_new_view() -> None:
    board = _board()
    before = board.fingerprint()
    board.items.append(_button("move:2"))
    assert [item.custom_id for item in board.view().children] == ["move:1", "move:2"]
    board.items = [_button("back")]
    assert [item.custom_id for item in board.view().children] == ["back"]
    assert board.fingerprint() != before


def test_the_fingerprint_is_short_and_stable_so_stored_messages_are_not_edited_again() -> None:
    """Fingerprints are stored with each message: their form must stay the same."""
    board = _board()
    view = discord.ui.View(timeout=None)
    view.add_item(_button("move:1"))
    shown = marshal.dumps(
        ["Your turn", discord.Embed(title="Board").to_dict(), view.to_components()], 2
    )
    assert board.fingerprint() == json.dumps([
        hashlib.blake2b(shown, digest_size=16).hexdigest(),
        [["board.png", hashlib.sha256(PNG).hexdigest()]],
    ])


def test_pictures_are_recognised_in_a_fingerprint_stored_in_the_earlier_long_form() -> None:
    board = _board()
    earlier = json.dumps(
        ["Your turn", {}, [], [["board.png", hashlib.sha256(PNG).hexdigest()]]]
    )
    assert board.shows_pictures_of(earlier)
    assert not board.shows_pictures_of(earlier.replace("board.png", "other.png"))
    assert not board.shows_pictures_of("")


def test_equal_messages_have_equal_fingerprints_whichever_objects_built_them() -> None:
    text = "".join(["Your ", "turn"])  # built at run time: not the same object as another
    shared = Controls(content=text, embed=discord.Embed(title=text))
    apart = Controls(content=text, embed=discord.Embed(title="".join(["Your ", "turn"])))
    assert shared.fingerprint() == apart.fingerprint()
    assert shared.fingerprint() != Controls(content=text).fingerprint()
