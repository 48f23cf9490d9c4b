"""`formats.jsonl.finaltext`: the default-field objects of the plain walk's plays, made from memoised
slot groups and one translate an answer, equal the old point-by-point serialiser's (and the
one-final-at-a-time path's), for both movers, hits that move on, bear-offs and the bar."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import ALL_ROLLS, Roll
from tavla_docs.engine.movegen import fast_plays  # the plain walk's plays, in either run (TAVLA_DOCS_PURE)
from tavla_docs.formats.jsonl import finaltext, plainfinals
from tavla_docs.formats.jsonl.playtext import FIELDS, play_texts, plays_json
from tavla_docs.variants import BACKGAMMON, TAVLA

from ..engine.strategies import positions, rolls, sides
from .test_play_text import _old, _tail

pytestmark = pytest.mark.usefixtures("text_path")  # the compiled and the pure-Python path (conftest.py)

MATCH_TAIL = ":1:1:{turn}:00:4:2:0:7:10"  # a match's cube, owner and score: the tail is carried as given


def _plays(pos: Position, side: Side, roll: Roll, rules=TAVLA) -> list:
    return [p for p in fast_plays(pos, side, roll, rules) if p.moves]


def _fresh_equal_old(pos: Position, side: Side, roll: Roll, rules=TAVLA, tail: str | None = None) -> int:
    """Both entry points on fresh plays (the finals path) against the old text; the play count."""
    turn = 1 if side.opponent is Side.WHITE else -1
    tail = _tail(side.opponent) if tail is None else tail.format(turn=turn)
    plays = _plays(pos, side, roll, rules)
    if not plays:
        return 0
    assert plainfinals.plain_finals(plays) is not None  # the path under test, not the Position one
    joined = plays_json(plays, FIELDS, tail)
    each = play_texts(_plays(pos, side, roll, rules), FIELDS, tail)
    old = [_old(p, FIELDS, side.opponent).replace(_tail(side.opponent), tail) for p in plays]
    assert each == old
    assert joined == ", ".join(old)
    assert all(" " <= c for c in joined)  # no code for an opponent's letter is left untranslated
    return len(plays)


@settings(max_examples=300, deadline=None)
@given(positions(), sides(), rolls(), st.sampled_from([TAVLA, BACKGAMMON]), st.booleans())
def test_the_default_fields_equal_the_old_text(pos, side, roll, rules, match):
    _fresh_equal_old(pos, side, roll, rules, MATCH_TAIL if match else None)


@settings(max_examples=60, deadline=None)
@given(positions(), sides())
def test_every_roll_of_a_position_in_turn(pos, side):
    """A batch asks a position's 21 rolls in a row: the context, templates and table are reused."""
    for roll in ALL_ROLLS:
        _fresh_equal_old(pos, side, roll)


def test_a_hit_that_moves_on_leaves_the_point_empty():
    """`13/7*/5`: the opponent's blot on 7 is on the bar and nobody stands on 7 (its letter goes)."""
    pos = Position.from_board({13: 5, 6: 5, 8: 3, 24: 2}, {7: 1, 19: 5, 17: 3, 12: 5, 1: 1}, checkers=15)
    for side in Side:
        mover = pos if side is Side.WHITE else pos.mirrored()
        plays = _plays(mover, side, Roll(6, 2))
        assert "13/7*/5" in [str(p) for p in plays]  # in the mover's numbering, either colour
        assert _fresh_equal_old(mover, side, Roll(6, 2)) == len(plays)
        (text,) = [t for t in play_texts(_plays(mover, side, Roll(6, 2)), FIELDS, _tail(side.opponent))
                   if '"13/7*/5"' in t]
        board = text.split("XGID=")[1][:26]
        assert board[7 if side is Side.WHITE else 18] == "-"  # shared point 7 (Black's own 7: 18)


def test_hits_bar_and_bear_off_of_both_movers():
    contact = Position.from_board({24: 1, 13: 4, 8: 3, 6: 5, 3: 1, 2: 1}, {1: 1, 4: 1, 12: 5, 17: 3, 19: 4, 22: 1}, checkers=15)
    home = Position.from_board({6: 3, 5: 2, 2: 1, 1: 1}, {19: 1, 20: 2, 24: 1}, white_bar=1, black_bar=1, checkers=15)
    race = Position.from_board({6: 2, 3: 1, 1: 1}, {19: 1, 22: 2, 24: 3}, checkers=15)
    n = 0
    for pos in (contact, home, race, contact.mirrored(), race.mirrored()):
        for side in Side:
            for roll in ALL_ROLLS:
                n += _fresh_equal_old(pos, side, roll)
    assert n > 500


def test_the_group_memos_stay_bounded_and_right(monkeypatch):
    monkeypatch.setattr(finaltext, "MEMO_MAX", 3)
    start = TAVLA.starting_position()
    for roll in (Roll(6, 5), Roll(4, 2), Roll(3, 3), Roll(6, 1)):
        for side in Side:
            n = _fresh_equal_old(start, side, roll)
            # emptied before each answer once past the bound: at most the bound plus one answer's
            assert all(len(memo) <= 3 + n for groups in finaltext._BY_SIDE.values() for memo in groups)


def test_the_groups_cover_every_slot_once():
    slots = sorted(p for g in finaltext._GROUPS for p in g)
    assert slots == list(range(26))
    for white in (True, False):
        masks = [g.mask for g in finaltext._BY_SIDE[white]]
        assert all(a & b == 0 for i, a in enumerate(masks) for b in masks[i + 1:])
