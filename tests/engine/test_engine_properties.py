"""Property tests of legal_plays on random positions, against the naive brute force (tests/oracles/naive.py)."""
from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings

from tavla_docs import BACKGAMMON, TAVLA, Position, Roll, Side, legal_plays

from ..oracles.naive import naive_play_keys, naive_sequences
from .strategies import positions, rolls, sides

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def replay(pos: Position, side: Side, play) -> Position:
    """Apply a play's moves one by one, checking each step's landing point as we go."""
    mine, theirs = list(pos.own(side)), list(pos.own(side.opponent))
    for mv in play.moves:
        if mine[25] and mv.src != 25:
            raise AssertionError(f"{play}: moved {mv} with a checker still on the bar")
        assert mine[mv.src] > 0, f"{play}: no checker on {mv.src}"
        if mv.dst:
            q = 25 - mv.dst
            assert theirs[q] < 2, f"{play}: landed on {mv.dst} held by {theirs[q]} opposing checkers"
            assert mv.hit == (theirs[q] == 1)
            if theirs[q] == 1:
                theirs[q], theirs[25] = 0, theirs[25] + 1
        mine[mv.src] -= 1
        mine[mv.dst] += 1
    return Position.from_own(side, tuple(mine), tuple(theirs))


@SETTINGS
@given(positions(), sides(), rolls())
def test_same_set_as_brute_force(pos, side, roll):
    plays = legal_plays(pos, side, roll, TAVLA)
    keys = [(p.position.white, p.position.black) for p in plays]
    assert len(keys) == len(set(keys)), "two plays reach the same position"
    assert set(keys) == naive_play_keys(pos, side, roll.high, roll.low)


@SETTINGS
@given(positions(), sides(), rolls())
def test_every_play_uses_the_most_dice(pos, side, roll):
    best = max(used for *_, used in naive_sequences(pos, side, roll.high, roll.low))
    for p in legal_plays(pos, side, roll, TAVLA):
        over = p.position.off(side) == 15
        assert len(p.moves) == best or (over and len(p.moves) < best), str(p)


@SETTINGS
@given(positions(), sides(), rolls())
def test_moves_replay_conserve_and_pips(pos, side, roll):
    before = pos.pips(side)
    for p in legal_plays(pos, side, roll, TAVLA):
        assert p.position.problems() == []  # 15 checkers each, no shared point
        assert replay(pos, side, p) == p.position
        dice = sum(m.die for m in p.moves)
        overshoot = sum(m.die - m.src for m in p.moves if m.dst == 0)
        assert all(m.src - m.dst == m.die for m in p.moves if m.dst)  # exact moves
        assert all(0 < m.src <= m.die for m in p.moves if m.dst == 0)
        assert before - p.position.pips(side) == dice - overshoot
        assert sum(m.die for m in p.moves) <= (4 * roll.high if roll.is_double else roll.high + roll.low)


@SETTINGS
@given(positions(), sides(), rolls())
def test_bar_checkers_enter_first(pos, side, roll):
    k = pos.bar(side)
    for p in legal_plays(pos, side, roll, TAVLA):
        srcs = [m.src for m in p.moves]
        entered = 0
        for s in srcs:
            if entered < k:
                assert s == 25, f"{p}: moved before the bar was empty"
                entered += 1
        if k and len(srcs) < k:
            assert all(s == 25 for s in srcs)


@SETTINGS
@given(positions(), rolls())
def test_mirror_symmetry(pos, roll):
    white = legal_plays(pos, Side.WHITE, roll, TAVLA)
    black = legal_plays(pos.mirrored(), Side.BLACK, roll, TAVLA)
    assert [str(p) for p in white] == [str(p) for p in black]
    assert [p.position.mirrored() for p in white] == [p.position for p in black]


class _NoOp:
    """A hook that changes nothing: forces the general (hooked) generator."""

    def immobile(self, state, point):
        return 0

    def allow(self, ctx, before, move, after):
        return after


@SETTINGS
@given(positions(), sides(), rolls())
def test_fast_path_equals_general_generator(pos, side, roll):
    general = replace(TAVLA, step_hooks=(_NoOp(),))
    fast = legal_plays(pos, side, roll, TAVLA)
    slow = legal_plays(pos, side, roll, general)
    assert [(str(p), p.position, p.dice_used, p.moves) for p in fast] == \
           [(str(p), p.position, p.dice_used, p.moves) for p in slow]


def test_backgammon_generates_like_tavla():
    start = BACKGAMMON.starting_position()
    for roll in ("3-1", "6-6", "2-1"):
        r = Roll.parse(roll)
        assert legal_plays(start, Side.WHITE, r, BACKGAMMON) == legal_plays(start, Side.WHITE, r, TAVLA)
