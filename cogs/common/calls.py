"""When a notice in the channel calls its player with a new mention, and when it only
edits their one live message there.

Discord notifies a mention only in a new message; an edit notifies nobody. A player
whose notices go to the channel (closed DMs, or ``/notify``) keeps one live message per
match there, and a new one replaces it with a mention only when the player is *away*:
they have not been at the table (acted, or opened their hand) since their last notice,
or a reminder says they are behind. A player called to a decision who has not come back
since is not called again: their live message is edited. So a player who keeps up is
called at the start and when they fall behind; one who left is called once, not at every
decision.

Kept in memory: after a restart a player's live message is edited until they are back.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import count

from matches.keyed import Recent

KEPT = 8192
"""Players and matches remembered, the most recent."""


@dataclass(frozen=True)
class Told:
    """The order of a player's last notice and of their last call to a decision."""

    notice: int
    call: int | None


class Calls:
    """Who was told what when, in one order of events per process."""

    def __init__(self) -> None:
        self._order = count()
        self._seen: Recent[tuple[int, int], int] = Recent(KEPT)
        self._told: Recent[tuple[int, int], Told] = Recent(KEPT)

    def seen(self, match_id: int, user_id: int) -> None:
        """The player was just at the table of this match."""
        self._seen[(match_id, user_id)] = next(self._order)

    def calls(self, match_id: int, user_id: int, *, live: bool, behind: bool) -> bool:
        """Whether the next notice is a new message with a mention (else an edit of the
        ``live`` one): with no live message, or for a player away (or ``behind``: a
        reminder) who was not called to a decision since they were last at the table."""
        if not live:
            return True
        told = self._told.get((match_id, user_id))
        if told is None:
            return False
        seen = self._seen.get((match_id, user_id))
        seen = -1 if seen is None else seen
        came_back = told.call is None or told.call < seen
        return came_back and (behind or seen < told.notice)

    def told(self, match_id: int, user_id: int, *, called: bool, decision: bool) -> None:
        """A notice went out, with a mention if ``called``; ``decision``: it asks them to
        play."""
        now = next(self._order)
        before = self._told.get((match_id, user_id))
        call = now if called and decision else before.call if before else None
        self._told[(match_id, user_id)] = Told(notice=now, call=call)
