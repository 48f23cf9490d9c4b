"""Differential test against GNU Backgammon's own move generator (PyPI `gnubg`, optional).

gnubg's board is (player not on roll, player on roll), 25 slots each in the owner's
numbering (index 24 = bar); `findbestmoves` returns every distinct legal play (it dedupes
by resulting position key, keeping the plays that use the most dice even when a shorter play
already ends the game — the one place our rules, rules.md 1.3, differ) as a flat (from, to, from, to, …) tuple, 1-based, 25 = bar.
Its tuples are cut at the first checker borne off: (10, 5, 6) means 10/5 6/off and
anything after is not shown. So where no tuple is cut we compare the exact sets of
resulting positions; where one is, we compare the number of plays.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from tavla_docs import TAVLA, Position, Roll, Side, legal_plays
from tavla_docs.engine.rules import Ruleset

from .strategies import positions, rolls, sides

gnubg = pytest.importorskip("gnubg", reason="GNU Backgammon's Python module (pip install gnubg) is not installed")

_CUBE = gnubg.cube_info()
_EVAL = gnubg.eval_context()


def gnubg_results(pos: Position, side: Side, roll: Roll) -> tuple[set | None, int]:
    """(set of resulting (mine, theirs) arrays, or None where a tuple was cut; number of plays)."""
    mine, theirs = pos.own(side), pos.own(side.opponent)
    board = (tuple(theirs[1:26]), tuple(mine[1:26]))
    found = gnubg.find_best_moves(board, _CUBE, _EVAL, (roll.high, roll.low))
    if not found:
        return {(mine, theirs)}, 1  # no legal move: the one empty play
    out: set | None = set()
    for entry in found:
        mv = entry["move"]
        if len(mv) % 2:
            out = None  # cut at a bear-off: the rest of the play is not shown
            continue
        m, t = list(mine), list(theirs)
        for i in range(0, len(mv), 2):
            s, d = mv[i], mv[i + 1]
            m[s] -= 1
            m[d] += 1
            if d and t[25 - d] == 1:
                t[25 - d], t[25] = 0, t[25] + 1
        if out is not None:
            out.add((tuple(m), tuple(t)))
    return out, len(found)


def compare(pos: Position, side: Side, roll: Roll, rules: Ruleset = TAVLA) -> None:
    plays = legal_plays(pos, side, roll, rules)
    if any(p.position.off(side) == pos.checkers for p in plays):
        # rules.md 1.3: a play that bears off the last checker counts as complete even with
        # dice left (e.g. 2/off beside 2/1*/off); gnubg keeps only the plays using the most
        # dice, so compare with that subset.
        most = max(p.dice_used for p in plays)
        plays = tuple(p for p in plays if p.dice_used == most)
    ours = {(p.position.own(side), p.position.own(side.opponent)) for p in plays}
    theirs, count = gnubg_results(pos, side, roll)
    assert len(plays) == count, f"{[str(p) for p in plays]} vs {count} gnubg plays"
    if theirs is not None:
        assert ours == theirs


def test_opening_rolls():
    from tavla_docs.engine.dice import ALL_ROLLS
    for roll in ALL_ROLLS:
        compare(TAVLA.starting_position(), Side.WHITE, roll)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), sides(), rolls())
def test_random_positions(pos, side, roll):
    if pos.bar(side) and pos.bar(side.opponent) and all(pos.own(side)[p] >= 2 for p in range(1, 7)):
        return  # gnubg's CheckPosition rejects both sides on the bar against closed boards
    compare(pos, side, roll)
