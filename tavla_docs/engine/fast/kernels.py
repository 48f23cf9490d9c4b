"""Reference: `walk.hooked_kernel` over `walk.legal_steps`: the same steps, in the same order
Contract: tests/engine/test_step_kernels.py
Gain: 4.1× legal plays in Tavla and Backgammon (`plays`: 1,546 → 6,352 cases/s; benchmarks-history.md)

Step kernels: one ruleset's single-die moves behind one interface, for the walk in `walk`.

A kernel answers "which single-die moves may the mover make from this state with this
die, and what state does each lead to", plus what the walk and the selection must know
beside it: the start state of a position, an extra end of game, whether hit marks can
differ between spellings of one result, and how a final state becomes a `Position`.
There are two:

- the *plain* kernel (`plain_kernel`) for the hitting, opposite-direction games with a
  bar, no hooks and no pins (Tavla, Backgammon): bytes arithmetic, `Move`s from a
  prebuilt table, and results built without the (costly) validity check, since legal
  steps from a valid position cannot make an invalid one;
- the *hooked* kernel (`walk.hooked_kernel`, over `walk.legal_steps`) for
  everything else: pins, same-direction geometry, blocked points and `StepHook`s.

The hooked kernel's states are `State`s. The plain kernel's are their board part,
(mine, theirs), the same `bytes` boards: a hook- and pin-free `State` is that pair plus
`(NO_PINS, NO_PINS, ())`, which the plain kernel leaves off because the walk hashes and
copies states all the time (a 5-tuple made the walk ~12% slower). On hook-free rules the
two kernels yield the same steps in the same order (tests/engine/test_step_kernels.py).

>>> from tavla_docs.engine.board import Position, Side
>>> kernel = plain_kernel(2)  # two opposing checkers close a point
>>> state = kernel.start(Position.from_board({8: 1, 6: 2}, {5: 1, 19: 14}, checkers=15), Side.WHITE)
>>> [str(move) for move, _ in kernel.steps(state, 3)]
['8/5*', '6/3']
>>> after = kernel.steps(state, 3)[0][1]
>>> kernel.position(after, Side.WHITE).black_board(), after[1][25]
({19: 14}, 1)
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

from ..board import BAR, OFF, Geometry, Position, Side
from ..play import Move
from ..rules import Ruleset
from ..walk import StepKernel

PlainState = tuple[bytes, bytes]  # (mine, theirs), each in its own numbering (0 = off, 25 = bar)


_NO_POSITION_PINS: frozenset[tuple[Side, int]] = frozenset()
# STEP_MOVES[die][src][hit]: the Move for one checker from own point src (25 = bar) by die, shared by
# the plain walk (`plainwalk`): one object per move, which the notation memo keys on
# (rows for die 0 and src 0 exist only to keep the indexing direct; they are never used).
STEP_MOVES = [[(Move(s, max(s - d, OFF), d, False), Move(s, max(s - d, OFF), d, True)) for s in range(26)]
              for d in range(7)]
# Position's slot setters: they fill a frozen Position without four `object.__setattr__` calls.
_SET_WHITE, _SET_BLACK, _SET_GEOMETRY, _SET_PINNED = (Position.__dict__[f].__set__
                                                      for f in ("white", "black", "geometry", "pinned"))


def _plain_start(position: Position, side: Side) -> PlainState:
    return bytes(position.own(side)), bytes(position.own(side.opponent))


@lru_cache(maxsize=4096)
def _counts(board: bytes) -> tuple[int, ...]:
    """A board as the tuple a Position holds; the same boards recur (e.g. the opponent's, unhit)."""
    return tuple(board)


def assemble(side: Side, mine: tuple[int, ...], theirs: tuple[int, ...], geometry: Geometry) -> Position:
    """The pin-free Position of boards reached by legal steps from a valid position: valid by
    construction, so `Position.problems()` (most of the cost of a result) is skipped."""
    p = object.__new__(Position)
    if side is Side.WHITE:
        _SET_WHITE(p, mine)
        _SET_BLACK(p, theirs)
    else:
        _SET_WHITE(p, theirs)
        _SET_BLACK(p, mine)
    _SET_GEOMETRY(p, geometry)
    _SET_PINNED(p, _NO_POSITION_PINS)
    return p


def _trusted(geometry: Geometry) -> Callable[[PlainState, Side], Position]:
    def position(state: PlainState, side: Side) -> Position:
        """`assemble` for a kernel's (mine, theirs) state."""
        return assemble(side, _counts(state[0]), _counts(state[1]), geometry)

    return position


_TRUSTED = {g: _trusted(g) for g in Geometry}
_trusted_position = _TRUSTED[Geometry.OPPOSITE]


def trusted_position(geometry: Geometry) -> Callable[[PlainState, Side], Position]:
    """`kernel.position` for pin-free (mine, theirs) states of `geometry` (see `_trusted`)."""
    return _TRUSTED[geometry]


def _plain_steps(block: int) -> Callable[[PlainState, int], list[tuple[Move, PlainState]]]:
    """`legal_steps` for the hitting, opposite-direction games without hooks or pins, where
    `block` opposing checkers close a point. The point scan is descending, so the first
    occupied point it meets is the highest (the bear-off test needs no second scan)."""

    def steps(state: PlainState, die: int) -> list[tuple[Move, PlainState]]:
        mine, theirs = state
        table = STEP_MOVES[die]
        out: list[tuple[Move, PlainState]] = []
        if mine[BAR]:
            t = theirs[die]  # entering on own 25 - die = the opponent's own point `die`
            if t < block:
                m = bytearray(mine)
                m[BAR] -= 1
                m[25 - die] += 1
                if t == 1:
                    th = bytearray(theirs)
                    th[die] = 0
                    th[BAR] += 1
                    out.append((table[BAR][1], (bytes(m), bytes(th))))
                else:
                    out.append((table[BAR][0], (bytes(m), theirs)))
            return out
        highest = 0
        for s in range(24, 0, -1):
            if not mine[s]:
                continue
            if not highest:
                highest = s
            d = s - die
            if d >= 1:
                q = 25 - d
                t = theirs[q]
                if t >= block:
                    continue
                m = bytearray(mine)
                m[s] -= 1
                m[d] += 1
                if t == 1:
                    th = bytearray(theirs)
                    th[q] = 0
                    th[BAR] += 1
                    out.append((table[s][1], (bytes(m), bytes(th))))
                else:
                    out.append((table[s][0], (bytes(m), theirs)))
            elif highest <= 6 and (d == 0 or s == highest):
                m = bytearray(mine)
                m[s] -= 1
                m[OFF] += 1
                out.append((table[s][0], (bytes(m), theirs)))
        return out

    return steps


@cache
def plain_kernel(block: int) -> StepKernel[PlainState]:
    """The plain kernel (see the module doc) for games where `block` checkers close a point."""
    return StepKernel(_plain_start, _plain_steps(block), None, False, _trusted_position)


def applies(position: Position, rules: Ruleset) -> bool:
    """Whether the plain kernel (and the plain walk) gives this generation's steps: a hitting,
    opposite-direction game with a bar, no hooks, no dice plan, no pins on the board."""
    last = _PLAIN_RULES[0]  # the last ruleset asked about, by identity (rulesets are values)
    if last is None or last[0] is not rules:
        last = _PLAIN_RULES[0] = (rules, not rules.step_hooks and rules.dice_plan is None and rules.blot == "hit"
                                  and rules.has_bar and rules.geometry is Geometry.OPPOSITE)
    return last[1] and not position.pinned


_PLAIN_RULES: list[tuple[Ruleset, bool] | None] = [None]
