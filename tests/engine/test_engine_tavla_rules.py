"""Tavla's own rules: the closed-board skip and the optional no hit-and-run in the home board."""
from tavla_docs import BACKGAMMON, TAVLA, Position, Roll, Side, legal_plays, ruleset
from tavla_docs.engine.dice import ALL_ROLLS
from tavla_docs.engine.movegen import skips_roll
from tavla_docs.variants.tavla import NoHitAndRunInHome

# Black has closed its home board (White's entry points B19–B24); White has one on the bar.
CLOSED = Position.from_board({6: 5, 8: 3, 13: 6}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 3},
                             white_bar=1, checkers=15)
FIVE_CLOSED = Position.from_board({6: 5, 8: 3, 13: 6}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 12: 5},
                                  white_bar=1, checkers=15)


def test_closed_board_tavla_skips_the_roll_backgammon_rolls_without_moving():
    assert skips_roll(CLOSED, Side.WHITE, TAVLA)
    assert not skips_roll(CLOSED, Side.WHITE, BACKGAMMON)
    assert not skips_roll(CLOSED, Side.BLACK, TAVLA)  # Black is not on the bar
    for roll in ALL_ROLLS:
        (only,) = legal_plays(CLOSED, Side.WHITE, roll, BACKGAMMON)
        assert only.moves == () and only.position == CLOSED


def test_one_open_entry_point_no_skip():
    assert not skips_roll(FIVE_CLOSED, Side.WHITE, TAVLA)
    plays = legal_plays(FIVE_CLOSED, Side.WHITE, Roll(1, 1), TAVLA)  # B24 is open: enters with a 1
    assert all(p.moves[0].src == 25 and p.moves[0].dst == 24 for p in plays)


def test_skip_option_off():
    assert not skips_roll(CLOSED, Side.WHITE, TAVLA.with_options(closed_board_skips_roll=False))


def test_hook_attached_only_when_the_option_is_on():
    assert TAVLA.step_hooks == ()
    on = ruleset("tavla", no_hit_and_run_in_home=True)
    assert isinstance(on.step_hooks, tuple) and any(isinstance(h, NoHitAndRunInHome) for h in on.step_hooks)
    assert on.with_options(no_hit_and_run_in_home=False).step_hooks == ()


# White: 8 and two on 13; Black blot on White's 4-point, the rest on its home board.
HIT_HOME = Position.from_board({8: 1, 13: 2}, {4: 1, 19: 14}, checkers=15)


def plays_of(rules, roll):
    return {str(p): p for p in legal_plays(HIT_HOME, Side.WHITE, Roll.parse(roll), rules)}


def test_hitter_in_home_may_not_move_on():
    off = plays_of(TAVLA, "4-1")
    on = plays_of(ruleset("tavla", no_hit_and_run_in_home=True), "4-1")
    # By hand: 4-1 lets the 8 hit on 4 (8/4*) and then either run on (8/4*/3) or leave the 1
    # to another checker (13/12). With the rule, only the second kind remains.
    assert "8/4*/3" in off
    assert "8/4*/3" not in on
    assert "13/12 8/4*" in on
    for p in on.values():
        hit_at = [i for i, m in enumerate(p.moves) if m.hit and 1 <= m.dst <= 6]
        for i in hit_at:
            assert all(m.src != p.moves[i].dst for m in p.moves[i + 1:])
    # Every play without a home-board hit is unchanged.
    assert {k for k, p in off.items() if not p.hits} == {k for k, p in on.items() if not p.hits}


def test_hit_outside_home_may_run_on():
    pos = Position.from_board({13: 3}, {9: 1, 19: 14}, checkers=15)  # blot on White's 9-point
    on = ruleset("tavla", no_hit_and_run_in_home=True)
    assert "13/9*/8" in {str(p) for p in legal_plays(pos, Side.WHITE, Roll(4, 1), on)}


def test_second_checker_on_the_hit_point_may_move():
    # White two on 8 and two on 13, Black blot on White's 6, roll 2-2. By hand, with the rule the
    # checker that hits on 6 stays there; the other checker from 8 may pass through 6 and go on.
    pos = Position.from_board({8: 2, 13: 2}, {6: 1, 19: 14}, checkers=15)

    def boards(rules):
        return {tuple(sorted(p.position.white_board().items()))
                for p in legal_plays(pos, Side.WHITE, Roll(2, 2), rules)}

    on = boards(ruleset("tavla", no_hit_and_run_in_home=True))
    off = boards(TAVLA)
    ran_on = [  # the lone hitter moved on after hitting
        ((4, 1), (8, 1), (11, 2)),  # 13/11(2) 8/6*/4
        ((4, 1), (8, 1), (9, 1), (13, 1)),  # 13/9 8/6*/4
        ((2, 1), (8, 1), (11, 1), (13, 1)),  # 13/11 8/6*/2
        ((4, 2), (13, 2)),  # 8/6*/4 8/4: both checkers leave 6
    ]
    for b in ran_on:
        assert b in off and b not in on
    assert ((4, 1), (6, 1), (11, 1), (13, 1)) in on  # 8/6* 8/6 6/4 13/11: the second checker moves on
    assert ((2, 1), (6, 1), (13, 2)) in on  # 8/6* 8/6/4/2
    assert on < off
