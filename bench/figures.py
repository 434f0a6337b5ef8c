"""Figures for ``bench.table`` taken from what the simulated Discord and the store recorded:
answer times, REST calls by kind and by channel, and where the bot's time went."""

from __future__ import annotations

import cProfile
import math
import pstats
import time
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from typing import Any

from bench.playing import DEADLINE, Click
from cogs.common.reply import DEFER_AFTER
from data.store import Store
from localdiscord import Call, FakeDiscord

CHANNEL_LIMIT, CHANNEL_WINDOW = 5, 5.0
GLOBAL_LIMIT = 50
LIMITS_SOURCE = (
    "Discord allows 5 messages per 5 s in a channel (javacord.org/wiki/advanced-topics/"
    "ratelimits.html; docs.discord.com/developers/topics/rate-limits publishes no per-route "
    "figures, only that bots read the X-RateLimit headers, and 50 requests/s in all)"
)


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (``share`` 0.5 for the median); nan if none."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def spread(seconds: Sequence[float]) -> str:
    """p50, p99 and max, in milliseconds."""
    return (
        f"p50 {1000 * percentile(seconds, 0.5):6.1f} ms  p99 "
        f"{1000 * percentile(seconds, 0.99):6.1f} ms  max "
        f"{1000 * max(seconds, default=math.nan):6.1f} ms"
    )


def answered(clicks: Iterable[Click]) -> list[float]:
    """Seconds from click to answer, of the clicks answered."""
    return [c.latency for c in clicks if c.latency is not None]


def late(clicks: Sequence[Click]) -> str:
    """How many clicks the table had to defer (not done within ``DEFER_AFTER``: the player
    sees the outcome later still), and how many Discord would have shown as failed."""
    deferred = sum(
        1 for c in clicks if c.result.deferred and (c.latency or 0.0) >= DEFER_AFTER - 0.01
    )
    unanswered = sum(1 for c in clicks if c.latency is None)
    past = sum(1 for c in clicks if c.latency is not None and c.latency > DEADLINE)
    return (
        f"{deferred} deferred at {DEFER_AFTER:g} s, {unanswered} unanswered (failed), "
        f"{past} past {DEADLINE:g} s"
    )


def kinds(calls: Iterable[Call]) -> Counter[str]:
    """REST calls by kind: method and route."""
    return Counter(f"{call.method} {call.route}" for call in calls if call.route)


def per_kind(calls: Sequence[Call], per: float) -> str:
    """REST calls by kind, divided by ``per``, most frequent first."""
    return "   ".join(f"{count / per:5.2f} {kind}" for kind, count in kinds(calls).most_common())


def busiest(stamps: Iterable[float], window: float) -> int:
    """The most of these moments within any ``window`` seconds."""
    ordered = sorted(stamps)
    best, first = 0, 0
    for last, stamp in enumerate(ordered):
        while stamp - ordered[first] > window:
            first += 1
        best = max(best, last - first + 1)
    return best


def busiest_channel(calls: Iterable[Call], window: float) -> tuple[int, int | None]:
    """The most calls about one channel within any ``window`` seconds, and that channel."""
    by_channel: dict[int, list[float]] = defaultdict(list)
    for call in calls:
        if call.channel_id is not None:
            by_channel[call.channel_id].append(call.at)
    found = [(busiest(stamps, window), channel) for channel, stamps in by_channel.items()]
    return max(found, default=(0, None))


def channel_rates(backend: FakeDiscord, calls: Sequence[Call]) -> str:
    """The busiest channel in one second and in Discord's window, against its limit."""
    second, _ = busiest_channel(calls, 1.0)
    window, channel_id = busiest_channel(calls, CHANNEL_WINDOW)
    channel = backend.world.channels.get(channel_id or 0)
    if channel is None:
        return "no calls about a channel"
    kind = "a DM" if channel.is_dm else "a board's channel"
    methods = Counter(c.method for c in calls if c.channel_id == channel_id).most_common()
    made = ", ".join(f"{count} {method}" for method, count in methods)
    return (
        f"busiest channel ({kind}; {made} in all): {second} calls in 1 s, {window} in "
        f"{CHANNEL_WINDOW:g} s (limit {CHANNEL_LIMIT} per {CHANNEL_WINDOW:g} s)"
    )


def hands_ceiling(
    calls: Sequence[Call], dms: set[int], clicks: int, hands: int, seconds: float
) -> str:
    """The most clicks a second Discord lets these matches make in ``seconds`` of clicking,
    at the hand edits a click that ``calls`` and ``clicks`` (both of those seconds) show:
    each hand (in one of the DM channels ``dms``) may be edited ``CHANNEL_LIMIT`` times in
    ``CHANNEL_WINDOW`` seconds, and a click that passes the turn edits the hand of the
    player whose turn comes."""
    edited = sum(1 for call in calls if call.method == "PATCH" and call.channel_id in dms)
    if not edited or not clicks:
        return "Discord's rate on a hand set them no ceiling: no hand was edited"
    edits = edited / clicks
    allowed = CHANNEL_LIMIT * math.ceil(seconds / CHANNEL_WINDOW) / seconds
    return (
        f"Discord's ceiling on these clicks: {hands * allowed / edits:.0f} a second ({hands} "
        f"hands, each edited at most {CHANNEL_LIMIT} times in {CHANNEL_WINDOW:g} s; "
        f"{edits:.2f} hand edits a click)"
    )


REFERENCE_QUIET = 0.041
"""Seconds the reference loop takes on the developers' machine when nothing else runs."""


def machine_speed() -> str:
    """How fast the machine runs Python right now: the same figures mean less on a machine
    slowed by other work (a shared host can halve its speed)."""
    return (
        f"machine: reference loop {1000 * reference_loop():.0f} ms "
        f"({1000 * REFERENCE_QUIET:.0f} ms when the developers' machine is quiet)"
    )


def reference_loop() -> float:
    """Seconds the reference loop takes now, at best of five."""
    return min(_reference_loop() for _ in range(5))


def _reference_loop() -> float:
    started = time.perf_counter()
    sum(i * i for i in range(1_000_000))
    return time.perf_counter() - started


@contextmanager
def profiled(top: int) -> Iterator[None]:
    """Profile the block (the event loop's thread only) and print the ``top`` functions by
    their own time; ``top`` 0: no profile."""
    if not top:
        yield
        return
    profile = cProfile.Profile()
    profile.enable()
    try:
        yield
    finally:
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(top)


class Timing:
    """How often some coroutines of the bot (or of its classes) and the store's transactions
    and reads ran, and the wall time spent in them; they overlap, so the sums may exceed
    the time elapsed. A context manager: what it wrapped is put back at the end."""

    def __init__(self, store: Store | None = None, **coroutines: tuple[object, str]) -> None:
        self.calls: Counter[str] = Counter()
        self.seconds: Counter[str] = Counter()
        self._store = store
        self._commits = store.commits if store is not None else 0
        self._wrapped: list[tuple[object, str, object]] = []
        if store is not None:
            for name in ("transaction", "read"):
                self._wrap(store, name, self._timed_context(name, getattr(store, name)))
        for label, (owner, name) in coroutines.items():
            self._wrap(owner, name, self._timed(label, getattr(owner, name)))
        self._labels = [*(("transaction", "read") if store is not None else ()), *coroutines]

    def __enter__(self) -> Timing:
        return self

    def __exit__(self, *exc_info: object) -> None:
        for owner, name, original in reversed(self._wrapped):
            if original is _ABSENT:
                delattr(owner, name)
            else:
                setattr(owner, name, original)

    def _wrap(self, owner: object, name: str, wrapper: object) -> None:
        self._wrapped.append((owner, name, vars(owner).get(name, _ABSENT)))
        setattr(owner, name, wrapper)

    @property
    def commits(self) -> int:
        """The store's commits since timing began (each may carry several transactions)."""
        return self._store.commits - self._commits if self._store is not None else 0

    def _timed(
        self, label: str, original: Callable[..., Awaitable[Any]]
    ) -> Callable[..., Awaitable[Any]]:
        async def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                self.calls[label] += 1
                self.seconds[label] += time.perf_counter() - started

        return timed

    def _timed_context(
        self, label: str, original: Callable[[], AbstractAsyncContextManager[Any]]
    ) -> Callable[[], AbstractAsyncContextManager[Any]]:
        @asynccontextmanager
        async def timed() -> AsyncIterator[Any]:
            started = time.perf_counter()
            try:
                async with original() as db:
                    yield db
            finally:
                self.calls[label] += 1
                self.seconds[label] += time.perf_counter() - started

        return timed

    def per(self, clicks: int) -> str:
        """Each timed thing: how often per click, and its mean wall time."""
        return "  ".join(
            f"{label} {self.calls[label] / clicks:4.2f}x "
            f"{1000 * self.seconds[label] / self.calls[label]:5.1f} ms"
            for label in self._labels
            if self.calls[label]
        )

    def total(self) -> str:
        """Each timed thing: its wall time in all."""
        return ", ".join(f"{label} {self.seconds[label]:4.2f} s" for label in self._labels)


_ABSENT = object()
