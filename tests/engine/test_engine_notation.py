"""Move notation: parse/format round trips and errors with columns."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.engine import notation
from tavla_docs.engine.board import Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.kernels import STEP_MOVES
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.engine.notation import NotationError, format_moves, parse_play
from tavla_docs.engine.play import Move
from tavla_docs.variants import TAVLA

from ..formats.old_output import old_format_moves
from .strategies import positions, rolls, sides

ROUND_TRIPS = {
    "24/18": (Move(24, 18, 6),),
    "13/10*": (Move(13, 10, 3, True),),
    "bar/22": (Move(25, 22, 3),),
    "6/off": (Move(6, 0, 6),),
    "6/2(2)": (Move(6, 4, 2), Move(6, 4, 2), Move(4, 2, 2), Move(4, 2, 2)),
    "13/7*/5": (Move(13, 7, 6, True), Move(7, 5, 2)),
    "8/5(2) 6/5(2)": (Move(8, 5, 3), Move(8, 5, 3), Move(6, 5, 1), Move(6, 5, 1)),
}


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_parse_then_print(text):
    assert " ".join(str(s) for s in parse_play(text)) == text


@pytest.mark.parametrize("text,moves", ROUND_TRIPS.items())
def test_format_canonical(text, moves):
    assert format_moves(moves) == text
    assert format_moves(tuple(reversed(moves))) == text  # order of play does not change the spelling


def test_segments():
    (seg,) = parse_play("13/7*/5")
    assert (seg.src, seg.stops, seg.count) == (13, ((7, True), (5, False)), 1)
    (seg,) = parse_play("bar/22")
    assert seg.src == 25 and seg.dst == 22
    (seg,) = parse_play("6/off")
    assert seg.dst == 0
    assert parse_play("") == () and parse_play("(no move)") == ()
    assert format_moves(()) == "(no move)"


def test_intermediate_point_dropped_unless_hit():
    assert format_moves((Move(13, 7, 6), Move(7, 5, 2))) == "13/5"


@pytest.mark.parametrize("text,column", [
    ("24/18 13/x", 6),
    ("18/24", 0),  # backwards
    ("24/18 6/off/2", 6),  # continues after off
    ("8/5 6/2(16)", 4),  # repeat count beyond 15 checkers (a Gülbara progression prints up to (15))
    ("8/5 26/20", 4),  # no such point
    ("8/5 6/25", 4),
])
def test_errors_with_columns(text, column):
    with pytest.raises(NotationError) as e:
        parse_play(text)
    assert e.value.column == column


# ---- spell_all: the plain walk's plays by their moves' table codes ---------------------------

# a table move: a point 1..25 (25 = bar) down by a die, with or without a hit
table_moves = st.builds(lambda die, src, hit: STEP_MOVES[die][src][hit],
                        st.integers(1, 6), st.integers(1, 25), st.integers(0, 1))


@settings(max_examples=200, deadline=None)
@given(positions(), sides(), rolls(), st.booleans())
def test_spell_all_of_the_walk_s_plays_equals_the_old_spelling(pos, side, roll, cold):
    if cold:
        notation._BY_CODE.clear()
        notation._PATHS.clear()
    moves = [p.moves for p in legal_plays(pos, side, roll, TAVLA)]
    old = [old_format_moves(m) for m in moves]
    assert notation.spell_all(moves) == old
    assert notation.spell_all(moves) == old  # from the memo
    assert notation.spell_all(moves[::-1]) == old[::-1]  # other neighbours: the shared prefix is re-keyed


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(table_moves, min_size=0, max_size=5), min_size=1, max_size=6))
def test_spell_all_of_any_table_moves_in_any_order(plays):
    """Mixed dice, sources rising, repeats, more than four moves: each as the old spelling."""
    moves = [tuple(ms) for ms in plays]
    assert notation.spell_all(moves) == [old_format_moves(m) for m in moves]


def test_moves_not_from_the_table_take_the_memo_by_ids():
    foreign = (Move(13, 7, 6, True), Move(7, 5, 2))
    table = (STEP_MOVES[6][13][1], STEP_MOVES[2][7][0])
    assert notation.spell_all([foreign]) == ["13/7*/5"]
    assert notation.spell_all([table, foreign, table]) == ["13/7*/5"] * 3  # one foreign play: all by ids
    assert notation.spell_all([table]) == ["13/7*/5"]


def test_the_code_memo_stays_bounded_and_right(monkeypatch):
    monkeypatch.setattr(notation, "_BY_CODE", {})
    monkeypatch.setattr(notation, "_PATHS", {})
    monkeypatch.setattr(notation, "_BY_CODE_MAX", 4)
    start = TAVLA.starting_position()
    for roll in (Roll(6, 5), Roll(3, 3), Roll(4, 2), Roll(1, 1)):
        moves = [p.moves for p in legal_plays(start, Side.WHITE, roll, TAVLA)]
        assert notation.spell_all(moves) == [old_format_moves(m) for m in moves]
        assert len(notation._BY_CODE) <= 4 + len(moves)  # emptied before an answer once at the bound
