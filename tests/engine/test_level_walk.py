"""The level walk (engine/fast/levels.py) gives the depth-first walk's plays, spelling and order
included, counts them as `count_plays` says, and stores what the budget counts the same way.

`walk.depth_first_plays` is the walk every game used before the level walk: the
reference here. Positions are random same-direction boards (full 15 a side, spread,
crowded heads, bear-offs, primes in front of the mover), the rolls all 21, the turns both
ordinary doubles and Gülbara's progressions, and for the other variants (where the
level walk does not apply) `count_plays` is checked against `legal_plays` as well.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavla_docs.engine.board import Geometry, Position, Side
from tavla_docs.engine.budget import PlayBudget, PlayBudgetExceeded
from tavla_docs.engine.dice import ALL_ROLLS, Roll
from tavla_docs.engine.fast.levels import applies, level_walk
from tavla_docs.engine.movegen import count_plays, depth_first_plays, dice_orders, legal_plays, max_dice
from tavla_docs.engine.play import TurnContext
from tavla_docs.variants import ruleset

from .strategies import positions

UNLIMITED = PlayBudget(max_plays=None, max_seconds=None)
GULBARA = ruleset("gulbara")


def same_direction(rng: random.Random) -> Position:
    """15 checkers a side on the same-direction board (some borne off), never two colours on a
    point: spread middle games, crowded heads, all-home bear-offs and walls in front of the mover."""
    owner: dict[int, tuple[Side, int]] = {}
    geometry = Geometry.SAME
    kind = rng.choice(["spread", "head", "home", "wall"])
    if kind == "wall":  # Black holds a run of White's path: White's steps meet closed points
        k = rng.randint(2, 17)
        for own in range(k, k + rng.randint(3, 6)):
            owner[geometry.to_board(Side.BLACK, own)] = (Side.BLACK, 1)
    for side in (Side.WHITE, Side.BLACK):
        on = rng.randint(1, 15) if kind == "home" else rng.randint(8, 15)
        placed = sum(n for s, n in owner.values() if s is side)
        for _ in range(on - placed):
            for _try in range(50):
                if kind == "home" and side is Side.WHITE:
                    own = rng.randint(1, 6)
                elif kind == "head":
                    own = rng.choice([24] * 6 + list(range(13, 25)))
                else:
                    own = rng.randint(1, 24)
                b = geometry.to_board(side, own)
                if b not in owner or owner[b][0] is side:
                    owner[b] = (side, owner.get(b, (side, 0))[1] + 1)
                    break
    white = {b: n for b, (s, n) in owner.items() if s is Side.WHITE}
    black = {b: n for b, (s, n) in owner.items() if s is Side.BLACK}
    return Position.from_board(white, black, geometry=geometry, checkers=15)


def _spelled(plays):
    return [(str(p), p.moves, p.position.key(), p.dice_used) for p in plays]


def _assert_same(pos, side, roll, rules, ctx, limit=15_000):
    """Both walks give the same plays and counts, or both stop at the budget (`limit` keeps the
    depth-first reference quick on long progressions)."""
    budget = PlayBudget(max_plays=limit, max_seconds=None)
    try:
        expected = depth_first_plays(pos, side, roll, rules, ctx, budget=budget)
    except PlayBudgetExceeded:
        for walk in (legal_plays, count_plays):
            with pytest.raises(PlayBudgetExceeded) as e:
                walk(pos, side, roll, rules, ctx, budget=budget)
            assert limit < e.value.count <= limit + 33
        return
    assert _spelled(legal_plays(pos, side, roll, rules, ctx, budget=budget)) == _spelled(expected)
    assert count_plays(pos, side, roll, rules, ctx, budget=budget) == (len(expected), max_dice(expected))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(ALL_ROLLS), st.sampled_from([None, 1, 3, 4, 9]), st.booleans())
def test_gulbara_plays_equal_the_depth_first_walks(seed, roll, turn, black):
    pos = same_direction(random.Random(seed))
    side = Side.BLACK if black else Side.WHITE
    ctx = TurnContext(game_turn=turn, player_turn=None if turn is None else (turn + 1) // 2)
    assert applies(pos, side, GULBARA)
    _assert_same(pos, side, roll, GULBARA, ctx)


@pytest.mark.parametrize("options", [{"normal_doubles_turns": 0}, {"normal_doubles_scope": "per_player"},
                                     {"unplayable_remainder": "opponent"}])
@pytest.mark.parametrize("seed", range(3))
def test_gulbara_options_that_keep_the_opponent_still(options, seed):
    rules = GULBARA.with_options(**options)
    rng = random.Random(seed)
    pos = same_direction(rng)
    for roll in (Roll(3, 3), Roll(5, 5), Roll(6, 2)):
        _assert_same(pos, Side.WHITE, roll, rules, TurnContext(game_turn=5, player_turn=3))


@pytest.mark.parametrize("seed", range(8))
def test_a_handed_over_remainder_plan(seed):
    # `gulbara.remainder_plays` walks a fixed list of numbers (a dice plan of one order).
    from dataclasses import replace
    numbers = tuple(random.Random(seed).choice([(5, 5, 5, 6, 6, 6, 6), (6, 6), (4, 5, 5, 5, 5)]))
    rules = replace(GULBARA, dice_plan=lambda *_: (numbers,))
    _assert_same(same_direction(random.Random(seed + 100)), Side.BLACK, Roll(numbers[0], numbers[0]), rules, None)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from([Side.WHITE, Side.BLACK]), st.sampled_from(ALL_ROLLS),
       st.sampled_from(["tavla", "backgammon", "tapa", "uzun"]))
def test_the_other_variants_count_what_they_list(pos, side, roll, variant):
    # Tapa pins and the hitting games change the opponent: the depth-first walk answers, and
    # the count is its length. (Uzun's hooks keep it on the depth-first walk too.)
    rules = ruleset(variant)
    if rules.geometry is not pos.geometry:
        pos = rules.starting_position()
    assert not applies(pos, side, rules)
    _assert_same(pos, side, roll, rules, TurnContext(game_turn=5, player_turn=3))


@pytest.mark.parametrize("seed", range(8))
def test_the_budget_counts_the_same_entries(seed):
    # What the level walk stores, counted as the depth-first walk counts it: both pass at that
    # limit and both stop one below it, just past the limit.
    rng = random.Random(seed)
    pos = same_direction(rng)
    die = rng.choice([5, 6])
    roll, ctx = Roll(die, die), TurnContext(game_turn=4, player_turn=2)
    stored = level_walk(pos, Side.WHITE, dice_orders(roll, GULBARA, ctx), 1, UNLIMITED, (GULBARA, roll)).stored
    assert stored > 1
    for walk in (depth_first_plays, legal_plays, count_plays):
        walk(pos, Side.WHITE, roll, GULBARA, ctx, budget=PlayBudget(max_plays=stored, max_seconds=None))
        with pytest.raises(PlayBudgetExceeded) as e:
            walk(pos, Side.WHITE, roll, GULBARA, ctx, budget=PlayBudget(max_plays=stored - 1, max_seconds=None))
        assert stored - 1 < e.value.count <= stored - 1 + 33


def test_gulbara_from_the_start_on_turn_4():
    # 3-3 from the start: 42,675 distinct plays, counted and listed alike (benchmarks/bench_gulbara.py
    # has the heavier rolls: 2-2 469,490, 1-1 3,227,824).
    start = GULBARA.starting_position()
    ctx = TurnContext(game_turn=4, player_turn=2)
    three = legal_plays(start, Side.WHITE, Roll(3, 3), GULBARA, ctx, budget=UNLIMITED)
    assert count_plays(start, Side.WHITE, Roll(3, 3), GULBARA, ctx, budget=UNLIMITED) == (len(three), 16) == (42_675, 16)
