"""The reference move generator: every distinct way to play a roll, by rules.md §1.3–1.4.

This module defines the rules of a turn; the speed layers in `engine/fast/` must equal it, and
`movegen` (the one dispatch point) chooses between them. The generator walks the dice in each order (doubles: four of a kind, or a
variant's own plan), one single-die `Move` at a time, and remembers every
(intermediate position, dice left) it has expanded so that equal positions
reached by different orders are expanded once. It keeps the plays that use
the most dice (then the larger die) and merges plays that end in the same
position.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.variants import TAVLA
>>> p = Position.from_board({5: 1, 3: 1}, {19: 15}, checkers=15)  # seed 1: 4-2, order matters
>>> [str(play) for play in depth_first_plays(p, Side.WHITE, Roll(4, 2), TAVLA)]
['5/1 3/1', '5/off']
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Any, Generic, NamedTuple, TypeVar

from .board import BAR, OFF, Position, Side
from .budget import Meter, PlayBudget, current_budget
from .dice import Roll
from .play import Move, Play, TurnContext
from .rules import Ruleset
from .state import OPPOSING, State, apply_step, initial_state, to_position

# A kernel's state: a tuple whose first item is the mover's board (`state[0][OFF]` = borne
# off) and whose first four items are the position (`state[:4]`; the rest is hook bookkeeping).
S = TypeVar("S", bound=tuple[Any, ...])


@dataclass(frozen=True, slots=True)
class StepKernel(Generic[S]):
    """The single-die steps of one ruleset and what the walk needs to know beside them.

    `start`: the state of `side` to move in a position. `steps(state, die)`: the legal
    single-die moves with the states they lead to, in a fixed order (a list: the walk
    asks whether it is empty). `ends_game`: a
    variant's own end of game (Tapa's mother pin) beyond "all checkers off", or None.
    `transient_marks`: whether spellings of one result may differ in hit marks (a Tapa
    pin made and released within the turn); the selection then keeps the spelling with
    the fewest, else simply the first found. `position`: a final state as a `Position`.
    The reference kernel is `hooked_kernel`; `fast/kernels.py` has the plain one.
    """

    start: Callable[[Position, Side], S]
    steps: Callable[[S, int], Sequence[tuple[Move, S]]]
    ends_game: Callable[[S], bool] | None
    transient_marks: bool
    position: Callable[[S, Side], Position]


def legal_steps(state: State, die: int, rules: Ruleset, ctx: TurnContext) -> Iterator[tuple[Move, State]]:
    """Every single-die move the mover may make now, with the state it leads to."""
    mine, theirs, mypins, theirpins, _ = state
    opposing = OPPOSING[rules.geometry]
    hooks = rules.step_hooks
    if rules.has_bar and mine[BAR]:
        sources: tuple[int, ...] | list[int] = (BAR,)
    else:
        sources = [p for p in range(24, 0, -1) if mine[p]]
    home = None
    for s in sources:
        free = mine[s] - (1 if s in mypins else 0)
        for h in hooks:
            free -= h.immobile(state, s)
        if free <= 0:
            continue
        d = s - die
        if d >= 1:
            if d in mypins:
                continue  # an opposing checker pins ours there: closed to us
            q = opposing[d]
            t = theirs[q]
            if t and q not in theirpins and t >= rules.block_at:
                continue
        else:
            if home is None:
                home = not any(mine[7:26]) and not (mypins and rules.pins_block_bear_off)
            if not home:
                continue
            if d < 0 and any(mine[s + 1:7]):
                continue  # a larger die bears off only from the highest point
            d = OFF
        after, hit = apply_step(state, s, d, rules)
        move = Move(s, d, die, hit)
        for h in hooks:
            after = h.allow(ctx, state, move, after)
            if after is None:
                break
        if after is not None:
            yield move, after


def dice_orders(roll: Roll, rules: Ruleset, ctx: TurnContext | None = None) -> tuple[tuple[int, ...], ...]:
    """The orders in which the dice of `roll` may be played (a variant's `dice_plan` decides)."""
    if rules.dice_plan is not None:
        return rules.dice_plan(roll, ctx or TurnContext(), rules)
    if roll.is_double:
        return ((roll.high,) * 4,)
    return ((roll.high, roll.low), (roll.low, roll.high))


def hooked_kernel(rules: Ruleset, ctx: TurnContext) -> StepKernel[State]:
    """`legal_steps` as a kernel: any ruleset, its hooks' own ends of game, validated results."""
    enders = [h.ends_game for h in rules.step_hooks if hasattr(h, "ends_game")]
    geometry = rules.geometry

    def steps(state: State, die: int) -> list[tuple[Move, State]]:
        return list(legal_steps(state, die, rules, ctx))

    def ends_game(state: State) -> bool:
        return any(end(state) for end in enders)

    def position(state: State, side: Side) -> Position:
        return to_position(state, side, geometry)

    return StepKernel(initial_state, steps, ends_game if enders else None, True, position)


def depth_first_plays(position: Position, side: Side, roll: Roll, rules: Ruleset, ctx: TurnContext | None = None,
                      *, budget: PlayBudget | None = None, kernel: StepKernel[Any] | None = None) -> tuple[Play, ...]:
    """All distinct legal plays, in a fixed order (highest starting points first): the
    depth-first walk over single-die steps, for any ruleset. This is the reference every
    speed layer is held to (`movegen.legal_plays` dispatches).

    An empty tuple is never returned: with no legal move the result is the one empty play
    (the turn passes). `budget` (default: `budget.current_budget()`) bounds the work; past it
    the walk stops and raises `budget.PlayBudgetExceeded`. `kernel` (default: the hooked
    kernel over `legal_steps`) is the steps' source; `movegen` passes the plain kernel of
    `fast/kernels.py` where that one gives the same steps.
    """
    kernel = kernel or hooked_kernel(rules, ctx or TurnContext())
    start = kernel.start(position, side)
    # Hooks with `accept_end(start, end)` judge only the final position (e.g. Uzun tavla's
    # six-block rule checked at the end of the turn); the maximum rule counts accepted plays only.
    # (Only the hooked kernel runs with hooks, so `start` is then a State.)
    judges = [h for h in rules.step_hooks if hasattr(h, "accept_end")]
    judge = _judge(start, judges) if judges else None
    return select(walk(kernel, start, dice_orders(roll, rules, ctx), judge, budget or current_budget(), (rules, roll)),
                  side, roll, kernel)


def _judge(start: State, judges: list[Any]) -> Callable[[State], bool]:
    def accept(end: State) -> bool:
        return all(h.accept_end(start, end) for h in judges)
    return accept


# ---- the walk ------------------------------------------------------------------------
#
# Candidates are recorded once per (dice used, dice order, final state): the first
# sequence found, replaced later only by one with fewer hit marks when the kernel says
# marks can differ between spellings (then each candidate also carries its sequence
# number, so the selection can still prefer the earliest of equally marked spellings).
# The selection thus picks what keeping every sequence would, at a fraction of the cost.

Candidate = tuple[tuple[Move, ...], int, int]  # moves, hit marks, sequence number
# (dice used, order index) -> final state -> candidate, both levels in the order found
Found = dict[tuple[int, int], dict[S, Candidate]]


def walk(kernel: StepKernel[S], start: S, orders: tuple[tuple[int, ...], ...],
         judge: Callable[[S], bool] | None = None, budget: PlayBudget | None = None,
         about: tuple[Any, object] = (None, None)) -> Found[S]:
    """Every end of turn from `start`, one candidate per (dice used, order, final state).

    Each dice order is walked depth first, one kernel step at a time; a (state, dice
    index) already expanded in this order is not expanded again. A sequence ends when
    the dice run out, the game ends (it counts as complete) or no step is possible. With
    a `judge` (end-of-turn rules) every prefix may be the play, if the judge accepts it.
    With a `budget` the walk counts what it stores, the expanded (state, dice index) pairs
    and the candidates, and stops inside when that passes it (`about`: the rules and the
    roll, for the message).
    """
    found: Found[S] = {}
    record = _recorder(found, kernel.transient_marks, judge)
    ends = kernel.ends_game
    total = sum(start[0])  # the mover's checkers: all of them off ends the game
    if start[0][OFF] == total or (ends is not None and ends(start)):
        if orders:
            record(start, (), 0, 0)
        return found
    simple = judge is None and not kernel.transient_marks
    meter = None
    if budget is not None and _most_expansions(orders) > budget.unchecked:
        meter = Meter(budget, about, found)  # a long walk (a progression, a dice plan): counted as it goes
    for order, dice in enumerate(orders):
        complete: dict[S, Candidate] = found.setdefault((len(dice), order), {})
        _walker(kernel, dice, order, complete if simple else None, record, judge is not None,
                set() if meter is None else meter.memo(), total)(start, 0, ())
        if not complete:
            del found[(len(dice), order)]  # keep the groups in the order their first candidate came
    if meter is not None:
        meter.finish()
    return found


@lru_cache(maxsize=1024)
def _most_expansions(orders: tuple[tuple[int, ...], ...]) -> int:
    """An upper bound of the (state, dice index) pairs the walk of `orders` can expand: a
    position has at most 15 single-die steps (one per point with checkers, or the bar entry)."""
    return sum(sum(15 ** k for k in range(len(dice))) for dice in orders)


# what the depth-first walk could expand for a non-double (two orders of two dice) and a double
PLAIN_EXPANSIONS = (_most_expansions(((1, 2), (2, 1))), _most_expansions(((1,) * 4,)))


def _recorder(found: Found[S], marks: bool,
              judge: Callable[[S], bool] | None) -> Callable[[S, tuple[Move, ...], int, int], None]:
    sequence = itertools.count()

    def record(state: S, moves: tuple[Move, ...], used: int, order: int) -> None:
        if judge is not None and not judge(state):
            return
        group = found.get((used, order))
        if group is None:
            group = found[(used, order)] = {}
        old = group.get(state)
        if not marks:
            if old is None:
                group[state] = (moves, 0, 0)  # the first found; 0, 0: no tie to break
            return
        hits = sum(m.hit for m in moves)
        if old is None or hits < old[1]:
            group[state] = (moves, hits, next(sequence))

    return record


def _walker(kernel: StepKernel[S], dice: tuple[int, ...], order: int, complete: dict[S, Candidate] | None,
            record: Callable[[S, tuple[Move, ...], int, int], None], prefixes: bool,
            seen: set[tuple[S, int]], total: int) -> Callable[[S, int, tuple[Move, ...]], None]:
    """The depth-first walk of one dice order. With `complete` (no judge, no marks) the plays
    that use every die are recorded inline, as `record` would. `seen` is the memo of the
    (state, dice index) pairs expanded (a metered one checks the budget as it grows)."""
    steps, ends = kernel.steps, kernel.ends_game
    n = len(dice)

    def expand(state: S, i: int, moves: tuple[Move, ...]) -> None:
        key = (state, i)
        if key in seen:
            return
        seen.add(key)
        last = i + 1 == n
        out = steps(state, dice[i])
        for move, after in out:
            done = moves + (move,)
            if last or after[0][OFF] == total or (ends and ends(after)):
                if complete is None:  # game over counts as complete
                    record(after, done, n, order)
                elif after not in complete:
                    complete[after] = (done, 0, 0)
            else:
                expand(after, i + 1, done)
        if prefixes or not out:
            record(state, moves, i, order)  # with an end-of-turn judge, any prefix may be the play

    return expand


# ---- the selection ---------------------------------------------------------------------

class Builder(NamedTuple):
    """What `select` needs of a kernel: how a final state becomes a `Position`."""

    position: Callable[[Any, Side], Position]


def select(found: Found[S], side: Side, roll: Roll, kernel: StepKernel[S] | Builder) -> tuple[Play, ...]:
    """The plays among the candidates (rules.md 1.3): the most dice, then the larger die for a
    single-die play of a non-double, one play per resulting position (the spelling with the
    fewest hit marks, then the first found), in a fixed order (highest starting points first)."""
    best = max(found)[0]  # keys are (dice used, order index)
    chosen = [(state, c) for (used, _), group in found.items() if used == best for state, c in group.items()]
    if best == 1 and not roll.is_double:  # a dice_plan changes doubles only
        larger = [sc for sc in chosen if sc[1][0][0].die == roll.high]
        if larger:
            chosen = larger
    unique: dict[Any, tuple[S, Candidate]] = {}
    for state, c in chosen:
        board = state[:4]  # the position; the rest (hook bookkeeping) is not part of it
        old = unique.get(board)
        # Tapa: 8/7/4, not 8/5*/4 that pins and releases; equal marks: the first found.
        if old is None or c[1:] < old[1][1:]:
            unique[board] = (state, c)
    # the order of (-src, dst) pairs, as one small int a move: (25 - src) * 26 + dst (a tuple of
    # 20 small ints, not of 20 pairs, for a progression's play: 469,490 of them for Gülbara 2-2)
    ordered = sorted([(tuple(sorted([(25 - m.src) * 26 + m.dst for m in c[0]])), state, c[0])
                      for state, c in unique.values()], key=itemgetter(0))
    position = kernel.position
    return tuple([Play(side, moves, position(state, side), len(moves)) for _, state, moves in ordered])


def max_dice(plays: tuple[Play, ...]) -> int:
    return max((p.dice_used for p in plays), default=0)


def skips_roll(position: Position, side: Side, rules: Ruleset) -> bool:
    """Tavla's closed board: a side on the bar facing six closed entry points does not roll."""
    if not (rules.has_bar and rules.closed_board_skips_roll and position.bar(side)):
        return False
    theirs = position.own(side.opponent)
    opposing = OPPOSING[rules.geometry]
    return all(theirs[opposing[p]] >= rules.block_at for p in range(19, 25))
