"""The one-sided bear-off database: hand-worked figures, a brute-force cross-check, properties, the cache."""
from __future__ import annotations

import os
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs import ALL_ROLLS
from tavla_docs.analysis import bearoff as bo

from . import brute

homes = st.integers(1, bo.position_count() - 1).map(bo.home_at)
small_homes = st.integers(1, bo.position_count(6) - 1).map(bo.home_at)
SIX = (0, 0, 0, 0, 0, 1)


# ---- figures worked by hand ----------------------------------------------------

def test_one_checker_on_the_six_point_by_hand(db):
    """27/36 off at once; otherwise the checker is on the 5-point or lower and any roll takes it
    off: 1 + 9/36 * 1 = 5/4 rolls."""
    assert bo.exact_expected_rolls(SIX) == Fraction(5, 4)
    assert db.expected_rolls(SIX) == 1.25
    assert bo.exact_off_within(SIX, 1) == Fraction(27, 36)
    assert bo.exact_off_within(SIX, 2) == 1
    assert db.off_within(SIX, 0) == 0 and db.off_within(SIX, 1) == 0.75 and db.off_within(SIX, 2) == 1
    assert db.min_rolls(SIX) == 1 and db.max_rolls(SIX) == 2


def test_two_on_the_six_point_by_hand():
    """Seed 1: only 3-3, 4-4, 5-5 and 6-6 take both off at once."""
    assert bo.exact_off_within((0, 0, 0, 0, 0, 2), 1) == Fraction(4, 36)


def test_fifteen_on_the_one_point_needs_at_most_eight_rolls():
    """Each non-double takes two checkers off, a double four: at most 8 rolls, at least 4 (doubles)."""
    ace = (15, 0, 0, 0, 0, 0)
    dist = bo.exact_distribution(ace)
    assert len(dist) - 1 == 8 and dist[4] == Fraction(1, 6 ** 4)
    # Exactly 8 rolls: seven non-doubles, with no double in the first 7: (5/6)**7.
    assert dist[8] == Fraction(5, 6) ** 7


def test_empty_home(db):
    assert db.expected_rolls((0,) * 6) == 0 and db.off_within((0,) * 6, 0) == 1
    assert bo.exact_expected_rolls((0,) * 6) == 0


# ---- the brute-force cross-check -----------------------------------------------

def test_database_equals_brute_force_on_every_home_of_at_most_four_checkers(db):
    for home in bo.iter_homes(4):
        e, exactly = brute.solve(home)
        assert bo.exact_expected_rolls(home) == e, home
        assert bo.exact_distribution(home) == exactly, home
        # the database stores each exact value rounded once to a double
        assert db.expected_rolls(home) == float(e), home
        for n in range(len(exactly) + 1):
            assert db.off_within(home, n) == float(sum(exactly[: n + 1])), (home, n)


@settings(max_examples=15, deadline=None)
@given(small_homes)
def test_database_equals_exact_recursion_on_random_homes_of_at_most_six(db, home):
    exactly = bo.exact_distribution(home)
    assert db.expected_rolls(home) == float(bo.exact_expected_rolls(home))
    assert db.max_rolls(home) == len(exactly) - 1
    for n in range(len(exactly)):
        assert db.off_within(home, n) == float(sum(exactly[: n + 1]))


# ---- properties ---------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(homes, st.integers(1, 6))
def test_adding_a_checker_never_lowers_expected_rolls(db, home, point):
    if sum(home) == 15:
        home = tuple(c - (1 if i == home.index(max(home)) else 0) for i, c in enumerate(home))
    more = tuple(c + (i == point - 1) for i, c in enumerate(home))
    assert db.expected_rolls(more) >= db.expected_rolls(home)
    assert db.min_rolls(more) >= db.min_rolls(home)


@settings(max_examples=60, deadline=None)
@given(homes)
def test_off_within_n_is_non_decreasing_and_reaches_one(db, home):
    dist = [db.off_within(home, n) for n in range(0, db.max_rolls(home) + 3)]
    assert dist[0] == 0
    assert all(a <= b for a, b in pairwise(dist))
    assert dist[db.max_rolls(home)] == 1.0  # exactly 1 from max_rolls on (the float before may round to 1)
    assert db.off_within(home, db.min_rolls(home) - 1) == 0 < db.off_within(home, db.min_rolls(home))
    # E = sum over n >= 0 of P(not off within n)
    assert db.expected_rolls(home) == pytest.approx(sum(1 - p for p in dist), rel=1e-12)


@settings(max_examples=25, deadline=None)
@given(homes)
def test_bellman_equation_with_the_engine_s_plays(db, home):
    """E(home) = 1 + average over the 36 rolls of the best engine play's E."""
    total = 0.0
    for roll in ALL_ROLLS:
        total += roll.weight * min(db.expected_rolls(h) for h in brute.engine_results(home, roll))
    assert db.expected_rolls(home) == pytest.approx(1 + total / 36, rel=1e-13)


@settings(max_examples=25, deadline=None)
@given(small_homes)
def test_bellman_equation_exact_on_small_homes(home):
    total = Fraction(0)
    for roll in ALL_ROLLS:
        total += roll.weight * min(bo.exact_expected_rolls(h) for h in bo.home_plays(home, roll))
    assert bo.exact_expected_rolls(home) == 1 + total / 36


# ---- inputs, bytes and the cache -------------------------------------------------

def test_bad_homes_are_rejected(db):
    for bad in [(1, 2, 3), (0, 0, 0, 0, 0, 16), (-1, 0, 0, 0, 0, 1), (8, 8, 0, 0, 0, 0)]:
        with pytest.raises(bo.BearoffError):
            db.expected_rolls(bad)
    with pytest.raises(bo.BearoffError):
        bo.home_from_points({7: 1})
    small = bo.build_database(2)
    with pytest.raises(bo.BearoffError, match="at most 2"):
        small.expected_rolls((0, 0, 0, 0, 0, 3))


def test_small_database_is_a_prefix_of_the_full_one(db):
    small = bo.build_database(5)
    for home in bo.iter_homes(5):
        assert small.expected_rolls(home) == db.expected_rolls(home)
        assert small.distribution(home) == db.distribution(home)


def test_bytes_round_trip_and_damage_detection():
    small = bo.build_database(4)
    data = small.to_bytes()
    again = bo.BearoffDB.from_bytes(data)
    assert again.to_bytes() == data
    assert list(again.expected) == list(small.expected)
    damaged = bytearray(data)
    damaged[-3] ^= 0xFF
    with pytest.raises(bo.BearoffError, match="damaged"):
        bo.BearoffDB.from_bytes(bytes(damaged))
    with pytest.raises(bo.BearoffError, match="truncated"):
        bo.BearoffDB.from_bytes(data[:10])


def test_build_is_deterministic():
    assert bo.build_database(6).to_bytes() == bo.build_database(6).to_bytes()


def test_cache_is_written_atomically_and_rebuilt_when_damaged(tmp_path):
    path = bo.cache_path(4, tmp_path)
    assert f"v{bo.FORMAT_VERSION}" in path.name
    first = bo.load_database(4, tmp_path)
    assert path.exists() and sorted(os.listdir(tmp_path)) == [path.name]  # no temporary file left
    assert bo.load_database(4, tmp_path).to_bytes() == first.to_bytes()
    path.write_bytes(b"garbage")
    assert bo.load_database(4, tmp_path).to_bytes() == first.to_bytes()
    assert path.read_bytes() == first.to_bytes()


def test_unwritable_cache_still_gives_a_database(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    db = bo.load_database(3, blocker / "sub")
    assert db.expected_rolls(SIX) == 1.25


def test_cache_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "x"))
    assert bo.cache_dir() == tmp_path / "x"
    monkeypatch.delenv("TAVLA_DOCS_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert bo.cache_dir() == tmp_path / "tavla-docs"
