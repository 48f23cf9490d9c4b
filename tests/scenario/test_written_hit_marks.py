"""Hit marks in a written order: an `in_order` claim must not hold when the text marks a hit (`*`)
that does not happen.

`legal:` already refuses such text (written.resulting_position: "remove the *"); notation
(formats.md 2.4) says `*` marks a hit, so a written order with a false `*` is not that play.
"""
from __future__ import annotations

from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.written import legal_in_order
from tavla_docs.variants import TAVLA


def test_false_hit_mark_is_not_playable_in_order():
    p = Position.from_board({6: 2}, {19: 2}, checkers=15)  # nothing of Black's on White's 3-point
    ok, why = legal_in_order(p, Side.WHITE, Roll(3, 1), TAVLA, "6/3* 6/5")
    assert not ok and "*" in why


def test_true_hit_mark_still_playable_in_order():
    p = Position.from_board({6: 2}, {3: 1, 19: 1}, checkers=15)  # a Black blot on White's 3-point
    assert legal_in_order(p, Side.WHITE, Roll(3, 1), TAVLA, "6/3* 6/5") == (True, "playable in this order")
    assert legal_in_order(p, Side.WHITE, Roll(3, 1), TAVLA, "6/3 6/5")[0]  # omitting * is allowed
