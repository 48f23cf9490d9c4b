"""Race odds from two one-sided distributions."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs import Position, Side
from tavla_docs.analysis import bearoff as bo

tiny = st.integers(1, bo.position_count(4) - 1).map(bo.home_at)  # 1..4 checkers
SIX = (0, 0, 0, 0, 0, 1)


def test_one_checker_on_the_six_point_each_by_hand():
    """On roll: off at once 3/4; else (1/4) the other misses too (1/4) and then we are surely off."""
    assert bo.race_win_chance(SIX, SIX) == Fraction(3, 4) + Fraction(1, 4) * Fraction(1, 4)


def test_a_sure_finish_wins():
    assert bo.race_win_chance((1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 4)) == 1
    assert bo.race_win_chance((2, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0)) == 1  # any roll takes two off the 1-point


def test_the_other_side_wins_only_when_we_miss():
    """Two on the 6-point against one on the 1-point: we win only with 3-3 … 6-6 now."""
    assert bo.race_win_chance((0, 0, 0, 0, 0, 2), (1, 0, 0, 0, 0, 0)) == Fraction(4, 36)


@settings(max_examples=40, deadline=None)
@given(tiny)
def test_symmetric_races_favour_the_side_on_roll(home):
    assert bo.race_win_chance(home, home) >= Fraction(1, 2)


@settings(max_examples=40, deadline=None)
@given(tiny, tiny)
def test_chances_are_probabilities_and_the_float_version_agrees(db, a, b):
    p = bo.race_win_chance(a, b)
    assert 0 <= p <= 1
    assert db.race_win_chance(a, b) == pytest.approx(float(p), abs=1e-12)
    # being on roll never hurts: A on roll beats A after B's roll.
    assert p >= 1 - bo.race_win_chance(b, a)


def test_from_a_position_and_bad_input():
    pos = Position.from_board({6: 1}, {19: 1}, checkers=15)  # Black's one checker on its own 6-point
    assert bo.race_position_win_chance(pos, Side.BLACK) == Fraction(13, 16)
    with pytest.raises(bo.BearoffError):
        bo.race_position_win_chance(Position.from_board({6: 1, 8: 1}, {19: 1}, checkers=15), Side.WHITE)
    with pytest.raises(bo.BearoffError):
        bo.race_win_chance((0,) * 6, SIX)
