"""Hooks shared by the same-direction games (Uzun tavla, Gülbara): the head rule and the
six-block rule (rules.md §3.3), and the per-turn `extra` record they keep.

`extra` (the last item of a generation state) is a sorted tuple of (key, value)
pairs, so several hooks can keep their own counters in one hashable value.

>>> put(put((), "b", 2), "a", 1)
(('a', 1), ('b', 2))
>>> get((("a", 1),), "b", 0)
0
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..engine.board import OFF, Geometry
from ..engine.play import Move, TurnContext
from ..engine.reasons import HEAD_RULE, SIX_BLOCK
from ..engine.state import State, extra_get, extra_put

HEAD = 24
_SAME = tuple([0] + [Geometry.SAME.opposing_point(p) for p in range(1, 25)])


get, put = extra_get, extra_put  # per-turn hook values in a State's `extra`


def first_turn(ctx: TurnContext) -> bool:
    """The mover's own first turn: player_turn 1, else game turn 1 or 2 (unknown = a later turn)."""
    if ctx.player_turn is not None:
        return ctx.player_turn == 1
    return ctx.game_turn in (1, 2)


@dataclass(frozen=True)
class HeadRule:
    """At most one checker leaves the head (own 24) per turn; on the mover's first turn a
    double in `exception_doubles` lets two leave (rules.md §3.3, option head_exception_doubles).

    The hook sees single steps, not the roll. On a first turn a second departure is allowed
    only with the same die as the first, which can happen only when the roll is that double
    (a non-double's two dice differ), so no roll needs to be passed in.
    """

    exception_doubles: tuple[int, ...] = (6, 4, 3)
    refusal: ClassVar[str] = HEAD_RULE  # the reason `engine.explain` gives for a step this refuses

    def immobile(self, state: State, point: int) -> int:
        if point == HEAD and len(get(state[4], "head", ())) >= 2:
            return state[0][HEAD]
        return 0

    def allow(self, ctx: TurnContext, before: State, move: Move, after: State) -> State | None:
        if move.src != HEAD:
            return after
        left: tuple[int, ...] = get(before[4], "head", ())
        if left and not (len(left) == 1 and left[0] == move.die and move.die in self.exception_doubles
                         and first_turn(ctx)):
            return None
        mine, theirs, mypins, theirpins, extra = after
        return (mine, theirs, mypins, theirpins, put(extra, "head", left + (move.die,)))


def illegal_blocks(state: State) -> frozenset[int]:
    """Six-blocks the rule forbids, by the opponent's own lowest point k of the block:
    the mover holds the opponent's k…k+5 and no opposing checker stands on its own 1…k−1."""
    mine, theirs = state[0], state[1]
    out = []
    for k in range(1, 20):
        if all(mine[_SAME[q]] for q in range(k, k + 6)) and not any(theirs[1:k]):
            out.append(k)
    return frozenset(out)


def _new_block_at(before: State, after: State, dst: int) -> bool:
    """Whether landing on `dst` completed a forbidden six-block (only windows through dst can)."""
    if dst == OFF or before[0][dst]:
        return False
    mine, theirs = after[0], after[1]
    q0 = _SAME[dst]
    for k in range(max(1, q0 - 5), min(19, q0) + 1):
        if all(mine[_SAME[q]] for q in range(k, k + 6)) and not any(theirs[1:k]):
            return True
    return False


@dataclass(frozen=True)
class SixBlock:
    """No six consecutive blocking points (along the opponent's path) unless an opposing
    checker is already ahead of them (rules.md §3.3, D6).

    `check="per_move"` forbids any single-die step that completes such a block (the player
    may order the dice to avoid one); `"end_of_turn"` judges only the final position. A block
    that already stood at the start of the turn (its opposing checker ahead has since borne
    off) is not "built" this turn and does not forbid moves.
    """

    check: str = "per_move"
    refusal: ClassVar[str] = SIX_BLOCK  # the reason `engine.explain` gives for a step this refuses

    def immobile(self, state: State, point: int) -> int:
        return 0

    def allow(self, ctx: TurnContext, before: State, move: Move, after: State) -> State | None:
        if self.check == "per_move" and _new_block_at(before, after, move.dst):
            return None
        return after


@dataclass(frozen=True)
class SixBlockAtEnd(SixBlock):
    """The end-of-turn form: `moves.legal_plays` calls `accept_end` on each candidate play."""

    check: str = "end_of_turn"

    def accept_end(self, start: State, end: State) -> bool:
        return illegal_blocks(end) <= illegal_blocks(start)


def six_block_hook(check: str) -> SixBlock:
    if check == "per_move":
        return SixBlock()
    if check == "end_of_turn":
        return SixBlockAtEnd()
    raise ValueError(f"six_block_check is 'per_move' or 'end_of_turn', not {check!r}")
