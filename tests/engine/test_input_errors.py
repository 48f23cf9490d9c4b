"""Input the engine's readers refuse, with a message that names the problem: XGID fields that
formats.md 2.3 does not allow, more than 15 checkers, a move that goes on after `off`.

Every expected behaviour comes from rules.md / formats.md. (The `plays` command's handling of bad
input is in test_plays_command.py.)
"""
from __future__ import annotations

import pytest

from tavla_docs.engine.board import Position, PositionError
from tavla_docs.engine.notation import NotationError, parse_play
from tavla_docs.formats.errors import FormatError
from tavla_docs.formats.xgid import parse_xgid

BOARD = "-b----E-C---eE---c-e----B-"  # the starting position (formats.md 2.3)


# --- XGID fields that formats.md 2.3 does not allow -------------------------------------------

@pytest.mark.parametrize("fields,why", [
    ("-1:0:1:00:0:0:0:0:10", "cube"),  # log2 of the cube value cannot be negative
    ("99:0:1:00:0:0:0:0:10", "cube"),  # 2**99: no cube (and 2**huge must not eat the memory)
    ("0:2:1:00:0:0:0:0:10", "cube"),  # cubepos is 1, -1 or 0
    ("0:0:5:00:0:0:0:0:10", "turn"),  # turn is 1 or -1
    ("0:0:0:00:0:0:0:0:10", "turn"),
    ("0:0:1:00:-1:0:0:5:10", "score"),
    ("0:0:1:00:0:0:0:-5:10", "length"),
])
def test_xgid_rejects_impossible_fields(fields, why):
    with pytest.raises(FormatError, match=why):
        parse_xgid(f"XGID={BOARD}:{fields}")


def test_xgid_valid_fields_still_read():
    _, m = parse_xgid("XGID=-D-CA------------------a--:1:1:1:00:4:2:0:5:10")  # formats.md example 3
    assert m.cube == 2 and m.length == 5 and (m.score_white, m.score_black) == (4, 2)
    _, m = parse_xgid(f"XGID={BOARD}:0:-1:-1:00:0:0:0:0:10")
    assert m.turn.value == "black" and m.cube_owner.value == "black"


# --- positions: 16 checkers is "too many", not "negative" -----------------------------------

def test_sixteen_checkers_message_says_too_many():
    with pytest.raises(PositionError) as e:
        Position.from_board({6: 16}, {19: 15}, checkers=15)
    assert "at most 15" in str(e.value) and "negative" not in str(e.value)


# --- notation: a move that goes on after `off` -----------------------------------------------

@pytest.mark.parametrize("text", ["6/off/2", "6/off/off"])
def test_notation_says_continues_after_off(text):
    with pytest.raises(NotationError, match="continues after 'off'"):
        parse_play(text)
