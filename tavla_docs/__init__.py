"""tavla-docs: verified rule pages for tavla, backgammon and their cousins.

The package's front door: the engine's value types and generator, and the games of the box.
The layers beneath (see docs/architecture.md): `engine` → `variants` → `formats`, `analysis`
→ `diagram` → `scenario` → `render` → `site` → `cli`.
"""
from __future__ import annotations

from .engine.board import Geometry, Position, PositionError, Side
from .engine.dice import ALL_ROLLS, Roll, RollError
from .engine.movegen import legal_plays
from .engine.play import Move, Play, TurnContext
from .engine.rules import Ruleset, RulesetError
from .variants import BACKGAMMON, TAVLA, ruleset

__all__ = [
    "ALL_ROLLS", "BACKGAMMON", "Geometry", "Move", "Play", "Position", "PositionError", "Roll",
    "RollError", "Ruleset", "RulesetError", "Side", "TAVLA", "TurnContext", "legal_plays", "ruleset",
]
__version__ = "0.1.0"
