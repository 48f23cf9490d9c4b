"""gnubg's own validity checks on decode (formats.md §2.1 CheckPosition, §2.2 MatchFromKey)."""
from __future__ import annotations

import base64

import pytest

from tavla_docs.engine.board import Position, Side
from tavla_docs.formats.errors import FormatError
from tavla_docs.formats.gnubg import format_match_id, format_position_id, parse_match_id, parse_position_id
from tavla_docs.formats.match import MatchState
from tavla_docs.formats.xgid import format_xgid, parse_xgid


def deadlock() -> Position:
    # Both sides: one checker on the bar, two on each of their own points 1-6 (closed board).
    home = {p: 2 for p in range(1, 7)}
    return Position.from_board(home, {25 - p: 2 for p in range(1, 7)}, white_bar=1, black_bar=1, checkers=15)


def test_position_id_rejects_both_on_the_bar_against_closed_boards() -> None:
    pid = format_position_id(deadlock(), Side.WHITE)
    with pytest.raises(FormatError, match="both sides checkers on the bar against closed home boards"):
        parse_position_id(pid)


def test_xgid_rejects_both_on_the_bar_against_closed_boards() -> None:
    with pytest.raises(FormatError, match="XGID gives both sides"):
        parse_xgid(format_xgid(deadlock(), Side.WHITE))


def test_one_side_on_the_bar_against_a_closed_board_is_fine() -> None:
    home = {p: 2 for p in range(1, 7)}
    pos = Position.from_board(home, {25 - p: 2 for p in range(1, 7)}, white_bar=1, checkers=15)
    assert parse_position_id(format_position_id(pos, Side.WHITE)) == pos


def test_match_id_rejects_game_states_beyond_4() -> None:
    key = bytearray(base64.b64decode(format_match_id(MatchState())))
    key[1] = (key[1] & ~0x07) | 0x07  # bits 8-10: game state 7
    with pytest.raises(FormatError, match="game state 7 does not exist"):
        parse_match_id(base64.b64encode(bytes(key)).decode())
