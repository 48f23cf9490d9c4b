"""Hypothesis strategies for random valid Tavla/Backgammon positions (shared by the engine tests).

The generator draws a *kind* first so that the rare, rule-heavy shapes (checkers on the
bar, closed boards, bear-offs, contact in the home board) are common, then scatters
the rest of each side's checkers on points the opponent does not hold.
"""
from __future__ import annotations

from hypothesis import strategies as st

from tavla_docs.engine.board import Position, Side

KINDS = ("contact", "bar", "closed", "bearoff", "bearoff_contact", "race")


@st.composite
def positions(draw, kinds=KINDS, checkers: int = 15) -> Position:
    """A position of a game of `checkers` a side (a closed board needs 12 or more)."""
    kind = draw(st.sampled_from([k for k in kinds if k != "closed" or checkers >= 12]))
    white: dict[int, int] = {}
    black: dict[int, int] = {}  # both in the shared numbering (White's)
    white_bar = black_bar = 0
    w_total = draw(st.integers(1, checkers))
    b_total = draw(st.integers(1, checkers))
    if kind == "closed":
        closed = draw(st.integers(4, 6))  # Black points in White's entry zone B19–B24
        for b in range(24, 24 - closed, -1):
            black[b] = 2
        b_total = max(b_total, 2 * closed)
        white_bar = draw(st.integers(1, min(3, w_total)))
    if kind == "bar":
        white_bar = draw(st.integers(1, min(3, w_total)))
        black_bar = draw(st.integers(0, min(2, b_total)))
    if kind == "bearoff":
        w_points, b_points = list(range(1, 7)), list(range(19, 25))
    elif kind == "bearoff_contact":
        w_points, b_points = list(range(1, 7)), list(range(1, 7)) + list(range(19, 25))
    elif kind == "race":
        w_points, b_points = list(range(1, 13)), list(range(13, 25))
    else:
        w_points, b_points = list(range(1, 25)), list(range(1, 25))
    for _ in range(b_total - sum(black.values()) - black_bar):
        b = draw(st.sampled_from(b_points))
        black[b] = black.get(b, 0) + 1
    # White may not stand where Black holds checkers.
    w_free = [b for b in w_points if b not in black] or [b for b in range(1, 25) if b not in black]
    for _ in range(w_total - white_bar):
        b = draw(st.sampled_from(w_free))
        white[b] = white.get(b, 0) + 1
    pos = Position.from_board(white, black, white_bar=white_bar, black_bar=black_bar, checkers=checkers)
    return pos.mirrored() if draw(st.booleans()) and kind not in ("closed", "bar") else pos


def sides():
    return st.sampled_from([Side.WHITE, Side.BLACK])


def rolls():
    from tavla_docs.engine.dice import ALL_ROLLS
    return st.sampled_from(ALL_ROLLS)
