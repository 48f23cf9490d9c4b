"""tavla_docs.engine.written with the seed examples (seed 1 = the bear-off page)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs import BACKGAMMON, TAVLA, Position, Roll, Side, legal_plays
from tavla_docs.engine.notation import NotationError
from tavla_docs.engine.written import (
    ClosedPointError,
    PlayError,
    legal_in_order,
    match_play,
    original_column,
    resolve_play,
    resulting_position,
)

BLACK_HOME = {19: 5, 20: 5, 21: 5}


def pos(white, black=BLACK_HOME, **kw):
    return Position.from_board(white, black, **{"checkers": 15, **kw})


def test_resulting_position_is_arithmetic():
    p = pos({9: 1, 6: 4, 5: 4, 4: 3, 3: 2, 2: 1})
    after = resulting_position(p, Side.WHITE, "9/3 3/off", TAVLA)
    assert after.white_board() == {6: 4, 5: 4, 4: 3, 3: 2, 2: 1}
    assert after.off(Side.WHITE) == 1
    # every spelling of the same play reaches the same position
    assert resulting_position(p, Side.WHITE, "9/off", TAVLA) == after
    assert resulting_position(p, Side.WHITE, "9/6 6/off", TAVLA) == after


def test_resulting_position_hits_and_repeats():
    p = pos({13: 2, 6: 13}, {7: 1, 19: 14})
    after = resulting_position(p, Side.WHITE, "13/7*/5", TAVLA)
    assert after.bar(Side.BLACK) == 1 and after.white_board()[5] == 1
    # a checker that only passes over the blot does not hit it
    assert resulting_position(p, Side.WHITE, "13/5", TAVLA).bar(Side.BLACK) == 0
    assert resulting_position(p, Side.WHITE, "6/2(2)", TAVLA).white_board()[2] == 2


def test_resulting_position_black_uses_own_numbering():
    p = pos({6: 5}, {19: 2, 24: 13})  # Black's own 6 is White's 19
    after = resulting_position(p, Side.BLACK, "6/1", TAVLA)
    assert after.black_board() == {19: 1, 24: 14}


def test_no_checker_and_closed_point_are_named():
    p = pos({6: 1, 5: 1})
    with pytest.raises(NotationError, match="there is no checker on 4 to move"):
        resulting_position(p, Side.WHITE, "6/off 4/1", TAVLA)
    with pytest.raises(ClosedPointError, match="point 21 is closed"):
        resulting_position(pos({6: 14}, BLACK_HOME, white_bar=1), Side.WHITE, "bar/21", TAVLA)


def test_match_play_finds_the_engine_spelling():
    p = pos({5: 1, 3: 1})
    play = match_play(p, Side.WHITE, Roll(4, 2), TAVLA, "5/3 3/off")
    assert play is not None and str(play) == "5/off"
    assert match_play(p, Side.WHITE, Roll(4, 2), TAVLA, "3/off 5/1") is None


@pytest.mark.parametrize("text, ok, why", [
    ("9/3 3/off", True, "playable in this order"),
    ("9/off", True, "playable in this order"),
    ("6/off 9/6", False, "6/off: bearing off is not allowed while a checker stands on 9"),
])
def test_in_order_mid_move(text, ok, why):
    p = pos({9: 1, 6: 4, 5: 4, 4: 3, 3: 2, 2: 1})
    assert legal_in_order(p, Side.WHITE, Roll(6, 3), TAVLA, text) == (ok, why)


def test_in_order_order_matters_seed1():
    p = pos({5: 1, 3: 1})
    assert legal_in_order(p, Side.WHITE, Roll(4, 2), TAVLA, "5/3 3/off")[0]
    assert legal_in_order(p, Side.WHITE, Roll(4, 2), TAVLA, "5/1 3/1")[0]
    ok, why = legal_in_order(p, Side.WHITE, Roll(4, 2), TAVLA, "3/off 5/3")
    assert not ok and why.startswith("3/off: a 4 bears off from 3 only when no checker stands higher")


def test_in_order_bar_must_enter_first():
    p = pos({6: 4, 5: 4, 4: 3, 3: 2, 2: 1}, {22: 5, 23: 5, 24: 5}, white_bar=1)
    ok, why = legal_in_order(p, Side.WHITE, Roll(6, 5), TAVLA, "6/off bar/20")
    assert not ok and why == "6/off: a checker on the bar must enter first"


def test_in_order_incomplete_play_is_not_legal():
    p = pos({6: 1}, BLACK_HOME)
    ok, why = legal_in_order(p, Side.WHITE, Roll(4, 2), TAVLA, "6/2")
    assert not ok and "not a whole legal play" in why


def test_in_order_backgammon_doubles_one_checker():
    start = BACKGAMMON.starting_position()
    assert legal_in_order(start, Side.WHITE, Roll(3, 3), BACKGAMMON, "13/4 6/3")[0]
    ok, why = legal_in_order(start, Side.WHITE, Roll(3, 3), BACKGAMMON, "24/12")
    assert not ok and "point 12 is closed" in why


def test_original_column_maps_back_through_spaces():
    assert original_column("9/3    x/off", 4) == 7


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_every_legal_play_matches_and_is_playable_in_its_own_order(data):
    """Property: for a random bear-off position and roll, each engine play, written in the
    engine's canonical notation, matches itself and can be played in the listed order."""
    pts = data.draw(st.dictionaries(st.integers(1, 6), st.integers(1, 3), min_size=1, max_size=4))
    roll = Roll(data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6)))
    p = pos(pts)
    for play in legal_plays(p, Side.WHITE, roll, TAVLA):
        if not play.moves:
            continue
        text = " ".join(str(m) for m in play.moves)  # single-die moves in the generator's order
        assert match_play(p, Side.WHITE, roll, TAVLA, text) == play
        assert legal_in_order(p, Side.WHITE, roll, TAVLA, text)[0], text


def test_a_star_without_a_blot_is_an_error():
    p = pos({13: 2, 6: 13}, {19: 15})
    with pytest.raises(NotationError, match=r"13/7\*: there is no lone opposing checker on 7 to hit"):
        resulting_position(p, Side.WHITE, "13/7*", TAVLA)
    p = pos({13: 2, 6: 13}, {8: 1, 19: 14})
    with pytest.raises(NotationError, match="no lone opposing checker on 9"):
        resulting_position(p, Side.WHITE, "13/9*", TAVLA)


# --- resolve_play: a written play as the single-die steps a diagram draws -----------------

START_W = {24: 2, 13: 5, 8: 3, 6: 5}
START_B = {1: 2, 12: 5, 17: 3, 19: 5}


def steps(w):
    return [str(m) for m in w.play.moves]


def test_resolve_play_orders_the_steps_and_says_when_the_order_matters():
    p = pos({5: 1, 3: 1}, {19: 15})
    w = resolve_play(p, Side.WHITE, Roll(4, 2), TAVLA, "5/off")
    assert steps(w) == ["5/3", "3/off"] and [m.die for m in w.play.moves] == [2, 4]
    assert w.order_matters  # the 4 cannot go first
    assert w.play.position == resulting_position(p, Side.WHITE, "5/off", TAVLA)
    free = resolve_play(pos(START_W, START_B), Side.WHITE, Roll(6, 3), TAVLA, "24/15")
    assert steps(free) == ["24/18", "18/15"] and not free.order_matters  # via 18 or via 21


def test_resolve_play_keeps_a_hit_on_the_way_as_a_stop():
    p = pos({13: 2, 6: 5}, {8: 1, 19: 5, 20: 5, 21: 4})
    w = resolve_play(p, Side.WHITE, Roll(5, 3), TAVLA, "13/5")
    assert steps(w) == ["13/8*", "8/5"]  # the larger die first, and it hits on the way
    assert w.order_matters  # with the 3 first the checker passes 10 and never hits on 8


def test_resolve_play_draws_the_authors_spelling_of_the_engines_play():
    p = pos(START_W, START_B)
    target = resulting_position(p, Side.WHITE, "24/15", TAVLA).key()
    engine = next(x for x in legal_plays(p, Side.WHITE, Roll(6, 3), TAVLA) if x.position.key() == target)
    assert [str(m) for m in engine.moves] == ["24/18", "18/15"]
    assert steps(resolve_play(p, Side.WHITE, Roll(6, 3), TAVLA, engine, written="24/21/15")) == ["24/21", "21/15"]
    assert resolve_play(p, Side.WHITE, Roll(6, 3), TAVLA, engine).play is engine
    # A spelling of another play, or no play at all, leaves the engine's own spelling.
    assert resolve_play(p, Side.WHITE, Roll(6, 3), TAVLA, engine, written="24/18 13/10").play is engine
    assert resolve_play(p, Side.WHITE, Roll(6, 3), TAVLA, engine, written="24/14").play is engine


def test_resolve_play_prefers_the_engines_spelling_when_the_authors_path_hits():
    p = pos({13: 2, 6: 5}, {8: 1, 19: 5, 20: 5, 21: 4})
    target = resulting_position(p, Side.WHITE, "13/5", TAVLA).key()  # no `*`: the blot on 8 stays
    engine = next(x for x in legal_plays(p, Side.WHITE, Roll(5, 3), TAVLA) if x.position.key() == target)
    w = resolve_play(p, Side.WHITE, Roll(5, 3), TAVLA, engine, written="13/5")
    assert steps(w) == ["13/10", "10/5"] and not w.order_matters


def test_resolve_play_without_a_roll_and_without_a_play():
    p = pos(START_W, START_B)
    w = resolve_play(p, Side.WHITE, None, TAVLA, "24/18 13/11")
    assert [(str(m), m.die) for m in w.play.moves] == [("24/18", 6), ("13/11", 2)]  # dice are the distances
    assert not w.order_matters  # no roll: nothing to order
    assert resolve_play(p, Side.WHITE, Roll(6, 3), TAVLA, None) is None
    assert resolve_play(p, Side.WHITE, Roll(6, 3), TAVLA, "  ") is None


def test_resolve_play_doubles_never_need_numbers():
    w = resolve_play(pos(START_W, START_B), Side.WHITE, Roll(3, 3), TAVLA, "24/21(2) 13/10(2)")
    assert steps(w) == ["24/21", "24/21", "13/10", "13/10"] and not w.order_matters


def test_resolve_play_names_the_legal_plays_when_it_is_not_one():
    with pytest.raises(PlayError, match=r"'24/14' is not a legal play of 6-3 for white here; legal: 24/21 24/18, "):
        resolve_play(pos(START_W, START_B), Side.WHITE, Roll(6, 3), TAVLA, "24/14")
    with pytest.raises(PlayError, match="cannot draw 7 as a play"):
        resolve_play(pos(START_W, START_B), Side.WHITE, Roll(6, 3), TAVLA, 7)
