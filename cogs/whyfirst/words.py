"""Why First? in words: the track, the cards played, the reveals, the stages' ends and the
narration of every event, in the language spoken now."""

from __future__ import annotations

from typing import Any

from cogs.common.i18n import _, ngettext, number
from cogs.common.presenter import colour_key, joined
from cogs.whyfirst.picture import figure_colour
from rules.whyfirst.engine import TRACK_MAX, TRACK_MIN
from rules.whyfirst.scoring import second_place


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def track(positions: list[int], leo: int | None) -> str:
    """One line per figure along the -12..+16 track, labelled by its marker's shape and letter
    (the colour key under it names them), the second place marked."""
    second = second_place(positions)
    lines = []
    for figure, space in enumerate(positions):
        cells = ["|" if n == 0 else "·" for n in range(TRACK_MIN, TRACK_MAX + 1)]
        cells[space - TRACK_MIN] = "●"
        mark = " " + _("◀ 2nd") if space == second else ""
        label = figure_colour(figure, leo).mark
        lines.append(f"{label} {signed(space):>3} {''.join(cells)}{mark}")
    scale = [" "] * (TRACK_MAX - TRACK_MIN + 1)
    for space, label in ((TRACK_MIN, f"{TRACK_MIN}"), (0, "0"), (TRACK_MAX - 2, f"+{TRACK_MAX}")):
        scale[space - TRACK_MIN : space - TRACK_MIN + len(label)] = label
    indent = " " * len("● B +16 ")  # under the labels and the spaces
    return "```\n" + "\n".join([indent + "".join(scale), *lines]) + "\n```"


def figures_key(names: list[str], leo: int | None) -> str:
    """Which marker is whose in the picture and the track (a screen reader reads the names)."""
    return colour_key([(figure_colour(figure, leo), name) for figure, name in enumerate(names)])


def _points(value: int) -> str:
    """``3 points``, ``-1 point``: a stage score in words."""
    return ngettext("{points} point", "{points} points", abs(value), points=number(value))


def stage_text(score: dict[str, Any], positions: list[int] | None, names: list[str]) -> str:
    """A finished stage: where every figure ended, highest first (when its end is known), and
    who scored the second place."""
    space = score["second_place_space"]
    if space is None:
        scored = _("All figures on one space: nobody scores.")
    else:
        scorers = [names[f] for f in score["scorers"]]
        scored = ngettext(
            "Second place {space}: {names} scores {points}.",
            "Second place {space}: {names} score {points} each.",
            len(scorers), space=signed(space), names=joined(scorers), points=_points(space),
        )
    if positions is None:
        return scored
    order = sorted(range(len(positions)), key=lambda f: (-positions[f], f))
    spots = " · ".join(
        f"**{names[f]} {signed(positions[f])}**"
        if f in score["scorers"]
        else f"{names[f]} {signed(positions[f])}"
        for f in order
    )
    return f"{spots}\n{scored}"[:1024]


def totals_text(totals: list[int], names: list[str]) -> str:
    return " · ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))


def hand_text(hand: list[dict[str, Any]]) -> str:
    return " ".join(f"`{signed(card['value'])}`" for card in hand)


def _played(name: str, play: dict[str, Any], names: list[str]) -> str:
    """``🃏 anne played +3 on ben``: a card played, with the figure it goes in front of."""
    card = signed(play["value"])
    if play["target"] is None:
        return _("🃏 {name} played {card}", name=name, card=card)
    return _("🃏 {name} played {card} on {target}", name=name, card=card,
             target=names[play["target"]])


def reveal_title(reveal: dict[str, Any]) -> str:
    return _("Reveal of stage {stage}, card round {round}", stage=reveal["stage"],
             round=reveal["card_round"])


def _figure_move_line(move: dict[str, Any], names: list[str]) -> str:
    """A figure moved; in the tactical variant, by whom when it was another's figure."""
    mover = move.get("seat", move["figure"])
    fields = {"name": names[move["figure"]], "start": signed(move["from"]),
              "end": signed(move["to"])}
    if mover == move["figure"]:
        return _("➡️ {name} moves from {start} to {end}", **fields)
    return _("➡️ {name} moves from {start} to {end} (moved by {mover})", mover=names[mover],
             **fields)


def reveal_lines(reveal: dict[str, Any], names: list[str]) -> list[str]:
    """Every card turned face up (Leo's too) and every figure it moved."""
    lines = [_played(names[play["seat"]], play, names) for play in reveal["plays"]]
    if reveal.get("leo"):
        lines.append(_("🃏 Leo turned up {card}", card=signed(reveal["leo"]["value"])))
    lines += [
        _figure_move_line(move, names)
        for move in reveal.get("moves", [])
        if move["from"] != move["to"]  # a figure at the end of the track that did not move
    ]
    return lines


def event_lines(event: dict[str, Any], names: list[str]) -> list[str]:
    """One event of the match as the table saw it (never a card still face down)."""
    kind = event["kind"]
    if kind == "committed":
        return [_("🂠 {name} put a card face down.", name=names[event["seat"]])]
    if kind == "revealed":
        return [f"**{reveal_title(event)}**", *reveal_lines(event, names)]
    if kind == "figure_moved" and event["from"] != event["to"]:
        return [_figure_move_line(event, names)]
    if kind == "stage_scored":
        text = stage_text(event, event.get("positions"), names)
        return [_("**Stage {stage} ended**", stage=event["stage"]), *text.split("\n"),
                _("Totals: {totals}", totals=totals_text(event["totals"], names))]
    if kind == "stage_started":
        return [_("Stage {stage} begins: every figure back on 0, new hands dealt.",
                  stage=event["stage"])]
    if kind == "match_over":
        return [_("🏁 The match is over.")]
    return []


def board_title(view: dict[str, Any], over: bool) -> str:
    """The board's title: the stage and card round, or the final board; the variant named."""
    tactical = view["variant"] == "tactical"
    if over:
        return _("Why First? (tactical): final board") if tactical else _(
            "Why First?: final board")
    fields = {"stage": view["stage"], "round": view["card_round"]}
    if tactical:
        return _("Why First? (tactical): stage {stage}/5 · card round {round}/5", **fields)
    return _("Why First?: stage {stage}/5 · card round {round}/5", **fields)
