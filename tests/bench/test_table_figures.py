"""The pieces of ``bench.table`` that decide what a player clicks and what a figure says."""

from __future__ import annotations

import gc
import math
import random

from bench import bare
from bench.figures import busiest, busiest_channel, hands_ceiling, percentile
from bench.garbage import Collections, described
from bench.playing import next_control
from localdiscord import Call, Channel, Message, User


def _hand(*controls: dict) -> Message:
    rows = [{"type": 1, "components": [control]} for control in controls]
    return Message(id=1, channel=Channel(id=2, name=None, type=1), author=User(3, "bot"),
                   components=rows)


def _button(custom_id: str) -> dict:
    return {"type": 2, "style": 2, "label": custom_id, "custom_id": custom_id}


def _menu(custom_id: str, *values: str) -> dict:
    return {"type": 3, "custom_id": custom_id,
            "options": [{"label": v, "value": v} for v in values]}


def _call(path: str, at: float) -> Call:
    return Call(seq=0, method="PATCH", path=path, route=None, query={}, json=None, files=[],
                status=200, response=None, at=at)


def test_a_card_is_picked_before_it_can_be_played_in_why_first() -> None:
    rng = random.Random(1)
    cards = _hand(_button("ch:5:1:c3"), _button("ch:5:1:c7"))
    assert next_control("whyfirst", cards, rng).custom_id in ("ch:5:1:c3", "ch:5:1:c7")
    targets = _hand(_button("ch:5:1:c3"), _button("mv:5:1:p3:0"))
    control = next_control("whyfirst", targets, rng)
    assert control.custom_id == "mv:5:1:p3:0" and control.plays


def test_a_sequence_numbers_card_comes_before_a_trade_and_back_is_never_taken() -> None:
    rng = random.Random(2)
    hand = _hand(_button("ch:5:1:c9"), _button("mv:5:1:t9"), _button("ch:5:1:back"))
    picked = next_control("numbers", hand, rng)
    assert picked.custom_id == "ch:5:1:c9" and not picked.plays
    step = _hand(_menu("ms:5:1:0", "c9@a1", "c9@b2"), _button("ch:5:1:back"))
    chosen = next_control("numbers", step, rng)
    assert chosen.custom_id == "ms:5:1:0" and chosen.value in ("c9@a1", "c9@b2")
    assert next_control("numbers", _hand(_button("ch:5:1:back")), rng) is None


def test_a_hare_menu_move_comes_before_the_buttons() -> None:
    hand = _hand(_menu("ms:5:1:0", "f4"), _button("mv:5:1:t"), _button("ch:5:1:m1"))
    assert next_control("hare", hand, random.Random(3)).value == "f4"


def test_discords_ceiling_counts_only_the_edits_of_hands() -> None:
    hands = [_call("/channels/7/messages/1", 0.5), _call("/channels/8/messages/2", 1.0)]
    board = [_call("/channels/9/messages/3", 1.5)] * 3
    answers = [Call(seq=0, method="POST", path="/interactions/1/t/callback", route=None,
                    query={}, json=None, files=[], status=204, response=None, at=1.0)] * 4
    # Two hand edits in four clicks; 400 hands, each edited at most once a second over 5 s.
    said = hands_ceiling(hands + board + answers, {7, 8}, 4, 400, 5.0)
    assert said.startswith("Discord's ceiling on these clicks: 800 a second (400 hands")
    assert "0.50 hand edits a click" in said
    # Over 2.5 s a hand may still be edited 5 times: twice as many a second.
    assert "1600 a second" in hands_ceiling(hands, {7, 8}, 4, 400, 2.5)
    assert "no hand was edited" in hands_ceiling(board, {7, 8}, 4, 400, 5.0)


def test_percentiles_are_nearest_rank() -> None:
    values = [float(v) for v in range(100, 0, -1)]
    assert percentile(values, 0.5) == 50 and percentile(values, 0.99) == 99
    assert percentile([7.0], 0.99) == 7
    assert math.isnan(percentile([], 0.5))


def test_the_busiest_window_counts_calls_no_further_apart_than_it_lasts() -> None:
    assert busiest([0.0, 0.5, 1.0, 1.2, 3.0], 1.0) == 3
    assert busiest([5.0, 0.0, 2.5], 5.0) == 3
    assert busiest([], 1.0) == 0


def test_the_busiest_channel_is_found_by_its_path() -> None:
    calls = [_call("/channels/7/messages/1", t) for t in (0.0, 0.3, 0.6)]
    calls += [_call("/channels/8/messages/2", t) for t in (0.0, 2.0, 4.0, 6.0)]
    calls.append(_call("/webhooks/1/abc/messages/@original", 0.1))
    assert busiest_channel(calls, 1.0) == (3, 7)
    assert busiest_channel(calls, 10.0) == (4, 8)


async def test_the_bare_bot_answers_every_click_by_editing_the_clicked_message() -> None:
    # However late a busy machine lets the clicking start, each player clicks, and every
    # click is checked to be answered by an edit of the clicked message (or it raises).
    rate, clicks, cpu = await bare.clicks_per_second(players=2, seconds=0.2)
    assert clicks >= 2 and rate > 0
    # The bot ran in a process of its own, and each process's CPU time was measured.
    assert cpu.bot["event loop"] > 0 and cpu.simulated > 0
    assert "bot's process CPU" in cpu.per(clicks, clicks)


def test_garbage_collections_are_counted_only_while_measured() -> None:
    gc.collect()
    with Collections() as collections:
        gc.collect()
        gc.collect(0)
    gc.collect()
    figures = collections.figures()
    assert figures["count"] == 2 and 0 < figures["longest"] <= figures["seconds"]
    assert collections._seen not in gc.callbacks
    assert described(figures, 4).startswith("garbage collections 2 (")
