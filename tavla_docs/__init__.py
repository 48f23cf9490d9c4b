"""tavla-docs: verified rule pages for tavla, backgammon and their cousins."""
from __future__ import annotations

from .board import Geometry, Position, PositionError, Side
from .dice import ALL_ROLLS, Roll, RollError
from .moves import Move, Play, TurnContext, legal_plays
from .rules import BACKGAMMON, TAVLA, Ruleset, RulesetError, ruleset

__all__ = [
    "ALL_ROLLS", "BACKGAMMON", "Geometry", "Move", "Play", "Position", "PositionError", "Roll",
    "RollError", "Ruleset", "RulesetError", "Side", "TAVLA", "TurnContext", "legal_plays", "ruleset",
]
__version__ = "0.1.0"
