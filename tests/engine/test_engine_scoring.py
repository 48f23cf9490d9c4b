"""Scoring with the cube, the Jacoby rule, beavers and match play (rules.md §3.2).

Worked examples from the rules reference, property tests over cube states and match scores,
and GNU Backgammon's own cube information where it applies (the Jacoby rule in money play).
"""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs import BACKGAMMON, TAVLA, Position, Side
from tavla_docs.engine.results import Cube, CubeError, Match, Result
from tavla_docs.engine.rules import RulesetError
from tavla_docs.engine.scoring import jacoby_single, scored
from tavla_docs.variants import ruleset

MONEY = ruleset("backgammon", match_length=None)
JACOBY = ruleset("backgammon", match_length=None, jacoby=True)
BEAVERS = ruleset("backgammon", match_length=None, beavers=True)
UNLIMITED = ruleset("backgammon", cube_max=None, match_length=None)

SINGLE = Position.from_board({}, {3: 1, 19: 13}, black_off=1, checkers=15)  # White is off; Black has borne one off
GAMMON = Position.from_board({}, {13: 5, 19: 10}, checkers=15)  # Black has borne off nothing
BACKGAMMON_END = Position.from_board({}, {3: 1, 19: 14}, checkers=15)  # ... and has a checker in White's home
ENDS = {"single": (SINGLE, 1), "gammon": (GAMMON, 2), "backgammon": (BACKGAMMON_END, 3)}

faces = st.sampled_from([1, 2, 4, 8, 16, 32, 64])
owners = st.sampled_from([None, Side.WHITE, Side.BLACK])


# --- the rules reference's worked statements ------------------------------------------------------

@pytest.mark.parametrize("kind", list(ENDS))
def test_points_are_the_value_times_the_cube(kind):
    """rules.md §3.2 "Scoring (points × cube value)": a backgammon with the cube on 2 is 6 points."""
    pos, value = ENDS[kind]
    for face in (1, 2, 4, 64):
        r = scored(pos, BACKGAMMON, Cube(face, Side.BLACK if face > 1 else None))
        assert (r.kind, r.points) == (kind, value * face)


def test_a_drop_pays_the_value_before_the_double():
    """rules.md §3.2: the opponent passes, "losing the game at the cube value before the double"."""
    assert Cube(4, Side.WHITE).offer(Side.WHITE, BACKGAMMON).drop() == Result(Side.WHITE, "single", 4)
    assert Cube().offer(Side.BLACK, BACKGAMMON).drop() == Result(Side.BLACK, "single", 1)


def test_only_the_owner_or_a_centred_cube_may_double():
    taken = Cube().offer(Side.WHITE, BACKGAMMON).take()
    assert (taken.value, taken.owner) == (2, Side.BLACK)
    assert taken.refusal(Side.WHITE, BACKGAMMON) == "black owns the cube"
    assert taken.refusal(Side.BLACK, BACKGAMMON) is None


def test_jacoby_gammon_counts_single_until_a_double_is_taken():
    assert scored(GAMMON, JACOBY).points == 1 and scored(BACKGAMMON_END, JACOBY).points == 1
    assert scored(GAMMON, JACOBY).kind == "gammon"  # the board's result is still a gammon
    turned = Cube().offer(Side.WHITE, JACOBY).take()
    assert scored(GAMMON, JACOBY, turned).points == 4
    assert scored(GAMMON, MONEY).points == 2  # the rule is off by default


def test_beaver_keeps_the_cube_with_the_beaverer():
    offered = Cube(2, Side.WHITE).offer(Side.WHITE, BEAVERS)
    beaver = offered.beaver_offer(BEAVERS)
    assert (beaver.take().value, beaver.take().owner) == (8, Side.BLACK)
    assert beaver.drop() == Result(Side.BLACK, "single", 4)
    with pytest.raises(CubeError, match="beavers are off"):
        offered.beaver_offer(MONEY)


def test_no_doubling_in_the_crawford_game_and_again_after_it():
    """rules.md §3.2: the Crawford game, then post-Crawford games where doubling is allowed."""
    m = Match(5, 3, 2)
    crawford = m.after(Result(Side.WHITE, "single", 1), BACKGAMMON)
    assert (crawford.white, crawford.crawford_game) == (4, True)
    assert Cube().refusal(Side.BLACK, BACKGAMMON, crawford_game=True) == "no doubling in the Crawford game"
    post = crawford.after(Result(Side.BLACK, "gammon", 2), BACKGAMMON)
    assert (post.black, post.crawford_game, post.post_crawford) == (4, False, True)
    assert Cube().refusal(Side.BLACK, BACKGAMMON, crawford_game=post.crawford_game) is None
    over = post.after(Result(Side.BLACK, "single", 1), BACKGAMMON)
    assert over.winner is Side.BLACK
    with pytest.raises(CubeError, match="the match is over"):
        over.after(Result(Side.WHITE, "single", 1), BACKGAMMON)


def test_crawford_off_gives_no_crawford_game():
    plain = ruleset("backgammon", crawford=False)
    assert not Match(5, 3, 0).after(Result(Side.WHITE, "single", 1), plain).crawford_game


def test_tavla_results_ignore_the_cube_rules():
    assert scored(GAMMON, TAVLA).points == 2 and not jacoby_single(TAVLA, Cube())


# --- the options act as documented, or are refused --------------------------------------------

@pytest.mark.parametrize(("options", "message"), [
    ({"match_length": 0}, "match_length is a number of points (1 or more), or null for money play; not 0"),
    ({"match_length": -3}, "not -3"),
    ({"cube_max": 100}, "cube_max is a cube face"),
    ({"cube_max": 1}, "cube_max is a cube face"),
    ({"jacoby": True}, "the Jacoby rule is for money play only, and this ruleset plays a match to 5"),
    ({"beavers": True, "match_length": 7}, "beavers are for money play only, and this ruleset plays a match to 7"),
])
def test_options_no_game_can_have_are_refused(options, message):
    with pytest.raises(RulesetError, match=re.escape(message)) as e:
        ruleset("backgammon", **options)
    assert e.value.hint


def test_match_length_null_is_money_play_and_every_game_counts_alone():
    assert MONEY.match_length is None and ruleset("tavla", match_length=None).match_length is None
    assert JACOBY.jacoby and BEAVERS.beavers and not MONEY.jacoby
    assert UNLIMITED.cube_max is None and Cube(64, Side.WHITE).can_double(Side.WHITE, UNLIMITED)
    assert not Cube(64, Side.WHITE).can_double(Side.WHITE, BACKGAMMON)  # the default cube stops at 64


# --- properties -----------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(list(ENDS)), face=faces, owner=owners, jacoby=st.booleans())
def test_points_are_value_times_cube_unless_jacoby_centred(kind, face, owner, jacoby):
    """rules.md §3.2: value × cube; under the Jacoby rule a centred cube scores a gammon single."""
    if face > 1 and owner is None:
        owner = Side.WHITE  # a turned cube has an owner
    rules = JACOBY if jacoby else MONEY
    pos, value = ENDS[kind]
    r = scored(pos, rules, Cube(face, owner))
    assert r.winner is Side.WHITE and r.kind == kind
    assert r.points == (face if jacoby and owner is None else value * face)


@settings(max_examples=200, deadline=None)
@given(face=faces, owner=owners, doubler=st.sampled_from(list(Side)), crawford=st.booleans(),
       length=st.sampled_from([None, 1, 3, 5]))
def test_doubling_follows_the_rules(face, owner, doubler, crawford, length):
    """Who may double (rules.md §3.2): the cube centred or one's own, below the highest face, not in
    the Crawford game nor a 1-point match; a take doubles and hands over, a drop pays the value."""
    cube = Cube(face, owner)
    may = cube.can_double(doubler, BACKGAMMON, crawford_game=crawford, match_length=length)
    assert may == ((owner is None or owner is doubler) and face < 64 and not crawford and length != 1)
    if may:
        offered = cube.offer(doubler, BACKGAMMON, crawford_game=crawford, match_length=length)
        assert offered.take() == Cube(face * 2, doubler.opponent)
        assert offered.drop() == Result(doubler, "single", face)
    else:
        with pytest.raises(CubeError):
            cube.offer(doubler, BACKGAMMON, crawford_game=crawford, match_length=length)


@settings(max_examples=300, deadline=None)
@given(length=st.integers(1, 11), results=st.lists(st.tuples(st.sampled_from(list(Side)), st.sampled_from([1, 2, 3]),
                                                              faces), max_size=30))
def test_a_match_has_at_most_one_crawford_game_without_doubling(length, results):
    """rules.md §3.2: the Crawford game follows the first time a side reaches N − 1, once per match."""
    m, crawfords = Match(length), 0
    for winner, value, face in results:
        if m.winner is not None:
            break
        before = m
        m = m.after(Result(winner, "single", value * face), BACKGAMMON)
        crawfords += m.crawford_game
        assert m.score(winner) == before.score(winner) + value * face
        assert m.score(winner.opponent) == before.score(winner.opponent)
        if m.crawford_game:
            assert max(m.white, m.black) == length - 1 and max(before.white, before.black) < length - 1
    assert crawfords <= 1


# --- GNU Backgammon, where it applies -------------------------------------------------------------

def test_jacoby_agrees_with_gnubg_gammon_prices():
    """gnubg's cube information in money play prices a gammon at 0 exactly when it counts single
    (the Jacoby rule with the cube centred), and at 1 (a gammon is worth two singles) otherwise."""
    gnubg = pytest.importorskip("gnubg", reason="GNU Backgammon's Python module is not installed")
    for face in (1, 2, 4, 8, 64):
        for owner in ([None] if face == 1 else [Side.WHITE, Side.BLACK]):
            info = gnubg.cube_info(face, -1 if owner is None else (0 if owner is Side.WHITE else 1), 0, 0, (0, 0), 0, 0)
            assert info["jacoby"] == 1  # gnubg's money play defaults to the Jacoby rule
            ours = scored(GAMMON, JACOBY, Cube(face, owner)).points // face - 1  # extra singles a gammon is worth
            assert {price for pair in info["gammonprice"] for price in pair} == {float(ours)}, (face, owner)
