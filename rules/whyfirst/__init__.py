"""Why First?: the race where second place scores. ``ENGINE`` implements ``rules.base.Engine``."""

from rules.whyfirst.engine import (
    DECK,
    ENGINE,
    Card,
    StageScore,
    WhyFirstEngine,
    WhyFirstState,
)

__all__ = ["DECK", "ENGINE", "Card", "StageScore", "WhyFirstEngine", "WhyFirstState"]
