"""`formats.jsonl.playtext`: each play's JSON object equals the old point-by-point one
(tests/formats/old_output.py), for every field order, geometry, pins, and with the memos
emptied or full."""
from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.engine.board import Geometry, Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import fast_plays  # the plain walk's plays, in either run (TAVLA_DOCS_PURE)
from tavla_docs.formats.jsonl import playtext
from tavla_docs.formats.jsonl.playtext import FIELDS, play_texts
from tavla_docs.variants import TAPA, TAVLA, ruleset

from ..engine.strategies import positions, rolls, sides
from .old_output import old_format_moves, old_to_json, old_xgid

pytestmark = pytest.mark.usefixtures("text_path")  # the compiled and the pure-Python path (conftest.py)

ORDERS = [o for n in range(1, 4) for o in itertools.permutations(FIELDS, n)]
MONEY = ":0:0:{turn}:00:0:0:0:0:10"


def _old(play, fields: tuple[str, ...], turn: Side) -> str:
    value = {"notation": old_format_moves(play.moves), "xgid": old_xgid(play.position, turn),
             "board": old_to_json(play.position)}
    return json.dumps({f: value[f] for f in fields}, ensure_ascii=False)


def _tail(turn: Side) -> str:
    return MONEY.format(turn=1 if turn is Side.WHITE else -1)


@settings(max_examples=150, deadline=None)
@given(positions(), sides(), rolls(), st.sampled_from(ORDERS))
def test_every_field_order_equals_the_old_text(pos, side, roll, fields):
    plays = [p for p in fast_plays(pos, side, roll, TAVLA) if p.moves]
    got = play_texts(plays, fields, _tail(side.opponent))
    assert got == [_old(p, fields, side.opponent) for p in plays]
    assert play_texts(plays, fields, _tail(side.opponent)) == got  # memoised sides give the same text


@pytest.mark.parametrize("variant", ["uzun", "gulbara", "backgammon"])
@pytest.mark.parametrize("fields", [FIELDS, ("board", "xgid")])
def test_the_other_variants_boards_and_their_null_xgids(variant, fields):
    rules = ruleset(variant)
    start = rules.starting_position()
    for roll in (Roll(6, 5), Roll(3, 1), Roll(4, 4)):
        plays = [p for p in fast_plays(start, Side.BLACK, roll, rules) if p.moves]
        assert plays
        got = play_texts(plays, fields, _tail(Side.WHITE))
        assert got == [_old(p, fields, Side.WHITE) for p in plays]
        assert ("\"xgid\": null" in got[0]) == ("xgid" in fields and start.geometry is not Geometry.OPPOSITE)


def test_pinned_boards_take_the_position_text_and_no_xgid():
    pinned = Position.from_board({5: 1, 24: 14}, {5: 2, 1: 13}, pinned=frozenset({(Side.WHITE, 5)}), checkers=15)
    plays = [p for p in fast_plays(pinned, Side.BLACK, Roll(4, 1), TAPA) if p.moves]
    assert any(p.position.pinned for p in plays)
    for fields in (FIELDS, ("xgid",), ("board", "notation")):
        assert play_texts(plays, fields, _tail(Side.WHITE)) == [_old(p, fields, Side.WHITE) for p in plays]


def test_the_memos_stay_bounded_and_right(monkeypatch):
    monkeypatch.setattr(playtext, "MEMO_MAX", 8)
    parts = playtext._PARTS[Geometry.OPPOSITE]
    white, black = playtext._MEMOS[Geometry.OPPOSITE]
    for part in parts:
        part.clear()
    start = TAVLA.starting_position()
    for roll in (Roll(6, 5), Roll(4, 2), Roll(3, 3), Roll(6, 1)):
        for side in (Side.WHITE, Side.BLACK):
            plays = [p for p in fast_plays(start, side, roll, TAVLA) if p.moves]
            for p in plays:  # the positions made: the Position path (the finals' memos: test_plain_finals.py)
                p.position  # noqa: B018
            assert play_texts(plays, FIELDS, _tail(side.opponent)) == [_old(p, FIELDS, side.opponent) for p in plays]
            # emptied before each answer once past the bound: at most the bound plus one answer's sides
            assert all(len(part) <= 8 + len(plays) for part in parts)
    # a side is kept only as the opponent (here always the start's, unhit); the mover's are
    # made afresh, from the memoised quarters
    assert (len(white), len(black)) == (1, 1)
    assert all(white.quarters) and all(black.quarters)


def test_no_plays_no_text_and_an_unknown_field_is_a_bug():
    assert play_texts([], FIELDS, _tail(Side.WHITE)) == []
    plays = fast_plays(TAVLA.starting_position(), Side.WHITE, Roll(2, 1), TAVLA)
    with pytest.raises(ValueError, match="unknown field 'colour'"):
        play_texts(plays, ("notation", "colour"), _tail(Side.BLACK))
