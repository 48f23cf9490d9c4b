"""Exercise goals: whether a legal play meets a goal ("bear off two checkers", "leave no blot"),
and why not, as numbers the site turns into a sentence.

An author writes only the goal; the engine measures every legal play against it, so the
answer's facts (which plays reach it, how many checkers can come off) are never typed. A
counted goal without a `count` asks for the most any legal play reaches.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.engine.movegen import legal_plays
>>> from tavla_docs.variants import TAVLA
>>> p = Position.from_board({5: 1, 3: 1}, {19: 15}, checkers=15)   # seed 1: 4-2, order matters
>>> plays = legal_plays(p, Side.WHITE, Roll(4, 2), TAVLA)
>>> [(str(pl), g.met, g.num, g.want) for pl, g in zip(plays, grade(Goal(BEAR_OFF), p, plays))]
[('5/1 3/1', False, 0, 1), ('5/off', True, 1, 1)]
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .board import BAR, OFF, Position
from .play import Play

BEAR_OFF = "bear_off"
HIT = "hit"
ENTER = "enter"
NO_BLOT = "no_blot"
SHOW = "show"
COUNTED = (BEAR_OFF, HIT, ENTER)  # goals with a number: at least `count`, by default the most reachable
KINDS = (*COUNTED, NO_BLOT, SHOW)


@dataclass(frozen=True)
class Goal:
    """What an exercise asks for: a kind of `KINDS`, and for a counted kind the number wanted
    (None: the most any legal play reaches)."""

    kind: str
    count: int | None = None


@dataclass(frozen=True)
class Grade:
    """One play measured against a goal: `num` what the play does (checkers borne off, hit or
    entered; blots left), `want` what the goal asks (for a counted goal), `points` the blots'
    points in the mover's numbering."""

    met: bool
    num: int
    want: int = 0
    points: tuple[int, ...] = ()


def measure(kind: str, before: Position, play: Play) -> int:
    """What `play` does for a goal of `kind`: checkers borne off, hit (Tapa: pinned), entered from
    the bar, or blots left on the board; 0 for `SHOW`."""
    if kind == BEAR_OFF:
        return play.position.off(play.side) - before.off(play.side)
    if kind == HIT:
        return sum(m.hit for m in play.moves)
    if kind == ENTER:
        return sum(m.src == BAR for m in play.moves)
    if kind == NO_BLOT:
        return len(blots(play))
    return 0


def blots(play: Play) -> tuple[int, ...]:
    """The mover's lone checkers after the play, by own point, farthest first. A point that also
    holds an opposing checker (a Tapa pin, either way up) is held: no blot there."""
    after, side = play.position, play.side
    mine, theirs, geo = after.own(side), after.own(side.opponent), after.geometry
    return tuple(p for p in range(BAR - 1, OFF, -1)
                 if mine[p] == 1 and not theirs[geo.from_board(side.opponent, geo.to_board(side, p))])


def wanted(goal: Goal, before: Position, plays: Sequence[Play]) -> int:
    """The number a counted goal asks for: its `count`, else the most any play reaches."""
    if goal.count is not None:
        return goal.count
    return max((measure(goal.kind, before, p) for p in plays), default=0)


def grade(goal: Goal, before: Position, plays: Sequence[Play], shown: Play | None = None) -> tuple[Grade, ...]:
    """Each play measured against the goal, in the order given. `SHOW` is met by the play whose
    position is `shown`'s."""
    want = wanted(goal, before, plays) if goal.kind in COUNTED else 0
    out = []
    for p in plays:
        num = measure(goal.kind, before, p)
        if goal.kind in COUNTED:
            out.append(Grade(want > 0 and num >= want, num, want))
        elif goal.kind == NO_BLOT:
            out.append(Grade(num == 0, num, 0, blots(p)))
        else:
            out.append(Grade(shown is not None and p.position.key() == shown.position.key(), 0))
    return tuple(out)
