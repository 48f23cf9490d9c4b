"""A slow, obviously-correct bear-off solver straight from the engine's legal plays.

Expectimax with exact Fractions: E(home) = 1 + sum over the 36 rolls of
min over the engine's legal plays of E(result). Ties between plays with the
same expectation go to the resulting home with the smallest index, the rule
tavla_docs.analysis.bearoff documents. Shares nothing with the fast generator or the
scaled-integer build except that tie-break rule and `index_of`.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache

from tavla_docs import ALL_ROLLS, TAVLA, Position, Side, legal_plays
from tavla_docs.analysis.bearoff import index_of


def position_of(home: tuple[int, ...]) -> Position:
    """White's checkers on points 1..6 as given; Black's 15 on its own 6-point (B19), out of reach."""
    return Position.from_board({p: n for p, n in enumerate(home, start=1) if n}, {19: 15}, checkers=15)


def engine_results(home: tuple[int, ...], roll) -> frozenset[tuple[int, ...]]:
    plays = legal_plays(position_of(home), Side.WHITE, roll, TAVLA)
    return frozenset(tuple(p.position.white[1:7]) for p in plays)


@cache
def solve(home: tuple[int, ...]) -> tuple[Fraction, tuple[Fraction, ...]]:
    """(expected rolls, P(off in exactly n rolls) for n = 0, 1, …)."""
    if not any(home):
        return Fraction(0), (Fraction(1),)
    e = Fraction(1)
    exactly: dict[int, Fraction] = {}
    for roll in ALL_ROLLS:
        w = Fraction(roll.weight, 36)
        best = min(engine_results(home, roll), key=lambda h: (solve(h)[0], index_of(h)))
        be, bp = solve(best)
        e += w * be
        for n, p in enumerate(bp):
            exactly[n + 1] = exactly.get(n + 1, Fraction(0)) + w * p
    last = max(exactly)
    return e, tuple(exactly.get(n, Fraction(0)) for n in range(last + 1))


def off_within(home: tuple[int, ...], n: int) -> Fraction:
    return sum(solve(home)[1][: n + 1], Fraction(0))
