"""The error both ID formats raise, and the checks on a position they share.

XGID and GNU Backgammon IDs describe the same boards (opposite directions, no pins, 15
checkers a side: neither writes the borne-off checkers, a reader counts them as what is
missing from 15) and reject the same impossible position (gnubg's `CheckPosition()`), so
both formats call these rather than each keeping a copy.
"""
from __future__ import annotations

from ..engine.board import BAR, Geometry, Position
from ..errors import TavlaError

# The checkers a side has in every position an ID describes: the formats' own assumption
# (they leave the borne-off checkers out), not a rule; a game's count is `Ruleset.checkers`.
ID_COUNT = 15


class FormatError(TavlaError):
    """A Position ID, Match ID or XGID that does not decode to a real position."""


def require_encodable(position: Position) -> None:
    """XGID and Position IDs describe opposite-direction boards without pins, 15 checkers a
    side (Tavla, Backgammon, Nackgammon).

    Uzun tavla / Gülbara boards (same direction), Tapa pins and Hypergammon's 3 checkers
    have no ID; say so plainly.
    """
    if position.geometry is not Geometry.OPPOSITE:
        raise FormatError("XGID and GNU Backgammon IDs only describe opposite-direction boards; "
                          "a same-direction (Uzun tavla, Gülbara) position has no ID: write it as YAML")
    if position.pinned:
        raise FormatError("XGID and GNU Backgammon IDs cannot show pinned checkers (Tapa); write the position "
                          "as YAML with pinned: {white: [...], black: [...]}")
    if position.checkers != ID_COUNT:
        raise FormatError(f"XGID and GNU Backgammon IDs assume {ID_COUNT} checkers a side; a position with "
                          f"{position.checkers} each (Hypergammon has 3) has no ID: write it as YAML")


def reject_deadlock(position: Position, what: str) -> None:
    """gnubg's CheckPosition(): both sides on the bar against both boards closed can never
    happen (the second hit needs a free point to hit from)."""
    w, b = position.white, position.black
    if w[BAR] and b[BAR] and all(w[p] >= 2 for p in range(1, 7)) and all(b[p] >= 2 for p in range(1, 7)):
        raise FormatError(f"{what} gives both sides checkers on the bar against closed home boards; "
                          "no game reaches that position")
