"""A simulated Discord backend that drives a real discord.py bot in tests.

Usage::

    async with FakeDiscord() as backend:
        guild = backend.add_guild("Test Guild")
        channel = backend.add_text_channel(guild, "general")
        alice = backend.add_user("alice", guild=guild)
        await backend.connect(bot)
        result = await backend.slash(alice, channel, "demo echo", text="hi")
        assert result.content == "hi"
        assert backend.violations == []

Uploaded files are kept: ``message.attachments[0].data`` is the bytes the bot sent,
``message.attachment("board.png")`` finds one by name, ``backend.uploads`` lists every upload.

Every request is checked against Discord's OpenAPI specification (``openapi.py``): one it
refuses is answered as Discord answers it (404, or 400 "Invalid Form Body" with the errors
tree) and recorded as a violation, which fails the test when the backend closes unless the
test took it (``take_violations``). Every answer the simulation makes up is checked too; one
that does not fit fails the test when the backend closes.

The gateway is sharded as Discord's is (``sharding``): a bot opens a session per shard it
runs (discord.py's ``AutoShardedClient`` included), each receives the events of its
servers and shard 0 the DMs; several bots, in this process or their own, may be connected
at once, each with its own shards (``backend.sessions``). ``add_guild(shard=(1, 2))`` makes
a server whose events go to shard 1 of 2.

Discord's global rate limit holds (``FakeDiscord(global_rate=50)``, the default): calls made
with the bot's token past 50 in a second are refused with a global 429 and recorded as a
violation; answers to interactions are not counted, as on Discord.
"""

from .driver import FakeDiscord
from .messages import Attachment, ButtonView, Message, SelectView
from .model import Channel, Guild, Member, Role, User
from .remote import RemoteBot, RemoteError
from .results import InteractionResult
from .server import Fault
from .world import Call, Violation

__all__ = [
    "Attachment",
    "ButtonView",
    "Call",
    "Channel",
    "FakeDiscord",
    "Fault",
    "Guild",
    "InteractionResult",
    "Member",
    "Message",
    "RemoteBot",
    "RemoteError",
    "Role",
    "SelectView",
    "User",
    "Violation",
]
