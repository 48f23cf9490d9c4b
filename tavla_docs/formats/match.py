"""The match state both ID formats carry beside the checkers: cube, turn, dice and score.

A Match ID (`gnubg.py`) holds all of it; an XGID (`xgid.py`) holds most of it, so one value
type passes between them (`parse_xgid` → `format_match_id`).

>>> MatchState(doubled=True).acting
<Side.BLACK: 'black'>
"""
from __future__ import annotations

from typing import NamedTuple

from ..engine.board import Side


class MatchState(NamedTuple):
    """Cube, turn, dice and score (the parts of a Match ID / XGID beyond the checkers).

    A NamedTuple (`_replace` for a changed copy), not a dataclass: a tenth of the cost to
    define, which every start-up that reads an ID pays."""

    turn: Side = Side.WHITE
    cube: int = 1
    cube_owner: Side | None = None
    dice: tuple[int, int] | None = None
    crawford: bool = False
    length: int = 0  # 0 = money game
    score_white: int = 0
    score_black: int = 0
    doubled: bool = False
    resigned: int = 0  # 0 none, 1 single, 2 gammon, 3 backgammon offered by `turn`
    jacoby: bool = False
    ext_bit: int = 1  # Match ID bit 66 as read (gnubg's `!fJacoby`; 0 in older IDs)

    @property
    def acting(self) -> Side:
        """Who must act now: the opponent while a double or resignation is pending."""
        return self.turn.opponent if (self.doubled or self.resigned) else self.turn
