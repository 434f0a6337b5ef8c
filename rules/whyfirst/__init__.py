"""Why First?: the race where second place scores. ``ENGINE`` implements ``rules.base.Engine``."""

from rules.whyfirst.cards import DECK, Card
from rules.whyfirst.engine import ENGINE, WhyFirstEngine
from rules.whyfirst.scoring import StageScore
from rules.whyfirst.state import WhyFirstState

__all__ = ["DECK", "ENGINE", "Card", "StageScore", "WhyFirstEngine", "WhyFirstState"]
