"""Tapa worked examples (rules.md §3.4): pin, release, closed points, bear-off, mother pin."""
from __future__ import annotations

from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.engine.results import game_result
from tavla_docs.formats.positions import position_from_mapping
from tavla_docs.variants import ruleset

from .helpers import plays

TAPA = ruleset("tapa")
W, B = Side.WHITE, Side.BLACK


def test_pin_on_a_lone_checker():
    # White 14 on 24 and one on 8; Black's lone checker on B5. 3-1: 8/5* pins it; 8/4 (also spelt
    # 8/5*/4: pin and release) is one play, as are 24/21/20 and 24/23/20.
    pos = Position.from_board({24: 14, 8: 1}, {1: 14, 5: 1}, checkers=15)
    got = {str(p): p for p in legal_plays(pos, W, Roll(3, 1), TAPA)}
    assert set(got) == {"24/23 24/21", "24/20", "24/21 8/7", "24/23 8/5*", "8/4"}
    assert got["24/23 8/5*"].position.pinned == {(B, 20)}  # Black's own 20 = B5
    assert got["8/4"].position.pinned == frozenset()


def test_release_and_stacking_on_a_pin():
    # White pins Black on B5 with one checker. 3-1: 5/4 or 5/2 releases; 8/5 stacks on the pin;
    # 24/20* pins a second lone Black checker; B1 (13 Black) is closed.
    pos = position_from_mapping({"white": {24: 13, 8: 1, 5: 1}, "black": {1: 13, 5: 1, 20: 1},
                                 "pinned": {"black": [5]}}, checkers=15)
    got = {str(p): p for p in legal_plays(pos, W, Roll(3, 1), TAPA)}
    assert set(got) == {"24/23 24/21", "24/20*", "24/21 8/7", "24/21 5/4", "24/23 8/5",
                        "24/23 5/2", "8/4", "8/7 5/2"}
    assert got["24/21 5/4"].position.pinned == frozenset()
    assert got["24/23 8/5"].position.pinned == {(B, 20)}
    assert got["24/20*"].position.pinned == {(B, 20), (B, 5)}


def test_pinned_point_closed_pinner_cannot_be_pinned_pinned_checker_frozen():
    # Black (own numbering): 13 on 24 (B1), one pinned on 20 (B5) under a lone White pinner,
    # one on 5 (B20). 4-3: 24/20 is closed (Black's checker is pinned there; the pinner cannot be
    # pinned), the pinned checker cannot move, 5/1 lands on White's 13 (B24), and after 5/2 no 4
    # moves. Only 24/21/17* plays both dice, pinning White's lone checker on B8.
    pos = position_from_mapping({"white": {24: 13, 8: 1, 5: 1}, "black": {1: 13, 5: 1, 20: 1},
                                 "pinned": {"black": [5]}}, checkers=15)
    (play,) = legal_plays(pos, B, Roll(4, 3), TAPA)
    assert str(play) == "24/17*"
    assert play.position.pinned == {(B, 20), (W, 8)}


def test_pinned_checker_blocks_bear_off():
    # White all home, one checker pinned on its 3 by Black. 6-5: no bearing off; the 6 cannot
    # move inside; the 5 plays 6/1.
    pos = position_from_mapping({"white": {6: 4, 5: 4, 4: 4, 3: 1}, "black": {3: 1, 13: 14},
                                 "pinned": {"white": [3]}}, checkers=15)
    assert plays(pos, "6-5", TAPA) == {"6/1"}
    # Option off: the pinned checker is home, so bearing off is allowed.
    assert plays(pos, "6-5", ruleset("tapa", pinned_blocks_bear_off=False)) == {"6/off 5/off", "6/1 6/off"}


# Black (own): one on 3 (B22), 14 on 6 (B19); White's mother alone on its 24 (B24 = Black's 1).
MOTHER = Position.from_board({24: 1, 6: 14}, {22: 1, 19: 14}, checkers=15)


def test_mother_pin_ends_the_game():
    # 2-1: 3/1* pins the mother while Black has left its own 24, so the game ends and the 1 is
    # void; 6/5 then 3/1* also ends it. The rest: 6/5 6/4, 6/3, 6/4 3/2, 3/2/off (= 3/off).
    got = {str(p): p for p in legal_plays(MOTHER, B, Roll(2, 1), TAPA)}
    assert set(got) == {"3/1*", "6/5 3/1*", "6/5 6/4", "6/3", "6/4 3/2", "3/off"}
    r = game_result(got["3/1*"].position, TAPA)
    assert (r.winner, r.kind, r.points) == (B, "mother_pin", 2)
    assert game_result(got["6/3"].position, TAPA) is None


def test_mother_rule_off():
    # Without the rule 3/1* does not end the game, so it must be followed by the 1:
    # 3/1*/off (= 3/off) or 6/5.
    rules = ruleset("tapa", mother_rule=False)
    got = plays(MOTHER, "2-1", rules, side=B)
    assert got == {"6/5 3/1*", "6/5 6/4", "6/3", "6/4 3/2", "3/off"}


def test_mother_pin_with_pinner_still_on_start_continues_then_double_pin_draw():
    # Black pinned White's mother but still has its own mother on its 24 (B1): play goes on.
    pos = position_from_mapping({"white": {24: 1, 3: 1, 6: 13}, "black": {24: 1, 1: 1, 19: 13},
                                 "pinned": {"white": [24]}}, checkers=15)
    assert game_result(pos, TAPA) is None
    # White's 3/1* pins Black's mother: both mothers pinned = a draw, at once.
    got = {str(p): p for p in legal_plays(pos, W, Roll(2, 1), TAPA)}
    assert "3/1*" in got
    r = game_result(got["3/1*"].position, TAPA)
    assert (r.winner, r.kind, r.points) == (None, "draw", 0)


def test_pinned_yaml_errors():
    import pytest

    from tavla_docs.engine.board import PositionError
    with pytest.raises(PositionError, match="exactly one white checker under"):
        position_from_mapping({"white": {5: 2, 24: 13}, "black": {5: 1, 1: 14}, "pinned": {"white": [5]}}, checkers=15)
    with pytest.raises(PositionError, match="exactly one black checker under"):
        position_from_mapping({"white": {24: 15}, "black": {5: 1, 1: 14}, "pinned": {"black": [5]}}, checkers=15)
