"""Great Canyon Race in words: the score track and the action row as text, what an action
card does to each car, and the story of a round."""

from __future__ import annotations

from typing import Any

from matches.match import Match
from rules.canyon import race
from rules.canyon.cards import ACCELERATION, ACTION_KINDS, ACTIONS

TRACK_SPACES = race.TRACK_TOP + 1
NAME_WIDTH = 8
SEND_WORDS = {"left": "to the player on their left", "right": "to the player on their right"}


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


def what_it_does(
    match: Match, view: dict[str, Any], plays: list[dict[str, Any]], action: dict[str, Any]
) -> str:
    """Each driver's card under ``action``, and where it takes their car."""
    effect = ACTION_KINDS[action["kind"]]
    parts = []
    for play in plays:
        seat = play["seat"]
        card, giver = scored_card(view, plays, action, seat)
        name = match.name_of(seat)[:20]
        source = f" ({match.name_of(giver)[:20]}'s)" if giver != seat else ""
        score = view["scores"][seat]
        if card["double"]:
            high = effect.apply(card["value"])
            ends = sorted({race.moved(score, high), race.moved(score, -high)})
            parts.append(
                f"{name}: ±{card['value']}{source} → ±{abs(high)}, "
                f"{score} to {' or '.join(map(str, ends))}"
            )
        else:
            gain = effect.apply(card["value"])
            parts.append(
                f"{name}: {card['label']}{source} → {signed(gain)}, "
                f"{score} to {race.moved(score, gain)}"
            )
    return "\n".join(parts)


# -- the score track --------------------------------------------------------------------------


def track(match: Match, view: dict[str, Any]) -> str:
    """One line per driver on the 0-50 track: o circled spaces, | the edge (30), ● the car."""
    lines = []
    scale = [" "] * TRACK_SPACES
    for space in range(0, TRACK_SPACES, 10):
        label = str(space)
        scale[space : space + len(label)] = label
    lines.append(f"{'':<{NAME_WIDTH}}     {''.join(scale).rstrip()}")
    for seat in range(view["players"]):
        cells = [
            "|" if space == race.EDGE else "o" if space in race.CIRCLED else "·"
            for space in range(TRACK_SPACES)
        ]
        score = view["scores"][seat]
        cells[score] = "✖" if view["eliminated"][seat] else "●"
        name = match.name_of(seat)[:NAME_WIDTH]
        lines.append(f"{name:<{NAME_WIDTH}} {score:>3} {''.join(cells)}")
    return "```\n" + "\n".join(lines) + "\n```"


def row(view: dict[str, Any], peeked: dict[str, Any] | None = None) -> str:
    """The ten action cards: face up with their name, face down as such; this round marked."""
    over = view["phase"] == "over"
    lines = []
    for cell in view["row"]:
        here = not over and cell["round"] == view["round"]
        mark = "▶" if here else "·"
        if cell["face_up"]:
            text = cell["label"]
        elif peeked is not None and peeked["round"] == cell["round"]:
            text = f"face down (you looked: {peeked['label']})"
        else:
            text = "face down"
        lines.append(f"{mark} **{cell['round']}** {text}")
    return "\n".join(lines)


# -- the round's story ------------------------------------------------------------------------


def collision_text(match: Match, current: dict[str, Any]) -> list[str]:
    if not current.get("collision"):
        return []
    callers = ", ".join(match.name_of(s) for s in current["callers"])
    victims = " and ".join(match.name_of(s) for s in current["victims"])
    collisions = current.get("collisions") or []
    tally = ", ".join(
        f"{match.name_of(s)} {collisions[s]}/{race.COLLISIONS_SURVIVED}"
        for s in current["victims"]
        if s < len(collisions)
    )
    lines = [f"💥 Collision called by {callers}! Victim: {victims} (collisions: {tally})."]
    offer = ", ".join(action["label"] for action in current["offer"])
    chooser = match.name_of(current["chooser"])
    if current.get("chosen"):
        lines.append(f"{chooser} chose **{current['chosen']['label']}** from: {offer}.")
    elif len(current["offer"]) > 1:
        lines.append(f"On offer to {chooser}: {offer}.")
    return lines


def plays_text(match: Match, current: dict[str, Any]) -> list[str]:
    return [
        f"{match.name_of(play['seat'])} played {play['label']}"
        + (" and called a collision" if play["seat"] in current["callers"] else "")
        for play in current["plays"]
    ]


def moves_text(match: Match, record: dict[str, Any]) -> list[str]:
    action = record["applied"]["label"]
    lines = []
    for move in record["moves"]:
        who = match.name_of(move["seat"])
        if move["played_by"] != move["seat"]:
            card = f"{match.name_of(move['played_by'])}'s {move['label']}"
        else:
            card = move["label"]
        if move["sign"] is not None:
            card += f" as {signed(move['value'])}"
        lines.append(
            f"{who}: {card}, {action} → {signed(move['effect'])}: "
            f"{move['from']} to **{move['to']}**"
        )
    return lines


def _applied_lines(record: dict[str, Any]) -> list[str]:
    lines = [f"Action card: **{record['applied']['label']}**"]
    if record["send"]:
        lines.append(f"Every card went {SEND_WORDS[record['send']]}.")
    return lines


def _scored_lines(match: Match, record: dict[str, Any]) -> list[str]:
    lines = moves_text(match, record)
    for seat in record["eliminated"]:
        lines.append(f"🔥 {match.name_of(seat)}'s car took a fourth collision: eliminated.")
    for seat in record["hero"]:
        lines.append(f"🦸 {match.name_of(seat)} took a fourth collision on 30: a hero finish!")
    return lines


def last_round_text(match: Match, record: dict[str, Any]) -> str:
    lines = _applied_lines(record) + collision_text(match, record) + _scored_lines(match, record)
    return "\n".join(lines)[:1024]


def current_text(match: Match, current: dict[str, Any]) -> str:
    lines = [f"Round card: **{current['round_action']['label']}**"]
    lines += plays_text(match, current)
    lines += collision_text(match, current)
    if current.get("applied") and not current.get("chosen"):
        lines.append(f"Applies: **{current['applied']['label']}**")
    return "\n".join(lines)[:1024]


# -- the log: one move's public events ------------------------------------------------------


def narrate(match: Match, events: list[dict[str, Any]]) -> list[str]:
    """The public events of one move in the board's words (a committed card stays unseen,
    a peek says which card was looked at, never what it is)."""
    return [line for event in events for line in _event_lines(match, event)]


def _event_lines(match: Match, event: dict[str, Any]) -> list[str]:
    kind = event["kind"]
    if kind == "action_revealed":
        return [f"Round {event['round']}'s action card turns face up: **{event['label']}**."]
    if kind == "committed":
        return [f"🂠 {match.name_of(event['seat'])} committed a card."]
    if kind == "revealed":
        return [
            f"**Round {event['round']} revealed** · round card: "
            f"**{event['round_action']['label']}**",
            *plays_text(match, event),
            *collision_text(match, event),
        ]
    if kind == "action_chosen":
        return [f"{match.name_of(event['seat'])} chose **{event['label']}**."]
    if kind == "sign_chosen":
        return [f"{match.name_of(event['seat'])} chose the sign of a double-value card."]
    if kind == "round_scored":
        return [f"**Round {event['round']} scored**", *_applied_lines(event),
                *_scored_lines(match, event)]
    if kind == "second_hand":
        return second_hand_lines(match, event["six_cards"], event["peekers"])
    if kind == "peeked":
        return [f"👀 {match.name_of(event['seat'])} looked at round {event['round']}'s card."]
    if kind == "match_over":
        return ["🏁 The race is over."]
    return []


def second_hand_lines(match: Match, six_cards: list[int], peekers: list[int]) -> list[str]:
    lines = ["The second hand is dealt."]
    if six_cards:
        names = ", ".join(match.name_of(s) for s in six_cards)
        lines.append(f"Six cards (highest after round 5): {names}")
    lines += [
        f"{match.name_of(seat)} (lowest after round 5) may look at a face-down card"
        for seat in peekers
    ]
    return lines


def move_words(move: str) -> str:
    """A move the table chose for a player, told to them: ``played +3 and called a
    collision``, ``chose Swap``, ``counted it as -2``, ``looked at round 4's action card``."""
    kind, rest = move[0], move[1:]
    if kind == "c":
        card, _, call = rest.partition(":")
        called = " and called a collision" if call else ""
        return f"played {ACCELERATION[int(card)].label}{called}"
    if kind == "a":
        return f"chose {ACTIONS[int(rest)].effect.label}"
    if kind == "s":
        return f"counted your card as {'plus' if rest == '+' else 'minus'}"
    return f"looked at round {rest}'s action card"
