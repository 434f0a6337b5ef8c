"""What the table's messages show: the board of a match in any status, a player's private
message, the lobby and the "How to play" page. Reads the match service; sends nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from cogs.common.components import BackButton, LobbyButton, ShowHandButton, channel_label
from cogs.common.i18n import N_, Term, _, ngettext, speaking
from cogs.common.languages import Languages
from cogs.common.log import LogButton
from cogs.common.narration import AUTOPILOT, PLAYED_FOR
from cogs.common.presenter import (
    EMBED_COLOUR,
    BoardInHand,
    Controls,
    Presenter,
    board_alt,
    moment,
    player_list,
)
from cogs.common.rulebooks import rulebook_in
from cogs.common.seatnames import name_of
from matches import clock
from matches.match import Match
from matches.records import RECENT_MOVES
from matches.service import MatchService

ENDINGS = {
    "expired": N_("The lobby of **{title}** match #{match} expired: it was never started."),
    "abandoned": N_(
        "**{title}** match #{match} ended as abandoned: nobody was playing it any more. "
        "Nothing was recorded."
    ),
}
"""How a match that ended without a result says so, by its end reason."""
TIMED_OUT = N_("⌛ Your time ran out, so the table {words} for you.")
"""What a player whose time ran out is told, in their hand and their notice."""


class Renderer:
    """Each message in its reader's language: a board in its server's, a player's private
    message in that player's, chosen anew at each render."""

    def __init__(
        self, service: MatchService, presenters: dict[str, Presenter], languages: Languages
    ) -> None:
        self.service = service
        self.presenters = presenters
        self.languages = languages

    def overview(self, game: str) -> discord.Embed:
        """The "How to play" page, in the language spoken now."""
        book = rulebook_in(game)
        section = book.overview
        embed = discord.Embed(
            title=_("How to play {title}", title=_(self.presenters[game].title)),
            description=section.body[:4096],
            colour=EMBED_COLOUR,
        )
        embed.set_footer(text=_("More: /rules show game:{game}", game=book.title))
        return embed

    async def board(self, match: Match) -> Controls:
        """The public message of a match in whatever status it is, in its server's language."""
        with speaking(self.languages.of_server(match.record.guild_id)):
            return await self._board(match)

    async def _board(self, match: Match) -> Controls:
        presenter = self.presenters[match.record.game]
        if match.status == "lobby" and not match.damaged:
            buttons = [LobbyButton(match.id, action) for action in lobby_actions(match)]
            return Controls(embed=self._lobby_embed(match, presenter), items=list(buttons))
        if match.status == "cancelled":
            embed = discord.Embed(
                title=_("{title}: cancelled", title=_(presenter.title)),
                description=ending(match, presenter)
                if match.record.end_reason in ENDINGS
                else _("This match was cancelled; nothing was recorded."),
                colour=discord.Colour.dark_grey(),
            )
            return Controls(embed=embed)
        if match.damaged:
            embed = discord.Embed(
                title=_("{title}: this match cannot go on", title=_(presenter.title)),
                description=_(
                    "Match #{match}'s saved state is damaged. Its host or a server "
                    "moderator can end it with `/{game} cancel`; "
                    "the other matches are not affected.",
                    match=match.id, game=Term(match.record.game),
                ),
                colour=discord.Colour.dark_red(),
            )
            return Controls(embed=embed)
        recent = await self.service.recent_moves(match.id, max(presenter.narration_moves, 6))
        events = [
            event
            for move in recent[len(recent) - presenter.narration_moves :]
            if presenter.narration_moves
            for event in move.events
        ]
        embed = presenter.board(match, events)
        if match.status == "playing":
            await self._add_clock(embed, match, recent)
        alt = board_alt(presenter, match, embed.title)
        pictures = [replace(picture, alt=picture.alt or alt)
                    for picture in await presenter.board_pictures(match)]
        board = Controls(embed=embed, pictures=pictures)
        if match.status == "playing":  # once over, the result carries the log
            board.items += [ShowHandButton(match.id), LogButton(match.id)]
        return board

    async def _add_clock(self, embed: discord.Embed, match: Match, recent: list[Any]) -> None:
        """The pace, the next deadline, who is away and who just ran out of time."""
        lines = [_(match.pace.title)]
        deadline = (await self.service.deadlines(match.id)).get("decision")
        if deadline is not None:
            lines[0] = _(
                "{pace} · next deadline {when}",
                pace=lines[0], when=f"<t:{int(deadline.due_at)}:R>",
            )
        point = match.decision_point()
        for move in recent:
            # A computer seat plays for itself: only players' seats are said to be played for.
            if move.how in PLAYED_FOR and move.seat is not None and (
                move.decision_point >= point - 1
            ):
                lines.append(_(PLAYED_FOR[move.how], name=name_of(match, move.seat)))
        away = [
            _(AUTOPILOT[seat.autopilot], name=name_of(match, seat.seat))
            for seat in match.seats if seat.autopilot
        ]
        if away:
            lines.append(_("On autopilot: {players}", players=", ".join(away)))
        embed.add_field(
            name=_("Clock"), value="\n".join(dict.fromkeys(lines))[:1024], inline=False
        )

    def _lobby_embed(self, match: Match, presenter: Presenter) -> discord.Embed:
        engine = match.engine
        lines = [
            _("Host: {host}", host=f"<@{match.host_id}>"),
            _("Pace: {pace}.", pace=_(match.pace.title)),
        ]
        options = presenter.describe_options(match.record.options)
        if options:
            lines.append(options)
        lines.append(
            _(
                "{least}-{most} players. Press **Join** to take a seat; the host presses "
                "**Start**, and can fill seats with computer players.",
                least=engine.min_players, most=engine.max_players,
            )
        )
        embed = discord.Embed(
            title=_("{title}: new match", title=_(presenter.title)),
            description="\n".join(lines),
            colour=EMBED_COLOUR,
        )
        embed.add_field(
            name=_(
                "Players ({seated}/{most})", seated=len(match.seats), most=engine.max_players
            ),
            value=player_list(match),
        )
        seating = presenter.seating(match)
        if seating:
            embed.add_field(name=_("Seating"), value=seating[:1024])
        embed.set_footer(text=_("Match #{match}", match=match.id))
        return embed

    async def controls(self, match: Match, user_id: int, choice: str | None = None) -> Controls:
        """The private message of one player (or of someone who left the lobby), in their
        language; ``choice``: the first step of a move already picked."""
        with speaking(self.languages.of_player(user_id)):
            return await self._controls(match, user_id, choice)

    async def _controls(self, match: Match, user_id: int, choice: str | None) -> Controls:
        presenter = self.presenters[match.record.game]
        channel = f"<#{match.record.channel_id}>"
        seat = match.seat_of(user_id)
        title = _(presenter.title)
        if seat is None:
            return Controls(
                content=_("You left the **{title}** match in {channel}.", title=title,
                          channel=channel)
            )
        if match.status == "lobby" and user_id == match.host_id:
            return Controls(
                content=_(
                    "Your seat in **{title}** in {channel}: you are the host, so your hand "
                    "will appear in this message when you press **{start}** on the lobby.",
                    title=title, channel=channel,
                    start=channel_label(self.languages.of_server(match.record.guild_id), "start"),
                )
            )
        if match.status == "lobby":
            return Controls(
                content=_(
                    "Your seat in **{title}** in {channel}: your hand will appear in this "
                    "message when the host starts the match.",
                    title=title, channel=channel,
                )
            )
        if match.status == "cancelled" and match.record.end_reason in ENDINGS:
            return Controls(content=ending(match, presenter))
        if match.status == "cancelled":
            if match.record.end_reason == "channel_gone":
                return Controls(
                    content=_(
                        "The **{title}** match #{match} has ended: its channel was deleted or "
                        "I can no longer reach it. Nothing was recorded.",
                        title=title, match=match.id,
                    )
                )
            return Controls(
                content=_("The **{title}** match in {channel} was cancelled.", title=title,
                          channel=channel)
            )
        if match.damaged:
            return Controls(
                content=_(
                    "The **{title}** match in {channel} cannot go on: its saved state is "
                    "damaged. Its host or a moderator can end it.",
                    title=title, channel=channel,
                )
            )
        controls = presenter.controls(match, seat, choice)
        if controls.embed is not None:
            # The private message tells the story too: what just happened, the standings.
            recent = await self.service.recent_moves(match.id, presenter.narration_moves)
            events = [event for move in recent for event in move.events]
            for name, value in presenter.story(match, events, seat):
                if len(controls.embed.fields) < 20:
                    controls.embed.add_field(name=name, value=value[:1024], inline=False)
            if isinstance(presenter, BoardInHand) and match.status == "playing":
                controls.pictures = await presenter.hand_pictures(match, seat)
                await self._link_board(match, controls.embed)
        autopilot = match.seats[seat].autopilot
        if match.status == "playing" and autopilot is None and seat in match.awaited():
            deadline = (await self.service.deadlines(match.id)).get("decision")
            if deadline is not None and deadline.decision_point == match.decision_point():
                controls.content = _lines(
                    controls.content, _("⏳ Due {when}.", when=moment(deadline.due_at))
                )
        timed_out = await self._timed_out(match, seat) if match.status == "playing" else None
        if timed_out:
            controls.content = _lines(timed_out, controls.content)
        if autopilot == "absent" and match.status == "playing":
            controls.content = _lines(
                _("You are away: your seat plays on autopilot. Press **I'm back** to play again."),
                controls.content,
            )
            controls.items = [BackButton(match.id)]
        elif autopilot == "resigned" and match.status == "playing":
            controls.content = _("You resigned: your seat plays on autopilot to the end.")
            controls.items = []
        return controls

    async def timed_out(self, match: Match, seat: int) -> str | None:
        """What the table played for a player whose last move it chose as their time ran
        out, and how many more time-outs in a row put their seat on autopilot: in the
        player's language."""
        with speaking(self.languages.of_player(match.seats[seat].user_id)):
            return await self._timed_out(match, seat)

    async def _timed_out(self, match: Match, seat: int) -> str | None:
        recent = await self.service.recent_moves(match.id, RECENT_MOVES)
        last = next((move for move in reversed(recent) if move.seat == seat), None)
        if last is None or last.how != "timeout":
            return None
        presenter = self.presenters[match.record.game]
        told = _(TIMED_OUT, words=presenter.move_words(match, seat, last.move))
        left = clock.ABSENT_AFTER_TIMEOUTS - match.seats[seat].timeouts
        if left > 0:
            return told + " " + ngettext(
                "{count} more time-out in a row and your seat plays on autopilot until you "
                "come back.",
                "{count} more time-outs in a row and your seat plays on autopilot until you "
                "come back.",
                left,
            )
        if match.seats[seat].dms_closed:  # their hand is reached from the board only
            return told + " " + _(
                "That was {count} in a row: your seat plays on autopilot until you press "
                "**{show}** on the board, then **I'm back**.",
                count=clock.ABSENT_AFTER_TIMEOUTS,
                show=channel_label(self.languages.of_server(match.record.guild_id), "show"),
            )
        return told + " " + _(
            "That was {count} in a row: your seat plays on autopilot until you press "
            "**I'm back** in your hand.",
            count=clock.ABSENT_AFTER_TIMEOUTS,
        )

    async def _link_board(self, match: Match, embed: discord.Embed) -> None:
        """A link to the board in the channel, under the hand."""
        board = (await self.service.messages(match.id)).get("board")
        if board is None or len(embed.fields) >= 25:
            return
        url = f"https://discord.com/channels/{match.record.guild_id}/{board.channel_id}/"
        embed.add_field(
            name=_("Board"),
            value=_(
                "[The board in {channel}]({link})",
                channel=f"<#{board.channel_id}>", link=f"{url}{board.message_id}",
            ),
            inline=False,
        )


def _lines(*lines: str | None) -> str:
    return "\n".join(line for line in lines if line)


def ending(match: Match, presenter: Presenter) -> str:
    return _(ENDINGS[match.record.end_reason or ""], title=_(presenter.title), match=match.id)


def lobby_actions(match: Match) -> list[str]:
    """The lobby's buttons: computer seats can be added while there is room, and removed."""
    actions = ["join", "leave", "start", "cancel", "howto"]
    if len(match.seats) < match.engine.max_players:
        actions += ["easy", "strong"]
    if any(seat.computer for seat in match.seats):
        actions.append("unseat")
    return actions
