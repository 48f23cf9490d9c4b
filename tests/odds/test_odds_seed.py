"""Seed 1's last-checker tables and prose, reproduced by the engine.

The expected numbers are copied from the seed (the independent source), and
when the seed file is present a test re-reads them from it, so a typo here
cannot hide a disagreement.
"""
from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from tavla_docs import TAVLA, Position, Roll, Side, ruleset
from tavla_docs.analysis.odds import (
    SEED_ONE_CHECKER,
    SEED_TWO_CHECKERS,
    last_checkers_table,
    merge_equal_rows,
    roll_odds,
)

SEED = Path("/work/shared/seeds/000_b6cfabd91836b271.txt")

# "Son pul hangi hanede / Onu toplayan atışlar": 1., 2. ya da 3. hane 36; 4. 34; 5. 31; 6. 27.
SEED_ONE = {1: 36, 2: 36, 3: 36, 4: 34, 5: 31, 6: 27}
# "Son iki pul hangi hanelerde / İkisini de toplayan atışlar", in the seed's order.
SEED_TWO = [((2, 1), 36), ((3, 1), 34), ((2, 2), 26), ((4, 1), 29), ((3, 2), 25), ((3, 3), 17),
            ((5, 1), 23), ((6, 1), 15), ((4, 4), 11), ((6, 5), 6), ((6, 6), 4)]


def test_one_checker_table_matches_seed():
    rows = last_checkers_table(SEED_ONE_CHECKER, TAVLA)
    assert [(r.points, r.count) for r in rows] == [((p,), n) for p, n in SEED_ONE.items()]
    assert [r.fraction for r in rows][-1] == Fraction(27, 36)


def test_one_checker_table_groups_like_the_seed():
    groups = merge_equal_rows(last_checkers_table(SEED_ONE_CHECKER))
    assert [([r.points[0] for r in rows], n) for rows, n in groups] == [([1, 2, 3], 36), ([4], 34), ([5], 31), ([6], 27)]


def test_two_checker_table_matches_seed_in_order():
    rows = last_checkers_table(SEED_TWO_CHECKERS, TAVLA)
    assert [(r.points, r.count) for r in rows] == SEED_TWO


@pytest.mark.parametrize("variant", ["backgammon", "uzun", "tapa"])
def test_tables_do_not_depend_on_the_variant(variant):
    try:
        rules = ruleset(variant)
    except ValueError:
        pytest.skip(f"variant {variant} not registered yet")
    rows = last_checkers_table(SEED_TWO_CHECKERS, rules)
    assert [(r.points, r.count) for r in rows] == SEED_TWO


def test_black_gets_the_same_table():
    rows = last_checkers_table(SEED_TWO_CHECKERS, TAVLA, side=Side.BLACK)
    assert [(r.points, r.count) for r in rows] == SEED_TWO


def test_seed_prose_two_on_six_needs_a_double_of_three_or_more():
    odds = roll_odds(Position.from_board({6: 2}, {19: 15}, checkers=15), Side.WHITE, TAVLA)
    assert set(odds.rolls("bears_off")) == {Roll(3, 3), Roll(4, 4), Roll(5, 5), Roll(6, 6)}


def test_seed_prose_two_on_two_stay_on_the_ten_rolls_with_a_single_one():
    odds = roll_odds(Position.from_board({2: 2}, {19: 15}, checkers=15), Side.WHITE, TAVLA)
    failing = {o.roll for o in odds.outcomes if not o.bears_off}
    assert failing == {Roll(d, 1) for d in range(2, 7)}
    assert sum(r.weight for r in failing) == 10


def test_seed_prose_two_and_one_every_roll_finishes():
    assert roll_odds(Position.from_board({2: 1, 1: 1}, {19: 15}, checkers=15), Side.WHITE, TAVLA).fraction("bears_off") == 1


def test_seed_prose_bear_off_mid_move():
    """Seed: 14 at home, one on the 9-point, 6-3: 9/3 then 3/off — one checker off, not all."""
    pos = Position.from_board({9: 1, 6: 4, 5: 4, 4: 3, 3: 2, 2: 1}, {19: 5, 20: 5, 21: 5}, checkers=15)
    o = {x.roll: x for x in roll_odds(pos, Side.WHITE, TAVLA).outcomes}[Roll(6, 3)]
    assert o.most_off == 1 and not o.bears_off


def test_hand_worked_six_point():
    """By hand: a checker on the 6-point needs 6 pips. A non-double gives a + b pips, a double
    4d; only 1-1 (4 pips) and 2-1, 3-1, 4-1, 3-2 (twice each) fall short: 36 - 9 = 27."""
    def off(a, b):
        return max(a, b) >= 6 or (a == b and 4 * a >= 6) or (a != b and a + b >= 6)
    count = sum(1 for a in range(1, 7) for b in range(1, 7) if off(a, b))
    assert count == 27
    assert roll_odds(Position.from_board({6: 1}, {19: 15}, checkers=15), Side.WHITE, TAVLA).count("bears_off") == count


def test_counts_are_exact_over_36():
    odds = roll_odds(Position.from_board({5: 1}, {19: 15}, checkers=15), Side.WHITE, TAVLA)
    assert odds.fraction("bears_off") == Fraction(31, 36)
    assert odds.count("no_play") == 0 and odds.count("hits") == 0 and odds.count("enters") == 0
    with pytest.raises(ValueError):
        odds.count("gammons")


def test_enters_and_no_play_on_a_closed_board():
    black = {19: 5, 13: 5, 12: 4}
    closed = Position.from_board({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3}, black, black_bar=1, checkers=15)
    odds = roll_odds(closed, Side.BLACK, TAVLA)
    assert odds.count("no_play") == 36 and odds.count("enters") == 0
    open_one = Position.from_board({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 8: 5}, black, black_bar=1, checkers=15)
    odds = roll_odds(open_one, Side.BLACK, TAVLA)
    # Black enters only on B6 (its own 19-point), with a 6: 11 of 36 rolls; the rest cannot move.
    assert odds.count("enters") == 11 and odds.count("no_play") == 25


@pytest.mark.skipif(not SEED.exists(), reason="seed file not present")
def test_constants_here_are_the_seed_s_numbers():
    text = SEED.read_text(encoding="utf-8")
    found = re.findall(r"^(.+?)\t(\d+) / 36$", text, flags=re.M)
    one = [(label, int(n)) for label, n in found if "pul" not in label][:4]
    counts = [int(n) for _, n in found]
    assert counts[:4] == [36, 34, 31, 27]
    assert counts[4:] == [n for _, n in SEED_TWO]
    assert one[0][0].startswith("1., 2. ya da 3. hane")
    two_labels = [label for label, _ in found[4:]]
    assert two_labels[0] == "2. ve 1. haneler" and two_labels[-1] == "6. hane (ikisi de)"
