"""Players at the table for ``bench.table``: the bot on a database file, matches seated and
opened through the simulated Discord, which control a player clicks in each game, and
clicks sent without waiting for everything the bot sets off."""

from __future__ import annotations

import asyncio
import random
from collections import defaultdict
from collections.abc import Awaitable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot import Settings, TableBot
from data.postgres import is_url
from localdiscord import Channel, FakeDiscord, InteractionResult, Message, RemoteBot, User

GAMES = ("whyfirst", "hare", "canyon", "numbers")
PACE = "live"
"""Matches in the bench are live: their players are at the table."""
CHANNELS_PER_SERVER = 100
MENU, MOVE, STEP = "ms:", "mv:", "ch:"
"""A menu of moves, a move button, a first step of a move (a card, a hare, a row)."""
PREFERENCE: dict[str, tuple[str, ...]] = {
    # Which control a player takes first when their hand offers several kinds.
    "whyfirst": (MOVE, STEP),  # a card, then the player it is played on
    "hare": (MENU, MOVE, STEP),  # a hare, then a space from the menus, or a button move
    "canyon": (MOVE, STEP),  # a card, then play it (calling a collision or not)
    "numbers": (MENU, STEP, MOVE),  # a card (and a row), then a space; else trade or discard
}
BACK = ":back"
"""A step back to the whole hand: never taken, it plays nothing."""
Bot = TableBot | RemoteBot
"""A bot connected to the simulated Discord: here, or in a process of its own."""
DEADLINE = 3.0
"""Seconds Discord gives the bot to answer an interaction; later answers are refused."""


@dataclass(frozen=True)
class Seating:
    """Where a match is played: its channel and its players, in seat order."""

    channel: Channel
    players: list[User]
    game: str


@dataclass(frozen=True)
class Control:
    """One click a player can make: a button, or a menu with the value picked."""

    custom_id: str
    value: str | None = None

    @property
    def plays(self) -> bool:
        """Whether the click plays a move (else it is a first step of one)."""
        return not self.custom_id.startswith(STEP)


@dataclass
class Click:
    game: str
    control: Control
    result: InteractionResult
    due: float
    """When the click was meant to be sent, on the backend's clock."""

    @property
    def latency(self) -> float | None:
        """Seconds from the click to its answer; None when it was never answered."""
        record = self.result.record
        return None if record.responded_at is None else record.responded_at - record.created_at

    @property
    def refused(self) -> bool:
        return self.result.ephemeral


def simulated_discord(global_rate: int | None = None) -> FakeDiscord:
    """The simulated Discord of a bench run: patient with a loaded bot, and keeping no
    request or response bodies in its call log (the run counts calls, and the log would
    otherwise swell the heap the bot's garbage collector scans). It has no global rate
    limit: the bench measures what the bot itself can do, as for a bot whose limit Discord
    raised; section 3 says what Discord's own 50 calls a second allow. ``global_rate``:
    a limit to keep after all (the bot must be told it too)."""
    return FakeDiscord(settle_timeout=600, call_bodies=False, global_rate=global_rate)


def table_bot(
    token: str, path: Path | str, seed: int = 7, global_rate: int | None = None
) -> TableBot:
    """The real bot on the database at ``path`` (a file, or a PostgreSQL URL); matches are
    dealt from seeded draws (in a process of its own: ``bench.apart.remote_table_bot``).
    ``global_rate``: Discord's global rate limit, kept by the bot (None: none, as the
    simulated Discord has none)."""
    seeds = random.Random(seed)
    url = str(path) if is_url(path) else None
    settings = Settings(token, Path(path) if url is None else Path(), None, "WARNING",
                        global_rate=global_rate, database_url=url)
    return TableBot(settings, new_seed=lambda: seeds.randrange(1 << 62), settle_heap=True)


def seat_matches(
    backend: FakeDiscord, games: Sequence[str], matches: int, players: int
) -> list[Seating]:
    """Channels (a hundred per server) and players for ``matches`` matches, games in turn."""
    seatings = []
    for n in range(matches):
        if n % CHANNELS_PER_SERVER == 0:
            server = backend.add_guild(f"Bench {n // CHANNELS_PER_SERVER}")
        game = games[n % len(games)]
        channel = backend.add_text_channel(server, f"{game}-{n}")
        seated = [backend.add_user(f"m{n}p{k}", guild=server) for k in range(players)]
        seatings.append(Seating(channel, seated, game))
    return seatings


async def open_all(
    backend: FakeDiscord, seatings: Sequence[Seating], bots: Sequence[Bot] = ()
) -> None:
    """Open and start every match through Discord, sixteen at a time; wait until quiet.
    ``bots``: processes sharing the database, the matches dealt to them in turn (each
    opened by the one its clicks go to, ``process_of``); default: the first connected."""
    await at_most(16, (
        _open(backend, s, process_of(bots, n)) for n, s in enumerate(seatings)
    ))
    await backend.settle()
    for seating in seatings:  # another process may send a hand after the table is quiet
        await _offered(backend, seating)


HANDS_PATIENCE = 60.0
"""Seconds a started match may take to offer its first click in a hand."""


async def _offered(backend: FakeDiscord, seating: Seating) -> None:
    """Wait until one of the match's players has something to click in their hand, woken
    by what the bot sends to their DMs."""
    probe, until = random.Random(0), backend.clock() + HANDS_PATIENCE
    dms = [backend.dm_channel(player) for player in seating.players]
    while not any(next_control(seating.game, hand(backend, player), probe)
                  for player in seating.players):
        left = until - backend.clock()
        if left <= 0:
            raise RuntimeError(f"no hand in {seating.channel.name} offered a click")
        await backend.activity_in(*dms, timeout=left)


def process_of(bots: Sequence[Bot], match: int) -> Bot | None:
    """The bot process Discord sends the ``match``-th match's interactions to: the matches
    dealt in turn to ``bots`` (None: the first connected)."""
    return bots[match % len(bots)] if bots else None


async def _open(backend: FakeDiscord, seating: Seating, to: Bot | None) -> None:
    """The first player opens a lobby, the others join, the first starts."""
    host, *others = seating.players
    channel = seating.channel
    await _answer_of(backend, backend.slash(host, channel, f"{seating.game} new", pace=PACE), to)
    for player in others:
        board = backend.channel_messages(channel)[0]
        await _answer_of(backend, backend.click(player, board, label="Join"), to)
    board = backend.channel_messages(channel)[0]
    await _answer_of(backend, backend.click(host, board, label="Start"), to)


async def _answer_of(
    backend: FakeDiscord, action: Awaitable[InteractionResult], to: Bot | None = None
) -> None:
    """Send one user action (to the bot process ``to``) and wait for its answer only, not
    for all it sets off."""
    async with backend.simultaneously(settle=False):
        if to is not None:
            backend.serve(to)  # the action is fed before anything else runs
        result = await action
    await until_answered(backend, result)


async def until_answered(backend: FakeDiscord, result: InteractionResult) -> None:
    """Wait for the interaction's answer, or until Discord's deadline for it has passed
    (then no answer is taken any more)."""
    left = result.record.created_at + DEADLINE - backend.clock()
    await backend.answered(result, timeout=max(0.0, left) + 0.05)


async def at_most(count: int, jobs: Iterable[Awaitable[None]]) -> None:
    """Run the jobs, ``count`` at a time."""
    gate = asyncio.Semaphore(count)

    async def gated(job: Awaitable[None]) -> None:
        async with gate:
            await job

    await asyncio.gather(*(gated(job) for job in jobs))


def hand(backend: FakeDiscord, user: User) -> Message | None:
    """The player's hand: the first message in their DMs (notices come after it)."""
    messages = backend.dm_messages(user)
    return messages[0] if messages else None


def next_control(game: str, message: Message | None, rng: random.Random) -> Control | None:
    """The click a player makes on their hand: a random one of the kind the game prefers."""
    if message is None:
        return None
    offered: dict[str, list[Control]] = defaultdict(list)
    for menu in message.selects:
        if menu.custom_id.startswith(MENU) and not menu.disabled:
            offered[MENU] += [Control(menu.custom_id, value) for value in menu.values]
    for button in message.buttons:
        cid = button.custom_id or ""
        if cid.startswith((MOVE, STEP)) and not button.disabled and not cid.endswith(BACK):
            offered[cid[: len(MOVE)]].append(Control(cid))
    for kind in PREFERENCE[game]:
        if offered[kind]:
            return rng.choice(offered[kind])
    return None


async def send(
    backend: FakeDiscord, game: str, user: User, message: Message, control: Control,
    due: float | None = None,
) -> Click:
    """Click without waiting for the answer (call inside ``simultaneously(settle=False)``);
    ``due``: when the click was meant to be sent (default: now)."""
    due = backend.clock() if due is None else due
    if control.value is not None:
        result = await backend.select(user, message, [control.value], custom_id=control.custom_id)
    else:
        result = await backend.click(user, message, custom_id=control.custom_id)
    return Click(game, control, result, due)


async def click_now(
    backend: FakeDiscord, game: str, user: User, rng: random.Random, to: Bot | None = None
) -> Click | None:
    """The player clicks what their hand offers and waits for the answer; None: nothing
    to click. ``to``: the bot process Discord sends the click to (default: the first)."""
    message = hand(backend, user)
    control = next_control(game, message, rng)
    if message is None or control is None:
        return None
    async with backend.simultaneously(settle=False):
        if to is not None:
            backend.serve(to)  # the click is fed before anything else runs
        click = await send(backend, game, user, message, control)
    await until_answered(backend, click.result)
    return click


async def keep_clicking(
    backend: FakeDiscord, game: str, user: User, until: float, rng: random.Random,
    clicks: list[Click], to: Bot | None = None,
) -> None:
    """One player clicks whatever their hand offers as soon as it offers it, until
    ``until`` (the backend's clock); after a refusal they wait for the hand to change.
    ``to``: the bot process Discord sends their clicks to (default: the first)."""
    dm = backend.dm_channel(user)
    while backend.clock() < until:
        click = await click_now(backend, game, user, rng, to)
        if click is not None:
            clicks.append(click)
        if click is None or click.refused:
            await backend.activity_in(dm, timeout=max(0.0, until - backend.clock()))


async def decide(
    backend: FakeDiscord, game: str, user: User, rng: random.Random, clicks: list[Click]
) -> None:
    """One whole decision: the player's steps, then the move (each answer awaited)."""
    while (click := await click_now(backend, game, user, rng)) is not None:
        clicks.append(click)
        if click.control.plays or click.refused:
            return
