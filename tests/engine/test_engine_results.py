"""Results, the doubling cube and the Crawford game (rules.md §3.1–3.2)."""
import pytest

from tavla_docs import BACKGAMMON, TAVLA, Position, Side
from tavla_docs.engine.results import Cube, CubeError, Match, Result, game_result

KATMERLI = TAVLA.with_options(katmerli_mars=True)


def end(black, black_bar=0, black_off=None):
    """White has borne off all 15; Black as given (White's numbering)."""
    return Position.from_board({}, black, black_bar=black_bar, black_off=black_off, checkers=15)


def test_no_result_while_both_play():
    assert game_result(TAVLA.starting_position(), TAVLA) is None


@pytest.mark.parametrize("rules", [TAVLA, KATMERLI])
def test_single_when_loser_bore_off(rules):
    assert game_result(end({3: 1, 19: 13}), rules) == Result(Side.WHITE, "single", 1)


@pytest.mark.parametrize("rules,kind,points", [(TAVLA, "mars", 2), (KATMERLI, "mars", 2)])
def test_mars_nothing_off_nothing_back(rules, kind, points):
    r = game_result(end({13: 5, 19: 10}), rules)
    assert (r.winner, r.kind, r.points) == (Side.WHITE, kind, points)


@pytest.mark.parametrize("black,bar", [({3: 1, 19: 14}, 0), ({19: 14}, 1)])
def test_katmerli_mars_only_with_the_option(black, bar):
    pos = end(black, black_bar=bar)
    assert game_result(pos, TAVLA).points == 2 and game_result(pos, TAVLA).kind == "mars"
    r = game_result(pos, KATMERLI)
    assert (r.kind, r.points) == ("katmerli_mars", 3)


@pytest.mark.parametrize("cube", [1, 2, 4, 64])
def test_backgammon_scores_times_cube(cube):
    assert game_result(end({3: 1, 19: 13}), BACKGAMMON, cube=cube) == Result(Side.WHITE, "single", cube)
    assert game_result(end({13: 5, 19: 10}), BACKGAMMON, cube=cube) == Result(Side.WHITE, "gammon", 2 * cube)
    assert game_result(end({3: 1, 19: 14}), BACKGAMMON, cube=cube) == Result(Side.WHITE, "backgammon", 3 * cube)
    assert game_result(end({19: 14}, black_bar=1), BACKGAMMON, cube=cube).kind == "backgammon"


def test_black_wins_too():
    pos = Position.from_board({20: 1, 6: 14}, {}, checkers=15)  # White has a checker in Black's home (B19–24)
    assert game_result(pos, BACKGAMMON) == Result(Side.BLACK, "backgammon", 3)


def test_cube_offer_take_drop():
    c = Cube()
    assert c.can_double(Side.WHITE, BACKGAMMON) and c.can_double(Side.BLACK, BACKGAMMON)
    offered = c.offer(Side.WHITE, BACKGAMMON)
    taken = offered.take()
    assert (taken.value, taken.owner) == (2, Side.BLACK)
    assert not taken.can_double(Side.WHITE, BACKGAMMON)  # only the owner may redouble
    assert taken.can_double(Side.BLACK, BACKGAMMON)
    with pytest.raises(CubeError):
        taken.offer(Side.WHITE, BACKGAMMON)
    again = taken.offer(Side.BLACK, BACKGAMMON).take()
    assert (again.value, again.owner) == (4, Side.WHITE)
    assert Cube(4, Side.WHITE).offer(Side.WHITE, BACKGAMMON).drop() == Result(Side.WHITE, "single", 4)
    with pytest.raises(CubeError):
        Cube().take()
    with pytest.raises(CubeError):
        Cube().drop()


def test_cube_max_64_and_option():
    assert Cube(32, Side.WHITE).can_double(Side.WHITE, BACKGAMMON)
    assert not Cube(64, Side.WHITE).can_double(Side.WHITE, BACKGAMMON)
    with pytest.raises(CubeError, match="64"):
        Cube(64, Side.WHITE).offer(Side.WHITE, BACKGAMMON)
    assert Cube(64, Side.WHITE).can_double(Side.WHITE, BACKGAMMON.with_options(cube_max=None))


def test_no_cube_in_a_one_point_match():
    cube = Cube()
    assert cube.can_double(Side.WHITE, BACKGAMMON, match_length=3)
    assert not cube.can_double(Side.WHITE, BACKGAMMON, match_length=1)
    with pytest.raises(CubeError, match="1-point match"):
        cube.offer(Side.WHITE, BACKGAMMON, match_length=1)


def test_no_cube_in_tavla_and_none_in_the_crawford_game():
    assert not Cube().can_double(Side.WHITE, TAVLA)
    with pytest.raises(CubeError, match="Crawford"):
        Cube().offer(Side.WHITE, BACKGAMMON, crawford_game=True)
    assert not Cube().can_double(Side.BLACK, BACKGAMMON, crawford_game=True)


def win(side, points):
    return Result(side, "single", points)


def test_crawford_game_exactly_once():
    m = Match(5)
    m = m.after(win(Side.WHITE, 2), BACKGAMMON)  # 2-0
    assert not m.crawford_game
    m = m.after(win(Side.WHITE, 2), BACKGAMMON)  # 4-0: White reaches N-1 first
    assert m.crawford_game
    m = m.after(win(Side.BLACK, 1), BACKGAMMON)  # the Crawford game is played: 4-1
    assert not m.crawford_game
    m = m.after(win(Side.BLACK, 2), BACKGAMMON)  # 4-3
    m = m.after(win(Side.BLACK, 1), BACKGAMMON)  # 4-4: Black reaches N-1 too, but no second Crawford
    assert (m.white, m.black, m.crawford_game) == (4, 4, False)
    assert m.after(win(Side.BLACK, 1), BACKGAMMON).winner is Side.BLACK


def test_crawford_when_jumping_to_n_minus_1_and_never_when_passing_it():
    assert Match(7).after(win(Side.BLACK, 6), BACKGAMMON).crawford_game  # 0-6 in one go
    assert not Match(5, 3, 0).after(win(Side.WHITE, 2), BACKGAMMON).crawford_game  # match over
    assert not Match(5).after(win(Side.WHITE, 4), BACKGAMMON.with_options(crawford=False)).crawford_game
    assert not Match(5).after(win(Side.WHITE, 4), TAVLA).crawford_game  # no cube, no Crawford
