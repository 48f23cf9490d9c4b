"""Rolls of two dice.

>>> Roll.parse("6-3")
Roll(6, 3)
>>> str(Roll.parse("3-6")), Roll.parse("44").is_double
('6-3', True)
>>> sum(r.weight for r in ALL_ROLLS), len(ALL_ROLLS)
(36, 21)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import TavlaError

_ROLL = re.compile(r"^\s*([1-6])\s*[-‐–,/ x]?\s*([1-6])\s*$")


class RollError(TavlaError):
    """A roll that two six-sided dice cannot show."""


@dataclass(frozen=True, slots=True, order=True)
class Roll:
    """Two dice, stored larger first (the order of play is the player's choice)."""

    high: int
    low: int

    def __init__(self, a: int, b: int) -> None:
        for d in (a, b):
            if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
                raise RollError(f"a die shows 1 to 6, not {d!r}")
        object.__setattr__(self, "high", max(a, b))
        object.__setattr__(self, "low", min(a, b))

    @classmethod
    def parse(cls, text: str) -> Roll:
        """Read `6-3`, `63`, `6,3` or `6 3`."""
        m = _ROLL.match(str(text))
        if not m:
            raise RollError(f"not a roll: {text!r}; write two dice 1–6 like 6-3 or 5-5")
        return cls(int(m.group(1)), int(m.group(2)))

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def dice(self) -> tuple[int, int]:
        return (self.high, self.low)

    @property
    def weight(self) -> int:
        """How many of the 36 equally likely outcomes show this roll."""
        return 1 if self.is_double else 2

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Roll({self.high}, {self.low})"


ALL_ROLLS: tuple[Roll, ...] = tuple(Roll(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1))
