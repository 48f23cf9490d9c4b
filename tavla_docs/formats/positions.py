"""Reading a position from what authors write: a mapping, an XGID or a Position ID.

>>> pos = position_from_mapping({"white": {9: 1, 6: 4, "bar": 0}, "black": {19: 5}}, checkers=15)
>>> pos.white_board(), pos.off(Side.WHITE), pos.off(Side.BLACK)
({6: 4, 9: 1}, 10, 10)
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ..engine.board import Geometry, Position, PositionError, Side
from .errors import ID_COUNT, FormatError
from .gnubg import parse_match_id, parse_position_id
from .match import MatchState
from .xgid import parse_xgid

SIDE_KEYS = ("white", "black")
POSITION_KEYS = SIDE_KEYS + ("pinned",)
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
            try:
                points[int(k)] = v
            except ValueError as e:  # isdigit() also holds for digits int() cannot read, like '²'
                raise PositionError(str(e)) from None
        else:
            points[k] = v
        if k in SPECIAL and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
            raise PositionError(f"{side}: the {k} count must be a non-negative whole number, not {v!r}")
    return points, bar, off


def position_from_mapping(data: Mapping[str, Any], geometry: Geometry = Geometry.OPPOSITE,
                          pinned: frozenset[tuple[Side, int]] = frozenset(), *, checkers: int | None = None) -> Position:
    """`{white: {point: n, bar: n, off: n}, black: {...}}` in White's (shared) numbering; a
    side's checkers not listed are borne off, out of the game's `checkers` (`Ruleset.checkers`).

    Tapa pins: `pinned: {white: [5], black: [20]}` lists shared-board points where that
    side's lone checker is pinned under the opponent's (who then also counts a checker there).

    >>> pos = position_from_mapping({"white": {5: 1, 24: 14}, "black": {5: 2, 1: 13}, "pinned": {"white": [5]}},
    ...                             checkers=15)
    >>> sorted((s.value, p) for s, p in pos.pinned)
    [('white', 5)]
    """
    for k in data:
        if k not in POSITION_KEYS:
            raise PositionError(f"unknown key {k!r} in a position; use 'white', 'black' and (Tapa) 'pinned'")
    wp, wbar, woff = side_counts("white", data.get("white"))
    bp, bbar, boff = side_counts("black", data.get("black"))
    if data.get("pinned") is not None:
        pinned = pinned | _pins(data["pinned"], wp, bp, geometry)
    return Position.from_board(wp, bp, white_bar=wbar, black_bar=bbar, white_off=woff, black_off=boff,
                               geometry=geometry, pinned=pinned, checkers=checkers)


def _pins(data: Any, wp: Mapping[Any, Any], bp: Mapping[Any, Any],
          geometry: Geometry) -> frozenset[tuple[Side, int]]:
    """`{white: [b, …], black: [b, …]}` (shared numbering) → (side, side's own point) pins."""
    if not isinstance(data, Mapping):
        raise PositionError("pinned: expected a mapping like {white: [5], black: [20]} (shared board points)")
    out: set[tuple[Side, int]] = set()
    counts = {"white": wp, "black": bp}
    for name, points in data.items():
        if name not in SIDE_KEYS:
            raise PositionError(f"pinned: unknown side {name!r}; use 'white' and 'black'")
        if not isinstance(points, (list, tuple)):
            raise PositionError(f"pinned: {name} takes a list of points like [5], not {points!r}")
        other = "black" if name == "white" else "white"
        for b in points:
            if not isinstance(b, int) or isinstance(b, bool) or not 1 <= b <= 24:
                raise PositionError(f"pinned: {name} point {b!r} does not exist; points are 1–24")
            mine = counts[name].get(b, counts[name].get(str(b), 0))
            theirs = counts[other].get(b, counts[other].get(str(b), 0))
            if mine != 1 or not theirs:
                raise PositionError(f"pinned: point {b} must hold exactly one {name} checker under at least one "
                                    f"{other} checker, but it holds {mine} {name} and {theirs} {other}")
            side = Side.parse(name)
            out.add((side, geometry.from_board(side, b)))
    both = {geometry.to_board(s, p) for s, p in out if s is Side.WHITE} & \
        {geometry.to_board(s, p) for s, p in out if s is Side.BLACK}
    if both:
        raise PositionError(f"pinned: point {min(both)} is listed for both sides; only the checker underneath is pinned")
    return frozenset(out)


@lru_cache(maxsize=256)
def parse_position_text(text: str, turn: Side | None = None) -> tuple[Position, Side, MatchState | None]:
    """Read an XGID, a Position ID or `PositionID:MatchID`; returns position, side on roll, match.

    `turn` overrides the side on roll the text gives (a bare Position ID does not say: White).
    Memoised (the values are immutable): a `plays --jsonl` batch asks for each position's
    21 rolls in turn, and reading and validating the ID was a tenth of its time.

    >>> pos, side, match = parse_position_text("4HPwATDgc/ABMA:cAkAAAAAAAAA")   # formats.md §2.2
    >>> side, match.length, match.cube_owner
    (<Side.WHITE: 'white'>, 0, None)
    """
    t = _gnubg_ids(text.strip())
    if t.upper().startswith("XGID=") or t.count(":") >= 4:
        pos, m = parse_xgid(t)
        return pos, turn or m.turn, m
    if ":" in t:
        pid, mid = t.split(":", 1)
        m = parse_match_id(mid)
        side = turn or m.turn
        return parse_position_id(pid, side), side, m._replace(turn=side)
    side = turn or Side.WHITE
    return parse_position_id(t, side), side, None


_LABELLED = re.compile(r"(position|match)\s*id\s*:\s*([A-Za-z0-9+/=]+)", re.IGNORECASE)


def _gnubg_ids(t: str) -> str:
    """GNU Backgammon's IDs as pasted from its window or `show` output (`Position ID: 4HPwATDgc/ABMA`,
    `Match ID: cAkAAAAAAAAA`, on one line or two, in either order), or the two IDs joined by ':' in
    either order (a Position ID has 14 characters, a Match ID 12), as `PositionID:MatchID`.

    >>> _gnubg_ids("Match ID: cAkAAAAAAAAA\\nPosition ID: 4HPwATDgc/ABMA")
    '4HPwATDgc/ABMA:cAkAAAAAAAAA'
    >>> _gnubg_ids("cAkAAAAAAAAA:4HPwATDgc/ABMA"), _gnubg_ids("GNU Backgammon  Position ID: 4HPwATDgc/ABMA")
    ('4HPwATDgc/ABMA:cAkAAAAAAAAA', '4HPwATDgc/ABMA')
    """
    found = {k.lower(): v for k, v in _LABELLED.findall(t)}
    if found:
        pid, mid = found.get("position"), found.get("match")
        if pid is None:
            raise PositionError("a Match ID alone gives no position; paste the Position ID line too")
        return f"{pid}:{mid}" if mid else pid
    parts = t.split(":")
    if len(parts) == 2 and len(parts[0]) == 12 and len(parts[1]) == 14:
        return f"{parts[1]}:{parts[0]}"
    return t


def read_position(text_or_mapping: Any, *, turn: Side | None = None, geometry: Geometry = Geometry.OPPOSITE,
                  checkers: int = ID_COUNT) -> tuple[Position, Side | None, MatchState | None]:
    """A position from a mapping or from XGID / Position ID text (text first: `plays --jsonl`
    reads one a request, and a `Mapping` check is an ABC's, ten times a `str` one), in a game
    of `checkers` a side (`Ruleset.checkers`; the IDs' own count, 15, unless given).

    >>> read_position("4HPwATDgc/ABMA", checkers=3)
    Traceback (most recent call last):
    ...
    tavla_docs.formats.errors.FormatError: XGID and GNU Backgammon IDs assume 15 checkers a side; this game has 3: use YAML
    """
    if isinstance(text_or_mapping, str):
        if checkers != ID_COUNT:
            raise FormatError(f"XGID and GNU Backgammon IDs assume {ID_COUNT} checkers a side; this game has "
                              f"{checkers}: use YAML")
        pos, side, match = parse_position_text(text_or_mapping, turn)
        return pos, side, match
    if isinstance(text_or_mapping, Mapping):
        pos = position_from_mapping(text_or_mapping, geometry, checkers=checkers)
        if pos.checkers != checkers:
            raise PositionError(f"the position has {pos.checkers} checkers a side (board, bar and off); "
                                f"the game has {checkers}")
        return pos, turn, None
    raise PositionError("a position is a mapping {white: …, black: …}, an XGID or a GNU Backgammon Position ID")
