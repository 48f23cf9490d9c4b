"""Legal plays, by the one dispatch point between the reference and the speed layers.

`walk.depth_first_plays` defines the plays of a turn (rules.md §1.3–1.4); the modules of
`engine/fast/` compute the same plays faster where their conditions hold. This module is the
only one outside `engine/fast/` that imports them (tests/test_architecture.py), so a change to
the rules goes into `walk` first, and the contract tests then name each fast layer that must
follow. `TAVLA_DOCS_PURE` (`tavla_docs.pure`) sends every call to the reference alone.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.variants import TAVLA
>>> p = Position.from_board({5: 1, 3: 1}, {19: 15}, checkers=15)  # seed 1: 4-2, order matters
>>> [str(play) for play in legal_plays(p, Side.WHITE, Roll(4, 2), TAVLA)]
['5/1 3/1', '5/off']
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ..pure import PURE
from .board import Position, Side
from .budget import PlayBudget, current_budget
from .dice import Roll
from .fast import kernels, levels
from .fast.plainboard import MOST as MOST_PACKED
from .fast.plainwalk import plain_plays
from .play import Play, TurnContext
from .rules import Ruleset
from .walk import (  # the reference's names, re-exported for the callers that import them from here
    PLAIN_EXPANSIONS,
    Builder,
    StepKernel,
    depth_first_plays,
    dice_orders,
    hooked_kernel,
    legal_steps,
    max_dice,
    select,
    skips_roll,
    walk,
)

__all__ = ["PlayCount", "count_plays", "counts_apart", "depth_first_plays", "dice_orders", "fast_plays", "hooked_kernel",
           "legal_plays", "legal_steps", "max_dice", "select", "skips_roll", "step_kernel", "walk"]


def legal_plays(position: Position, side: Side, roll: Roll, rules: Ruleset,
                ctx: TurnContext | None = None, *, budget: PlayBudget | None = None) -> tuple[Play, ...]:
    """All distinct legal plays, in a fixed order (highest starting points first): what
    `walk.depth_first_plays` gives, by the fastest layer that applies.

    An empty tuple is never returned: with no legal move the result is the one empty play
    (the turn passes). `budget` (default: `budget.current_budget()`) bounds the work; past it
    the walk stops and raises `budget.PlayBudgetExceeded`. In the plain kernel's games
    (`fast.kernels.applies`) the plain walk (`fast.plainwalk`), unless the budget would meter
    the walk or the game has more checkers than its 4-bit slots hold; where the opponent
    cannot change during the turn (`fast.levels.applies`) the level walk; elsewhere, and
    always under `TAVLA_DOCS_PURE`, the reference.
    """
    if PURE:
        return depth_first_plays(position, side, roll, rules, ctx, budget=budget)
    return fast_plays(position, side, roll, rules, ctx, budget=budget)


def fast_plays(position: Position, side: Side, roll: Roll, rules: Ruleset,
               ctx: TurnContext | None = None, *, budget: PlayBudget | None = None) -> tuple[Play, ...]:
    """`legal_plays` by the fastest layer that applies, whatever `TAVLA_DOCS_PURE` says: what the
    contract tests of `formats/jsonl/` (which prints the plain walk's plays from their finals)
    ask for, in either run of the suite."""
    if (kernels.applies(position, rules) and PLAIN_EXPANSIONS[roll.is_double] <= (budget or current_budget()).unchecked
            and position.checkers <= MOST_PACKED):
        return plain_plays(position, side, roll, rules.block_at)
    if levels.applies(position, side, rules):
        found = levels.level_walk(position, side, dice_orders(roll, rules, ctx), rules.block_at,
                                  budget or current_budget(), (rules, roll)).candidates()
        return select(found, side, roll, Builder(kernels.trusted_position(position.geometry)))
    return depth_first_plays(position, side, roll, rules, ctx, budget=budget, kernel=step_kernel(position, rules, ctx))


def step_kernel(position: Position, rules: Ruleset, ctx: TurnContext | None = None) -> StepKernel[Any]:
    """The plain kernel where it gives the reference's steps (and `TAVLA_DOCS_PURE` is unset),
    else the hooked one, the reference."""
    if not PURE and kernels.applies(position, rules):
        return kernels.plain_kernel(rules.block_at)
    return hooked_kernel(rules, ctx or TurnContext())


class PlayCount(NamedTuple):
    """`len(legal_plays(…))` and `max_dice(legal_plays(…))`, the figures a count claim checks."""

    plays: int
    dice_used: int


def counts_apart(position: Position, side: Side, rules: Ruleset) -> bool:
    """Whether `count_plays` counts without building the plays (the level walk applies), so a
    caller that wants only the counts should not ask for the list."""
    return not PURE and levels.applies(position, side, rules)


def count_plays(position: Position, side: Side, roll: Roll, rules: Ruleset,
                ctx: TurnContext | None = None, *, budget: PlayBudget | None = None) -> PlayCount:
    """How many distinct legal plays there are and how many dice they use, without building
    them where the level walk applies (millions of Gülbara plays are counted in seconds).
    The empty play counts as one play, as in `legal_plays`; the same budget applies.

    >>> from tavla_docs.variants import ruleset
    >>> gulbara = ruleset("gulbara")
    >>> count_plays(gulbara.starting_position(), Side.WHITE, Roll(6, 6), gulbara, TurnContext(game_turn=4))
    PlayCount(plays=1, dice_used=4)
    """
    if counts_apart(position, side, rules):
        counted = levels.level_walk(position, side, dice_orders(roll, rules, ctx), rules.block_at,
                                    budget or current_budget(), (rules, roll), count_only=True)
        used = counted.dice_used()
        if used is not None:
            return PlayCount(counted.count(None if roll.is_double else roll.high), used)
    plays = legal_plays(position, side, roll, rules, ctx, budget=budget)
    return PlayCount(len(plays), max_dice(plays))
