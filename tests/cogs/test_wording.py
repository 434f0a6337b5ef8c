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


def test_every_move_the_table_may_choose_for_a_player_has_words() -> None:
    """A time-out tells the player what was played for them: every code offered in 600
    random decisions of Hare and Tortoise and of the Great Canyon Race reads as words."""
    import random

    from cogs.canyon.words import move_words as canyon_words
    from cogs.hare.words import move_words as hare_words
    from rules.canyon import ENGINE as CANYON
    from rules.hare import ENGINE as HARE

    rng = random.Random(7)
    for engine, words in ((HARE, hare_words), (CANYON, canyon_words)):
        state = engine.setup(3, {}, seed=11)
        told: set[str] = set()
        for _ in range(600):
            awaited = sorted(engine.to_move(state))
            if not awaited:
                break
            seat = awaited[0]
            moves = engine.legal_moves(state, seat)
            told.update(words(move) for move in moves)
            engine.apply(state, seat, rng.choice(moves))
        assert "made a move" not in told and all(text[0].islower() for text in told)
        assert len({text.split()[0] for text in told}) >= 2, told
