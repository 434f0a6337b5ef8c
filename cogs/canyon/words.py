"""Great Canyon Race in words: the score track and the action row as text, what an action
card does to each car, and the story of a round."""

from __future__ import annotations

from typing import Any

from cogs.common.i18n import _
from cogs.common.pictures import seat_colour
from cogs.common.presenter import colour_key, joined
from cogs.common.seatnames import name_of
from matches.match import Match
from rules.canyon import race
from rules.canyon.cards import ACCELERATION, ACTION_KINDS, ACTIONS

TRACK_SPACES = race.TRACK_TOP + 1


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def is_send(action: dict[str, Any]) -> bool:
    return bool(ACTION_KINDS[action["kind"]].send)


def scored_card(
    view: dict[str, Any], plays: list[dict[str, Any]], action: dict[str, Any], seat: int
) -> tuple[dict[str, Any], int]:
    """The card ``seat`` scores under ``action`` and who played it (a neighbour when sent)."""
    by_seat = {play["seat"]: play for play in plays}
    send = ACTION_KINDS[action["kind"]].send
    if not send:
        return by_seat[seat], seat
    racing = [play["seat"] for play in plays]
    giver = next(s for s in racing if race.receiver(racing, s, send) == seat)
    return by_seat[giver], giver


def action_name(action: dict[str, Any]) -> str:
    """An action card's name in the language spoken (the engine's label is its message)."""
    return _(action["label"])


def what_it_does(
    match: Match, view: dict[str, Any], plays: list[dict[str, Any]], action: dict[str, Any]
) -> str:
    """Each driver's card under ``action``, and where it takes their car."""
    effect = ACTION_KINDS[action["kind"]]
    parts = []
    for play in plays:
        seat = play["seat"]
        card, giver = scored_card(view, plays, action, seat)
        score = view["scores"][seat]
        fields = {
            "name": name_of(match, seat, 20), "score": score, "card": card["label"]
        }
        if giver != seat:
            fields["giver"] = name_of(match, giver, 20)
        if card["double"]:
            high = effect.apply(card["value"])
            ends = sorted({race.moved(score, high), race.moved(score, -high)})
            parts.append(_double_effect(fields, abs(high), ends))
        else:
            gain = effect.apply(card["value"])
            fields.update(gain=signed(gain), to=race.moved(score, gain))
            if "giver" in fields:
                parts.append(_("{name}: {giver}'s {card} → {gain}, {score} to {to}", **fields))
            else:
                parts.append(_("{name}: {card} → {gain}, {score} to {to}", **fields))
    return "\n".join(parts)


def _double_effect(fields: dict[str, Any], high: int, ends: list[int]) -> str:
    """A double-value card under an action: both signs, and the one or two spaces they reach."""
    fields = {**fields, "high": high, "low_end": ends[0], "high_end": ends[-1]}
    if len(ends) == 1:
        if "giver" in fields:
            return _("{name}: {giver}'s {card} → ±{high}, {score} to {low_end}", **fields)
        return _("{name}: {card} → ±{high}, {score} to {low_end}", **fields)
    if "giver" in fields:
        return _("{name}: {giver}'s {card} → ±{high}, {score} to {low_end} or {high_end}",
                 **fields)
    return _("{name}: {card} → ±{high}, {score} to {low_end} or {high_end}", **fields)


# -- the score track --------------------------------------------------------------------------


def track(view: dict[str, Any]) -> str:
    """One line per driver on the 0-50 track, labelled by their marker's shape and letter
    (the names are in the legend under it): o circled spaces, | the edge (30), ● the car."""
    lines = []
    scale = [" "] * TRACK_SPACES
    for space in range(0, TRACK_SPACES, 10):
        label = str(space)
        scale[space : space + len(label)] = label
    indent = " " * len("● B  50 ")  # under the labels and the scores
    lines.append(indent + "".join(scale).rstrip())
    for seat in range(view["players"]):
        cells = [
            "|" if space == race.EDGE else "o" if space in race.CIRCLED else "·"
            for space in range(TRACK_SPACES)
        ]
        score = view["scores"][seat]
        cells[score] = "✖" if view["eliminated"][seat] else "●"
        lines.append(f"{seat_colour(seat).mark} {score:>3} {''.join(cells)}")
    return "```\n" + "\n".join(lines) + "\n```"


def drivers_key(match: Match, view: dict[str, Any]) -> str:
    """Which car is whose, by colour, shape and letter (the final track's legend)."""
    return colour_key([(seat_colour(seat), name_of(match, seat))
                       for seat in range(view["players"])])


def row(view: dict[str, Any], peeked: dict[str, Any] | None = None) -> str:
    """The ten action cards: face up with their name, face down as such, a run of face-down
    cards on one line (short on a phone); this round marked."""
    over = view["phase"] == "over"
    face_down = _("face down")
    lines: list[list[Any]] = []  # each line's mark, first round, last round and text
    for cell in view["row"]:
        here = not over and cell["round"] == view["round"]
        if cell["face_up"]:
            text = action_name(cell)
        elif peeked is not None and peeked["round"] == cell["round"]:
            text = _("face down (you looked: {card})", card=action_name(peeked))
        else:
            text = face_down
        run = lines and lines[-1][0] == "·" and lines[-1][3] is face_down
        if text is face_down and not here and run:
            lines[-1][2] = cell["round"]
        else:
            lines.append(["▶" if here else "·", cell["round"], cell["round"], text])
    return "\n".join(
        f"{mark} **{_rounds(first, last)}** {text}" for mark, first, last, text in lines
    )


def _rounds(first: int, last: int) -> str:
    """A round, or a run of rounds: "4", "5\N{EN DASH}10"."""
    return str(first) if first == last else f"{first}\N{EN DASH}{last}"


# -- the round's story ------------------------------------------------------------------------


def collision_text(match: Match, current: dict[str, Any]) -> list[str]:
    if not current.get("collision"):
        return []
    callers = joined([name_of(match, s) for s in current["callers"]])
    victims = joined([name_of(match, s) for s in current["victims"]])
    collisions = current.get("collisions") or []
    tally = ", ".join(
        f"{name_of(match, s)} {collisions[s]}/{race.COLLISIONS_SURVIVED}"
        for s in current["victims"]
        if s < len(collisions)
    )
    lines = [_("💥 Collision called by {callers}! Victim: {victims} (collisions: {tally}).",
               callers=callers, victims=victims, tally=tally)]
    offer = ", ".join(action_name(action) for action in current["offer"])
    chooser = name_of(match, current["chooser"])
    if current.get("chosen"):
        lines.append(_("{chooser} chose **{card}** from: {offer}.", chooser=chooser,
                       card=action_name(current["chosen"]), offer=offer))
    elif len(current["offer"]) > 1:
        lines.append(_("On offer to {chooser}: {offer}.", chooser=chooser, offer=offer))
    return lines


def played_text(name: str, card: str, collision: bool) -> str:
    """``Ann played +5 and called a collision``: one driver's card, as the table saw it."""
    if collision:
        return _("{name} played {card} and called a collision", name=name, card=card)
    return _("{name} played {card}", name=name, card=card)


def plays_text(match: Match, current: dict[str, Any]) -> list[str]:
    return [
        played_text(name_of(match, play["seat"]), play["label"], play["seat"] in current["callers"])
        for play in current["plays"]
    ]


def moves_text(match: Match, record: dict[str, Any]) -> list[str]:
    action = action_name(record["applied"])
    lines = []
    for move in record["moves"]:
        fields = {
            "name": name_of(match, move["seat"]), "giver": name_of(match, move["played_by"]),
            "card": move["label"], "value": signed(move["value"]), "action": action,
            "effect": signed(move["effect"]), "start": move["from"], "end": move["to"],
        }
        sent = move["played_by"] != move["seat"]
        if move["sign"] is not None and sent:
            line = _("{name}: {giver}'s {card} as {value}, {action} → {effect}: "
                     "{start} to **{end}**", **fields)
        elif move["sign"] is not None:
            line = _("{name}: {card} as {value}, {action} → {effect}: {start} to **{end}**",
                     **fields)
        elif sent:
            line = _("{name}: {giver}'s {card}, {action} → {effect}: {start} to **{end}**",
                     **fields)
        else:
            line = _("{name}: {card}, {action} → {effect}: {start} to **{end}**", **fields)
        lines.append(line)
    return lines


def _applied_lines(record: dict[str, Any]) -> list[str]:
    lines = [_("Action card: **{card}**", card=action_name(record["applied"]))]
    if record["send"] == "left":
        lines.append(_("Every card went to the player on their left."))
    elif record["send"]:
        lines.append(_("Every card went to the player on their right."))
    return lines


def _scored_lines(match: Match, record: dict[str, Any]) -> list[str]:
    lines = moves_text(match, record)
    for seat in record["eliminated"]:
        lines.append(_("🔥 {name}'s car took a fourth collision: eliminated.",
                       name=name_of(match, seat)))
    for seat in record["hero"]:
        lines.append(_("🦸 {name} took a fourth collision on 30: a hero finish!",
                       name=name_of(match, seat)))
    return lines


def last_round_text(match: Match, record: dict[str, Any]) -> str:
    lines = _applied_lines(record) + collision_text(match, record) + _scored_lines(match, record)
    return "\n".join(lines)[:1024]


def current_text(match: Match, current: dict[str, Any]) -> str:
    lines = [_("Round card: **{card}**", card=action_name(current["round_action"]))]
    lines += plays_text(match, current)
    lines += collision_text(match, current)
    if current.get("applied") and not current.get("chosen"):
        lines.append(_("Applies: **{card}**", card=action_name(current["applied"])))
    return "\n".join(lines)[:1024]


# -- the log: one move's public events ------------------------------------------------------


def narrate(match: Match, events: list[dict[str, Any]]) -> list[str]:
    """The public events of one move in the board's words (a committed card stays unseen,
    a peek says which card was looked at, never what it is)."""
    return [line for event in events for line in _event_lines(match, event)]


def _event_lines(match: Match, event: dict[str, Any]) -> list[str]:
    kind = event["kind"]
    name = name_of(match, event["seat"]) if "seat" in event else ""
    if kind == "action_revealed":
        return [_("Round {round}'s action card turns face up: **{card}**.",
                  round=event["round"], card=action_name(event["card"]))]
    if kind == "committed":
        return [_("🂠 {name} committed a card.", name=name)]
    if kind == "revealed":
        return [
            _("**Round {round} revealed** · round card: **{card}**", round=event["round"],
              card=action_name(event["round_action"])),
            *plays_text(match, event),
            *collision_text(match, event),
        ]
    if kind == "action_chosen":
        return [_("{name} chose **{card}**.", name=name, card=action_name(event["card"]))]
    if kind == "sign_chosen":
        return [_("{name} chose the sign of a double-value card.", name=name)]
    if kind == "round_scored":
        return [_("**Round {round} scored**", round=event["round"]), *_applied_lines(event),
                *_scored_lines(match, event)]
    if kind == "second_hand":
        return second_hand_lines(match, event["six_cards"], event["peekers"])
    if kind == "peeked":
        return [_("👀 {name} looked at round {round}'s card.", name=name, round=event["round"])]
    if kind == "match_over":
        return [_("🏁 The race is over.")]
    return []


def six_cards_text(match: Match, six_cards: list[int]) -> str:
    names = ", ".join(name_of(match, s) for s in six_cards)
    return _("Six cards (highest after round 5): {names}", names=names)


def second_hand_lines(match: Match, six_cards: list[int], peekers: list[int]) -> list[str]:
    lines = [_("The second hand is dealt.")]
    if six_cards:
        lines.append(six_cards_text(match, six_cards))
    lines += [
        _("{name} (lowest after round 5) may look at a face-down card", name=name_of(match, seat))
        for seat in peekers
    ]
    return lines


def move_words(move: str) -> str:
    """A move the table chose for a player, told to them: ``played +3 and called a
    collision``, ``chose Swap``, ``counted it as -2``, ``looked at round 4's action card``."""
    kind, rest = move[0], move[1:]
    if kind == "c":
        card, _code, call = rest.partition(":")
        label = ACCELERATION[int(card)].label
        if call:
            return _("played {card} and called a collision", card=label)
        return _("played {card}", card=label)
    if kind == "a":
        return _("chose {card}", card=_(ACTIONS[int(rest)].effect.label))
    if kind == "s":
        return _("counted your card as plus") if rest == "+" else _(
            "counted your card as minus")
    return _("looked at round {round}'s action card", round=rest)
