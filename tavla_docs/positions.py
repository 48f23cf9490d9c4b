"""Reading a position from what authors write: a mapping, an XGID or a Position ID.

>>> pos = position_from_mapping({"white": {9: 1, 6: 4, "bar": 0}, "black": {19: 5}})
>>> pos.white_board(), pos.off(Side.WHITE), pos.off(Side.BLACK)
({6: 4, 9: 1}, 10, 10)
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .board import Geometry, Position, PositionError, Side
from .ids import MatchState, parse_position_text

SIDE_KEYS = ("white", "black")
SPECIAL = ("bar", "off")


def side_counts(side: str, data: Any) -> tuple[dict[int, int], int, int | None]:
    """Split one side's mapping into point counts, bar and off (None = the rest)."""
    if data is None:
        return {}, 0, None
    if not isinstance(data, Mapping):
        raise PositionError(f"{side}: expected a mapping of point: count, like {{6: 5, 8: 3}}")
    points: dict[int, int] = {}
    bar, off = 0, None
    for k, v in data.items():
        if k == "bar":
            bar = v
        elif k == "off":
            off = v
        elif isinstance(k, str) and k.strip().isdigit():
            points[int(k)] = v
        else:
            points[k] = v
        if k in SPECIAL and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
            raise PositionError(f"{side}: the {k} count must be a non-negative whole number, not {v!r}")
    return points, bar, off


def position_from_mapping(data: Mapping[str, Any], geometry: Geometry = Geometry.OPPOSITE,
                          pinned: frozenset[tuple[Side, int]] = frozenset()) -> Position:
    """`{white: {point: n, bar: n, off: n}, black: {...}}` in White's (shared) numbering."""
    for k in data:
        if k not in SIDE_KEYS:
            raise PositionError(f"unknown key {k!r} in a position; use 'white' and 'black'")
    wp, wbar, woff = side_counts("white", data.get("white"))
    bp, bbar, boff = side_counts("black", data.get("black"))
    return Position.from_board(wp, bp, white_bar=wbar, black_bar=bbar, white_off=woff, black_off=boff,
                               geometry=geometry, pinned=pinned)


def read_position(text_or_mapping: Any, *, turn: Side | None = None,
                  geometry: Geometry = Geometry.OPPOSITE) -> tuple[Position, Side | None, MatchState | None]:
    """A position from a mapping or from XGID / Position ID text."""
    if isinstance(text_or_mapping, Mapping):
        return position_from_mapping(text_or_mapping, geometry), turn, None
    if isinstance(text_or_mapping, str):
        pos, side, match = parse_position_text(text_or_mapping, turn)
        return pos, side, match
    raise PositionError("a position is a mapping {white: …, black: …}, an XGID or a GNU Backgammon Position ID")
