"""What the notices remember of players' last actions stays bounded and exact."""

from __future__ import annotations

from types import SimpleNamespace

from cogs.common.notices import FORGET_ABOVE, Notices
from matches import clock


def test_players_no_longer_active_are_forgotten_and_active_ones_kept() -> None:
    now = [1_000_000.0]
    notices = Notices(None, SimpleNamespace(now=lambda: now[0]), {}, None)  # type: ignore[arg-type]
    for match_id in range(3 * FORGET_ABOVE):
        notices.acted(match_id, 7)
        now[0] += clock.ACTIVE_WINDOW / 1000  # a thousand actions per window
    assert len(notices._last_action) <= 2 * FORGET_ABOVE
    last = 3 * FORGET_ABOVE - 1
    assert notices._active(last, 7)
    assert notices._active(last - 900, 7)
    assert not notices._active(0, 7)
    # A window with more active players than the bound keeps them all.
    for user_id in range(FORGET_ABOVE + 500):
        notices.acted(1, user_id)
    assert all(notices._active(1, user_id) for user_id in range(FORGET_ABOVE + 500))
