"""Gülbara worked examples (rules.md §3.5): normal doubles in turns 1–3, then the progression."""
from __future__ import annotations

from tavla_docs.engine.board import Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.engine.results import game_result
from tavla_docs.variants import ruleset
from tavla_docs.variants.gulbara import remainder_plays, unplayed

from .helpers import plays, same, turn

GULBARA = ruleset("gulbara")
# White two on its head, Black 15 on B13 (its own 1): B13 is closed to White.
TWO = same({24: 2}, {13: 15})


def test_normal_doubles_in_first_three_turns():
    # 5-5 as four 5s: 24/19/14/9/4 avoids B13; (4,0), (3,1) or (2,2) fives per checker.
    assert plays(TWO, "5-5", GULBARA, game_turn=3) == {"24/4", "24/9 24/19", "24/14(2)"}


def test_progression_continues_to_the_sixes():
    # Turn 4: four 5s, then four 6s. After (4,0) fives: 24/18/12/6 and, all home, 6/off (4/off
    # is not allowed while 6 is higher) = 8 dice. After (2,2): 14/8/2 twice = 8 dice. After (3,1):
    # 19/13 is closed and 9/3 leaves the 19 stuck: 5 dice, so the maximum rule drops it.
    got = legal_plays(TWO, Side.WHITE, Roll(5, 5), GULBARA, turn(4))
    assert {str(p) for p in got} == {"24/4 24/off", "24/2(2)"}
    assert {p.dice_used for p in got} == {8}


def test_per_player_scope():
    # Game turn 4 is the second player's 2nd turn: normal doubles when counted per player.
    rules = ruleset("gulbara", normal_doubles_scope="per_player")
    assert plays(TWO, "5-5", rules, game_turn=4) == {"24/4", "24/9 24/19", "24/14(2)"}


def test_unplayable_number_ends_the_turn():
    # One White checker on B20, Black on B12: 20/18/16/14, then 14/12 is closed. The rest of
    # the 2s and every higher number is not played.
    pos = same({20: 1}, {12: 15})
    (play,) = legal_plays(pos, Side.WHITE, Roll(2, 2), GULBARA, turn(4))
    assert str(play) == "20/14" and play.dice_used == 3
    assert unplayed(pos, play, Roll(2, 2), GULBARA, turn(4)) == (2,) + (3,) * 4 + (4,) * 4 + (5,) * 4 + (6,) * 4
    # Option "opponent": Black plays the remainder in order; for (2, 3): 24/22/19 or 24/22 24/21.
    opp = ruleset("gulbara", unplayable_remainder="opponent")
    assert {str(p) for p in remainder_plays(play.position, Side.BLACK, (2, 3), opp)} == {"24/19", "24/22 24/21"}


def test_game_ends_mid_progression():
    # White on 6 and 5, 1-1 at turn 4: four 1s (no checker can reach off), then the 2s bear
    # both off before the plan (24 numbers) is used up. Every play ends the game.
    pos = same({6: 1, 5: 1}, {13: 15})
    got = legal_plays(pos, Side.WHITE, Roll(1, 1), GULBARA, turn(4))
    assert len(got) == 1 and got[0].position.off(Side.WHITE) == 15 and got[0].dice_used < 24
    assert unplayed(pos, got[0], Roll(1, 1), GULBARA, turn(4)) == ()
    assert game_result(got[0].position, GULBARA).kind == "mars"


def test_non_doubles_follow_the_larger_die_rule():
    # One checker on B20, Black on B9: only one die plays either way, so it must be the 6.
    assert plays(same({20: 1}, {9: 15}), "6-5", GULBARA, game_turn=9) == {"20/14"}


def test_progression_in_bear_off_option():
    # All home at the start of the turn: with the option off, 2-2 is four 2s only.
    pos = same({6: 3, 5: 2}, {13: 15})
    rules = ruleset("gulbara", progression_in_bear_off=False)
    assert {p.dice_used for p in legal_plays(pos, Side.WHITE, Roll(2, 2), rules, turn(9))} == {4}
    # Default: 2s, 3s and 4s (8 + 12 + 16 pips) exceed the 28 pips left, so the progression
    # runs past four moves and bears every checker off.
    full = legal_plays(pos, Side.WHITE, Roll(2, 2), GULBARA, turn(9))
    assert all(p.position.off(Side.WHITE) == 15 and p.dice_used > 4 for p in full)
