"""The exact build: every home's expected rolls and roll distribution, by dynamic programming.

Values are computed exactly (integers scaled by 36**DEPTH) and each is rounded
*once* to the nearest double in `_to_tables`, so no rounding error
accumulates. Best play minimises the expected rolls; ties go to the resulting
home with the smallest index (see the package docstring).

>>> db = build_database(2)
>>> db.expected_rolls((0, 0, 0, 0, 0, 1))
1.25
>>> db.off_within((0, 0, 0, 0, 0, 2), 1)        # two on the 6-point: 3-3, 4-4, 5-5 or 6-6
0.1111111111111111
"""
from __future__ import annotations

from array import array
from collections.abc import Sequence

from .index import MAX_CHECKERS, POINTS, BearoffError, Home, index_of, position_count
from .store import BearoffDB

#: Exact values are integers scaled by 36**DEPTH. No home needs more than 45
#: rolls (a roll that does not finish plays both dice, each die removes at
#: least one pip, and 15 checkers on the 6-point are 90 pips), so 48 is safe.
DEPTH = 48
#: What this build's best play optimises (the keys compared in `build_database`: the expected
#: rolls, then the index). Rule sentences about "the database's best play" are judged against it
#: (`site/statements.yaml`, fact `bearoff_best_play`); change both together.
BEST_PLAY = "fewest_rolls"
_SCALE = 36 ** DEPTH
_W = _SCALE.bit_length() + 1  # bits per roll-count slot in the packed distributions
_SHIFT = 22  # low bits of a packed (expectation, index) key hold the index; 36 * 2**16 < 2**22


def _all_homes(max_checkers: int) -> list[Home]:
    out: list[Home] = []

    def rec(prefix: list[int], left: int) -> None:
        if len(prefix) == POINTS:
            out.append(tuple(prefix))
            return
        for n in range(left + 1):
            prefix.append(n)
            rec(prefix, left - n)
            prefix.pop()

    rec([], max_checkers)
    return out


def _build_exact(max_checkers: int) -> tuple[list[int], list[int]]:
    """Exact expected rolls (scaled by 36**DEPTH) and packed roll distributions, by index.

    Homes are visited in increasing pip count: every move removes at least one
    pip, so every successor is already solved. For each home and die the
    reachable homes are computed once; best values over two and four dice come
    from per-die tables of the best continuation (`best1[d][q]`: best home after
    one more die d from q; `best2`, `best3` for the rest of a double). Values
    are packed keys (expectation << 22 | index), so `min` also breaks ties by
    the smallest index. `dist[i]` packs, slot n (width _W bits), the number of
    the 36**n roll sequences that finish in exactly n rolls.
    """
    n_pos = position_count(max_checkers)
    homes = _all_homes(max_checkers)
    rank: dict[int, int] = {}
    order: list[tuple[int, int, Home]] = []
    for h in homes:
        key = 0
        for i in range(POINTS - 1, -1, -1):
            key = (key << 4) | h[i]
        r = index_of(h)
        rank[key] = r
        order.append((sum((i + 1) * h[i] for i in range(POINTS)), r, h))
    order.sort()
    p16 = (0,) + tuple(1 << (4 * i) for i in range(POINTS))
    keyv = [0] * n_pos
    # Indexed by die 1..6; slot 0 is an unused placeholder.
    best1: list[list[int]] = [[]] + [[0] * n_pos for _ in range(6)]
    best2: list[list[int]] = [[]] + [[0] * n_pos for _ in range(6)]
    best3: list[list[int]] = [[]] + [[0] * n_pos for _ in range(6)]
    dist = [0] * n_pos
    dist[0] = 1  # empty home: finished after 0 rolls
    scale = _SCALE
    shift = _SHIFT
    w_slot = _W
    mask = (1 << 16) - 1
    pairs = tuple((a, b) for a in range(6, 0, -1) for b in range(a - 1, 0, -1))
    for _pips, r, h in order:
        if r == 0:
            continue
        key = 0
        occupied: list[int] = []
        for i in range(POINTS - 1, -1, -1):
            key = (key << 4) | h[i]
            if h[i]:
                occupied.append(i + 1)
        high = occupied[0]
        succ: list[Sequence[int]] = [()] * 7  # succ[d]: the homes one die d can reach (slot 0 unused)
        for d in range(1, 7):
            if high <= d:
                succ[d] = (rank[key - p16[high]],)
            else:
                s_list = [rank[key - p16[s] + p16[s - d]] for s in occupied if s > d]
                if h[d - 1]:
                    s_list.append(rank[key - p16[d]])
                succ[d] = s_list
        total = 0
        dsum = 0
        # doubles and first dice
        m: list[list[int]] = [[]] * 7  # m[a][b - 1]: best packed key playing a then b (slot 0 unused)
        for a in range(1, 7):
            sa = succ[a]
            if len(sa) == 1:
                q = sa[0]
                m[a] = [best1[b][q] for b in range(1, 7)]
                b1 = keyv[q]
                b2 = best1[a][q]
                b3 = best2[a][q]
                dd = best3[a][q]
            else:
                m[a] = [min([best1[b][q] for q in sa]) for b in range(1, 7)]
                b1 = min([keyv[q] for q in sa])
                b2 = m[a][a - 1]
                b3 = min([best2[a][q] for q in sa])
                dd = min([best3[a][q] for q in sa])
            best1[a][r] = b1
            best2[a][r] = b2
            best3[a][r] = b3
            total += dd
            dsum += dist[dd & mask]
        twice = 0
        dtwice = 0
        for a, b in pairs:
            x = m[a][b - 1]
            y = m[b][a - 1]
            k = x if x < y else y
            twice += k
            dtwice += dist[k & mask]
        total += twice << 1
        e = scale + (total >> shift) // 36
        keyv[r] = (e << shift) | r
        dist[r] = (dsum + (dtwice << 1)) << w_slot
    return [k >> shift for k in keyv], dist


def _to_tables(max_checkers: int) -> tuple[array, array, array, array]:
    """Round the exact build once into compact arrays (see `BearoffDB`)."""
    exact_e, dist = _build_exact(max_checkers)
    scale = _SCALE
    expected = array("d", [e / scale for e in exact_e])
    first = array("B")
    offsets = array("I", [0])
    cumulative = array("d")
    w = _W
    slot_mask = (1 << w) - 1
    pow36 = [36 ** n for n in range(DEPTH + 2)]
    for x in dist:
        lo = ((x & -x).bit_length() - 1) // w
        hi = (x.bit_length() - 1) // w
        first.append(lo)
        c = 0
        for n in range(lo, hi):
            c = c * 36 + ((x >> (w * n)) & slot_mask)
            cumulative.append(c / pow36[n])
        offsets.append(len(cumulative))
    return expected, first, offsets, cumulative


def build_database(max_checkers: int = MAX_CHECKERS) -> BearoffDB:
    """Build in memory (about 3 s for 15 checkers in CPython on one core)."""
    if not 0 <= max_checkers <= MAX_CHECKERS:
        raise BearoffError(f"max_checkers must be 0..{MAX_CHECKERS}")
    return BearoffDB(max_checkers, *_to_tables(max_checkers))
