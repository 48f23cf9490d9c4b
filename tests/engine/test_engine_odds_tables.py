"""Seed 1's "rolls of 36" tables, recomputed with tavla_docs.analysis.odds.roll_odds."""
import pytest

from tavla_docs import TAVLA, Position, Side
from tavla_docs.analysis.odds import roll_odds

FAR_BLACK = {19: 5, 20: 5, 21: 5}


@pytest.mark.parametrize("point,expected", [(1, 36), (2, 36), (3, 36), (4, 34), (5, 31), (6, 27)])
def test_last_checker(point, expected):
    odds = roll_odds(Position.from_board({point: 1}, FAR_BLACK, checkers=15), Side.WHITE, TAVLA)
    assert odds.count("bears_off") == expected


# The seed's table "Son iki pul hangi hanelerde" as printed.
TWO_CHECKERS = [
    ({2: 1, 1: 1}, 36), ({3: 1, 1: 1}, 34), ({2: 2}, 26), ({4: 1, 1: 1}, 29), ({3: 1, 2: 1}, 25),
    ({3: 2}, 17), ({5: 1, 1: 1}, 23), ({6: 1, 1: 1}, 15), ({4: 2}, 11), ({6: 1, 5: 1}, 6), ({6: 2}, 4),
]


@pytest.mark.parametrize("white,expected", TWO_CHECKERS, ids=[str(w) for w, _ in TWO_CHECKERS])
def test_last_two_checkers(white, expected):
    odds = roll_odds(Position.from_board(white, FAR_BLACK, checkers=15), Side.WHITE, TAVLA)
    assert odds.count("bears_off") == expected


def test_two_on_the_6_point_only_doubles_3_and_up():
    odds = roll_odds(Position.from_board({6: 2}, FAR_BLACK, checkers=15), Side.WHITE, TAVLA)
    assert {str(o.roll) for o in odds.outcomes if o.bears_off} == {"3-3", "4-4", "5-5", "6-6"}
