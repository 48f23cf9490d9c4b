"""The two step kernels agree, and the one walk records what keeping every sequence would.

The plain kernel (bytes arithmetic for hook-free Tavla/Backgammon) and the hooked kernel
(`legal_steps`, for every variant) must give identical steps, in the same order, on a
hook-free ruleset: the walk takes the first spelling it finds, so order matters too.
"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavla_docs.engine.board import Geometry, Position, Side
from tavla_docs.engine.dice import ALL_ROLLS, Roll
from tavla_docs.engine.fast.kernels import PlainState, applies, plain_kernel
from tavla_docs.engine.movegen import legal_plays, step_kernel
from tavla_docs.engine.play import Move, TurnContext
from tavla_docs.engine.state import NO_PINS, State, initial_state
from tavla_docs.engine.walk import StepKernel, dice_orders, hooked_kernel, legal_steps, select, walk
from tavla_docs.pure import PURE
from tavla_docs.variants import BACKGAMMON, TAVLA, ruleset

from ..variants.test_properties import random_position
from .strategies import positions, rolls, sides

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CTX = TurnContext()


def as_state(plain: PlainState) -> State:
    """The hooked kernel's `State` for a plain kernel's (mine, theirs): no pins, no hook extra."""
    return plain + (NO_PINS, NO_PINS, ())


def deeper(state: PlainState, path: list[int]) -> PlainState:
    """Follow a few plain steps (each chosen by index) to reach states a start rarely has."""
    for k, die in enumerate(path):
        steps = plain_kernel(2).steps(state, die)
        if not steps:
            break
        state = list(steps)[(k * 7 + die) % len(steps)][1]
    return state


@SETTINGS
@given(positions(), sides(), st.integers(1, 6), st.lists(st.integers(1, 6), max_size=4),
       st.sampled_from([TAVLA, BACKGAMMON]))
def test_plain_and_hooked_kernels_give_the_same_steps(pos, side, die, path, rules):
    kernel = plain_kernel(rules.block_at)
    assert as_state(kernel.start(pos, side)) == initial_state(pos, side)
    state = deeper(kernel.start(pos, side), path)
    plain = [(move, as_state(after)) for move, after in kernel.steps(state, die)]
    assert plain == list(legal_steps(as_state(state), die, rules, CTX))
    for move, after in plain:
        assert type(after[0]) is bytes and type(after[1]) is bytes
        assert isinstance(move, Move) and move.die == die


def _plays(kernel: StepKernel, pos: Position, side: Side, roll: Roll, rules) -> list[tuple]:
    start = kernel.start(pos, side)
    plays = select(walk(kernel, start, dice_orders(roll, rules, CTX)), side, roll, kernel)
    return [(str(p), p.moves, p.position, p.dice_used) for p in plays]


@SETTINGS
@given(positions(), sides(), rolls())
def test_both_kernels_give_the_same_plays(pos, side, roll):
    """The whole pipeline: same plays, spellings, order and dice used, and the plain kernel's
    unchecked positions equal the hooked kernel's validated ones."""
    plain = _plays(plain_kernel(2), pos, side, roll, TAVLA)
    assert plain == _plays(hooked_kernel(TAVLA, CTX), pos, side, roll, TAVLA)
    assert [(str(p), p.moves, p.position, p.dice_used) for p in legal_plays(pos, side, roll, TAVLA)] == plain


def test_the_kernel_follows_the_rules_and_the_position():
    start = TAVLA.starting_position()
    assert applies(start, TAVLA) and applies(start, BACKGAMMON)
    # under TAVLA_DOCS_PURE the dispatch takes the reference, the hooked kernel, everywhere
    assert (step_kernel(start, TAVLA, CTX) is plain_kernel(2)) is not PURE
    assert (step_kernel(start, BACKGAMMON, CTX) is plain_kernel(2)) is not PURE
    # A pin (only Tapa makes them) or any hook sends even Tavla to the hooked kernel.
    pinned = Position.from_board({5: 1, 13: 14}, {5: 1, 19: 14}, pinned=frozenset({(Side.BLACK, 20)}), checkers=15)
    assert step_kernel(pinned, TAVLA, CTX) is not plain_kernel(2)
    assert step_kernel(start, ruleset("tavla", no_hit_and_run_in_home=True), CTX) is not plain_kernel(2)
    for name in ("uzun", "tapa", "gulbara"):
        rules = ruleset(name)
        kernel = step_kernel(rules.starting_position(), rules, CTX)
        assert kernel is not plain_kernel(2) and kernel.transient_marks
    assert step_kernel(start, ruleset("tapa"), CTX).ends_game is not None  # the mother rule
    assert step_kernel(start, ruleset("tapa", mother_rule=False), CTX).ends_game is None


def _over(state: State, rules) -> bool:
    return state[0][0] == 15 or any(h.ends_game(state) for h in rules.step_hooks)


def _every_sequence(state: State, dice: tuple[int, ...], rules, i: int = 0, moves: tuple = ()):
    """All (final state, moves, dice used) of one dice order, without any memo (Tapa: no judge)."""
    steps = list(legal_steps(state, dice[i], rules, CTX))
    if not steps:
        yield state, moves, i
    for move, after in steps:
        done = moves + (move,)
        if i + 1 == len(dice) or _over(after, rules):
            yield after, done, len(dice)
        else:
            yield from _every_sequence(after, dice, rules, i + 1, done)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(ALL_ROLLS), sides())
def test_hooked_recording_is_the_fewest_marks_first_found(seed, roll, side):
    """Tapa, where a pin can be made and released in one turn: per (final state, dice used,
    dice order) the walk keeps the first sequence with the fewest hit marks among all of them."""
    rules = ruleset("tapa")
    pos = random_position(random.Random(seed), Geometry.OPPOSITE, pins=True, max_on=8)
    start = initial_state(pos, side)
    orders = dice_orders(roll, rules, CTX)
    found = walk(hooked_kernel(rules, CTX), start, orders)
    want: dict = {}
    for order, dice in enumerate(orders):
        if _over(start, rules):  # a mother pin already decided the game: the empty play only
            want[(start, 0, 0)] = ((), 0)
            break
        for end, moves, used in _every_sequence(start, dice, rules):
            key, hits = (end, used, order), sum(m.hit for m in moves)
            if key not in want or hits < want[key][1]:
                want[key] = (moves, hits)
    got = {(end, used, order): c for (used, order), group in found.items() for end, c in group.items()}
    assert {k: c[0] for k, c in got.items()} == {k: v[0] for k, v in want.items()}
    assert all(c[1] == sum(m.hit for m in c[0]) for c in got.values())
