"""What a home is, and its perfect index (the combinatorial number system).

A *home* is six counts, checkers on the mover's own points 1..6 (index 0 is
point 1). Every home of 0..15 checkers gets a rank in 0 .. C(21, 6) - 1, so
the database is plain arrays and a lookup is a few additions.

>>> index_of((0,) * 6), index_of((15, 0, 0, 0, 0, 0)), position_count()
(0, 54263, 54264)
>>> home_at(index_of((1, 0, 0, 0, 0, 2)))
(1, 0, 0, 0, 0, 2)
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from math import comb

from ...engine.board import BAR, Position, Side
from ...errors import TavlaError

POINTS = 6
MAX_CHECKERS = 15
_BINOM = tuple(tuple(comb(n, k) for k in range(POINTS + 1)) for n in range(MAX_CHECKERS + POINTS + 1))

Home = tuple[int, ...]


class BearoffError(TavlaError):
    """A position that is not a pure home-board bear-off for the side asked about."""


def position_count(max_checkers: int = MAX_CHECKERS) -> int:
    """How many homes hold 0..max_checkers checkers: C(max_checkers + 6, 6)."""
    return comb(max_checkers + POINTS, POINTS)


def index_of(home: Sequence[int]) -> int:
    """The combinatorial-number-system rank of a home (point 1 first).

    Stars and bars: b_i = c_1 + … + c_i + (i - 1) is a strictly increasing
    6-subset of 0..20 and the rank is sum C(b_i, i). Homes of at most k
    checkers get exactly the ranks 0 .. C(k + 6, 6) - 1, so a smaller database
    is a prefix of the full one.
    """
    r = 0
    s = -1
    b = _BINOM
    for i in range(POINTS):
        s += home[i] + 1
        r += b[s][i + 1]
    return r


def home_at(index: int) -> Home:
    """The home with this index (inverse of `index_of`)."""
    if not 0 <= index < position_count():
        raise IndexError(f"bear-off index {index} is outside 0..{position_count() - 1}")
    subset = []
    r = index
    for i in range(POINTS, 0, -1):
        s = i - 1
        while _BINOM[s + 1][i] <= r:
            s += 1
        subset.append(s)
        r -= _BINOM[s][i]
    subset.reverse()  # b_1 < … < b_6
    counts = []
    prev = -1
    for s in subset:
        counts.append(s - prev - 1)
        prev = s
    return tuple(counts)


def iter_homes(max_checkers: int = MAX_CHECKERS) -> Iterator[Home]:
    """Every home of at most `max_checkers` checkers, in index order."""
    for i in range(position_count(max_checkers)):
        yield home_at(i)


def check_home(home: Sequence[int]) -> Home:
    """The home as a tuple, or BearoffError when it is not six counts of at most 15 checkers."""
    t = tuple(home)
    if len(t) != POINTS or any(not isinstance(c, int) or c < 0 for c in t) or sum(t) > MAX_CHECKERS:
        raise BearoffError(f"a home is six non-negative counts (points 1–6) of at most {MAX_CHECKERS} checkers, not {home!r}")
    return t


def nonempty_home(home: Sequence[int]) -> Home:
    """`check_home`, and a side that has already finished is not in a race."""
    h = check_home(home)
    if not any(h):
        raise BearoffError("a side with no checkers left has already finished; there is no race")
    return h


def home_from_points(points: Mapping[int, int]) -> Home:
    """`{6: 2, 1: 1}` (point: checkers) → `(1, 0, 0, 0, 0, 2)`."""
    counts = [0] * POINTS
    for p, n in points.items():
        if not 1 <= p <= POINTS:
            raise BearoffError(f"point {p} is not in the home board (1–6)")
        counts[p - 1] += n
    return check_home(counts)


def home_of(position: Position, side: Side) -> Home:
    """`side`'s checkers as a home, or BearoffError if any is on the bar or outside home."""
    own = position.own(side)
    if own[BAR] or any(own[7:25]):
        raise BearoffError(f"{side.value} still has checkers outside the home board; "
                           "the bear-off tables need all of them on points 1–6")
    return tuple(own[1:7])
