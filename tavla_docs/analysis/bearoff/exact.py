"""Exact `Fraction`s for page claims, by a memoised recursion separate from the build.

Quick for small homes, correct for any home, just slower (a 6-checker home
takes seconds: hundreds of smaller homes in `Fraction` arithmetic); it plays
the same best play and tie break as the build, so tests compare the two on
every small home. Each home is computed once: memoised in the process, and
kept on disk for later processes (`exact_store`, which checks what it reads).

>>> exact_expected_rolls((0, 0, 0, 0, 0, 1))
Fraction(5, 4)
>>> exact_off_within((0, 0, 0, 0, 0, 1), 1), exact_off_within((0, 0, 0, 0, 0, 1), 2)
(Fraction(3, 4), Fraction(1, 1))
>>> race_win_chance((1, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0))
Fraction(1, 1)
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from ...engine.board import Position, Side
from ...engine.dice import ALL_ROLLS
from . import exact_store
from .index import Home, check_home, home_of, index_of, nonempty_home
from .moves import home_plays


@cache
def _exact(home: Home) -> tuple[Fraction, tuple[Fraction, ...]]:
    """(expected rolls, P(off in exactly n rolls) for n = 0, 1, …): from the disk cache, else computed and stored."""
    if not any(home):
        return Fraction(0), (Fraction(1),)
    found = exact_store.load(home)
    if found is None:
        found = _compute(home)
        exact_store.save(home, found)
    return found


def _compute(home: Home) -> tuple[Fraction, tuple[Fraction, ...]]:
    """The plain recursion (successors through `_exact`, so each is computed or read once)."""
    e_sum = Fraction(0)
    acc: list[Fraction] = [Fraction(0)]
    for roll in ALL_ROLLS:
        best = min(home_plays(home, roll), key=lambda h: (_exact(h)[0], index_of(h)))
        e, p = _exact(best)
        w = Fraction(roll.weight, 36)
        e_sum += w * e
        while len(acc) < len(p) + 1:
            acc.append(Fraction(0))
        for n, x in enumerate(p):
            acc[n + 1] += w * x
    return 1 + e_sum, tuple(acc)


def exact_expected_rolls(home: Sequence[int]) -> Fraction:
    """Exact mean rolls to bear off under best play (fast up to ~6 checkers)."""
    return _exact(check_home(home))[0]


def exact_distribution(home: Sequence[int]) -> tuple[Fraction, ...]:
    """Exact P(off in exactly n rolls) for n = 0 .. the most rolls best play needs."""
    return _exact(check_home(home))[1]


def exact_off_within(home: Sequence[int], n: int) -> Fraction:
    """Exact P(every checker off within n rolls) under best play."""
    return sum(exact_distribution(home)[:max(n, -1) + 1], Fraction(0))


def race_win_chance(on_roll: Sequence[int], other: Sequence[int]) -> Fraction:
    """Exact chance that the side on roll bears off first, both in pure bear-offs.

    The side on roll wins if it finishes in n rolls while the other side has
    not finished in n - 1: sum over n of P_on(exactly n) * P_other(> n - 1).

    Caveat, honestly: this combines the two one-sided distributions as if they
    were independent, i.e. each side plays to minimise its own expected rolls.
    The distributions are exact for that play, but in a real race the best
    play maximises the chance to win and can differ, so the result is the
    standard one-sided *approximation* of optimal race play (usually very
    close, not always equal).
    """
    pa = exact_distribution(nonempty_home(on_roll))
    pb = exact_distribution(nonempty_home(other))
    win = Fraction(0)
    done_b = Fraction(0)  # P(other off within n - 1)
    for n in range(1, len(pa)):
        done_b += pb[n - 1] if n - 1 < len(pb) else 0
        win += pa[n] * (1 - done_b)
    return win


def race_position_win_chance(position: Position, on_roll: Side) -> Fraction:
    """`race_win_chance` for a Position where both sides are bearing off."""
    return race_win_chance(home_of(position, on_roll), home_of(position, on_roll.opponent))
