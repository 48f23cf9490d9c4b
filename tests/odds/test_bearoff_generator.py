"""The fast home-board generator gives exactly the engine's legal plays."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs import ALL_ROLLS
from tavla_docs.analysis.bearoff import die_moves, home_at, home_plays, index_of, iter_homes, position_count

from .brute import engine_results

#: Any non-empty home, uniformly by index (so mostly large ones).
homes = st.integers(1, position_count() - 1).map(home_at)


def test_equal_to_engine_on_every_home_of_at_most_four_checkers():
    checked = 0
    for home in iter_homes(4):
        if not any(home):
            continue
        for roll in ALL_ROLLS:
            assert home_plays(home, roll) == engine_results(home, roll), (home, roll)
            checked += 1
    assert checked == (position_count(4) - 1) * 21


@settings(max_examples=60, deadline=None)
@given(homes)
def test_equal_to_engine_on_random_larger_homes(home):
    for roll in ALL_ROLLS:
        assert home_plays(home, roll) == engine_results(home, roll)


def test_every_die_is_playable_while_checkers_remain():
    """Why a roll is just its dice applied in turn: with no opponent in the way a die never fails."""
    for home in iter_homes(5):
        for d in range(1, 7):
            assert bool(die_moves(home, d)) == bool(any(home))


def test_die_moves_by_hand():
    assert die_moves((0, 0, 1, 0, 1, 0), 4) == ((1, 0, 1, 0, 0, 0),)  # seed 1: the 5-point checker blocks 3/off
    assert die_moves((0, 0, 1, 0, 0, 0), 6) == ((0, 0, 0, 0, 0, 0),)  # a 6 takes the highest, the 3-point checker
    assert set(die_moves((1, 0, 0, 0, 0, 1), 1)) == {(1, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 1)}
    assert die_moves((0,) * 6, 3) == ()


def test_index_is_a_bijection_in_pip_friendly_prefixes():
    n = position_count()
    assert n == 54264
    seen = set()
    for i in range(0, n, 7):
        h = home_at(i)
        assert index_of(h) == i and sum(h) <= 15
        seen.add(h)
    assert len(seen) == len(range(0, n, 7))
    assert [index_of(h) for h in iter_homes(3)] == list(range(position_count(3)))
