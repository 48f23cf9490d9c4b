"""A fast home-board move generator, so building the tables needs no general engine.

Tests (tests/odds/test_bearoff_generator.py) check it against the engine's
`legal_plays` on every home of up to four checkers and on random larger ones.

>>> sorted(home_plays((0, 0, 0, 0, 0, 1), Roll(6, 5)))
[(0, 0, 0, 0, 0, 0)]
>>> die_moves((1, 0, 0, 0, 0, 1), 3)
((1, 0, 1, 0, 0, 0),)
"""
from __future__ import annotations

from collections.abc import Sequence

from ...engine.dice import Roll
from .index import POINTS, Home


def die_moves(home: Sequence[int], die: int) -> tuple[Home, ...]:
    """Every home reachable by playing one die (rules.md §1.4), highest source first.

    With no opposing checker in the way every die can always be played, so a
    whole roll is just dice applied one after another (see `home_plays`).
    """
    c = list(home)
    high = max((p for p in range(POINTS, 0, -1) if c[p - 1]), default=0)
    if not high:
        return ()
    out = []
    if high <= die:  # nothing above the die: bear off from the highest point
        c[high - 1] -= 1
        return (tuple(c),)
    for s in range(high, die, -1):
        if c[s - 1]:
            m = c.copy()
            m[s - 1] -= 1
            m[s - die - 1] += 1
            out.append(tuple(m))
    if c[die - 1]:
        m = c.copy()
        m[die - 1] -= 1
        out.append(tuple(m))
    return tuple(out)


def home_plays(home: Sequence[int], roll: Roll) -> frozenset[Home]:
    """The distinct homes a whole roll can reach (doubles: four moves; finishing ends the play)."""
    orders = [(roll.high,) * 4] if roll.is_double else [(roll.high, roll.low), (roll.low, roll.high)]
    found: set[Home] = set()
    for dice in orders:
        layer = {tuple(home)}
        for d in dice:
            nxt: set[Home] = set()
            for h in layer:
                if not any(h):
                    nxt.add(h)  # borne off: the game is over, the other dice are void
                else:
                    nxt.update(die_moves(h, d))
            layer = nxt
        found |= layer
    return frozenset(found)
