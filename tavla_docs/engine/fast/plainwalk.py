"""Reference: `walk.depth_first_plays`: the same plays, spelling and order
Contract: tests/engine/test_plain_walk.py
Gain: 10× with plainboard and plaindoubles (`engine`: 31,736 cases/s listed, the depth-first walk 3,159; benchmarks.md)

The plain walk: every legal play of the plain kernel's games, on integer boards.

In the hitting, opposite-direction games with a bar and no hooks or pins (Tavla,
Backgammon), which points are closed to the mover cannot change during a turn: a hit
only empties a point that was open already. So a turn changes the mover's board and
which of the opponent's blots it has hit, nothing else. A final is one integer: the
board 4 bits a slot (slot 0 = off, 25 = bar), the hits as bits above it (`HIT_SHIFT`);
a step is one addition, and the final is the de-duplication key. Four shapes of turn:

- a non-double with nothing on the bar and no bearing off possible (`_two`): the larger
  die's moves, then the smaller's, and from the other order only the one kind of play it
  can add (one checker moved by both dice);
- a non-double with one checker on the bar (`_bar`): it enters by one die, the other die
  moves any checker (no bearing off: the entered checker is outside home);
- a double (`plaindoubles`): four moves of one die, with sources never increasing, so each
  play is met once, already in the engine's order (after entering from the bar too);
- the rest, a non-double with two on the bar or near the end (`_walk`): both orders, step by step.

A play's `Position` is made only when it is read (`Play.position`): most callers of the
engine look at a few of the plays, or only at their moves.

The results are those of `walk.depth_first_plays` with the plain kernel: the same
plays, the same spelling (the first sequence in the walk's step order), the same order,
which tests/engine/test_plain_walk.py checks on random positions. `movegen.legal_plays`
uses it where the plain kernel applies and the budget would not meter the walk.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> p = Position.from_board({5: 1, 3: 1}, {19: 15}, checkers=15)
>>> [str(play) for play in plain_plays(p, Side.WHITE, Roll(4, 2), 2)]
['5/1 3/1', '5/off']
"""
from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any, Final

from ..board import BAR, OFF, Geometry, Position, Side
from ..dice import Roll
from ..play import Move, Play
from .kernels import STEP_MOVES as _MOVES
from .kernels import assemble
from .plainboard import BOARD, CODE, HEX, HIT_SHIFT, ONE, POINTS, Finals, Moves, Step, decode, encode, hit_blots
from .plaindoubles import doubles

# the board layout's names a format reads here (formats/jsonl/plainfinals.py), with the walk's own
__all__ = ["HEX", "HIT_SHIFT", "ONE", "Recipe", "clear_cache", "finals_of", "plain_plays"]



def _setup(mine: tuple[int, ...], theirs: tuple[int, ...],
           block: int) -> tuple[int, tuple[int, ...], tuple[bool, ...], tuple[int, ...], int]:
    """What every roll of one position needs: the mover's board as an integer, its occupied
    points (descending), the closed points and the blots' hit-mark bits (mover's numbering),
    and how many checkers are outside the home board (the bar included). A position is
    usually asked for several rolls in a row (a table of odds, a list of rolls, a `--jsonl`
    batch, whose position reading is memoised): `plain_plays` keeps the last one's (`_LAST`)."""
    closed = [False] * 26
    blot = [0] * 26
    for d in range(1, 25):
        t = theirs[25 - d]
        if t >= block:
            closed[d] = True
        elif t == 1:
            blot[d] = 1 << (HIT_SHIFT + d)
    points = tuple([p for p in POINTS if mine[p]])
    return encode(mine), points, tuple(closed), tuple(blot), sum(mine[7:26])


def clear_cache() -> None:
    """Forget the last position's setup (`_LAST`): a benchmark's repeats start cold."""
    _LAST[0] = None


# the last position asked for, by identity: (position, side, block, what its rolls share)
_LAST: list[tuple[Position, Side, int, tuple[Any, ...]] | None] = [None]


def plain_plays(position: Position, side: Side, roll: Roll, block: int) -> tuple[Play, ...]:
    """`depth_first_plays` for the plain kernel where `block` opposing checkers close a point."""
    last = _LAST[0]  # one read: another thread may replace it, never change it
    by_die: list[Moves | None]
    if last is not None and last[0] is position and last[1] is side and last[2] == block:
        mine, x, points, closed, blot, outside, build, by_die = last[3]
    else:
        mine, theirs = position.own(side), position.own(side.opponent)
        if mine[OFF] == sum(mine):  # every checker off: the game is over
            return (Play(side, (), position, 0),)
        x, points, closed, blot, outside = _setup(mine, theirs, block)
        build = Recipe(side, theirs, position.geometry)
        by_die = [None] * 7  # filled by `_moves_of` as the rolls need them
        _LAST[0] = (position, side, block, (mine, x, points, closed, blot, outside, build, by_die))
    plays: list[Play]
    a, b = roll.high, roll.low
    if a == b:
        plays = doubles(mine, x, points, a, closed, blot, outside, side, build)
    elif not mine[BAR]:
        if outside >= 2:  # no bar, no bearing off this turn: the common case
            plays = _two(mine, x, a, b, closed, blot, by_die, points, side, build)
        else:
            plays = _walk(mine, x, a, b, closed, blot, outside, side, build)
    elif mine[BAR] == 1:
        plays = _bar(mine, x, points, a, b, closed, blot, side, build)
    else:
        plays = _walk(mine, x, a, b, closed, blot, outside, side, build)
    return tuple(plays) if plays else (Play(side, (), position, 0),)


class Recipe:
    """What makes the positions of one position's plays from their finals (`Play.position`):
    the mover, the opponent's board before the turn and the geometry, shared by the plays of
    every roll of that position. A format that prints plays from their finals without making
    positions reads these (`finals_of`; formats/jsonl/plainfinals.py)."""

    __slots__ = ("side", "theirs", "geometry")

    def __init__(self, side: Side, theirs: tuple[int, ...], geometry: Geometry) -> None:
        self.side: Final = side
        self.theirs: Final = theirs
        self.geometry: Final = geometry

    def __call__(self, y: int) -> Position:
        """The position of final `y` (the mover's board and the hit marks)."""
        marks = y >> HIT_SHIFT
        return assemble(self.side, decode(y & BOARD), hit_blots(self.theirs, marks) if marks else self.theirs,
                        self.geometry)


def finals_of(plays: Sequence[Play]) -> tuple[list[int], Recipe] | None:
    """The finals of plays the plain walk made for one position, with their shared recipe, if
    none of them has made its position yet (a play that has holds the position instead); else
    None. What a format needs to print plays from their finals (formats/jsonl/plainfinals.py).

    >>> from tavla_docs.engine.board import Position, Side
    >>> from tavla_docs.engine.dice import Roll
    >>> plays = plain_plays(Position.from_board({6: 2}, {19: 15}, checkers=15), Side.WHITE, Roll(3, 1), 2)
    >>> finals, recipe = finals_of(plays)
    >>> [recipe(y) for y in finals] == [p.position for p in plays] and finals_of(plays) is None
    True
    """
    if not plays:
        return None
    first = plays[0]._build
    if not isinstance(first, Recipe):
        return None
    recipe: Recipe = first
    for p in plays:
        if p._build is not recipe:
            return None
    return [p._final for p in plays], recipe

def _two(mine: tuple[int, ...], x: int, a: int, b: int, closed: tuple[bool, ...], blot: tuple[int, ...],
         by_die: list[Moves | None], points: tuple[int, ...], side: Side, build: Recipe) -> list[Play]:
    """A non-double with nothing on the bar and no bearing off possible this turn.

    The larger die first (a, then b) gives the first spelling of every play but one kind:
    two moves of different checkers commute (the closed points never change, no bear-off,
    no bar), so in the other order only one checker moved by b and then by a can reach a
    position not yet found (its first step may land where a would not). Within the first
    order the spellings that collide differ in the first source, which runs descending.
    The plays come in the engine's order: by their moves' codes (`CODE`), as one integer.
    """
    one = ONE
    A = by_die[a] or _moves_of(a, points, closed, blot, by_die)
    B = by_die[b] or _moves_of(b, points, closed, blot, by_die)
    finals: dict[int, tuple[int, Move, Move, int]] = {}  # final -> (code, moves, final)
    cb, mb = CODE[b], _MOVES[b]
    for s1, d1, e1, h1, c1, p1, q1 in A:
        x1 = x + e1 + h1
        m1 = q1 if h1 else p1
        gone = mine[s1] == 1
        for s2, _, e2, h2, c2, p2, q2 in B:
            if s2 == s1 and gone:
                continue
            if h2 and x1 & h2:
                h2 = 0
            y = x1 + e2 + h2
            if y not in finals:
                finals[y] = (c1 << 10 | c2 if c1 <= c2 else c2 << 10 | c1, m1, q2 if h2 else p2, y)
        if not mine[d1] and d1 > b and not closed[d1 - b]:  # the same checker on, by b
            d2 = d1 - b
            h2 = blot[d2]
            y = x1 + one[d2] - one[d1] + h2
            if y not in finals:
                c2 = cb[d1]
                finals[y] = (c1 << 10 | c2 if c1 <= c2 else c2 << 10 | c1, m1, mb[d1][1 if h2 else 0], y)
    ca, ma = CODE[a], _MOVES[a]
    for _, d1, e1, h1, c1, p1, q1 in B:  # the other order: one checker by b, then by a
        if d1 > a and not closed[d1 - a]:
            d2 = d1 - a
            h2 = blot[d2]
            y = x + e1 + one[d2] - one[d1] + h1 + h2
            if y not in finals:
                c2 = ca[d1]
                finals[y] = (c1 << 10 | c2 if c1 <= c2 else c2 << 10 | c1, q1 if h1 else p1, ma[d1][1 if h2 else 0], y)
    if finals:
        return [Play(side, (m1, m2), None, 2, build, y) for _, m1, m2, y in sorted(finals.values())]
    # no play uses both dice: the larger die's moves if there are any (rules.md 1.3), else the smaller's
    # (one die from distinct sources, descending: the engine's order already)
    return [Play(side, (q if h else p,), None, 1, build, x + e + h) for _, _, e, h, _, p, q in (A or B)]



def _moves_of(die: int, points: tuple[int, ...], closed: tuple[bool, ...], blot: tuple[int, ...],
              by_die: list[Moves | None]) -> Moves:
    """A position's single moves of `die` from its points (no bar, no bearing off), sources
    descending; kept in `by_die` for the position's other rolls with that die."""
    one, code, table = ONE, CODE[die], _MOVES[die]
    found = by_die[die] = tuple([(s, s - die, one[s - die] - one[s], blot[s - die], code[s], table[s][0], table[s][1])
                                 for s in points if s > die and not closed[s - die]])
    return found

def _bar(mine: tuple[int, ...], x: int, points: tuple[int, ...], a: int, b: int, closed: tuple[bool, ...],
         blot: tuple[int, ...], side: Side, build: Recipe) -> list[Play]:
    """A non-double with one checker on the bar: it enters by one die, then the other die
    moves any checker (the entered one too; no bearing off, a checker is outside home).
    The order a-then-b comes first, so its spelling wins a final both orders reach."""
    one = ONE
    finals: dict[int, tuple[int, Move, Move, int]] = {}  # final -> (code, moves, final)
    entered: list[Play] = []
    for first, second in ((a, b), (b, a)):
        e = 25 - first
        if closed[e]:
            continue
        h1 = blot[e]
        x1 = x + one[e] - one[BAR] + h1
        m1 = _MOVES[first][BAR][1 if h1 else 0]
        table, code = _MOVES[second], CODE[second]
        for s in (points if mine[e] else sorted(points + (e,), reverse=True)):
            d = s - second
            if d >= 1 and not closed[d]:
                h2 = blot[d]
                if h2 and x1 & h2:
                    h2 = 0
                y = x1 + one[d] - one[s] + h2
                if y not in finals:
                    finals[y] = (e << 10 | code[s], m1, table[s][1 if h2 else 0], y)
        if not entered:
            entered.append(Play(side, (m1,), None, 1, build, x1))
    if finals:
        return [Play(side, (m1, m2), None, 2, build, y) for _, m1, m2, y in sorted(finals.values())]
    return entered  # no play uses both dice: entering by the larger die if it can, else by the smaller

def _walk(mine: tuple[int, ...], x: int, a: int, b: int, closed: tuple[bool, ...], blot: tuple[int, ...],
          outside: int, side: Side, build: Recipe) -> list[Play]:
    """A non-double with two or more on the bar, or near the end: both orders walked, as `walk.walk` does,
    on a board list (entering and bearing off depend on what is where at each step)."""
    m = list(mine)
    total = sum(m)  # the side's checkers: all of them off ends the game
    found: list[Finals] = []
    partial: list[Finals] = []
    for first, second in ((a, b), (b, a)):
        complete: Finals = {}
        alone: Finals = {}
        for s, d, e, h, plain, hit, inward in _legal(m, first, closed, blot, outside):
            x1, v1 = (x + e + h, hit) if h else (x + e, plain)
            m[s] -= 1
            m[d] += 1
            if m[OFF] == total:
                complete.setdefault(x1, (v1,))  # the last checker off: the game is over
            else:
                after = _legal(m, second, closed, blot, outside - inward)
                for _, _, e2, h2, plain2, hit2, _ in after:
                    y, v2 = (x1 + e2 + h2, hit2) if h2 and not x1 & h2 else (x1 + e2, plain2)
                    if y not in complete:
                        complete[y] = (v1, v2)
                if not after:
                    alone.setdefault(x1, (v1,))
            m[s] += 1
            m[d] -= 1
        found.append(complete)
        partial.append(alone)
    if found[0] or found[1]:
        finals = found[0]
        for y, moves in found[1].items():
            finals.setdefault(y, moves)
    else:  # no play uses both dice: the larger die's if any (rules.md 1.3), else the smaller's
        finals = partial[0] or partial[1]
    return [Play(side, moves, None, len(moves), build, y)
            for _, y, moves in sorted([(tuple(sorted([(25 - m.src) * 26 + m.dst for m in moves])), y, moves)
                                       for y, moves in finals.items()], key=itemgetter(0))]


def _legal(m: list[int], die: int, closed: tuple[bool, ...], blot: tuple[int, ...], outside: int) -> list[Step]:
    """The legal single steps of `die` on board `m` (sources descending, as `walk.legal_steps`),
    `outside` checkers being outside the home board."""
    one = ONE
    table = _MOVES[die]
    if m[BAR]:
        d = 25 - die
        return [] if closed[d] else [(BAR, d, one[d] - one[BAR], blot[d], table[BAR][0], table[BAR][1], False)]
    out: list[Step] = []
    highest = 0
    for s in POINTS:
        if not m[s]:
            continue
        if not highest:
            highest = s
        d = s - die
        if d >= 1:
            if not closed[d]:
                out.append((s, d, one[d] - one[s], blot[d], table[s][0], table[s][1], s >= 7 and d <= 6))
        elif not outside and (d == 0 or s == highest):
            out.append((s, OFF, one[OFF] - one[s], 0, table[s][0], table[s][0], False))
    return out
