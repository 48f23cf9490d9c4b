"""`formats.jsonl.plainfinals`: the XGID and board text read straight from the plain walk's finals
equal those of the positions the plays make (and so the old point-by-point text), and the
fast path steps aside wherever it cannot be sure of that."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import fast_plays  # the plain walk's plays, in either run (TAVLA_DOCS_PURE)
from tavla_docs.formats.jsonl import plainfinals, playtext
from tavla_docs.formats.jsonl.playtext import FIELDS, play_texts, plays_json
from tavla_docs.formats.xgid import xgid_board
from tavla_docs.variants import BACKGAMMON, TAVLA

from ..engine.strategies import positions, rolls, sides
from .old_output import old_to_json, old_xgid
from .test_play_text import ORDERS, _old, _tail

pytestmark = pytest.mark.usefixtures("text_path")  # the compiled and the pure-Python path (conftest.py)


@settings(max_examples=300, deadline=None)
@given(positions(), sides(), rolls(), st.sampled_from([TAVLA, BACKGAMMON]))
def test_the_fields_of_a_final_are_those_of_its_position(pos, side, roll, rules):
    plays = [p for p in fast_plays(pos, side, roll, rules) if p.moves]
    found = plainfinals.plain_finals(plays)
    if not plays:
        assert found is None
        return
    assert found is not None  # the plain walk's plays, none of them read yet
    finals, ctx = found
    xgids, boards = ctx.xgids(finals), ctx.boards(finals)
    made = [p.position for p in plays]  # now the positions (and the finals are gone)
    assert xgids == [xgid_board(q) for q in made]
    assert ["XGID=" + x + _tail(side.opponent) for x in xgids] == [old_xgid(q, side.opponent) for q in made]
    assert boards == [q.to_json_text() for q in made] == [json.dumps(old_to_json(q)) for q in made]
    assert plainfinals.plain_finals(plays) is None  # read: the Position path from here on


@settings(max_examples=100, deadline=None)
@given(positions(), sides(), rolls(), st.sampled_from(ORDERS))
def test_the_position_path_still_gives_the_old_text(pos, side, roll, fields):
    """The same answer with every play's position read first (so without the finals)."""
    plays = [p for p in fast_plays(pos, side, roll, TAVLA) if p.moves]
    fast = play_texts(plays, fields, _tail(side.opponent))
    for p in plays:
        p.position  # noqa: B018 - made on first read
    assert play_texts(plays, fields, _tail(side.opponent)) == fast == [_old(p, fields, side.opponent) for p in plays]


def test_plays_of_two_recipes_or_made_by_hand_take_the_position_path():
    start = TAVLA.starting_position()
    a = [p for p in fast_plays(start, Side.WHITE, Roll(6, 5), TAVLA) if p.moves]
    b = [p for p in fast_plays(start, Side.BLACK, Roll(3, 1), TAVLA) if p.moves]
    assert plainfinals.plain_finals(a) is not None and plainfinals.plain_finals(b) is not None
    assert plainfinals.plain_finals(a + b) is None  # two positions' plays in one list
    assert plainfinals.plain_finals(a[:1] + b) is None
    by_hand = [type(a[0])(Side.WHITE, a[0].moves, a[0].position, 2)]
    assert plainfinals.plain_finals(by_hand) is None
    assert plainfinals.plain_finals([]) is None
    assert play_texts(a + b, FIELDS, _tail(Side.BLACK)) == [_old(p, FIELDS, Side.BLACK) for p in a + b]


def test_hits_bar_and_bear_offs_of_both_movers():
    """Hit blots (the opponent's side changes), entering, bearing off, in every field order."""
    contact = Position.from_board({24: 1, 13: 4, 8: 3, 6: 5, 3: 1, 2: 1}, {1: 1, 4: 1, 12: 5, 17: 3, 19: 4, 22: 1},
                                  white_bar=0, black_bar=0, checkers=15)
    home = Position.from_board({6: 3, 5: 2, 2: 1, 1: 1}, {19: 1, 20: 2, 24: 1}, white_bar=1, black_bar=1, checkers=15)
    seen_hits = 0
    for pos in (contact, home):
        for side in Side:
            for roll in (Roll(6, 5), Roll(3, 1), Roll(2, 2), Roll(6, 6), Roll(4, 3)):
                plays = [p for p in fast_plays(pos, side, roll, TAVLA) if p.moves]
                seen_hits += sum(p.hits for p in plays)
                for fields in ORDERS:
                    fresh = [p for p in fast_plays(pos, side, roll, TAVLA) if p.moves]
                    assert play_texts(fresh, fields, _tail(side.opponent)) == [_old(p, fields, side.opponent) for p in fresh]
    assert seen_hits


def test_the_pair_memos_stay_bounded_and_right(monkeypatch):
    monkeypatch.setattr(plainfinals, "MEMO_MAX", 4)
    start = TAVLA.starting_position()
    for roll in (Roll(6, 5), Roll(4, 2), Roll(3, 3), Roll(6, 1)):
        for side in Side:
            for fields in (("board", "xgid"), FIELDS):  # the pair memos fill (and are trimmed) in `Context.boards`
                plays = [p for p in fast_plays(start, side, roll, TAVLA) if p.moves]
                assert play_texts(plays, fields, _tail(side.opponent)) == [_old(p, fields, side.opponent) for p in plays]
                # emptied before each answer once past the bound: at most the bound plus one answer's groups
                assert all(len(memo) <= 4 + len(plays) for groups in plainfinals._PAIRS.values() for memo in groups)
    assert any(plainfinals._PAIRS[Side.WHITE])  # the memos were used
    assert playtext.FIELDS == FIELDS


@settings(max_examples=100, deadline=None)
@given(positions(), sides(), rolls(), st.sampled_from(ORDERS), st.booleans())
def test_an_answer_s_plays_array_is_the_old_objects_joined(pos, side, roll, fields, read_first):
    """`plays_json` (one join for the notation alone) with and without the finals."""
    plays = [p for p in fast_plays(pos, side, roll, TAVLA) if p.moves]
    if read_first:
        for p in plays:
            p.position  # noqa: B018 - made on first read
    assert plays_json(plays, fields, _tail(side.opponent)) == ", ".join(_old(p, fields, side.opponent) for p in plays)
