"""Reference: `walk.depth_first_plays`: the same plays, spelling, order and budget count
Contract: tests/engine/test_level_walk.py
Gain: 10× on Gülbara's turn 4 (a spread 2-2 listed in 0.99 s, 10.1 s by the reference; README, `gulbara`)

The level walk: long dice plans in games where the opponent never changes during a turn.

In a game without hitting or pinning (blot "blocked": a point with `block_at` opposing
checkers is closed, any other is open), with no hooks, no pins and the mover not on the
bar, a turn moves only the mover's checkers: which points are closed is fixed for the
whole turn. A progression (Gülbara's 1-1 on turn 4 is 24 moves) then has millions of
distinct ends of turn, and the depth-first walk of `walk` pays for each with tuples,
`Move`s and memo keys. This walk goes one die at a time over the *set* of positions
reached so far (each kept once, however many orders reach it), with the mover's board as
one integer (4 bits a point, 0 = off): a step is one addition, and the legal steps of a
die depend only on which points are occupied, so they are computed once per occupancy
(a dictionary per die) and reused by every position with that occupancy.

Results are those of the depth-first walk, spelling included: each level is kept in the
order of the first (smallest, steps ordered by source descending) sequence reaching each
position, so the first parent found for a position is the one the depth-first walk keeps.
`count_only` keeps no parents and builds no plays: the counts a `plays: N` claim needs.

The budget is counted as the depth-first walk counts it (each expanded (position, dice
index) plus each distinct end recorded), so a walk stops at the same limits.

>>> from tavla_docs.engine.board import Position, Side, Geometry
>>> p = Position.from_board({24: 2}, {12: 1}, geometry=Geometry.SAME, white_off=13, black_off=14)
>>> walk = level_walk(p, Side.WHITE, ((1, 1, 1, 1),), 1, None, (None, None), count_only=True)
>>> walk.best, walk.count()
(4, 3)
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..board import BAR, OFF, Position, Side
from ..budget import PlayBudget
from ..play import Move
from ..state import OPPOSING

_POINTS = range(24, 0, -1)
_BITS = 4  # bits a point: a game of at most 15 checkers a side (`applies`)
_MOST = (1 << _BITS) - 1  # the most checkers a point's bits hold
_OCCUPIED = sum(1 << (_BITS * p) for p in range(1, 25))  # the low bit of each point 1-24
Steps = tuple[tuple[int, ...], tuple[int, ...]]  # (deltas of ordinary steps, deltas of bear-offs)


def applies(position: Position, side: Side, rules: Any) -> bool:
    """Whether the level walk gives this generation's results: the opponent cannot change
    during the turn (see the module doc; without hooks there is no end-of-turn judge either)."""
    return (not rules.step_hooks and rules.blot == "blocked" and rules.block_at >= 1
            and not position.pinned and not position.own(side)[BAR] and position.checkers <= _MOST)


def _encode(board: bytes | tuple[int, ...]) -> int:
    return sum(n << (_BITS * p) for p, n in enumerate(board))


_NIBBLES = [bytes([b & 15, b >> 4]) for b in range(256)]


def _decode(x: int) -> bytes:
    return b"".join([_NIBBLES[b] for b in x.to_bytes(13, "little")])


def _step_deltas(occupied: int, die: int, closed: tuple[bool, ...]) -> Steps:
    """The legal steps of `die` for a board with this occupancy, as additions to its integer,
    sources descending (the order of `walk.legal_steps`); bear-offs apart (they may end the game)."""
    points = [p for p in _POINTS if occupied >> (_BITS * p) & 1]
    highest = points[0] if points else 0
    moves: list[int] = []
    offs: list[int] = []
    for s in points:
        d = s - die
        if d >= 1:
            if not closed[d]:
                moves.append((1 << (_BITS * d)) - (1 << (_BITS * s)))
        elif highest <= 6 and (d == 0 or s == highest):
            offs.append(1 - (1 << (_BITS * s)))
    return tuple(moves), tuple(offs)


def _move_of(die: int) -> dict[int, Move]:
    """The `Move` of each delta of `die` (the walk keeps deltas, the plays want moves)."""
    return {(1 << (_BITS * max(s - die, OFF))) - (1 << (_BITS * s)): Move(s, max(s - die, OFF), die, False) for s in _POINTS}


@dataclass
class Walk:
    """What the level walk found: `best` dice used (the maximum rule), and per dice order
    that reached it, the final boards (as integers). With parents kept (`levels`), `plays`
    spells each one as the depth-first walk would."""

    best: int
    theirs: bytes
    orders: tuple[tuple[int, ...], ...]
    all_off: int  # the board with every checker off: the side's count in slot 0, nothing else
    stored: int = 0  # what the budget counted
    ends: dict[int, set[int] | dict[int, int | None]] = field(default_factory=dict)  # order -> final boards
    levels: dict[int, list[dict[int, int | None]]] = field(default_factory=dict)  # order -> levels (parents)
    finished: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # order -> (level, parent) to all-off

    def count(self, high: int | None = None) -> int:
        """Distinct ends of turn among the orders that reached `best`. `high`: for a one-die play
        of a non-double, the larger die, whose plays alone count if there are any (rules.md 1.3)."""
        keep = list(self.ends)
        if high is not None and self.best == 1:
            keep = [o for o in keep if self.orders[o][0] == high and self.ends[o]] or keep
        if len(keep) == 1:
            return len(self.ends[keep[0]])
        boards: set[int] = set()
        for o in keep:
            boards.update(self.ends[o])
        return len(boards)

    def dice_used(self) -> int | None:
        """The most dice a play uses (`walk.max_dice`), or None when the only play bears off
        the last checker: its length is that of its first spelling, which a count does not keep."""
        if any(len(ends) > (1 if self.finished.get(o) else 0) for o, ends in self.ends.items()):
            return self.best
        return None if any(self.finished.values()) else self.best

    def candidates(self) -> dict[tuple[int, int], dict[tuple[bytes, bytes], tuple[tuple[Move, ...], int, int]]]:
        """The depth-first walk's `Found` for the orders that reached `best` (one spelling per
        final board: the first sequence in step order)."""
        out: dict[tuple[int, int], dict[tuple[bytes, bytes], tuple[tuple[Move, ...], int, int]]] = {}
        for order, ends in self.ends.items():
            levels, dice = self.levels[order], self.orders[order]
            tables = [_move_of(d) for d in dice]
            group: dict[tuple[bytes, bytes], tuple[tuple[Move, ...], int, int]] = {}
            for x in ends:
                if x == self.all_off and self.finished.get(order):
                    continue
                group[(_decode(x), self.theirs)] = (_spell(x, levels, len(levels) - 1, tables), 0, 0)
            if self.finished.get(order):
                # every checker off, perhaps at several levels: the smallest sequence in step order
                spellings = [_spell(self.all_off, levels, level, tables, parent) for level, parent in self.finished[order]]
                group[(_decode(self.all_off), self.theirs)] = (min(spellings, key=_order_key), 0, 0)
            out[(self.best, order)] = group
        return out


def _order_key(moves: tuple[Move, ...]) -> tuple[int, ...]:
    return tuple([-m.src for m in moves])


def _spell(x: int, levels: list[dict[int, int | None]], level: int, tables: list[dict[int, Move]],
           parent: int | None = None) -> tuple[Move, ...]:
    """The moves from the start to board `x` at `level`, through each level's first parent
    (`parent`: the one given, for the all-off board that is kept outside the levels)."""
    moves: list[Move] = []
    if parent is None:
        parent = levels[level][x]
    while parent is not None:
        moves.append(tables[level - 1][x - parent])
        x, level = parent, level - 1
        parent = levels[level][x]
    moves.reverse()
    return tuple(moves)


class _Counter:
    """The budget of one level walk: what it stores, counted as `walk.walk` counts it."""

    __slots__ = ("budget", "about", "stored", "started", "room")

    def __init__(self, budget: PlayBudget | None, about: tuple[Any, object]) -> None:
        self.budget, self.about, self.stored = budget, about, 0
        self.started = time.monotonic()
        self.room = budget.first if budget is not None else -1

    def check(self, pending: int) -> int:
        """Raise past the budget (`pending`: entries not yet in `stored`); the expansions until the next check."""
        assert self.budget is not None
        self.room = self.budget.check(self.stored + pending, self.started, self.about)
        return self.room


Level = dict[int, "int | None"]  # board -> its first parent (None: the start)
OrderWalk = tuple[int, "set[int] | Level", list[Level], list[tuple[int, int]]]


def level_walk(position: Position, side: Side, orders: tuple[tuple[int, ...], ...], block_at: int,
               budget: PlayBudget | None, about: tuple[Any, object], *, count_only: bool = False) -> Walk:
    """Walk every dice order level by level (see the module doc); `applies` must hold."""
    mine, theirs = bytes(position.own(side)), bytes(position.own(side.opponent))
    start = _encode(mine)
    walk = Walk(0, theirs, orders, sum(mine))
    if mine[OFF] == walk.all_off:  # the game is over: the one empty play, as `walk.walk` records it
        walk.ends[0], walk.levels[0] = {start: None}, [{start: None}]
        return walk
    opposing = OPPOSING[position.geometry]
    closed = tuple([False] + [theirs[opposing[p]] >= block_at for p in range(1, 25)])
    meter = _Counter(budget, about)
    cache: dict[int, dict[int, Steps]] = {}
    results = [_walk_order(start, dice, closed, cache.setdefault, meter, count_only, walk.all_off) for dice in orders]
    walk.best = max(r[0] for r in results)
    for order, (used, ends, levels, finished) in enumerate(results):
        if used == walk.best:
            walk.ends[order], walk.levels[order], walk.finished[order] = ends, levels, finished
    if budget is not None:
        meter.check(0)  # exact at the end: the budget is a limit, not an estimate
    walk.stored = meter.stored
    return walk


def _walk_order(start: int, dice: tuple[int, ...], closed: tuple[bool, ...],
                tables: Callable[[int, dict[int, Steps]], dict[int, Steps]], meter: _Counter,
                count_only: bool, all_off: int) -> OrderWalk:
    """One dice order: (dice used, its final boards, the levels (parents), (level, parent) of each
    level's first all-off board). Every board of a level is stored once, in the order of the
    first sequence reaching it; the counts follow `walk.walk`: each board expanded, each
    board that cannot move (a prefix play), each final board, the all-off board once."""
    n = len(dice)
    current: set[int] | Level = {start} if count_only else {start: None}
    levels: list[Level] = [] if count_only else [current]  # type: ignore[list-item]
    finished: list[tuple[int, int]] = []
    meter.stored += 1  # the start, expanded
    checking = meter.budget is not None
    for i, die in enumerate(dice):
        table = tables(die, {})
        nxt: set[int] | Level = set() if count_only else {}
        stuck = 0
        room = meter.room
        for x in current:
            occupied = (x | x >> 1 | x >> 2 | x >> 3) & _OCCUPIED
            steps = table.get(occupied)
            if steps is None:
                steps = table[occupied] = _step_deltas(occupied, die, closed)
            moves, offs = steps
            if count_only:
                nxt.update([x + d for d in moves])  # type: ignore[misc]
            else:
                add = nxt.setdefault  # type: ignore[union-attr]
                for d in moves:
                    add(x + d, x)
            if offs:
                for d in offs:
                    y = x + d
                    if y == all_off:  # the game is over: a complete play, whatever dice are left
                        if not finished or finished[-1][0] != i + 1:
                            finished.append((i + 1, x))
                    elif count_only:
                        nxt.add(y)  # type: ignore[union-attr]
                    else:
                        nxt.setdefault(y, x)  # type: ignore[union-attr]
            elif not moves:
                stuck += 1
            if checking:
                room -= 1
                if room <= 0:
                    room = meter.check(len(nxt) + stuck + (1 if finished else 0))
        meter.stored += len(nxt) + stuck
        meter.room = room
        if not count_only:
            levels.append(nxt)  # type: ignore[arg-type]
        if i + 1 < n and nxt:
            current = nxt
            continue
        if finished:
            meter.stored += 1  # the all-off board: one end of turn
            ends: set[int] | Level = nxt if i + 1 == n else type(nxt)()
            if count_only:
                ends.add(all_off)  # type: ignore[union-attr]
            return n, ends, levels, finished
        if nxt:
            return n, nxt, levels, finished
        return i, current, levels[:-1], finished  # nobody could play die i: the prefixes are the plays
    raise AssertionError("unreachable")  # pragma: no cover
