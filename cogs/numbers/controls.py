"""Sequence Numbers in a player's DM: their hand in words and the buttons and menus to play a
card on a space, trade a dead card or discard."""

from __future__ import annotations

from typing import Any

import discord

from cogs.common.components import ChoiceButton, MoveButton, MoveSelect
from cogs.common.i18n import _
from cogs.common.presenter import EMBED_COLOUR, Controls
from cogs.common.seatnames import name_of
from cogs.numbers.symbols import colour_name
from cogs.numbers.words import ROWS, card_text, side_name, space_name
from matches.match import Match

MENU_LIMIT = 25
LABEL = 80
"""The longest button label Discord takes."""
OPTION = 100
"""The longest select option label and placeholder Discord takes."""
BACK = "back"
HAND_PICTURE = "hand.png"


def controls(match: Match, seat: int, choice: str | None = None) -> Controls:
    """The private message of ``seat`` now (``choice``: a card, and perhaps a row, picked)."""
    view = match.engine.view(match.state, seat)
    embed = discord.Embed(
        title=_("Sequence Numbers · your hand ({side})",
                side=side_name(view["side_of_seat"][seat])),
        description="\n".join(hand_line(card) for card in view["hand"]) or _("(empty)"),
        colour=EMBED_COLOUR,
    )
    embed.set_footer(text=_("Match #{match}", match=match.id))
    if view["over"]:
        channel = f"<#{match.record.channel_id}>"
        return Controls(
            content=_("The match is over: the result is in {channel}.", channel=channel),
            embed=embed,
        )
    legal = match.engine.legal_moves(match.state, seat)
    if not legal:
        (awaited,) = view["awaiting"]
        return Controls(content=_("Waiting for {name}.", name=name_of(match, awaited)),
                        embed=embed)
    embed.set_image(url=f"attachment://{HAND_PICTURE}")
    embed.description = "\n".join(hand_line(card, legal, view) for card in view["hand"])
    point = match.decision_point()
    card_id, row = _parse_choice(choice)
    card = next((c for c in view["hand"] if c["id"] == card_id), None)
    if card is None:
        return _hand_buttons(match, view, legal, point, embed)
    codes = [code for code in legal if code[1:].split("@")[0] == str(card["id"])]
    codes = [code for code in codes if code[0] in "pm"]
    minus = card["kind"] == "minus"
    name = card_text(card)
    back = ChoiceButton(match.id, point, BACK, label=_("Other card")[:LABEL], row=4)
    if len(codes) > MENU_LIMIT and row is None:
        rows = sorted({_row_of(code) for code in codes})
        items: list[discord.ui.Item[Any]] = [
            ChoiceButton(match.id, point, f"c{card['id']}.r{r}",
                         label=_("Row {row}", row=ROWS[r])[:LABEL])
            for r in rows
        ]
        items.append(back)
        if minus:
            text = _("{card}: pick the row of the space to remove an opponent's chip from.",
                     card=name)
        else:
            text = _("{card}: pick the row of the space to put a chip on.", card=name)
        return Controls(text, embed, items)
    if row is not None:
        codes = [code for code in codes if _row_of(code) == row]
    options = [
        discord.SelectOption(label=_space_label(code, view)[:OPTION], value=code)
        for code in codes
    ][:MENU_LIMIT]
    if minus:
        placeholder = _("The space to remove an opponent's chip from")
        text = _("{card}: pick the space to remove an opponent's chip from.", card=name)
    else:
        placeholder = _("The space to put a chip on")
        text = _("{card}: pick the space to put a chip on.", card=name)
    menu = MoveSelect(match.id, point, options=options, placeholder=placeholder[:OPTION], row=0)
    return Controls(text, embed, [menu, back])


def hand_line(
    card: dict[str, Any], legal: list[str] | None = None, view: dict[str, Any] | None = None
) -> str:
    """A card as a player reads it: what it does, where it can go (marked on the picture
    of a hand on turn), or why it cannot be played now (``legal``: the moves on turn; None
    while waiting)."""
    name = card_text(card)
    playable = legal is None or any(_card_of(code) == card["id"] for code in legal)
    if card["kind"] == "plus":
        return _("**{card}**: a chip on any open space", card=name)
    if card["kind"] == "minus":
        if not playable:
            return _("**{card}**: cannot be played now, no opponent chip can be removed "
                     "(chips in a sequence stay)", card=name)
        return _("**{card}**: remove an opponent's chip that is not in a sequence", card=name)
    if card["dead"]:
        if view is not None and view["traded"]:
            return _("**{card}**: dead, both {answer}s are covered (you traded a card this turn "
                     "already)", card=name, answer=card["answer"])
        return _("**{card}**: dead, both {answer}s are covered (trade it once per turn)",
                 card=name, answer=card["answer"])
    spaces = [space_name(s) for s in card["targets"]]
    if legal is None:  # waiting: the hand has no picture to mark them on
        if len(spaces) == 1:
            return _("**{card}**: a chip on a {answer}, free at {space}", card=name,
                     answer=card["answer"], space=spaces[0])
        return _("**{card}**: a chip on a {answer}, free at {first} or {second}",
                 card=name, answer=card["answer"], first=spaces[0], second=spaces[-1])
    if len(spaces) == 1:
        return _("**{card}**: a chip on a {answer}, free at {space} (marked)", card=name,
                 answer=card["answer"], space=spaces[0])
    return _("**{card}**: a chip on a {answer}, free at {first} or {second} (marked)",
             card=name, answer=card["answer"], first=spaces[0], second=spaces[-1])


def _hand_buttons(
    match: Match, view: dict[str, Any], legal: list[str], point: int, embed: discord.Embed
) -> Controls:
    playable = {code[1:].split("@")[0] for code in legal if code[0] in "pm"}
    items: list[discord.ui.Item[Any]] = []
    for card in view["hand"]:
        key = str(card["id"])
        name = card_text(card)
        if key in playable:
            items.append(ChoiceButton(match.id, point, f"c{key}", label=name[:LABEL], row=0))
        if f"t{key}" in legal:
            items.append(
                MoveButton(match.id, point, f"t{key}", label=_("Trade {card}", card=name)[:LABEL],
                           style=discord.ButtonStyle.secondary, row=1)
            )
        if f"d{key}" in legal:
            items.append(
                MoveButton(match.id, point, f"d{key}",
                           label=_("Discard {card}", card=name)[:LABEL],
                           style=discord.ButtonStyle.danger, row=2)
            )
    if playable:
        note = _("Pick a card to play.")
    elif any(code[0] == "t" for code in legal):
        note = _("No card can be played: trade a dead card first.")
    else:
        note = _("No card can be played: discard one and draw.")
    return Controls(note, embed, items)


def _card_of(code: str) -> int | None:
    """The card a play or Minus code uses (``p17@C4``), None for a trade or discard."""
    if code[0] not in "pm":
        return None
    return int(code[1:].split("@")[0])


def _space_label(code: str, view: dict[str, Any]) -> str:
    """A menu's space in words: ``40 at A7``, or whose chip a Minus removes."""
    where = code.split("@")[1]
    space = ROWS.index(where[0]) * 10 + int(where[1:]) - 1
    if code[0] == "m":
        return _("{colour} chip at {space}", colour=colour_name(view["chips"][space]),
                 space=where)
    number = view["layout"][space]
    if number:
        return _("{number} at {space}", number=number, space=where)
    return _("free corner {space}", space=where)


def _parse_choice(choice: str | None) -> tuple[int | None, int | None]:
    """``c17`` (a card picked) or ``c17.r3`` (and a row of the board)."""
    if not choice or not choice.startswith("c"):
        return None, None
    card, _sep, row = choice[1:].partition(".r")
    if not card.isdigit() or (row and not row.isdigit()):
        return None, None
    return int(card), int(row) if row else None


def _row_of(code: str) -> int:
    return ROWS.index(code.split("@")[1][0])
