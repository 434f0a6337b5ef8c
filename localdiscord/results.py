"""What one simulated user action produced, as a test reads it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .messages import Message
from .world import Call, InteractionRecord, Violation

if TYPE_CHECKING:
    from .sharding import Session


class InteractionResult:
    """What one simulated user action produced."""

    def __init__(self, record: InteractionRecord, calls: list[Call],
                 violations: list[Violation], received_by: list[Session]) -> None:
        self.record = record
        self.calls = calls
        self.violations = violations
        self.received_by = received_by
        """The gateway sessions Discord sent it to: the one of its server's shard, or of
        shard 0 for a DM; none when no bot runs that shard."""

    @property
    def interaction_id(self) -> int:
        return self.record.id

    @property
    def response_type(self) -> int | None:
        """The accepted initial response type (4 message, 5/6 defer, 7 update, 8, 9)."""
        return self.record.response_type

    @property
    def response_data(self) -> dict[str, Any] | None:
        return self.record.response_data

    @property
    def responded(self) -> bool:
        return self.record.response_type is not None

    @property
    def deferred(self) -> bool:
        return self.record.response_type in (5, 6)

    @property
    def message(self) -> Message | None:
        """The response message: the one created (4/5) or updated (6/7) by this interaction."""
        return self.record.original

    @property
    def followups(self) -> list[Message]:
        return [m for m in self.record.followups if m is not self.record.original]

    @property
    def messages(self) -> list[Message]:
        first = [self.message] if self.message is not None else []
        return first + self.followups

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def content(self) -> str:
        return self.message.content if self.message is not None else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.message.embeds) if self.message is not None else []

    @property
    def text(self) -> str:
        """Content and embed text of the response message and all followups."""
        return "\n".join(m.text for m in self.messages if m.text)

    @property
    def choices(self) -> list[dict[str, Any]]:
        if self.record.response_type != 8 or not self.record.response_data:
            return []
        return list(self.record.response_data.get("choices") or [])

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.record.response_data if self.record.response_type == 9 else None

    def __repr__(self) -> str:
        return (f"<InteractionResult id={self.record.id} response_type={self.response_type} "
                f"ephemeral={self.ephemeral} text={self.text[:60]!r}>")
