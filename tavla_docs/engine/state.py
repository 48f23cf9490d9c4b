"""The generation state of the move generator and the single-step primitives on it.

A `State` is the board in the mover's frame: (mine, theirs, my pinned points, their
pinned points, hook extra), each side's points in its own numbering (0 = off, 25 = bar).
Both step kernels (`kernels`) and every variant hook (`StepHook`) use this one type.
The boards are `bytes`: they index and slice like tuples of counts, and their hash is
computed once and cached, so a state costs little as a memo key in the walk. `extra`
is where hooks keep per-turn values (sorted (key, value) pairs, so equal states stay
equal and hashable).

>>> from tavla_docs.variants import TAVLA
>>> start = initial_state(Position.from_board({8: 1}, {5: 1, 19: 14}, checkers=15), Side.WHITE)
>>> after, hit = apply_step(start, 8, 5, TAVLA)  # a lone Black checker on B5 (its own 20)
>>> hit, after[0][5], after[1][BAR], after[1][20]
(True, 1, 1, 0)
>>> to_position(after, Side.WHITE, TAVLA.geometry).black_board()
{19: 14}
>>> extra_put(extra_put((), "b", 2), "a", 1)
(('a', 1), ('b', 2))
>>> extra_get((("a", 1),), "b", 0)
0
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .board import BAR, Geometry, Position, Side

if TYPE_CHECKING:
    from .play import Move, TurnContext
    from .rules import Ruleset

# (mine, theirs, my pinned points, their pinned points, hook extra); boards have 26 slots.
State = tuple[bytes, bytes, frozenset[int], frozenset[int], tuple]


def extra_get(extra: tuple, key: str, default: Any = None) -> Any:
    """Read a hook's per-turn value from a State's `extra` (sorted (key, value) pairs, so
    equal states stay equal and hashable)."""
    for k, v in extra:
        if k == key:
            return v
    return default


def extra_put(extra: tuple, key: str, value: Any) -> tuple:
    """A copy of `extra` with `key` set (see `extra_get`)."""
    return tuple(sorted([(k, v) for k, v in extra if k != key] + [(key, value)]))


NO_PINS: frozenset[int] = frozenset()  # the pins of a state without any (shared, so cheap to compare)
OPPOSING = {g: tuple([0] + [g.opposing_point(p) for p in range(1, 25)] + [0]) for g in Geometry}


class StepHook(Protocol):
    """A variant rule applied to every single-die step while plays are generated."""

    def immobile(self, state: State, point: int) -> int: ...

    def allow(self, ctx: TurnContext, before: State, move: Move, after: State) -> State | None:
        """The state after the step (possibly with updated `extra`), or None to forbid it."""


def initial_state(position: Position, side: Side) -> State:
    """The generation state of `side` to move in `position`."""
    mine = bytes(position.own(side))
    theirs = bytes(position.own(side.opponent))
    if not position.pinned:
        return (mine, theirs, NO_PINS, NO_PINS, ())
    mypins = frozenset(p for s, p in position.pinned if s is side)
    theirpins = frozenset(p for s, p in position.pinned if s is not side)
    return (mine, theirs, mypins, theirpins, ())


def to_position(state: State, side: Side, geometry: Geometry) -> Position:
    """The (validated) position a state stands for, `side` being the mover."""
    mine, theirs, mypins, theirpins, _ = state
    pins = frozenset([(side, p) for p in mypins] + [(side.opponent, p) for p in theirpins])
    return Position.from_own(side, tuple(mine), tuple(theirs), geometry, pins)


def apply_step(state: State, src: int, dst: int, rules: Ruleset) -> tuple[State, bool]:
    """Move one checker src → dst (no legality checks); hit or pin a lone opposing
    checker on dst. Returns the new state and whether it hit/pinned."""
    mine, theirs, mypins, theirpins, extra = state
    m = bytearray(mine)
    m[src] -= 1
    m[dst] += 1
    hit = False
    if 1 <= dst <= 24:
        q = OPPOSING[rules.geometry][dst]
        if theirs[q] == 1 and q not in theirpins and dst not in mypins:
            if rules.blot == "hit":
                t = bytearray(theirs)
                t[q] -= 1
                t[BAR] += 1
                theirs = bytes(t)
                hit = True
            elif rules.blot == "pin":
                theirpins = theirpins | {q}
                hit = True
    if theirpins and 1 <= src <= 24 and m[src] == 0:
        q = OPPOSING[rules.geometry][src]
        if q in theirpins:
            theirpins = theirpins - {q}
    return (bytes(m), theirs, mypins, theirpins, extra), hit


