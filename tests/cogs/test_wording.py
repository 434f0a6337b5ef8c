"""Wording that reads like a person wrote it."""

from __future__ import annotations

from cogs.common.presenter import plural
from cogs.whyfirst.render import WhyFirstPresenter


def test_counts_take_the_word_that_goes_with_them() -> None:
    assert [plural(n, "carrot") for n in (0, 1, 2)] == ["0 carrots", "1 carrot", "2 carrots"]
    assert plural(1, "lettuce") == "1 lettuce" and plural(3, "win") == "3 wins"


def test_a_figure_that_did_not_move_is_not_narrated() -> None:
    reveal = {
        "plays": [{"seat": 0, "value": 4, "target": 1}, {"seat": 1, "value": 2, "target": 0}],
        "moves": [
            {"figure": 1, "from": 16, "to": 16},  # already at the top of the track
            {"figure": 0, "from": 3, "to": 5},
        ],
    }
    text = WhyFirstPresenter()._reveal_text(reveal, ["anne", "eve"])
    assert "eve moves from +16 to +16" not in text and "➡️ anne moves from +3 to +5" in text
