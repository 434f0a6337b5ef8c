"""Every word printed in the Why First? board picture, in the language spoken now."""

from __future__ import annotations

from cogs.common.i18n import _
from rules.whyfirst.state import CARD_ROUNDS, STAGES


def header(over: bool, stage: int, card_round: int) -> str:
    """``Stage 2 of 5 · card round 3 of 5``, or the final board's."""
    if over:
        return _("Final board · after stage {stages}", stages=STAGES)
    return _(
        "Stage {stage} of {stages} · card round {round} of {rounds}",
        stage=stage, stages=STAGES, round=card_round, rounds=CARD_ROUNDS,
    )


def tactical() -> str:
    return _("Tactical variant")


def second_tag() -> str:
    """The tag under the second place's column."""
    return _("2nd")


def order_of_moves() -> str:
    return _("Order of moves:")


def after_the_reveal() -> str:
    """The order of moves before the cards are turned up."""
    return _("after the next reveal")


def stage_column(stage: int) -> str:
    return _("Stage {stage}", stage=stage)


def total_column() -> str:
    return _("Total")


def second_place_row() -> str:
    return _("Second place")


def nobody_second() -> str:
    """A stage whose figures all ended on one space: no second place."""
    return _("none")
