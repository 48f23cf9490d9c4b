"""`engine.explain`: why a single-die step is refused, and the tree of a turn's single-die steps.

Hand-derived examples (the seed's bear-off cases, the bar, a closed board, the larger die, both
dice, Tapa pins, Uzun tavla's head and six-block rules, Gülbara's progression), then properties
on random positions of every game: the tree's complete nodes are exactly the legal plays,
`why_step` refuses exactly the steps `legal_steps` does not make, and every refused step of a
reachable state has a reason of its own (never the generic one).
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavla_docs.engine import explain as ex
from tavla_docs.engine.board import BAR, OFF, Geometry, Position, Side
from tavla_docs.engine.dice import ALL_ROLLS, Roll
from tavla_docs.engine.movegen import legal_plays, legal_steps
from tavla_docs.engine.play import TurnContext
from tavla_docs.variants import TAVLA, ruleset

from ..variants.test_properties import VARIANTS, random_position, rules_for
from .strategies import positions, rolls, sides

BLACK_HOME = {19: 5, 20: 5, 21: 5}


def codes(tree: ex.PlayTree, node: ex.Node) -> dict[tuple[int, int], str]:
    return {(src, die): r.code for src, die, r in tree.refusals(node)}


def test_seed_4_2_the_four_first_is_refused_and_5_3_then_3_off_is_a_play() -> None:
    p = Position.from_board({5: 1, 3: 1}, BLACK_HOME, checkers=15)
    tree = ex.play_tree(p, Side.WHITE, Roll(4, 2), TAVLA)
    why = tree.refusal(tree.root, 3, 4)
    assert why == ex.Refusal(ex.FARTHER_FIRST, point=5)
    assert str(why) == "A larger die cannot bear off while a checker stands farther back (on the 5-point)"
    assert ex.explain_move(p, Side.WHITE, Roll(4, 2), TAVLA, 3, OFF) == why
    node, refused = ex.follow(tree, [(5, 3), (3, OFF)])
    assert refused is None and node in tree.complete
    assert tree.position_of(node).key() == legal_plays(p, Side.WHITE, Roll(4, 2), TAVLA)[1].position.key()
    assert tree.usable(tree.root) == (4, 2)


def test_seed_6_3_bearing_off_starts_in_the_middle_of_the_move() -> None:
    p = Position.from_board({9: 1, 6: 4, 5: 4, 4: 3, 3: 2, 2: 1}, BLACK_HOME, checkers=15)
    roll = Roll(6, 3)
    tree = ex.play_tree(p, Side.WHITE, roll, TAVLA)
    assert codes(tree, tree.root)[(6, 6)] == ex.OUTSIDE_HOME
    assert tree.refusal(tree.root, 6, 6) == ex.Refusal(ex.OUTSIDE_HOME, point=9)
    after_9_3, why = ex.follow(tree, [(9, 3)])
    assert why is None and tree.usable(after_9_3) == (3,)
    assert ex.explain_move(p, Side.WHITE, roll, TAVLA, 3, OFF, played=[(9, 3)]) is None
    assert ex.explain_move(p, Side.WHITE, roll, TAVLA, 4, OFF, played=[(9, 3)]) == ex.Refusal(ex.NO_DIE, dice="3")
    # 9/6 first: then the six bears off from the 6-point only, not from 4
    assert ex.explain_move(p, Side.WHITE, roll, TAVLA, 4, OFF, played=[(9, 6)]) == ex.Refusal(ex.FARTHER_FIRST, point=6)


def test_a_checker_on_the_bar_enters_first_and_only_entering_steps_exist() -> None:
    p = Position.from_board({6: 2, 5: 2, 4: 1, 2: 1}, {1: 1, 6 + 13: 3, 20: 3, 21: 3, 22: 2, 24: 2}, white_bar=1, checkers=15)
    tree = ex.play_tree(p, Side.WHITE, Roll(4, 2), TAVLA)
    assert {m.src for m, _ in tree.children(tree.root)} == {BAR}
    refused = codes(tree, tree.root)
    assert {code for (src, _), code in refused.items() if src != BAR} == {ex.BAR_FIRST}
    assert refused[(BAR, 4)] == ex.CLOSED  # bar/21: three black checkers
    assert tree.refusal(tree.root, BAR, 4) == ex.Refusal(ex.CLOSED, point=21, count=3)


def test_a_closed_board_has_no_move_and_says_why() -> None:
    p = Position.from_board({6: 4, 5: 4, 4: 3, 3: 3}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 5}, white_bar=1, checkers=15)
    tree = ex.play_tree(p, Side.WHITE, Roll(6, 5), ruleset("backgammon"))
    assert tree.children(tree.root) == [] and tree.root in tree.complete
    assert ex.no_play_reason(tree) == ex.Refusal(ex.CANNOT_ENTER)
    bearoff = ex.play_tree(Position.from_board({6: 1}, {5: 2, 19: 13}, checkers=15), Side.WHITE, Roll(1, 1), TAVLA)
    assert ex.no_play_reason(bearoff) == ex.Refusal(ex.NO_PLAY)  # 6/5 is closed, 6/off needs a six


def test_only_one_die_playable_means_the_larger_one() -> None:
    p = Position.from_board({10: 1}, {3: 2}, black_off=13, checkers=15)  # 10/5 or 10/8, then nothing: the 5 must go
    tree = ex.play_tree(p, Side.WHITE, Roll(5, 2), TAVLA)
    assert [str(m) for m, _ in tree.children(tree.root)] == ["10/5"]
    assert tree.refusal(tree.root, 10, 2) == ex.Refusal(ex.LARGER_DIE, die=5)


def test_both_dice_are_played_when_they_can_be() -> None:
    p = Position.from_board({10: 1, 4: 1}, {5: 4, 7: 2}, black_off=9, checkers=15)  # 4/3 leaves the 3 unplayable
    tree = ex.play_tree(p, Side.WHITE, Roll(3, 1), TAVLA)
    assert tree.refusal(tree.root, 4, 1) == ex.Refusal(ex.BOTH_DICE)
    assert ex.follow(tree, [(10, 9), (4, 1)])[1] is None


def test_tapa_a_pinned_checker_and_the_point_under_it() -> None:
    tapa = ruleset("tapa")
    # Black's lone checker on B5 (its own 20) lies pinned under White's: it cannot move.
    p = Position.from_board({24: 13, 5: 1, 8: 1}, {1: 14, 5: 1}, pinned=frozenset({(Side.BLACK, 20)}), checkers=15)
    black = ex.play_tree(p, Side.BLACK, Roll(3, 1), tapa)
    assert black.refusal(black.root, 20, 3) == ex.Refusal(ex.PINNED, point=20)
    # White's lone checker on its 4 lies pinned under Black's: it cannot move, and the point is
    # closed to White's other checkers (6/4 with the 2).
    q = Position.from_board({24: 13, 6: 1, 4: 1}, {1: 13, 4: 1, 10: 1}, pinned=frozenset({(Side.WHITE, 4)}), checkers=15)
    white = ex.play_tree(q, Side.WHITE, Roll(2, 1), tapa)
    assert white.refusal(white.root, 4, 1) == ex.Refusal(ex.PINNED, point=4)
    assert white.refusal(white.root, 6, 2) == ex.Refusal(ex.CLOSED_PINNED, point=4)
    assert str(white.refusal(white.root, 6, 2)) == "The 4-point is closed: your own checker there is pinned"


def test_uzun_head_rule_refuses_a_second_checker_off_the_head() -> None:
    p = Position.from_board({24: 12, 18: 1, 16: 1, 10: 1}, {12: 12, 7: 1, 4: 1, 1: 1}, geometry=Geometry.SAME, checkers=15)
    tree = ex.play_tree(p, Side.WHITE, Roll(5, 3), ruleset("uzun"), TurnContext(game_turn=7))
    after, why = ex.follow(tree, [(24, 19)])
    assert why is None
    assert tree.refusal(after, 24, 3) == ex.Refusal(ex.HEAD_RULE, point=24)
    assert str(tree.refusal(after, 24, 3)) == "No more checkers may leave the head this turn"


def test_uzun_six_block_per_move_and_at_the_end_of_the_turn() -> None:
    # White holds B2..B6 and its head B24, which are Black's own 14..18 and 12; every black checker
    # is on its head (own 24), so none is ahead. 7/1 would add B1 (Black's 13): six in a row.
    p = Position.from_board({7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 24: 9}, {12: 15}, geometry=Geometry.SAME, checkers=15)
    ctx = TurnContext(game_turn=9)
    per_move = ex.play_tree(p, Side.WHITE, Roll(6, 5), ruleset("uzun"), ctx)
    assert per_move.refusal(per_move.root, 7, 6) == ex.Refusal(ex.SIX_BLOCK, point=7)
    end_rules = ruleset("uzun", six_block_check="end_of_turn")
    end = ex.play_tree(p, Side.WHITE, Roll(6, 5), end_rules, ctx)
    # the step itself is allowed, but after it the 5 cannot break the block (6/1 leaves B1..B5 and B24)
    assert ex.why_step(end.root[0], 7, 6, end_rules, ctx) is None
    assert end.refusal(end.root, 7, 6) == ex.Refusal(ex.SIX_BLOCK)


def test_gulbara_progression_tree_plays_the_plan_in_order() -> None:
    p = Position.from_board({20: 1, 5: 4, 4: 4, 3: 3, 2: 3}, {17: 3, 16: 4, 14: 4, 13: 4}, geometry=Geometry.SAME, checkers=15)
    tree = ex.play_tree(p, Side.WHITE, Roll(5, 5), ruleset("gulbara"), TurnContext(game_turn=6))
    assert tree.dice == (5, 5, 5, 5, 6, 6, 6, 6) and tree.best == 8
    assert tree.refusal(tree.root, 5, 5) == ex.Refusal(ex.OUTSIDE_HOME, point=20)
    node, why = ex.follow(tree, [(20, 15), (15, 10), (10, 5), (5, OFF)] + [(5, OFF)] * 4)
    assert why is None and node in tree.complete
    assert ex.follow(tree, [(20, 15), (15, 10), (10, 5), (4, OFF)])[1] == ex.Refusal(ex.FARTHER_FIRST, point=5)


def test_gulbara_as_many_numbers_of_a_progression_as_possible() -> None:
    p = Position.from_board({1: 1}, {5: 1, 12: 1}, geometry=Geometry.SAME, white_off=14, black_off=13)
    tree = ex.play_tree(p, Side.BLACK, Roll(3, 3), ruleset("gulbara"))
    dead = [r for n in tree.nodes() for _, _, r in tree.refusals(n) if r.code == ex.MAX_DICE]
    assert dead and all(r.best == 16 and r.count is not None and r.count < 16 for r in dead)


def test_no_die_and_no_checker() -> None:
    p = Position.from_board({5: 1, 3: 1}, BLACK_HOME, checkers=15)
    roll = Roll(4, 2)
    assert ex.explain_move(p, Side.WHITE, roll, TAVLA, 5, 2) == ex.Refusal(ex.NO_DIE, dice="4, 2")
    assert ex.explain_move(p, Side.WHITE, roll, TAVLA, 6, 2) == ex.Refusal(ex.NO_CHECKER)
    assert ex.explain_move(p, Side.WHITE, roll, TAVLA, 3, 1, played=[(3, OFF)]) == ex.Refusal(ex.FARTHER_FIRST, point=5)


def test_every_code_has_a_sentence_and_the_hooks_codes_are_known() -> None:
    from tavla_docs.variants.common import HeadRule, SixBlock, SixBlockAtEnd
    from tavla_docs.variants.gulbara import BearOffStopsProgression
    from tavla_docs.variants.uzun import ExactBearOff
    for hook, code in ((HeadRule(), ex.HEAD_RULE), (SixBlock(), ex.SIX_BLOCK), (SixBlockAtEnd(), ex.SIX_BLOCK),
                       (ExactBearOff(), ex.EXACT_BEAR_OFF), (BearOffStopsProgression(), ex.FOUR_IN_BEAR_OFF)):
        assert ex.hook_refusal(hook) == code
    assert ex.hook_refusal(object()) == ex.RULE
    for code in ex.MESSAGES:
        r = ex.Refusal(code, point=5, count=2, die=6, dice="6, 3", best=4)
        assert str(r) and "%(" not in str(r), code


# ---- properties --------------------------------------------------------------------------

def check_tree(position: Position, side: Side, roll: Roll, rules, ctx: TurnContext) -> None:
    tree = ex.play_tree(position, side, roll, rules, ctx)
    plays = legal_plays(position, side, roll, rules, ctx)
    assert {tree.position_of(n).key() for n in tree.complete} == {p.position.key() for p in plays}
    for play in plays:  # the engine's own spelling of every play walks the tree's edges
        node, why = ex.follow(tree, [(m.src, m.dst) for m in play.moves])
        assert why is None and node in tree.complete and tree.position_of(node).key() == play.position.key()
    for node in tree.nodes():
        assert node in tree.complete or tree.children(node), "every node leads to a legal play"
        for die in tree.usable(node):
            legal = {m.src for m, _ in legal_steps(node[0], die, rules, ctx)}
            for src in range(1, BAR + 1):
                assert (ex.why_step(node[0], src, die, rules, ctx) is None) == (src in legal)
        for src, _die, why in tree.refusals(node):
            assert why.code != ex.RULE and why.code in ex.MESSAGES
            assert node[0][0][src] > 0


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(position=positions(), side=sides(), roll=rolls())
def test_tavla_and_backgammon_trees_match_the_generator(position, side, roll) -> None:
    for rules in (TAVLA, ruleset("backgammon")):
        check_tree(position, side, roll, rules, TurnContext())


@pytest.mark.parametrize("name", sorted(VARIANTS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), roll=st.sampled_from(ALL_ROLLS), side=st.sampled_from(list(Side)),
       turn=st.sampled_from([None, 1, 2, 4, 7]))
def test_variant_trees_match_the_generator(name, seed, roll, side, turn) -> None:
    rules = rules_for(name)
    pos = random_position(random.Random(seed), **VARIANTS[name])
    ctx = TurnContext(game_turn=turn, player_turn=None if turn is None else (turn + 1) // 2)
    check_tree(pos, side, roll, rules, ctx)


def test_a_tree_too_big_is_refused() -> None:
    with pytest.raises(ex.TreeTooBig):
        ex.play_tree(TAVLA.starting_position(), Side.WHITE, Roll(3, 3), TAVLA, max_nodes=10)
