"""Reference: `walk.depth_first_plays`: the same plays, spelling and order
Contract: tests/engine/test_plain_walk.py
Gain: 10× with plainwalk and plaindoubles (`engine`: 31,736 cases/s listed, the depth-first walk 3,159; benchmarks.md)

The plain walk's integer board: one position of the mover as one integer.

The mover's board is 4 bits a slot (slot 0 = off, 25 = bar), the opponent's blots the
turn has hit are bits above it (`HIT_SHIFT` + the mover's point). A move is one
addition (`ONE[dst] - ONE[src]`, plus the hit bit), and a final is its own
de-duplication key. The plain walk (`plainwalk`, `plaindoubles`) steps on it; a format
that prints plays from their finals reads it (formats/jsonl/plainfinals.py).

>>> board = (0, 3, 5) + (0,) * 22 + (7,)
>>> decode(encode(board)) == board
True
>>> decode(encode(board) + ONE[1] - ONE[2]) == (0, 4, 4) + (0,) * 22 + (7,)
True
"""
from __future__ import annotations

from ..board import BAR, OFF
from ..play import Move

_BITS = 4
MOST = (1 << _BITS) - 1  # the most checkers a slot holds: the plain walk serves games of at most 15 a side
HIT_SHIFT = 26 * _BITS  # hit marks: bit HIT_SHIFT + p for the mover's point p
BOARD = (1 << HIT_SHIFT) - 1  # the board's bits, without the hit marks
# slot p's lowest bit: two slots a byte, the even slot in the high half, so that the board's
# 13 little-endian bytes in hexadecimal read slot 0, 1, 2, … (`decode`)
ONE = [1 << (8 * (p >> 1) + (0 if p & 1 else _BITS)) for p in range(26)]
POINTS = range(24, 0, -1)  # the points, from the mover's farthest
# CODE[die][src]: a move's place in the engine's order of plays, (25 - src) * 26 + dst
CODE = [[(25 - s) * 26 + max(s - d, OFF) for s in range(26)] for d in range(7)]
HEX = bytes.maketrans(b"0123456789abcdef", bytes(range(16)))  # hexadecimal digits to their values

Finals = dict[int, tuple[Move, ...]]  # final board (+ hit marks) -> the moves of its first spelling
Step = tuple[int, int, int, int, Move, Move, bool]  # src, dst, addition, hit bit, move, hitting move, inward
Moves = tuple[tuple[int, int, int, int, int, Move, Move], ...]  # one die: src, dst, addition, hit, code, moves


def encode(board: tuple[int, ...]) -> int:
    """The integer of a board (26 counts, slot 0 = off, 25 = bar)."""
    return sum(n * ONE[p] for p, n in enumerate(board))


def decode(x: int) -> tuple[int, ...]:
    """The board of an integer: its bytes' 26 hexadecimal digits, one a slot (see `ONE`)."""
    return tuple(x.to_bytes(13, "little").hex().encode().translate(HEX))


def hit_blots(theirs: tuple[int, ...], marks: int) -> tuple[int, ...]:
    """The opponent's board after the marked blots (bits of the mover's points) went to the bar.

    >>> hit_blots((0,) * 19 + (1,) + (0,) * 6, 1 << 6)[BAR]
    1
    """
    t = list(theirs)
    while marks:
        low = marks & -marks
        p = low.bit_length() - 1
        t[25 - p] -= 1
        t[BAR] += 1
        marks ^= low
    return tuple(t)
