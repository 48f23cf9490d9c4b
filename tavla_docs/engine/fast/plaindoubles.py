"""Reference: `walk.depth_first_plays`: the same plays, spelling and order
Contract: tests/engine/test_plain_walk.py
Gain: 10× with plainwalk and plainboard (`engine`: 31,736 cases/s listed, the depth-first walk 3,159; benchmarks.md)

The plain walk's doubles: four moves of one die, sources never increasing.

With one die every order of the same sources reaches the same position, so the walk
takes the sources in descending order and meets each play once, already in the engine's
order (`plainwalk` dispatches here; the board is `plainboard`'s integer). The plays
that use all four dice come from nested loops (`_four`), one a die; when none does,
a recursive walk keeps the longest partial plays.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.engine.fast.plainwalk import plain_plays
>>> [str(p) for p in plain_plays(Position.from_board({6: 2}, {19: 15}, checkers=15), Side.WHITE, Roll(3, 3), 2)]
['6/off(2)']
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..board import BAR, OFF, Position, Side
from ..play import Move, Play
from .kernels import STEP_MOVES as _MOVES
from .plainboard import ONE, POINTS, Finals, Step

Recipe = Callable[[Any], Position]  # a play's position from its final (`plainwalk.Recipe`)


def doubles(mine: tuple[int, ...], x: int, points: tuple[int, ...], die: int, closed: tuple[bool, ...], blot: tuple[int, ...],
             outside: int, side: Side, build: Recipe) -> list[Play]:
    """A double: four moves of one die, walked with sources never increasing.

    With one die every order of the same sources reaches the same position, and the
    descending order is legal whenever any order is (a higher checker moved first only
    frees what a lower one needs: the bar first, the checkers outside home before a
    bear-off, the higher checkers before an overshoot). So each play is found once, and
    its first spelling in the walk's step order is that descending one. The plays are found in
    the engine's order: descending sources are ascending move codes, each play a leaf.
    """
    one = ONE
    table = _MOVES[die]
    m = list(mine)
    total = sum(m)  # the side's checkers: all of them off ends the game
    moves: tuple[Move, ...] = ()
    k = 0
    if m[BAR]:  # a checker on the bar enters first: one way to do it, as often as it must
        d = 25 - die
        if closed[d]:
            return []
        h = blot[d]
        while m[BAR] and k < 4:
            m[BAR] -= 1
            m[d] += 1
            x += one[d] - one[BAR] + h
            moves += (table[BAR][1 if h else 0],)
            h = 0
            k += 1
        if k == 4:
            return [Play(side, moves, None, 4, build, x)]
        points = tuple([p for p in POINTS if m[p]])  # (an entered checker is still outside home)
    # the sources a play may use: occupied points and the open points their checkers can get to
    sources = set(points)
    for s in points:
        for d in range(s - die, max(s - 4 * die, 0), -die):
            if closed[d] or d in sources:
                break  # (a point met already is occupied: its own way is walked from it)
            sources.add(d)
    steps = []
    for s in sorted(sources, reverse=True):
        d = s - die
        if d >= 1:
            if not closed[d]:
                steps.append((s, d, one[d] - one[s], blot[d], table[s][0], table[s][1], s >= 7 and d <= 6))
        else:
            steps.append((s, OFF, one[OFF] - one[s], 0, table[s][0], table[s][0], s >= 7))
    found = _four(m, x, steps, die, outside, side, build, moves)  # the nested loops; partial plays: the walk below
    if found:
        return found
    n = len(steps)
    by_used: dict[int, Finals] = {}
    home = [outside]

    def extend(j: int, k: int, x: int, moves: tuple[Move, ...]) -> None:
        moved = False
        for i in range(j, n):
            s, d, delta, h, plain, hit, inward = steps[i]
            if not m[s]:
                continue
            if not d and (home[0] or (s < die and any(m[s + 1:7]))):
                continue  # bearing off: every checker home, and overshoot only from the highest
            moved = True
            m[s] -= 1
            m[d] += 1
            if inward:
                home[0] -= 1
            if h and not x & h:
                y = x + delta + h
                done = moves + (hit,)
            else:
                y = x + delta
                done = moves + (plain,)
            if k == 3 or m[OFF] == total:  # every die played, or every checker off
                by_used.setdefault(4, {})[y] = done
            else:
                extend(i, k + 1, y, done)
            m[s] += 1
            m[d] -= 1
            if inward:
                home[0] += 1
        if not moved and k:
            by_used.setdefault(k, {})[x] = moves

    extend(0, k, x, moves)
    return [Play(side, moves, None, len(moves), build, y) for y, moves in by_used[max(by_used)].items()] if by_used else []


def _four(m: list[int], x: int, steps: list[Step], die: int, outside: int, side: Side, build: Recipe,
          entered: tuple[Move, ...]) -> list[Play]:
    """The plays of a double that use all four dice (or bear off the last checker), nobody on
    the bar: `doubles`' walk as nested loops, one a die (most doubles have such plays; when
    none has, the caller walks for the longest partial plays). `entered`: the moves that took
    checkers off the bar first; the loops play the dice left (a play ends at level `len(entered)`
    from the bottom, spelled with those moves first)."""
    out: list[Play] = []
    n = len(steps)
    k = len(entered)
    total = sum(m)  # the side's checkers: all of them off ends the game
    last1, last2, last3 = k == 3, k == 2, k == 1
    for i1 in range(n):
        s1, d1, e1, h1, p1, q1, in1 = steps[i1]
        if not m[s1] or not d1 and (outside or s1 < die and any(m[s1 + 1:7])):
            continue
        x1, v1 = (x + e1 + h1, q1) if h1 and not x & h1 else (x + e1, p1)
        o1 = outside - in1
        m[s1] -= 1
        m[d1] += 1
        if last1:
            out.append(Play(side, entered + (v1,), None, 4, build, x1))
        elif m[OFF] == total:
            out.append(Play(side, (v1,), None, 1, build, x1))
        else:
            for i2 in range(i1, n):
                s2, d2, e2, h2, p2, q2, in2 = steps[i2]
                if not m[s2] or not d2 and (o1 or s2 < die and any(m[s2 + 1:7])):
                    continue
                x2, v2 = (x1 + e2 + h2, q2) if h2 and not x1 & h2 else (x1 + e2, p2)
                o2 = o1 - in2
                m[s2] -= 1
                m[d2] += 1
                if last2:
                    out.append(Play(side, entered + (v1, v2), None, 4, build, x2))
                elif m[OFF] == total:
                    out.append(Play(side, (v1, v2), None, 2, build, x2))
                else:
                    for i3 in range(i2, n):
                        s3, d3, e3, h3, p3, q3, in3 = steps[i3]
                        if not m[s3] or not d3 and (o2 or s3 < die and any(m[s3 + 1:7])):
                            continue
                        x3, v3 = (x2 + e3 + h3, q3) if h3 and not x2 & h3 else (x2 + e3, p3)
                        o3 = o2 - in3
                        m[s3] -= 1
                        m[d3] += 1
                        if last3:
                            out.append(Play(side, entered + (v1, v2, v3), None, 4, build, x3))
                        elif m[OFF] == total:
                            out.append(Play(side, (v1, v2, v3), None, 3, build, x3))
                        else:
                            for i4 in range(i3, n):
                                s4, d4, e4, h4, p4, q4, _ = steps[i4]
                                if not m[s4] or not d4 and (o3 or s4 < die and any(m[s4 + 1:7])):
                                    continue
                                if h4 and not x3 & h4:
                                    out.append(Play(side, (v1, v2, v3, q4), None, 4, build, x3 + e4 + h4))
                                else:
                                    out.append(Play(side, (v1, v2, v3, p4), None, 4, build, x3 + e4))
                        m[s3] += 1
                        m[d3] -= 1
                m[s2] += 1
                m[d2] -= 1
        m[s1] += 1
        m[d1] -= 1
    return out
