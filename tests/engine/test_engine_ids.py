"""formats.md test vectors and round trips: Position ID, Match ID and XGID."""
from __future__ import annotations

import pytest
from hypothesis import given, settings

from tavla_docs import TAVLA, Position, Side
from tavla_docs.formats.errors import FormatError
from tavla_docs.formats.gnubg import format_match_id, format_position_id, parse_match_id, parse_position_id
from tavla_docs.formats.positions import parse_position_text
from tavla_docs.formats.xgid import format_xgid, parse_xgid

from .strategies import positions, sides

START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
EX2_XGID = "XGID=------E-D-a-eC--Ac-dbB----:0:0:1:00:0:0:0:0:10"
EX3_XGID = "XGID=-D-CA------------------a--:1:1:1:00:4:2:0:5:10"


def own(points: dict[int, int]) -> tuple[int, ...]:
    arr = [0] * 26
    for p, n in points.items():
        arr[p] = n
    arr[0] = 15 - sum(arr)
    return tuple(arr)


# formats.md table, in each side's own numbering; X (on roll) is White.
EX2 = Position(own({6: 5, 8: 4, 13: 3, 16: 1, 21: 2}), own({5: 2, 6: 4, 8: 3, 13: 5, 15: 1}))
EX3 = Position(own({1: 4, 3: 3, 4: 1}), own({2: 1}))


def test_start_position_id_and_xgid():
    start = TAVLA.starting_position()
    assert parse_position_id("4HPwATDgc/ABMA") == start
    assert format_position_id(start, Side.WHITE) == "4HPwATDgc/ABMA"
    assert format_xgid(start, Side.WHITE) == START_XGID
    assert parse_xgid(START_XGID)[0] == start


def test_example_2_not_on_roll_side_first():
    assert EX2.pips(Side.WHITE) == 159 and EX2.pips(Side.BLACK) == 138
    assert parse_position_id("sOfgEwDg8+AIBg", Side.WHITE) == EX2
    assert format_position_id(EX2, Side.WHITE) == "sOfgEwDg8+AIBg"
    assert format_position_id(EX2, Side.BLACK) != "sOfgEwDg8+AIBg"
    assert parse_xgid(EX2_XGID)[0] == EX2
    assert format_xgid(EX2, Side.WHITE) == EX2_XGID


def test_example_3_with_match_id():
    pos, side, match = parse_position_text("AgAAPBcAAAAAAA:USGgACAAIAAE")
    assert pos == EX3 and side is Side.WHITE
    assert (match.length, match.score_white, match.score_black) == (5, 4, 2)
    assert (match.cube, match.cube_owner) == (2, Side.WHITE)
    xpos, xmatch = parse_xgid(EX3_XGID)
    assert xpos == EX3
    assert (xmatch.cube, xmatch.cube_owner, xmatch.length, xmatch.score_white, xmatch.score_black) == (2, Side.WHITE, 5, 4, 2)
    assert format_xgid(EX3, Side.WHITE, xmatch) == EX3_XGID
    assert format_position_id(EX3, Side.WHITE) == "AgAAPBcAAAAAAA"


def test_manual_match_id_decoded_by_hand():
    # Key 41 89 2A 01 20 00 20 00 00, bits LSB first: cube log 1; owner 0 (Black); dice owner and
    # turn 1 (White); state 1; dice 5 and 2; length 9; score player 0 = 2, player 1 = 4.
    m = parse_match_id("QYkqASAAIAAA")
    assert (m.cube, m.cube_owner, m.turn, m.dice, m.length) == (2, Side.BLACK, Side.WHITE, (5, 2), 9)
    assert (m.score_black, m.score_white, m.crawford) == (2, 4, False)


@pytest.mark.parametrize("mid", ["QYkqASAAIAAA", "USGgACAAIAAE", "cAkAAAAAAAAA"])
def test_match_id_round_trip(mid):
    assert format_match_id(parse_match_id(mid)) == mid


def test_money_start_match_id():
    # c A k A -> 0x70 0x09: cube 1 centred, player 1 (White) rolls, playing, money game.
    m = parse_match_id("cAkAAAAAAAAA")
    assert (m.cube, m.cube_owner, m.turn, m.length, m.dice) == (1, None, Side.WHITE, 0, None)
    pos, side, _ = parse_position_text("4HPwATDgc/ABMA:cAkAAAAAAAAA")
    assert pos == TAVLA.starting_position() and side is Side.WHITE


@settings(max_examples=150, deadline=None)
@given(positions(), sides())
def test_random_round_trips(pos: Position, side: Side):
    pid = format_position_id(pos, side)
    assert parse_position_id(pid, side) == pos
    x = format_xgid(pos, side)
    back, match = parse_xgid(x)
    assert back == pos and match.turn is side
    assert format_position_id(back, side) == pid  # Position ID -> Position -> XGID -> Position -> same ID


@pytest.mark.parametrize("bad", [
    "4HPwATDgc/ABM",  # 13 characters
    "4HPwATDgc/ABMAA",  # 15
    "4HPwATDgc/AB!A",  # a character outside base64
    "//////////////",  # all ones: more than 15 checkers
])
def test_position_id_rejects(bad):
    with pytest.raises(FormatError):
        parse_position_id(bad)


def test_position_id_with_16_checkers_rejected():
    # 16 ones (sixteen checkers on the first side's ace point), a zero, then the rest zeros.
    bits = [1] * 16 + [0] * 64
    data = bytes(sum(bits[8 * i + j] << j for j in range(8)) for i in range(10))
    import base64
    with pytest.raises(FormatError, match="15"):
        parse_position_id(base64.b64encode(data).decode().rstrip("="))


@pytest.mark.parametrize("bad", ["cIkXAAAAAAAE",  # formats.md: decodes to a die of 7
                                 "cAkAAAAAAAA", "cAkAAAAAAA!A"])
def test_match_id_rejects(bad):
    with pytest.raises(FormatError):
        parse_match_id(bad)


@pytest.mark.parametrize("bad", [
    "XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10",  # 25 board characters
    "XGID=-b----E-C---eE---c-e----B-:0:0",  # too few fields
    "XGID=-b----E-C---eE---c-e---?B-:0:0:1:00:0:0:0:0:10",  # bad character
    "XGID=-b----P-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",  # P = 16 checkers on a point
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:0:0:10",  # a die of 7
])
def test_xgid_rejects(bad):
    with pytest.raises(FormatError):
        parse_xgid(bad)
