"""Move notation: parse/format round trips and errors with columns."""
import pytest

from tavla_docs.engine.notation import NotationError, format_moves, parse_play
from tavla_docs.engine.play import Move

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
    ("8/5 6/2(0)", 4),  # a move repeats at least once (more than the game's checkers: an illegal play)
    ("8/5 26/20", 4),  # no such point
    ("8/5 6/25", 4),
])
def test_errors_with_columns(text, column):
    with pytest.raises(NotationError) as e:
        parse_play(text)
    assert e.value.column == column
