"""The fast per-play fields of `plays --jsonl` equal the old point-by-point ones (tests/formats/old_output.py)."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.engine.board import Position, Side, boards_json_text
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.engine.notation import format_moves, spell_all
from tavla_docs.engine.play import Move
from tavla_docs.formats.xgid import format_xgid, parse_xgid, xgid_board, xgid_boards
from tavla_docs.variants import TAPA, TAVLA, ruleset

from ..engine.strategies import positions, rolls, sides
from .old_output import old_format_moves, old_to_json, old_xgid

# A move as the generator makes them: a point 1..25 (25 = bar) down by a die, off below 1.
moves = st.builds(lambda src, die, hit: Move(src, max(src - die, 0), die, hit),
                  st.integers(1, 25), st.integers(1, 6), st.booleans())


@settings(max_examples=400, deadline=None)
@given(st.lists(moves, min_size=0, max_size=6))
def test_notation_equals_the_old_spelling(ms):
    assert spell_all([tuple(ms), tuple(ms)]) == [old_format_moves(ms)] * 2  # spelled, then from the memo
    assert format_moves(tuple(ms)) == old_format_moves(ms)
    assert format_moves(tuple(ms)) == old_format_moves(ms)  # the memoised answer too
    assert format_moves(ms, bar="kırık", off="dışarı") == old_format_moves(ms, bar="kırık", off="dışarı")


@settings(max_examples=150, deadline=None)
@given(positions(), sides(), rolls())
def test_plays_fields_equal_the_old_ones(pos, side, roll):
    plays = legal_plays(pos, side, roll, TAVLA)
    for p in plays:
        assert format_moves(p.moves) == old_format_moves(p.moves)
        assert format_xgid(p.position, side.opponent) == old_xgid(p.position, side.opponent)
    results = [p.position for p in plays]
    assert boards_json_text(results) == [json.dumps(old_to_json(q), ensure_ascii=False) for q in results]
    assert xgid_boards(results) == [xgid_board(q) for q in results]


def test_the_board_text_of_every_variant_and_of_pins():
    pinned = Position.from_board({5: 1, 24: 14}, {5: 2, 1: 13}, pinned=frozenset({(Side.WHITE, 5)}), checkers=15)
    boards = [ruleset(v).starting_position() for v in ("tavla", "backgammon", "tapa", "uzun", "gulbara")] + [pinned]
    plays = legal_plays(pinned, Side.BLACK, __import__("tavla_docs").Roll(4, 1), TAPA)
    boards += [p.position for p in plays]
    assert any(b.pinned for b in boards[6:])
    for b in boards:
        assert b.to_json_text() == json.dumps(old_to_json(b), ensure_ascii=False) == json.dumps(b.to_json())
    assert boards_json_text(boards) == [b.to_json_text() for b in boards]


def test_an_xgid_round_trips_with_its_match_state():
    text = "XGID=-D-CA------------------a--:1:1:1:00:4:2:0:5:10"
    pos, match = parse_xgid(text)
    assert format_xgid(pos, Side.WHITE, match) == text
    assert xgid_board(pos) == "-D-CA------------------a--"


def test_the_notation_memo_forgets_its_older_half_and_stays_right(monkeypatch):
    import tavla_docs.engine.notation as notation
    monkeypatch.setattr(notation, "_SPELLED", {})
    monkeypatch.setattr(notation, "_SPELLED_MAX", 4)
    plays = [(Move(s, s - 1, 1), Move(s - 1, s - 3, 2, True)) for s in range(24, 4, -1)]
    for _ in range(2):
        assert [format_moves(p) for p in plays] == [old_format_moves(p) for p in plays]
        assert 2 <= len(notation._SPELLED) <= 4
    assert list(notation._SPELLED.values())[-1] == (plays[-1], old_format_moves(plays[-1]))
