"""The error both ID formats raise, and the checks on a position they share.

XGID and GNU Backgammon IDs describe the same boards (opposite directions, no pins) and
reject the same impossible position (gnubg's `CheckPosition()`), so both formats call
these rather than each keeping a copy.
"""
from __future__ import annotations

from ..engine.board import BAR, Geometry, Position
from ..errors import TavlaError


class FormatError(TavlaError):
    """A Position ID, Match ID or XGID that does not decode to a real position."""


def require_encodable(position: Position) -> None:
    """XGID and Position IDs describe opposite-direction boards without pins (Tavla, Backgammon).

    Uzun tavla / Gülbara boards (same direction) and Tapa pins have no ID; say so plainly.
    """
    if position.geometry is not Geometry.OPPOSITE:
        raise FormatError("XGID and GNU Backgammon IDs only describe opposite-direction boards; "
                          "a same-direction (Uzun tavla, Gülbara) position has no ID: write it as YAML")
    if position.pinned:
        raise FormatError("XGID and GNU Backgammon IDs cannot show pinned checkers (Tapa); write the position "
                          "as YAML with pinned: {white: [...], black: [...]}")


def reject_deadlock(position: Position, what: str) -> None:
    """gnubg's CheckPosition(): both sides on the bar against both boards closed can never
    happen (the second hit needs a free point to hit from)."""
    w, b = position.white, position.black
    if w[BAR] and b[BAR] and all(w[p] >= 2 for p in range(1, 7)) and all(b[p] >= 2 for p in range(1, 7)):
        raise FormatError(f"{what} gives both sides checkers on the bar against closed home boards; "
                          "no game reaches that position")
