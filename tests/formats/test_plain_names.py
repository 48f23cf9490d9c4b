"""`formats.jsonl.plainnames`: the plain walk's plays spelled by their moves' table codes, as the
old spelling (tests/formats/old_output.py) for the walk's plays, any table moves in any order
(mixed dice, sources rising, more than four), other moves (the memo by ids), and with the memo
bounded."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.engine.board import Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.fast.kernels import STEP_MOVES
from tavla_docs.engine.movegen import fast_plays  # the plain walk's plays, in either run (TAVLA_DOCS_PURE)
from tavla_docs.engine.play import Move
from tavla_docs.formats.jsonl import plainnames
from tavla_docs.variants import TAVLA

from ..engine.strategies import positions, rolls, sides
from .old_output import old_format_moves

# a table move: a point 1..25 (25 = bar) down by a die, with or without a hit
table_moves = st.builds(lambda die, src, hit: STEP_MOVES[die][src][hit],
                        st.integers(1, 6), st.integers(1, 25), st.integers(0, 1))


@settings(max_examples=200, deadline=None)
@given(positions(), sides(), rolls(), st.booleans())
def test_the_walk_s_plays_are_spelled_as_before(pos, side, roll, cold):
    if cold:
        plainnames._BY_CODE.clear()
        plainnames._PATHS.clear()
    moves = [p.moves for p in fast_plays(pos, side, roll, TAVLA)]
    old = [old_format_moves(m) for m in moves]
    assert plainnames.spell_plays(moves) == old
    assert plainnames.spell_plays(moves) == old  # from the memo
    assert plainnames.spell_plays(moves[::-1]) == old[::-1]  # other neighbours: the shared prefix is re-keyed


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(table_moves, min_size=0, max_size=5), min_size=1, max_size=6))
def test_any_table_moves_in_any_order(plays):
    """Mixed dice, sources rising, repeats, more than four moves: each as the old spelling."""
    moves = [tuple(ms) for ms in plays]
    assert plainnames.spell_plays(moves) == [old_format_moves(m) for m in moves]


def test_moves_not_from_the_table_take_the_memo_by_ids():
    foreign = (Move(13, 7, 6, True), Move(7, 5, 2))
    table = (STEP_MOVES[6][13][1], STEP_MOVES[2][7][0])
    assert plainnames.spell_plays([foreign]) == ["13/7*/5"]
    assert plainnames.spell_plays([table, foreign, table]) == ["13/7*/5"] * 3  # one foreign play: all by ids
    assert plainnames.spell_plays([table]) == ["13/7*/5"]


def test_the_code_memo_stays_bounded_and_right(monkeypatch):
    monkeypatch.setattr(plainnames, "_BY_CODE", {})
    monkeypatch.setattr(plainnames, "_PATHS", {})
    monkeypatch.setattr(plainnames, "_BY_CODE_MAX", 4)
    start = TAVLA.starting_position()
    for roll in (Roll(6, 5), Roll(3, 3), Roll(4, 2), Roll(1, 1)):
        moves = [p.moves for p in fast_plays(start, Side.WHITE, roll, TAVLA)]
        assert plainnames.spell_plays(moves) == [old_format_moves(m) for m in moves]
        assert len(plainnames._BY_CODE) <= 4 + len(moves)  # emptied before an answer once at the bound
