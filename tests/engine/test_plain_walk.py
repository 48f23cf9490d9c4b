"""The plain walk (engine/fast/plainwalk.py) gives the depth-first walk's plays exactly: the same
plays, the same spelling of each (moves, dice, hit marks), the same order and the same
resulting positions, for Tavla and Backgammon, every roll, on random positions that make
the rule-heavy shapes common (bar, closed boards, bear-offs with contact, races) and on
the positions of seeded random games.

`walk.depth_first_plays` (over its hooked kernel) is the reference: it is the walk the
engine used before, checked against GNU Backgammon (test_engine_gnubg.py) and the naive
generator (test_engine_properties.py).
"""
from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.corpus import random_game_positions
from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.budget import PlayBudget
from tavla_docs.engine.dice import ALL_ROLLS, Roll
from tavla_docs.engine.fast.plainwalk import plain_plays
from tavla_docs.engine.movegen import depth_first_plays, legal_plays
from tavla_docs.variants import BACKGAMMON, TAVLA

from .strategies import positions, sides


def spelled(plays):
    """Everything a play says, in order: moves with dice and hit marks, dice used, position."""
    return [(tuple((m.src, m.dst, m.die, m.hit) for m in p.moves), p.dice_used, p.side, p.position.key(), str(p))
            for p in plays]


@settings(max_examples=400)
@given(positions(), sides(), st.sampled_from(ALL_ROLLS), st.sampled_from([TAVLA, BACKGAMMON]))
def test_plain_walk_is_the_depth_first_walk(position: Position, side: Side, roll: Roll, rules) -> None:
    assert spelled(plain_plays(position, side, roll, rules.block_at)) == \
        spelled(depth_first_plays(position, side, roll, rules))


def test_random_games() -> None:
    """Every roll of the distinct positions of seeded random games (the engine benchmark's corpus)."""
    cases = 0
    for position, side in random_game_positions(random.Random(7), 2):
        for roll in ALL_ROLLS:
            assert spelled(legal_plays(position, side, roll, TAVLA)) == \
                spelled(depth_first_plays(position, side, roll, TAVLA)), (position, side, roll)
            cases += 1
    assert cases > 1000


@pytest.mark.parametrize("board, roll, expected", [
    # 6-4 with 8 closed (the 4 first) and 10 open: the one checker goes 14/10/4 only via the 4 first
    (({14: 1, 6: 14}, {8: 2, 1: 13}), Roll(6, 4), "14/4"),
    # on the bar with 3-3: enter, then the double goes on
    (({25: 1, 6: 14}, {24: 2, 1: 13}), Roll(3, 3), "bar/22 6/3(3)"),
    # bearing off 2-2 with overshoot never needed: four checkers off the 2-point
    (({2: 4, 1: 11}, {24: 15}), Roll(2, 2), "2/off(4)"),
    # one on the bar, 5-2: entering by 5 then on by 2 is spelled first; by 2 first it hits on 23 (another play)
    (({25: 1, 6: 14}, {23: 1, 1: 14}), Roll(5, 2), "bar/18"),
    (({25: 1, 6: 14}, {23: 1, 1: 14}), Roll(5, 2), "bar/23*/18"),
    # one on the bar, 5-2 with 20 closed: it enters by 2 only, then the 5 moves
    (({25: 1, 13: 1, 6: 13}, {20: 2, 1: 13}), Roll(5, 2), "bar/23 13/8"),
])
def test_worked_examples(board, roll: Roll, expected: str) -> None:
    white, black = board
    bar = white.pop(25, 0)
    position = Position.from_board(white, black, white_bar=bar, checkers=15)
    plays = legal_plays(position, Side.WHITE, roll, TAVLA)
    assert expected in [str(p) for p in plays]
    assert spelled(plays) == spelled(depth_first_plays(position, Side.WHITE, roll, TAVLA))


def test_a_small_budget_still_meters_the_walk() -> None:
    """The plain walk is used only where the budget would not meter the depth-first walk."""
    from tavla_docs.engine.budget import PlayBudgetExceeded
    p = Position.from_board({5: 1, 3: 1}, {19: 15}, checkers=15)
    with pytest.raises(PlayBudgetExceeded):
        legal_plays(p, Side.WHITE, Roll(4, 2), TAVLA, budget=PlayBudget(max_plays=3))


def test_lazy_plays_are_values() -> None:
    """A generated play makes its position when first read, compares and hashes by it, and
    pickles (to a worker process) as an ordinary play."""
    p = TAVLA.starting_position()
    plays = legal_plays(p, Side.WHITE, Roll(6, 5), TAVLA)
    again = pickle.loads(pickle.dumps(plays))
    assert spelled(again) == spelled(plays)
    assert set(again) == set(plays) and len(set(plays)) == len(plays)
