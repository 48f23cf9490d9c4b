"""Smoke tests of the engine's worked examples (the full suites live beside this file)."""
from tavla_docs import TAVLA, Position, Roll, Side, legal_plays


def plays(pos, roll, side=Side.WHITE, rules=TAVLA):
    return [str(p) for p in legal_plays(pos, side, Roll.parse(roll), rules)]


def test_opening_counts():
    start = TAVLA.starting_position()
    assert len(plays(start, "3-1")) == 16
    assert len(plays(start, "1-1")) == 42
    assert len(plays(start, "6-6")) == 11


def test_bear_off_mid_move_seed1():
    pos = Position.from_board({9: 1, 6: 4, 5: 4, 4: 3, 3: 2, 2: 1}, {19: 5, 20: 5, 21: 5})
    assert "9/off" in plays(pos, "6-3")
