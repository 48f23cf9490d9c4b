"""What each of the 36 rolls achieves, as exact fractions N/36.

>>> from tavla_docs.board import Position, Side
>>> from tavla_docs.rules import TAVLA
>>> roll_odds(Position.from_board({6: 1}, {19: 15}), Side.WHITE, TAVLA).bears_off
Fraction(3, 4)
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .board import CHECKERS, Position, Side
from .dice import ALL_ROLLS, Roll
from .moves import legal_plays, skips_roll
from .rules import Ruleset

OUTCOMES = ("bears_off", "hits", "enters", "no_play")


@dataclass(frozen=True)
class RollOutcome:
    """One of the 21 distinct rolls, its weight in 36, and what its legal plays can achieve."""

    roll: Roll
    plays: int
    bears_off: bool  # some legal play bears off every remaining checker
    hits: bool  # some legal play hits (Tapa: pins)
    enters: bool  # some legal play enters a checker from the bar
    no_play: bool  # nothing can be played

    @property
    def weight(self) -> int:
        return self.roll.weight


@dataclass(frozen=True)
class RollOdds:
    outcomes: tuple[RollOutcome, ...]

    def count(self, what: str) -> int:
        """How many of the 36 rolls achieve `what` (one of OUTCOMES)."""
        return sum(o.weight for o in self.outcomes if getattr(o, what))

    def fraction(self, what: str) -> Fraction:
        return Fraction(self.count(what), 36)

    @property
    def bears_off(self) -> Fraction:
        return self.fraction("bears_off")


def roll_outcome(position: Position, side: Side, roll: Roll, rules: Ruleset) -> RollOutcome:
    if skips_roll(position, side, rules):
        return RollOutcome(roll, 0, False, False, False, True)
    plays = [p for p in legal_plays(position, side, roll, rules) if p.moves]
    return RollOutcome(
        roll, len(plays),
        bears_off=any(p.position.off(side) == CHECKERS for p in plays),
        hits=any(p.hits for p in plays),
        enters=any(m.src == 25 for p in plays for m in p.moves),
        no_play=not plays,
    )


def roll_odds(position: Position, side: Side, rules: Ruleset) -> RollOdds:
    """Enumerate the 21 distinct rolls (36 with weights) for `side` to play."""
    return RollOdds(tuple(roll_outcome(position, side, r, rules) for r in ALL_ROLLS))
