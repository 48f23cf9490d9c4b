"""Uzun tavla worked examples (rules.md §3.3); every expected set is derived in the comments."""
from __future__ import annotations

import pytest

from tavla_docs.engine.board import Side
from tavla_docs.variants import ruleset

from .helpers import plays, same

UZUN = ruleset("uzun")


@pytest.mark.parametrize("roll, expected", [
    # §3.3 consequences: two checkers may leave on a first-turn 6-6/4-4/3-3; B12 (Black's head)
    # closes White's 12, so a 6 or 4 chain stops there.
    ("6-6", {"24/18(2)"}),
    ("4-4", {"24/16(2)"}),
    ("3-3", {"24/15 24/21", "24/18(2)"}),
    ("6-5", {"24/13"}),  # one checker only: 24/18/13 or 24/19/13
    ("2-2", {"24/16"}),  # 2-2 is no exception: one checker takes all four 2s
])
@pytest.mark.parametrize("side", [Side.WHITE, Side.BLACK])
def test_first_turn_head_rule(roll, expected, side):
    start = UZUN.starting_position()
    game_turn = 1 if side is Side.WHITE else 2  # each side's own first turn
    assert plays(start, roll, UZUN, side=side, game_turn=game_turn) == expected


def test_head_exception_option_64_only():
    # With (6, 4) only, 3-3 lets one checker leave: 24/21/18/15, and 15/12 is Black's head.
    rules = ruleset("uzun", head_exception_doubles=(6, 4))
    assert plays(rules.starting_position(), "3-3", rules, game_turn=1) == {"24/15"}


def test_later_turn_doubles_leave_one_checker():
    # Turn 3: 6-6 lets one checker go 24/18; 18/12 is Black's head, and no second may leave.
    assert plays(UZUN.starting_position(), "6-6", UZUN, game_turn=3) == {"24/18"}
    assert plays(UZUN.starting_position(), "6-6", UZUN) == {"24/18"}  # unknown turn = a later turn


def test_one_checker_from_head_per_turn():
    # White 14 on the head and one on 20, 3-1: 24/21 24/23 would take two from the head.
    pos = same({24: 14, 20: 1}, {12: 15})
    assert plays(pos, "3-1", UZUN, game_turn=5) == {"24/20", "24/21 20/19", "24/23 20/17", "20/16"}


def test_any_opposing_checker_closes_a_point():
    # A lone Black checker on B20 (Black's own 8) closes it: no 24/20, and no hitting.
    pos = same({24: 14, 21: 1}, {12: 14, 20: 1})
    # 24/21 leaves no 1 (21/20 closed, 24/23 a second head checker); 21/18 then 24/23 or 18/17.
    assert plays(pos, "3-1", UZUN, game_turn=5) == {"24/23 21/18", "21/17"}


# Six-block: White holds B11, B10, B9, B7 and two on B8 — five of Black's own 18…23 (B6–B11).
# With 2-1, 8/6 fills B6 and 24/23 keeps every other point: the only play whose final (and
# every ordering's) position holds all six with no Black checker past them (own 1…17).
# Every other play that reaches B6 vacates one of B7–B11: 8/6 with 11/10, 10/9, 9/8, 8/7
# or 7/6; 7/6 with 11/9, 10/8, 9/7 or 8/6.
SIX_WHITE = {24: 9, 11: 1, 10: 1, 9: 1, 8: 2, 7: 1}


@pytest.mark.parametrize("check", ["per_move", "end_of_turn"])
def test_six_block_forbidden_without_checker_ahead(check):
    pos = same(SIX_WHITE, {12: 15})
    on = plays(pos, "2-1", ruleset("uzun", six_block_check=check), game_turn=5)
    off = plays(pos, "2-1", ruleset("uzun", six_block_rule=False), game_turn=5)
    assert off - on == {"24/23 8/6"}
    assert on <= off
    assert "8/6 7/6" in on and "8/5" in on  # the spare fills B6 but B7 (or B6) is given up


def test_six_block_allowed_with_checker_ahead():
    # A Black checker on B5 (own 17) has passed B6–B11: the block is legal.
    pos = same(SIX_WHITE, {12: 14, 5: 1})
    on = plays(pos, "2-1", UZUN, game_turn=5)
    assert "24/23 8/6" in on
    assert on == plays(pos, "2-1", ruleset("uzun", six_block_rule=False), game_turn=5)


def test_bear_off_overshoot_option():
    # White on 3 and 2, 6-5: overshoot bears both off; exact only: neither die matches a point
    # (6 and 5 exceed 3 and 2), so nothing moves.
    pos = same({3: 1, 2: 1}, {12: 15})
    assert plays(pos, "6-5", UZUN) == {"3/off 2/off"}
    assert plays(pos, "6-5", ruleset("uzun", bear_off_overshoot=False)) == {"(no move)"}


def test_larger_die_rule():
    # One White checker on B20, Black fills B9: 20/14/9 and 20/15/9 both blocked, so one die
    # only, and it must be the 6.
    pos = same({20: 1}, {9: 15})
    assert plays(pos, "6-5", UZUN) == {"20/14"}


def test_mars_without_katmerli():
    from tavla_docs.engine.results import game_result
    pos = same({}, {18: 15})  # Black's checkers all in its home B13–B18, none off
    r = game_result(pos, UZUN)
    assert (r.winner, r.kind, r.points) == (Side.WHITE, "mars", 2)
