"""Great Canyon Race in a player's DM: their hand, the action row as they know it, and the
buttons of the decision they owe (commit a card, choose the action card, choose a sign, look
at a face-down card)."""

from __future__ import annotations

from typing import Any

import discord

from cogs.canyon.words import action_name, is_send, row, scored_card, signed, what_it_does
from cogs.common.components import ChoiceButton, MoveButton
from cogs.common.i18n import _
from cogs.common.presenter import EMBED_COLOUR, Controls
from cogs.common.seatnames import name_of
from matches.match import Match
from rules.canyon import race
from rules.canyon.cards import ACTION_KINDS, ROUNDS

BACK = "back"
LABEL = 80
"""The longest button label Discord takes."""


def _card_style(card: dict[str, Any]) -> discord.ButtonStyle:
    if card["double"]:
        return discord.ButtonStyle.primary
    return discord.ButtonStyle.success if card["value"] > 0 else discord.ButtonStyle.danger


def hand_text(hand: list[dict[str, Any]]) -> str:
    return " ".join(f"`{card['label']}`" for card in hand)


def controls(match: Match, seat: int, choice: str | None = None) -> Controls:
    """The private message of ``seat`` now (``choice``: the card already picked)."""
    view = match.engine.view(match.state, seat)
    embed = _private_embed(match, view)
    channel = f"<#{match.record.channel_id}>"
    phase = view["phase"]
    if phase == "over":
        return Controls(
            content=_("The race is over: the result is in {channel}.", channel=channel),
            embed=embed,
        )
    if view["eliminated"][seat]:
        return Controls(
            content=_("Your car is out of the race. Follow the board in {channel}.",
                      channel=channel),
            embed=embed,
        )
    if seat not in view["awaiting"]:
        return Controls(content=_waiting_text(match, view), embed=embed)
    point = match.decision_point()
    if phase == "commit":
        return _commit_controls(match, view, point, choice, embed)
    if phase == "choose":
        return _choose_controls(match, view, point, embed)
    if phase == "sign":
        return _sign_controls(match, view, point, embed)
    items: list[discord.ui.Item[Any]] = [
        MoveButton(match.id, point, f"k{cell['round']}",
                   label=_("Round {round}", round=cell["round"])[:LABEL])
        for cell in view["row"]
        if not cell["face_up"] and cell["round"] >= view["round"]
    ]
    return Controls(
        _("You had the lowest score after round 5: pick a face-down action card to look at. "
          "Only you will see it."),
        embed,
        items,
    )


def _private_embed(match: Match, view: dict[str, Any]) -> discord.Embed:
    if view["phase"] == "over":
        title = _("Great Canyon Race · final")
    else:
        title = _("Great Canyon Race · round {round}/{rounds}", round=view["round"],
                  rounds=ROUNDS)
    embed = discord.Embed(title=title, colour=EMBED_COLOUR)
    hand = hand_text(view["hand"]) or _("(empty)")
    embed.add_field(name=_("Your hand"), value=hand, inline=False)
    play = view["my_play"]
    if play:
        if play["collision"]:
            committed = _("You played {card} and called a collision.", card=play["label"])
        else:
            committed = _("You played {card}.", card=play["label"])
        embed.add_field(name=_("Committed"), value=committed)
    embed.add_field(name=_("Action cards"), value=row(view, view["peeked"]), inline=False)
    scores = " · ".join(
        f"{name_of(match, s)} {view['scores'][s]} (💥{view['collisions'][s]})"
        for s in range(view["players"])
    )
    embed.add_field(name=_("Scores"), value=scores[:1024], inline=False)
    embed.set_footer(text=_("Match #{match}", match=match.id))
    return embed


def _waiting_text(match: Match, view: dict[str, Any]) -> str:
    awaited = ", ".join(name_of(match, s) for s in view["awaiting"])
    phase = view["phase"]
    if phase == "commit":
        return _("Your card is committed. Waiting for {players}.", players=awaited)
    if phase == "choose":
        return _("Collision! Waiting for {players} to choose the action card.", players=awaited)
    if phase == "sign":
        return _("Waiting for {players} to choose the sign of a double-value card.",
                 players=awaited)
    return _("Waiting for {players} to look at a face-down action card.", players=awaited)


def _commit_controls(
    match: Match,
    view: dict[str, Any],
    point: int,
    choice: str | None,
    embed: discord.Embed,
) -> Controls:
    action = view["row"][view["round"] - 1]
    send = is_send(action)
    fields = {"round": view["round"], "card": action_name(action)}
    picked = next((c for c in view["hand"] if choice == f"c{c['card']}"), None)
    if picked is None:
        items: list[discord.ui.Item[Any]] = [
            ChoiceButton(
                match.id,
                point,
                f"c{card['card']}",
                label=card["label"],
                style=_card_style(card),
            )
            for card in view["hand"]
        ]
        if send:
            text = _("Round {round}: **{card}**. A send round: your card scores for your "
                     "neighbour, no collision. Pick the card to commit.", **fields)
        else:
            text = _("Round {round}: **{card}**. Pick the card to commit.", **fields)
        return Controls(text, embed, items)
    code = f"c{picked['card']}"
    label = picked["label"]
    items = [
        MoveButton(
            match.id, point, code, label=_("Play {card}", card=label)[:LABEL],
            style=discord.ButtonStyle.success,
        )
    ]
    if not send:
        items.append(
            MoveButton(
                match.id, point, f"{code}:x",
                label=_("Play {card} and call a collision", card=label)[:LABEL],
                style=discord.ButtonStyle.danger,
            )
        )
    items.append(ChoiceButton(match.id, point, BACK, label=_("Other card")[:LABEL]))
    if send:
        text = _("Round {round}: **{card}**. A send round: your card scores for your "
                 "neighbour, no collision. Commit {play}?", play=label, **fields)
    else:
        text = _("Round {round}: **{card}**. Commit {play}?", play=label, **fields)
    return Controls(text, embed, items)


def _choose_controls(
    match: Match, view: dict[str, Any], point: int, embed: discord.Embed
) -> Controls:
    current = view["current"]
    items: list[discord.ui.Item[Any]] = []
    for index, action in enumerate(current["offer"]):
        fields = {"number": index + 1, "card": action_name(action)}
        if index == 0:
            name = _("{number}. {card} (this round's card)", **fields)
        else:
            name = _("{number}. {card} (drawn)", **fields)
        embed.add_field(
            name=name[:256],
            value=what_it_does(match, view, current["plays"], action)[:1024],
            inline=False,
        )
        items.append(
            MoveButton(
                match.id, point, f"a{action['action']}",
                label=f"{index + 1}. {action_name(action)}"[:LABEL],
                style=discord.ButtonStyle.primary,
            )
        )
    plays = "; ".join(f"{name_of(match, p['seat'])} {p['label']}" for p in current["plays"])
    return Controls(
        _("Collision! You are the victim: choose the action card that applies to everybody "
          "this round. Cards played: {plays}.", plays=plays),
        embed,
        items,
    )


def _sign_controls(
    match: Match, view: dict[str, Any], point: int, embed: discord.Embed
) -> Controls:
    seat = view["seat"]
    current = view["current"]
    applied = current["applied"]
    card, giver = scored_card(view, current["plays"], applied, seat)
    effect = ACTION_KINDS[applied["kind"]]
    score = view["scores"][seat]
    items: list[discord.ui.Item[Any]] = []
    for sign, code in ((1, "s+"), (-1, "s-")):
        value = sign * card["value"]
        gain = effect.apply(value)
        items.append(
            MoveButton(
                match.id, point, code,
                label=_("{value} → {gain}: {score} to {end}", value=signed(value),
                        gain=signed(gain), score=score, end=race.moved(score, gain))[:LABEL],
                style=discord.ButtonStyle.success if sign > 0 else discord.ButtonStyle.danger,
            )
        )
    fields = {"value": card["value"], "card": action_name(applied)}
    if giver == seat:
        text = _("You score the double-value card ±{value} under **{card}**: choose its sign.",
                 **fields)
    else:
        text = _("You score the double-value card ±{value} (sent by {giver}) under **{card}**: "
                 "choose its sign.", giver=name_of(match, giver), **fields)
    return Controls(text, embed, items)
