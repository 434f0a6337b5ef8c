"""File uploads through the simulated Discord backend, driven by a real discord.py bot."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands
from PIL import Image

from cogs.numbers.picture import board_png
from localdiscord import FakeDiscord, limits
from localdiscord.messages import image_size


def png(colour: tuple[int, int, int], size: tuple[int, int] = (40, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


RED, BLUE, GREEN = png((200, 0, 0)), png((0, 0, 200)), png((0, 160, 0), (60, 20))


def board_file(data: bytes, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def board_embed(title: str, name: str = "board.png") -> discord.Embed:
    return discord.Embed(title=title).set_image(url=f"attachment://{name}")


class NextButton(discord.ui.View):
    """Redraws the board picture in place (an UPDATE_MESSAGE response with a new file)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Next", custom_id="pic:next")
    async def next(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(
            embed=board_embed("turn 2"), attachments=[board_file(BLUE)], view=self
        )

    @discord.ui.button(label="Same", custom_id="pic:same")
    async def same(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        # nothing in the picture changed: edit the text only, keep the attachment
        await interaction.response.edit_message(content="nothing new", view=self)


pic = app_commands.Group(name="pic", description="Board pictures")


@pic.command(name="board", description="Post the board with its picture")
async def board(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(
        embed=board_embed("turn 1"), file=board_file(RED), view=NextButton()
    )


@pic.command(name="numbers", description="Post a Sequence Numbers board picture")
async def numbers(interaction: discord.Interaction) -> None:
    view = {
        "layout": [0 if i in (0, 9, 90, 99) else i % 48 + 1 for i in range(100)],
        "chips": [0 if i in (11, 12) else None for i in range(100)],
        "locked": [],
        "sequences": [],
        "last_move": {"seat": 0, "side": 0, "kind": "place", "space": 12},
        "sides": [[0], [1]],
        "side_of_seat": [0, 1],
        "awaiting": [0],
        "over": False,
        "winner_side": None,
    }
    data = board_png(view, ["Zoë", "Łukasz"])
    await interaction.response.send_message(embed=board_embed("Sequence Numbers"),
                                            file=board_file(data))


@pic.command(name="hand", description="A private picture, deferred then followed up")
async def hand(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await interaction.followup.send(embed=board_embed("your cards", "hand.png"),
                                    file=board_file(GREEN, "hand.png"), ephemeral=True)
    await interaction.edit_original_response(
        embed=board_embed("your cards, again", "hand2.png"),
        attachments=[board_file(BLUE, "hand2.png")],
    )


@pic.command(name="broken", description="An embed that names a file it did not upload")
async def broken(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(embed=board_embed("oops", "missing.png"),
                                            file=board_file(RED))


class PictureBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(),
                         help_command=None)

    async def setup_hook(self) -> None:
        self.tree.add_command(pic)
        self.add_view(NextButton())
        await self.tree.sync()


@pytest_asyncio.fixture
async def world(fake_discord: FakeDiscord) -> AsyncIterator[tuple[FakeDiscord, Any]]:
    backend = fake_discord
    guild = backend.add_guild("Picture Guild")
    channel = backend.add_text_channel(guild, "boards")
    alice = backend.add_user("alice", guild=guild)
    bot = PictureBot()
    await backend.connect(bot)
    yield backend, SimpleNamespace(guild=guild, channel=channel, alice=alice, bot=bot,
                                   bot_channel=bot.get_channel(channel.id))


async def test_send_with_file_keeps_the_bytes_and_the_bot_can_read_them_back(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    sent = await w.bot_channel.send("the board", file=board_file(RED))
    (stored,) = backend.channel_messages(w.channel)
    (attachment,) = stored.attachments
    assert attachment.data == RED and attachment.filename == "board.png"
    assert attachment.content_type == "image/png" and attachment.dimensions == (40, 30)
    assert stored.attachment("board.png") is attachment
    assert backend.uploads == [attachment]
    (call,) = backend.calls_matching("POST", "/channels/{channel_id}/messages")
    assert call.files == ["board.png"]
    # discord.py sees the attachment like a real one, and can download it
    (seen,) = sent.attachments
    assert (seen.filename, seen.size, seen.width, seen.height) == ("board.png", len(RED), 40, 30)
    assert await seen.read() == RED


async def test_edit_keeps_replaces_and_removes_attachments(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    sent = await w.bot_channel.send(files=[board_file(RED, "a.png"), board_file(BLUE, "b.png")])
    stored = backend.get_message(sent.id)
    first, second = stored.attachments

    sent = await sent.edit(content="text only")  # no attachments given: all kept
    assert stored.attachments == [first, second] and len(backend.uploads) == 2

    a, _ = sent.attachments
    sent = await sent.edit(attachments=[a, board_file(GREEN, "c.png")])  # keep a, drop b, add c
    assert [x.filename for x in stored.attachments] == ["a.png", "c.png"]
    assert stored.attachments[0] is first and stored.attachments[1].data == GREEN
    assert len(backend.uploads) == 3

    await sent.edit(attachments=[])  # an empty list removes every attachment
    assert stored.attachments == []
    assert backend.violations == []


async def test_embed_image_refers_to_the_uploaded_file(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    sent = await w.bot_channel.send(embed=board_embed("board"), file=board_file(RED))
    stored = backend.get_message(sent.id)
    image = stored.embeds[0]["image"]
    assert image["url"] == stored.attachment("board.png").url
    assert (image["width"], image["height"]) == (40, 30)
    assert sent.embeds[0].image.url == stored.attachments[0].url

    # a new picture under the same name: the embed follows the new upload
    await sent.edit(embed=board_embed("board 2"), attachments=[board_file(BLUE)])
    assert stored.embeds[0]["image"]["url"] == stored.attachment("board.png").url
    assert stored.attachment("board.png").data == BLUE
    assert backend.violations == []


async def test_embed_naming_a_file_that_was_not_uploaded_is_a_violation(
    world: tuple[FakeDiscord, Any],
) -> None:
    backend, w = world
    result = await backend.slash(w.alice, w.channel, "pic broken")
    assert result.responded and result.message.embeds[0]["image"]["url"] == "attachment://missing.png"
    (violation,) = backend.take_violations()
    assert violation.kind == "attachment_reference"
    assert "attachment://missing.png" in violation.message and "board.png" in violation.message

    await w.bot_channel.send(embed=board_embed("spaces", "my board.png"),
                             file=board_file(RED, "my board.png"))
    (violation,) = backend.take_violations()
    assert "ASCII letters" in violation.message


async def test_interaction_response_and_update_carry_files(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    posted = await backend.slash(w.alice, w.channel, "pic board")
    msg = posted.message
    assert posted.response_type == 4 and msg.attachment("board.png").data == RED
    assert msg.embeds[0]["image"]["url"] == msg.attachments[0].url

    clicked = await backend.click(w.alice, msg, label="Next")
    assert clicked.response_type == 7 and clicked.message is msg
    (attachment,) = msg.attachments
    assert attachment.data == BLUE and msg.embeds[0]["title"] == "turn 2"
    assert msg.embeds[0]["image"]["url"] == attachment.url
    assert len(backend.uploads) == 2


async def test_an_unchanged_picture_is_not_uploaded_again(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    posted = await backend.slash(w.alice, w.channel, "pic board")
    before = len(backend.uploads)
    clicked = await backend.click(w.alice, posted.message, label="Same")
    assert posted.message.content == "nothing new"
    assert posted.message.attachment("board.png").data == RED
    assert len(backend.uploads) == before
    assert all(call.files == [] for call in clicked.calls)


async def test_followup_and_original_edit_carry_files(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    result = await backend.slash(w.alice, w.channel, "pic hand")
    msg = result.message  # the first followup replaced the "thinking" message
    assert msg.ephemeral and not msg.loading
    (attachment,) = msg.attachments
    assert attachment.filename == "hand2.png" and attachment.data == BLUE
    assert attachment.payload()["ephemeral"] is True
    assert msg.embeds[0]["image"]["url"] == attachment.url
    assert [a.filename for a in backend.uploads] == ["hand.png", "hand2.png"]


async def test_dm_with_a_picture(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    user = await w.bot.fetch_user(w.alice.id)
    await user.send(embed=board_embed("your hand"), file=board_file(GREEN))
    (dm,) = backend.dm_messages(w.alice)
    assert dm.attachment("board.png").data == GREEN
    assert dm.embeds[0]["image"]["url"] == dm.attachments[0].url


async def test_more_than_ten_attachments_is_rejected(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    with pytest.raises(discord.HTTPException) as refused:
        await w.bot_channel.send(files=[board_file(RED, f"p{i}.png") for i in range(11)])
    assert refused.value.code == 50035
    assert backend.channel_messages(w.channel) == [] and backend.uploads == []
    (violation,) = backend.take_violations()
    assert "attachments: Must be 10 or fewer in length." in violation.message

    sent = await w.bot_channel.send(files=[board_file(RED, f"p{i}.png") for i in range(10)])
    with pytest.raises(discord.HTTPException):
        await sent.edit(attachments=[*sent.attachments, board_file(BLUE, "p10.png")])
    assert len(backend.get_message(sent.id).attachments) == 10
    assert backend.take_violations()[0].code == 50035


async def test_a_file_over_the_size_limit_is_rejected(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    big = b"\0" * (limits.ATTACHMENT_SIZE_LIMIT + 1)
    with pytest.raises(discord.HTTPException) as refused:
        await w.bot_channel.send(file=discord.File(io.BytesIO(big), filename="big.bin"))
    assert (refused.value.status, refused.value.code) == (413, 40005)
    (violation,) = backend.take_violations()
    assert violation.status == 413 and backend.uploads == []

    exact = b"\0" * limits.ATTACHMENT_SIZE_LIMIT  # the limit itself is allowed
    await w.bot_channel.send(file=discord.File(io.BytesIO(exact), filename="exact.bin"))
    assert backend.uploads[0].size == limits.ATTACHMENT_SIZE_LIMIT


async def test_a_real_board_picture_goes_through(world: tuple[FakeDiscord, Any]) -> None:
    backend, w = world
    result = await backend.slash(w.alice, w.channel, "pic numbers")
    attachment = result.message.attachment("board.png")
    assert image_size(attachment.data) == Image.open(io.BytesIO(attachment.data)).size
    assert attachment.size < 150 * 1024


def test_attachment_limits_pure_functions() -> None:
    errors = limits.FormErrors()
    parts = ["files[0]", "files[0]", "x", *(f"files[{n}]" for n in range(1, 9))]
    limits.check_attachments({"attachments": [{"id": 0}]}, parts, errors, ("data",))
    flat = errors.flat()
    assert "data.attachments: Must be 10 or fewer in length." in flat
    assert sum("files[n]" in line for line in flat) == 2
    refs = list(limits.attachment_references([
        {"image": {"url": "attachment://a.png"}, "thumbnail": {"url": "https://x/y.png"}},
        {"footer": {"text": "f", "icon_url": "attachment://i.gif"}},
    ]))
    assert refs == [(0, "image", "url", "a.png"), (1, "footer", "icon_url", "i.gif")]
    assert limits.attachment_reference_problem("a.png", ["a.png"]) is None
    assert "no attachment" in limits.attachment_reference_problem("b.png", ["a.png"])
    assert "ASCII" in limits.attachment_reference_problem("zoë.png", ["zoë.png"])
    assert "embed" in limits.attachment_reference_problem("a.txt", ["a.txt"])
