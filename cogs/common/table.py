"""The shared table: lobby, moves, private hands and the public board, for every game.

Cogs stay thin: a slash command or a button hands over here; the table asks the
match service, answers the interaction (privately when refusing) and keeps the
match's messages up to date: one board per match in its channel, one hand
message per player in their DMs, both edited in place and coalesced.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from cogs.common.coalescer import Coalescer
from cogs.common.components import LobbyButton, ShowHandButton
from cogs.common.presenter import EMBED_COLOUR, Controls, Presenter, player_list
from matches.service import Match, MatchError, MatchService, Player
from rules.rulebook import all_rulebooks

log = logging.getLogger(__name__)

BOARD = "board"
CANNOT_SEND_TO_USER = 50007
DMS_CLOSED_NOTICE = (
    "I can't send you direct messages, so your hand stays here in the channel: "
    "press **Show my hand** on the board whenever it is your move."
)


def hand_purpose(seat: int) -> str:
    return f"hand:{seat}"


class Table:
    """Runs every match of every game on behalf of the cogs."""

    def __init__(
        self, bot: discord.Client, service: MatchService, presenters: Mapping[str, Presenter]
    ) -> None:
        self.bot = bot
        self.service = service
        self.presenters = presenters
        self._boards: Coalescer[int] = Coalescer(self._update_board)
        self._hands: Coalescer[tuple[int, int]] = Coalescer(self._update_hand)

    # -- slash commands --------------------------------------------------------------

    async def open_lobby(
        self, interaction: discord.Interaction[Any], game: str, options: dict[str, Any]
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            await self.refuse(interaction, "Matches are played in a server channel.")
            return
        try:
            match = await self.service.create(
                game,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host=_player(interaction.user),
                options=options,
            )
        except MatchError as error:
            await self.refuse(interaction, error.reason)
            return
        board = await self.render_board(match)
        await interaction.response.send_message(**board.message_kwargs())
        message = await interaction.original_response()
        await self.service.remember_message(
            match.id, BOARD, message.channel.id, message.id, board.fingerprint()
        )
        await self._welcome(interaction, match.id, 0)

    async def cancel_in_channel(self, interaction: discord.Interaction[Any], game: str) -> None:
        match = await self._open_here(interaction, game)
        if match is None:
            return
        moderator = isinstance(interaction.user, discord.Member) and (
            interaction.user.guild_permissions.manage_guild
        )
        try:
            match = await self.service.cancel(match.id, interaction.user.id, moderator=moderator)
        except MatchError as error:
            await self.refuse(interaction, error.reason)
            return
        await interaction.response.send_message(
            f"The {self.presenters[game].title} match was cancelled by {interaction.user.mention}."
        )
        self._refresh_everything(match)

    async def repost_board(self, interaction: discord.Interaction[Any], game: str) -> None:
        """Post the board again at the bottom of the channel; the old one is retired."""
        match = await self._open_here(interaction, game)
        if match is None:
            return
        board = await self.render_board(match)
        await interaction.response.send_message(**board.message_kwargs())
        message = await interaction.original_response()
        old = (await self.service.messages(match.id)).get(BOARD)
        await self.service.remember_message(
            match.id, BOARD, message.channel.id, message.id, board.fingerprint()
        )
        if old is not None:
            try:
                await self._partial(old.channel_id, old.message_id).delete()
            except discord.HTTPException:
                log.info("old board of match %s was already gone", match.id)

    async def _open_here(self, interaction: discord.Interaction[Any], game: str) -> Match | None:
        match = None
        if interaction.channel_id is not None:
            match = await self.service.open_in_channel(game, interaction.channel_id)
        if match is None:
            title = self.presenters[game].title
            await self.refuse(interaction, f"There is no open {title} match in this channel.")
        return match

    # -- buttons ---------------------------------------------------------------------

    async def on_lobby_button(
        self, interaction: discord.Interaction[Any], match_id: int, action: str
    ) -> None:
        try:
            match = await self.service.get(match_id)
            if action == "howto":
                await self._send_overview(interaction, match.record.game)
                return
            user = interaction.user
            if action == "join":
                match = await self.service.join(match_id, _player(user))
            elif action == "leave":
                match = await self.service.leave(match_id, user.id)
            elif action == "start":
                match = await self.service.start(match_id, user.id)
            else:
                match = await self.service.cancel(match_id, user.id)
        except MatchError as error:
            await self.refuse(interaction, error.reason)
            return
        board = await self.render_board(match)
        await interaction.response.edit_message(**board.message_kwargs())
        await self._note_shown(match_id, BOARD, interaction, board)
        if action == "join":
            seat = match.seat_of(interaction.user.id)
            assert seat is not None
            await self._welcome(interaction, match_id, seat)
        elif action in ("start", "cancel"):
            self._refresh_everything(match)

    async def on_move(
        self, interaction: discord.Interaction[Any], match_id: int, point: int, move: str
    ) -> None:
        try:
            result = await self.service.play(match_id, interaction.user.id, point, move)
        except MatchError as error:
            await self.refuse(interaction, error.reason)
            return
        match = result.match
        controls = self._controls(match, result.seat)
        await interaction.response.edit_message(**controls.message_kwargs())
        await self._note_shown(match.id, hand_purpose(result.seat), interaction, controls)
        self._boards.request(match.id)
        if result.new_decision or result.finished:
            for seat in match.seats:
                if seat.seat != result.seat:
                    self._hands.request((match.id, seat.seat))
        if result.finished:
            await self._announce_result(match)

    async def on_choice(
        self, interaction: discord.Interaction[Any], match_id: int, point: int, choice: str
    ) -> None:
        try:
            match, seat = await self.service.awaited_seat(match_id, interaction.user.id, point)
        except MatchError as error:
            await self.refuse(interaction, error.reason)
            return
        controls = self.presenters[match.record.game].controls(match, seat, choice)
        await interaction.response.edit_message(**controls.message_kwargs())

    async def on_show_hand(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        try:
            match = await self.service.get(match_id)
            seat = match.seat_of(interaction.user.id)
            if seat is None:
                raise MatchError("You are not playing in this match.")
            if match.status == "lobby":
                raise MatchError("Your hand arrives once the host starts the match.")
        except MatchError as error:
            await self.refuse(interaction, error.reason)
            return
        controls = self._controls(match, seat)
        await interaction.response.send_message(**controls.message_kwargs(), ephemeral=True)

    async def refuse(self, interaction: discord.Interaction[Any], reason: str) -> None:
        """Answer privately and change nothing."""
        if interaction.response.is_done():
            await interaction.followup.send(reason, ephemeral=True)
        else:
            await interaction.response.send_message(reason, ephemeral=True)

    async def _send_overview(self, interaction: discord.Interaction[Any], game: str) -> None:
        section = all_rulebooks()[game].overview
        embed = discord.Embed(
            title=f"How to play {self.presenters[game].title}",
            description=section.body[:4096],
            colour=EMBED_COLOUR,
        )
        embed.set_footer(text=f"More: /rules show game:{game}")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # -- rendering -------------------------------------------------------------------

    async def render_board(self, match: Match) -> Controls:
        """The public message of a match in whatever status it is."""
        presenter = self.presenters[match.record.game]
        if match.status == "lobby":
            buttons = [LobbyButton(match.id, action) for action in LobbyButton.STYLES]
            return Controls(embed=self._lobby_embed(match, presenter), items=list(buttons))
        if match.status == "cancelled":
            embed = discord.Embed(
                title=f"{presenter.title}: cancelled",
                description="This match was cancelled; nothing was recorded.",
                colour=discord.Colour.dark_grey(),
            )
            return Controls(embed=embed)
        recent = await self.service.recent_events(match.id, presenter.narration_moves)
        board = Controls(embed=presenter.board(match, recent))
        if match.status == "playing":
            board.items.append(ShowHandButton(match.id))
        return board

    def _lobby_embed(self, match: Match, presenter: Presenter) -> discord.Embed:
        engine = match.engine
        lines = [f"Host: <@{match.host_id}>"]
        options = presenter.describe_options(match.record.options)
        if options:
            lines.append(options)
        lines.append(
            f"{engine.min_players}-{engine.max_players} players. "
            "Press **Join** to take a seat; the host presses **Start**."
        )
        embed = discord.Embed(
            title=f"{presenter.title}: new match", description="\n".join(lines), colour=EMBED_COLOUR
        )
        embed.add_field(
            name=f"Players ({len(match.seats)}/{engine.max_players})", value=player_list(match)
        )
        embed.set_footer(text=f"Match #{match.id}")
        return embed

    def _controls(self, match: Match, seat: int) -> Controls:
        presenter = self.presenters[match.record.game]
        channel = f"<#{match.record.channel_id}>"
        if match.status == "lobby":
            return Controls(
                content=f"You joined **{presenter.title}** in {channel}. "
                "Your hand will appear in this message when the host starts the match."
            )
        if match.status == "cancelled":
            return Controls(content=f"The **{presenter.title}** match in {channel} was cancelled.")
        return presenter.controls(match, seat)

    # -- keeping messages up to date -------------------------------------------------

    def _refresh_everything(self, match: Match) -> None:
        self._boards.request(match.id)
        for seat in match.seats:
            self._hands.request((match.id, seat.seat))

    async def resume(self) -> int:
        """Bring every open match's board and hands up to date (after a restart)."""
        ongoing = await self.service.ongoing()
        for match in ongoing:
            self._refresh_everything(match)
        return len(ongoing)

    async def wait_idle(self) -> None:
        await self._boards.wait_idle()
        await self._hands.wait_idle()

    async def _update_board(self, match_id: int) -> None:
        match = await self.service.get(match_id)

        async def post(board: Controls) -> discord.Message | None:
            if match.status not in ("lobby", "playing"):
                return None
            return await self._partial(match.record.channel_id).send(**board.message_kwargs())

        await self._keep(match_id, BOARD, await self.render_board(match), post)

    async def _update_hand(self, key: tuple[int, int]) -> None:
        match_id, seat = key
        match = await self.service.get(match_id)
        record = match.seats[seat] if seat < len(match.seats) else None
        if record is None or record.user_id is None or record.dms_closed:
            return
        user_id = record.user_id

        async def send(controls: Controls) -> discord.Message | None:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            try:
                return await user.send(**controls.message_kwargs())
            except discord.Forbidden as error:
                if error.code != CANNOT_SEND_TO_USER:
                    raise
            await self.service.mark_dms_closed(match_id, seat)
            if match.status == "playing":
                await self._partial(match.record.channel_id).send(
                    f"<@{user_id}> {DMS_CLOSED_NOTICE}",
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
            return None

        await self._keep(match_id, hand_purpose(seat), self._controls(match, seat), send)

    async def _keep(
        self,
        match_id: int,
        purpose: str,
        controls: Controls,
        send_new: Callable[[Controls], Awaitable[discord.Message | None]],
    ) -> None:
        """Edit a kept message to show ``controls`` (unless it already does), else send it."""
        fingerprint = controls.fingerprint()
        stored = (await self.service.messages(match_id)).get(purpose)
        if stored is not None:
            if stored.fingerprint == fingerprint:
                return
            try:
                await self._partial(stored.channel_id, stored.message_id).edit(
                    **controls.message_kwargs()
                )
                await self.service.note_fingerprint(match_id, purpose, fingerprint)
                return
            except discord.NotFound:
                log.info("message %s of match %s was deleted; sending it anew", purpose, match_id)
        message = await send_new(controls)
        if message is not None:
            await self.service.remember_message(
                match_id, purpose, message.channel.id, message.id, fingerprint
            )

    async def _note_shown(
        self,
        match_id: int,
        purpose: str,
        interaction: discord.Interaction[Any],
        controls: Controls,
    ) -> None:
        """Remember what a kept message shows after an interaction edited it in place."""
        stored = (await self.service.messages(match_id)).get(purpose)
        shown = interaction.message
        if stored is not None and shown is not None and shown.id == stored.message_id:
            await self.service.note_fingerprint(match_id, purpose, controls.fingerprint())

    async def _welcome(
        self, interaction: discord.Interaction[Any], match_id: int, seat: int
    ) -> None:
        """Open the player's hand message at once, so closed DMs are found and told privately.

        Found later, in play, they are told in the channel instead (no interaction to answer).
        """
        await self._hands.request((match_id, seat))
        match = await self.service.get(match_id)
        if match.seats[seat].dms_closed:
            await interaction.followup.send(DMS_CLOSED_NOTICE, ephemeral=True)

    async def _announce_result(self, match: Match) -> None:
        embed = self.presenters[match.record.game].result(match)
        await self._partial(match.record.channel_id).send(embed=embed)

    def _partial(self, channel_id: int, message_id: int | None = None) -> Any:
        channel = self.bot.get_partial_messageable(channel_id)
        return channel if message_id is None else channel.get_partial_message(message_id)


def _player(user: discord.abc.User) -> Player:
    return Player(user.id, user.display_name)
