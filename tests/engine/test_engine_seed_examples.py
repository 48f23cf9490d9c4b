"""Seed 1's worked bear-off examples (/work/shared/seeds/000_…txt), each expected set derived by hand.

Boards are written in White's numbering; the expected result of each play is stated as the
White board it leaves (and the number borne off), worked out in the comments.
"""
from tavla_docs import TAVLA, Position, Roll, Side, legal_plays

# Black keeps its checkers on its own home (B19–B21), out of White's way.
FAR_BLACK = {19: 5, 20: 5, 21: 5}


def results(white, roll, black=FAR_BLACK, white_bar=0):
    pos = Position.from_board(white, black, white_bar=white_bar, checkers=15)
    plays = legal_plays(pos, Side.WHITE, Roll.parse(roll), TAVLA)
    return {(tuple(sorted(p.position.white_board().items())), p.position.off(Side.WHITE)) for p in plays}, plays


def board(d, off):
    return (tuple(sorted(d.items())), off)


def test_bear_off_starts_mid_move_9_point_6_3():
    # 14 home + one on 9. A six can only be 9/3 (no bear-off while 9 is out; nothing else moves 6),
    # so 6 first: 9/3 then 3 = 6/3, 5/2, 4/1 or 3/off. 3 first: 9/6 6/off (= 9/3 3/off), or
    # 6/3, 5/2, 4/1 followed by 9/3 (already listed). Four plays.
    start = {9: 1, 6: 4, 5: 4, 4: 3, 3: 2, 2: 1}
    got, plays = results(start, "6-3")
    assert got == {
        board({6: 3, 5: 4, 4: 3, 3: 4, 2: 1}, 0),  # 9/3 6/3
        board({6: 4, 5: 3, 4: 3, 3: 3, 2: 2}, 0),  # 9/3 5/2
        board({6: 4, 5: 4, 4: 2, 3: 3, 2: 1, 1: 1}, 0),  # 9/3 4/1
        board({6: 4, 5: 4, 4: 3, 3: 2, 2: 1}, 1),  # 9/3 3/off: bears off in the same turn
    }
    assert "9/off" in {str(p) for p in plays}


def test_a_checker_on_7_blocks_bearing_off_until_it_is_home():
    # 7 and 14 on 6, roll 6-5. Six first: 7/1 (6/off not yet allowed), then five: 6/1 (5-point
    # empty but a checker stands higher). Five first: 7/2 (or 6/1, then the six must be 7/1: same
    # as above); after 7/2 the six bears off from 6. So two results.
    got, _ = results({7: 1, 6: 14}, "6-5")
    assert got == {board({6: 13, 1: 2}, 0), board({6: 13, 2: 1}, 1)}


def test_five_and_three_points_with_4_2_only_two_results():
    # 4 first: only 5/1 (the 4 cannot bear off from 3 past the 5), then 2: 3/1 -> two on 1.
    # 2 first: 5/3 then 4 bears off from 3 (highest) -> one on 3; or 3/1 then 5/1 -> two on 1.
    got, plays = results({5: 1, 3: 1}, "4-2")
    assert got == {board({1: 2}, 13), board({3: 1}, 14)}
    assert len(plays) == 2


def test_5_3_with_6_5_4_3_can_bear_off_two_one_or_none():
    # Five first: 6/1 or 5/off; three after 6/1: 5/2, 4/1, 3/off; after 5/off: 6/3, 4/1, 3/off.
    # Three first adds nothing new (6/3 5/off, 5/2 6/1, 4/1 6/1, 4/1 5/off, 3/off 6/1, 3/off 5/off).
    got, _ = results({6: 1, 5: 1, 4: 1, 3: 1}, "5-3")
    assert got == {
        board({4: 1, 3: 1, 2: 1, 1: 1}, 11),  # 6/1 5/2
        board({5: 1, 3: 1, 1: 2}, 11),  # 6/1 4/1
        board({5: 1, 4: 1, 1: 1}, 12),  # 6/1 3/off
        board({4: 1, 3: 2}, 12),  # 5/off 6/3
        board({6: 1, 3: 1, 1: 1}, 12),  # 5/off 4/1
        board({6: 1, 4: 1}, 13),  # 5/off 3/off
    }
    offs = {off for _, off in got}
    assert offs == {11, 12, 13}  # none, one or two borne off this turn


def test_hit_during_bear_off_stops_bearing_off():
    # White was hit on its 3-point: one on the bar, the rest home, 4 already off. Black holds B21
    # (closed to a 4) and B19 and has the hitter on B3. 4-2: the 2 enters bar/23; the 4 cannot
    # enter, cannot run 23/19 (closed) and cannot bear off (23 is outside home): 6/2 or 5/1.
    white = {6: 3, 5: 3, 4: 2, 2: 2}
    black = {3: 1, 21: 2, 19: 4, 20: 4, 13: 4}
    got, plays = results(white, "4-2", black=black, white_bar=1)
    assert got == {
        board({23: 1, 6: 2, 5: 3, 4: 2, 2: 3}, 4),  # bar/23 6/2
        board({23: 1, 6: 3, 5: 2, 4: 2, 2: 2, 1: 1}, 4),  # bar/23 5/1
    }
    assert all(p.moves[0].src == 25 for p in plays)


def test_5_5_with_4_2_1_ends_after_three_fives():
    # Each five bears off the highest checker (4, then 2, then 1); the game is over, the fourth is void.
    got, plays = results({4: 1, 2: 1, 1: 1}, "5-5")
    assert got == {board({}, 15)}
    assert [len(p.moves) for p in plays] == [3]


def test_one_checker_on_6_with_4_2_goes_off():
    # 6/2 then 2/off, or 6/4 then 4/off: one result, the game is won.
    got, plays = results({6: 1}, "4-2")
    assert got == {board({}, 15)}
    assert len(plays) == 1


def test_3_and_2_points_with_6_5_both_off():
    got, _ = results({3: 1, 2: 1}, "6-5")
    assert got == {board({}, 15)}


def test_bear_off_mid_move_9_point_6_3_spelt_as_written():
    # The same board as the first example, through the package's top-level API and plays as text.
    pos = Position.from_board({9: 1, 6: 4, 5: 4, 4: 3, 3: 2, 2: 1}, {19: 5, 20: 5, 21: 5}, checkers=15)
    assert "9/off" in [str(p) for p in legal_plays(pos, Side.WHITE, Roll.parse("6-3"), TAVLA)]
