"""The match service: lobby and seating, start and end, over the moves of ``matches.play``."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

from data import clocks, paces, seat_rows, server_settings, versions
from data import matches as rows
from data.database import Database
from data.errors import IntegrityError
from matches import clock, upkeep
from matches.match import Match, MatchError, Player
from matches.play import DAMAGED, MatchPlay
from matches.records import on_fresh_state
from matches.replay import Replays
from rules.base import LEVELS, N_, Engine, InvalidOptions, Term

COMPUTER_NAMES = ("Ada", "Alan", "Grace", "Edsger", "Barbara", "Claude")
"""First names of computer seats; the name says what they are: "Ada (easy bot)"."""
COMPUTER_SEAT = "{name} ({level} bot)"
"""A computer seat's name as it is stored: its first name, then how well it plays."""


class MatchService(MatchPlay):
    """Lobby and play for every game, over the matches' records."""

    def __init__(
        self,
        store: Database,
        engines: Mapping[str, Engine[Any]],
        new_seed: Callable[[], int] = lambda: secrets.randbits(62),
        now: Callable[[], float] = time.time,
    ) -> None:
        """``now``: the clock, seconds since the epoch (tests pass one they control)."""
        super().__init__(store, engines, now)
        self._new_seed = new_seed
        self.replays = Replays()
        """The replays built lately (``/replay``): a click steps without rebuilding."""

    async def upkeep(self) -> None:
        """The work a database of earlier versions needs, in the background
        (``matches.upkeep``)."""
        await upkeep.upkeep(self._store, self._engines)

    async def create(
        self,
        game: str,
        *,
        guild_id: int,
        channel_id: int,
        host: Player,
        options: Mapping[str, Any],
        pace: str | None = None,
    ) -> Match:
        """A new lobby; ``pace`` None: the server's default pace, read as the lobby opens
        (another process may have just set it), else the table's."""
        engine = self._engines[game]
        if pace is not None and pace not in clock.PACES:
            raise MatchError(N_("The pace must be one of {paces}."), paces=", ".join(clock.PACES))
        try:
            # Checked now for the player; defaults that depend on the number of players
            # are settled at the start, so the lobby keeps what was asked for.
            engine.options(options, engine.max_players)
        except InvalidOptions as error:
            raise MatchError(str(error)) from None
        try:
            async with self._store.transaction() as db:
                if pace is None:
                    pace = clock.pace_of(await paces.server_pace(db, guild_id)).key
                match_id = await rows.insert_match(
                    db,
                    game=game,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_id=host.user_id,
                    options=dict(options),
                    pace=pace,
                )
                await seat_rows.add_seat(db, match_id, host.user_id, host.name)
                now = self.now()
                await clocks.set_deadline(
                    db, match_id, "lobby", opened_at=now, due_at=now + clock.LOBBY_LIFETIME,
                    decision_point=0,
                )
        except IntegrityError:
            raise MatchError(
                N_(
                    "There is already an open {title} match in this channel: "
                    "join it, or ask its host to cancel it."
                ),
                title=Term(engine.title),
            ) from None
        return await self.get(match_id)

    async def server_pace(self, guild_id: int) -> clock.Pace | None:
        """The server's default pace for new lobbies; None: the table's default."""
        async with self._store.read() as db:
            key = await paces.server_pace(db, guild_id)
        return clock.PACES.get(key) if key else None

    async def set_server_pace(self, guild_id: int, pace: str | None) -> None:
        """The server's default pace for new lobbies (None: the table's default again)."""
        async with self._store.transaction() as db:
            await paces.set_server_pace(db, guild_id, pace, now=time.time())

    async def notice_channel(self, guild_id: int) -> int | None:
        """The server's channel for the notices posted in a channel; None: each match's."""
        async with self._store.read() as db:
            return await server_settings.notice_channel(db, guild_id)

    async def set_notice_channel(self, guild_id: int, channel_id: int | None) -> None:
        """The server's channel for the notices posted in a channel (None: each match's)."""
        async with self._store.transaction() as db:
            await server_settings.set_server_setting(
                db, guild_id, "notices", channel_id, now=time.time()
            )

    @on_fresh_state
    async def join(self, match_id: int, player: Player) -> Match:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if match.seat_of(player.user_id) is not None:
                raise MatchError(N_("You have already joined this match."))
            if len(match.seats) >= match.engine.max_players:
                raise MatchError(
                    N_("This match is full ({count} players)."), count=match.engine.max_players
                )
            async with self.changing(match_id) as db:
                await seat_rows.add_seat(db, match_id, player.user_id, player.name)
                await versions.set_status(
                    db, match_id, expected_version=match.version, status="lobby"
                )
            return await self.get(match_id)

    @on_fresh_state
    async def leave(self, match_id: int, user_id: int) -> Match:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if match.seat_of(user_id) is None:
                raise MatchError(N_("You are not in this match."))
            if user_id == match.host_id:
                raise MatchError(N_("You are the host: cancel the match instead of leaving it."))
            async with self.changing(match_id) as db:
                await seat_rows.remove_seat(db, match_id, user_id)
                await versions.set_status(
                    db, match_id, expected_version=match.version, status="lobby"
                )
            return await self.get(match_id)

    @on_fresh_state
    async def add_computer(self, match_id: int, user_id: int, level: str) -> Match:
        """The host seats a computer player ('easy' or 'strong') in the lobby."""
        if level not in LEVELS:
            raise MatchError(N_("A computer plays easy or strong."))
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if user_id != match.host_id:
                raise MatchError(N_("Only the host can add computer players."))
            if len(match.seats) >= match.engine.max_players:
                raise MatchError(
                    N_("This match is full ({count} players)."), count=match.engine.max_players
                )
            taken = {seat.display_name.split(" (")[0] for seat in match.seats if seat.computer}
            first = next(n for n in COMPUTER_NAMES if n not in taken)
            name = COMPUTER_SEAT.format(name=first, level=level)
            async with self.changing(match_id) as db:
                await seat_rows.add_computer_seat(db, match_id, level, name)
                await versions.set_status(
                    db, match_id, expected_version=match.version, status="lobby"
                )
            return await self.get(match_id)

    @on_fresh_state
    async def remove_computer(self, match_id: int, user_id: int) -> Match:
        """The host takes the last computer player added out of the lobby."""
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if user_id != match.host_id:
                raise MatchError(N_("Only the host can remove computer players."))
            computers = [seat.seat for seat in match.seats if seat.computer]
            if not computers:
                raise MatchError(N_("There is no computer player in this match."))
            async with self.changing(match_id) as db:
                await seat_rows.remove_seat_at(db, match_id, computers[-1])
                await versions.set_status(
                    db, match_id, expected_version=match.version, status="lobby"
                )
            return await self.get(match_id)

    async def rematch(self, match_id: int, host: Player) -> Match:
        """A new lobby in the same channel with the same game, options, pace and computer
        seats, hosted by the player who asks; the other players are invited to join."""
        old = await self.get(match_id)
        if old.seat_of(host.user_id) is None:
            raise MatchError(N_("Only the players of this match can ask for a rematch."))
        if old.status != "finished":
            raise MatchError(N_("A rematch follows a finished match."))
        match = await self.create(
            old.record.game,
            guild_id=old.record.guild_id,
            channel_id=old.record.channel_id,
            host=host,
            options=old.record.options,
            pace=old.record.pace,
        )
        for seat in old.seats:
            if seat.computer and seat.level is not None:
                match = await self.add_computer(match.id, host.user_id, seat.level)
        return match

    @on_fresh_state
    async def start(self, match_id: int, user_id: int) -> Match:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if user_id != match.host_id:
                raise MatchError(N_("Only the host can start the match."))
            engine, players = match.engine, len(match.seats)
            if players < engine.min_players:
                raise MatchError(
                    N_("{title} needs at least {count} players."),
                    title=Term(engine.title), count=engine.min_players,
                )
            try:
                options = engine.options(match.record.options, players)
            except InvalidOptions as error:
                raise MatchError(str(error)) from None
            state = engine.setup(players, options, self._new_seed())
            async with self.changing(match.id) as db:
                await versions.update_match(
                    db, match.id, expected_version=match.version, status="playing",
                    state=engine.dump(state),
                )
                await clocks.clear_deadlines(db, match.id, "lobby")
                await self._schedule(db, Match(match.record, engine, state), opened=True)
            return await self.get(match.id)

    @on_fresh_state
    async def cancel(self, match_id: int, user_id: int, *, moderator: bool = False) -> Match:
        """End an open match without a result (the host, or a moderator, may)."""
        async with self._locks[match_id]:
            match = await self.get(match_id)
            if not match.record.is_open:
                raise MatchError(N_("This match is already over."))
            if user_id != match.host_id and not moderator:
                raise MatchError(N_("Only the host (or a server moderator) can cancel this match."))
            return await self.end_without_result(match, "cancelled")

    @on_fresh_state
    async def end_unreachable(self, match_id: int) -> Match | None:
        """End an open match whose channel is gone; None when it had already ended."""
        async with self._locks[match_id]:
            match = await self.get(match_id)
            if not match.record.is_open:
                return None
            return await self.end_without_result(match, "channel_gone")

    async def _lobby(self, match_id: int) -> Match:
        match = await self.get(match_id)
        if match.damaged:
            raise MatchError(DAMAGED)
        if match.status != "lobby":
            raise MatchError(
                N_("This match has already started.")
                if match.status == "playing"
                else N_("This match is over.")
            )
        return match
