"""The board: sides, geometry and the immutable `Position` value.

A position stores each side's checkers in that side's *own* numbering
(index 0 = borne off, 1..24 = own points, 25 = bar), because every rule is
stated in the mover's numbering. The shared board numbering (B1–B24) is
White's own numbering; how Black's own points map onto it depends on the
variant's geometry (opposite or same direction), rules.md §1.1.

How many checkers a side has is the game's (`Ruleset.checkers`, the sum of its start):
a position holds it as the total of each side's counts, borne-off ones included, and
`from_board` needs it to count the checkers it is not given as borne off.

>>> p = Position.from_board({6: 1}, {19: 15}, checkers=15)
>>> p.pips(Side.WHITE), p.pips(Side.BLACK), p.checkers, p.off(Side.WHITE)
(6, 90, 15, 14)
>>> p.black_board()
{19: 15}
>>> Position.from_board({24: 1, 23: 1}, {1: 1, 2: 1, 3: 1}, checkers=3).off(Side.WHITE)  # Hypergammon
1
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import getitem, itemgetter

from ..errors import TavlaError

OFF = 0
BAR = 25


class Side(enum.Enum):
    """One of the two players; White moves 24 → 1 on the shared board."""

    WHITE = "white"
    BLACK = "black"

    @property
    def opponent(self) -> Side:
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @property
    def index(self) -> int:
        return 0 if self is Side.WHITE else 1

    @classmethod
    def parse(cls, text: str) -> Side:
        """`Side.parse("white")`, also `w`/`b`, `beyaz`/`siyah`, `x`/`o` (gnubg)."""
        t = text.strip().lower()
        if t in ("white", "w", "beyaz", "x"):
            return cls.WHITE
        if t in ("black", "b", "siyah", "o"):
            return cls.BLACK
        raise TavlaError(f"unknown side {text!r}: expected 'white' or 'black'")


class Geometry(enum.Enum):
    """How the two sides' paths lie on the shared board."""

    OPPOSITE = "opposite"  # Tavla, Backgammon, Tapa: Black's own p is B(25 - p)
    SAME = "same"  # Uzun tavla, Gülbara: both counter-clockwise, heads B24 and B12

    def opposing_point(self, p: int) -> int:
        """The opponent's own number for the mover's own point `p` (1..24)."""
        if self is Geometry.OPPOSITE:
            return 25 - p
        return p + 12 if p <= 12 else p - 12

    def to_board(self, side: Side, p: int) -> int:
        """Shared-board number of `side`'s own point `p` (1..24)."""
        if side is Side.WHITE:
            return p
        return self.opposing_point(p)

    def from_board(self, side: Side, b: int) -> int:
        """`side`'s own number of shared-board point `b` (the map is an involution)."""
        return self.to_board(side, b)


class PositionError(TavlaError):
    """A position that cannot exist, with a message a person understands."""


def _counts_from_mapping(side: Side, points: Mapping[int, int], *, bar: int, off: int | None,
                         geometry: Geometry, checkers: int | None) -> tuple[int, ...]:
    arr = [0] * 26
    for b, n in points.items():
        if not isinstance(b, int) or isinstance(b, bool) or not 1 <= b <= 24:
            raise PositionError(f"{side.value}: point {b!r} does not exist; points are 1–24 (use 'bar' for the bar)")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise PositionError(f"{side.value}: the count on point {b} must be a non-negative whole number, not {n!r}")
        arr[geometry.from_board(side, b)] += n
    if bar < 0:
        raise PositionError(f"{side.value}: the bar count must not be negative")
    arr[BAR] = bar
    on_board = sum(arr)
    if off is None:
        if checkers is None:
            raise PositionError(f"{side.value}: how many checkers are borne off? Give the game's count "
                                "(checkers=, a ruleset's `checkers`) or the side's off count")
        if on_board > checkers:
            raise PositionError(f"{side.value} has {on_board} checkers on the board and bar; "
                                f"a side has at most {checkers}")
        off = checkers - on_board
    arr[OFF] = off
    return tuple(arr)


@dataclass(frozen=True, slots=True)
class Position:
    """Both sides' checkers, in each side's own numbering (see module doc).

    `pinned` lists Tapa pins as (pinned side, pinned side's own point).
    """

    white: tuple[int, ...]
    black: tuple[int, ...]
    geometry: Geometry = Geometry.OPPOSITE
    pinned: frozenset[tuple[Side, int]] = field(default=frozenset())

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise PositionError(problems[0])

    # --- construction -----------------------------------------------------
    @classmethod
    def from_board(cls, white: Mapping[int, int], black: Mapping[int, int], *, white_bar: int = 0,
                   black_bar: int = 0, white_off: int | None = None, black_off: int | None = None,
                   geometry: Geometry = Geometry.OPPOSITE,
                   pinned: frozenset[tuple[Side, int]] = frozenset(), checkers: int | None = None) -> Position:
        """Build from shared-board (White's) numbering; a side's checkers not listed are borne
        off, out of `checkers` a side (the game's count: `Ruleset.checkers`)."""
        w = _counts_from_mapping(Side.WHITE, white, bar=white_bar, off=white_off, geometry=geometry, checkers=checkers)
        b = _counts_from_mapping(Side.BLACK, black, bar=black_bar, off=black_off, geometry=geometry, checkers=checkers)
        return cls(w, b, geometry, pinned)

    @classmethod
    def from_own(cls, side: Side, mine: tuple[int, ...], theirs: tuple[int, ...],
                 geometry: Geometry = Geometry.OPPOSITE,
                 pinned: frozenset[tuple[Side, int]] = frozenset()) -> Position:
        """Build from the mover's and opponent's own-numbering arrays."""
        if side is Side.WHITE:
            return cls(mine, theirs, geometry, pinned)
        return cls(theirs, mine, geometry, pinned)

    # --- validation ---------------------------------------------------------
    def problems(self) -> list[str]:
        """Every reason this position cannot exist (empty when it is fine).

        Both sides have the same number of checkers, at least one; whether that is the
        game's number is the game's question (`Ruleset.checkers`, asked by the scenario check).
        """
        out: list[str] = []
        for side, arr in ((Side.WHITE, self.white), (Side.BLACK, self.black)):
            if len(arr) != 26:
                out.append(f"{side.value}: expected 26 slots (off, points 1–24, bar), got {len(arr)}")
            elif any(n < 0 for n in arr):
                out.append(f"{side.value}: checker counts must not be negative")
        if out:
            return out
        w, b = sum(self.white), sum(self.black)
        if w != b:
            out.append(f"white has {w} checkers in all (board, bar and off) and black {b}; "
                       "both sides have the same number")
        elif not w:
            out.append("a side has no checkers at all (board, bar and off)")
        if out:
            return out
        pinned_points = {self.geometry.to_board(s, p) for s, p in self.pinned}
        for b in range(1, 25):
            w = self.white[b]
            k = self.black[self.geometry.from_board(Side.BLACK, b)]
            if w and k and b not in pinned_points:
                out.append(f"point {b} holds both colours ({w} white, {k} black); a point belongs to one side")
        for s, p in self.pinned:
            arr = self.white if s is Side.WHITE else self.black
            if arr[p] != 1:
                out.append(f"a pinned {s.value} checker on its point {p} must stand alone under the pinner")
        return out

    # --- views ---------------------------------------------------------------
    def own(self, side: Side) -> tuple[int, ...]:
        return self.white if side is Side.WHITE else self.black

    def bar(self, side: Side) -> int:
        return self.own(side)[BAR]

    def off(self, side: Side) -> int:
        return self.own(side)[OFF]

    @property
    def checkers(self) -> int:
        """How many checkers a side has in this game (board, bar and borne off)."""
        return sum(self.white)

    def pips(self, side: Side) -> int:
        """Pip count: the distance all of `side`'s checkers still travel (bar = 25)."""
        arr = self.own(side)
        return sum(p * arr[p] for p in range(1, 26))

    def board_counts(self, side: Side) -> dict[int, int]:
        """`side`'s checkers by shared-board point (White's numbering)."""
        arr = self.own(side)
        return {b: arr[self.geometry.from_board(side, b)] for b in range(1, 25)
                if arr[self.geometry.from_board(side, b)]}

    def white_board(self) -> dict[int, int]:
        return self.board_counts(Side.WHITE)

    def black_board(self) -> dict[int, int]:
        return self.board_counts(Side.BLACK)

    def key(self) -> tuple:
        """A cheap hashable identity (used to compare plays by result)."""
        return (self.white, self.black, self.pinned)

    def mirrored(self) -> Position:
        """The same position with the colours swapped (White's checkers become Black's)."""
        pins = frozenset((s.opponent, p) for s, p in self.pinned)
        return Position(self.black, self.white, self.geometry, pins)

    def to_json(self) -> dict:
        """The board in White's numbering, as `tavla-docs plays --json` prints it.

        Tapa pins add `pinned: {white: [b, …], black: [b, …]}`: shared points where that
        side's checker lies pinned under the other side's (which are counted there too).
        """
        out = {
            "white": {str(b): n for b, n in sorted(self.white_board().items())},
            "black": {str(b): n for b, n in sorted(self.black_board().items())},
            "white_bar": self.white[BAR], "black_bar": self.black[BAR],
            "white_off": self.white[OFF], "black_off": self.black[OFF],
        }
        if self.pinned:
            out["pinned"] = {s.value: sorted(self.geometry.to_board(s, p) for t, p in self.pinned if t is s)
                             for s in (Side.WHITE, Side.BLACK)}
        return out

    def to_json_text(self) -> str:
        """`json.dumps(self.to_json(), ensure_ascii=False)`, built from the count tuples.

        `plays --jsonl` writes one board per play (a quarter of a million for ten thousand
        requests); building and encoding the dict point by point was most of its time.
        """
        w, b = self.white, self.black
        text = _BOARD_JSON % (_white_json(w), _BLACK_JSON[self.geometry](b), w[BAR], b[BAR], w[OFF], b[OFF])
        if self.pinned:
            import json  # only for Tapa's pins: a board's text is otherwise built without it (start-up)

            text = text[:-1] + ', "pinned": ' + json.dumps(self.to_json()["pinned"]) + "}"
        return text

    def __str__(self) -> str:
        """A readable text board: shared numbering, White `X` (home bottom right), Black `O`."""
        def cell(b: int) -> str:
            w = self.white[b]
            k = self.black[self.geometry.from_board(Side.BLACK, b)]
            if w and k:
                return f"{'X' if (Side.BLACK, self.geometry.from_board(Side.BLACK, b)) in self.pinned else 'O'}^"
            if w:
                return f"X{w}" if w > 1 else " X"
            if k:
                return f"O{k}" if k > 1 else " O"
            return " ."
        top = list(range(13, 25))
        bottom = list(range(12, 0, -1))
        lines = [
            " " + " ".join(f"{b:>2}" for b in top[:6]) + " | " + " ".join(f"{b:>2}" for b in top[6:]),
            " " + " ".join(cell(b) for b in top[:6]) + " | " + " ".join(cell(b) for b in top[6:]),
            " " + " ".join(cell(b) for b in bottom[:6]) + " | " + " ".join(cell(b) for b in bottom[6:]),
            " " + " ".join(f"{b:>2}" for b in bottom[:6]) + " | " + " ".join(f"{b:>2}" for b in bottom[6:]),
            f" bar: X {self.white[BAR]}  O {self.black[BAR]}    off: X {self.white[OFF]}  O {self.black[OFF]}"
            f"    pips: X {self.pips(Side.WHITE)}  O {self.pips(Side.BLACK)}",
        ]
        return "\n".join(lines)


_BOARD_JSON = ('{"white": {%s}, "black": {%s}, "white_bar": %d, "black_bar": %d, '
               '"white_off": %d, "black_off": %d}')
# _POINT_JSON[b - 1][n]: shared point b holding n checkers as to_json writes it ('' for none);
# rows grow when a game puts more checkers on a point than any board before (`_grow_points`)
_POINT_JSON: list[tuple[str, ...]] = [("",) for b in range(1, 25)]


def _grow_points(most: int) -> None:
    """Make `_POINT_JSON` spell counts up to `most` on every point."""
    for i, row in enumerate(_POINT_JSON):
        if len(row) <= most:
            _POINT_JSON[i] = row + tuple(f'"{i + 1}": {n}' for n in range(len(row), most + 1))


_grow_points(16)


# One side's `"b": n, …` pairs, from its own-numbering counts (a map, a filter and a join, in C).
# Memoised by value: a play leaves the opponent's counts as they were (the same tuple, whose
# hash check is an identity check) and the same boards recur across a batch.
@lru_cache(maxsize=8192)
def _white_json(counts: tuple[int, ...]) -> str:
    try:
        return ", ".join(filter(None, map(getitem, _POINT_JSON, counts[1:25])))
    except IndexError:  # more on a point than the table spells yet
        _grow_points(max(counts))
        return ", ".join(filter(None, map(getitem, _POINT_JSON, counts[1:25])))


def _black_json_in(order: Callable[[tuple[int, ...]], tuple[int, ...]]) -> Callable[[tuple[int, ...]], str]:
    """`_white_json` for Black, whose own points lie on the shared board in `order`."""
    @lru_cache(maxsize=8192)
    def black_json(counts: tuple[int, ...]) -> str:
        try:
            return ", ".join(filter(None, map(getitem, _POINT_JSON, order(counts))))
        except IndexError:  # more on a point than the table spells yet
            _grow_points(max(counts))
            return ", ".join(filter(None, map(getitem, _POINT_JSON, order(counts))))
    return black_json


_BLACK_JSON = {Geometry.OPPOSITE: _black_json_in(itemgetter(*range(24, 0, -1))),  # own p is B(25 - p)
               Geometry.SAME: _black_json_in(itemgetter(*range(13, 25), *range(1, 13)))}  # own 13 is B1


def boards_json_text(positions: Sequence[Position]) -> list[str]:
    """`[p.to_json_text() for p in positions]` in one loop, without a method call a board (the
    boards of one `plays --jsonl` answer)."""
    white, black, form = _white_json, _BLACK_JSON, _BOARD_JSON
    return [form % (white(p.white), black[p.geometry](p.black), p.white[BAR], p.black[BAR], p.white[OFF], p.black[OFF])
            if not p.pinned else p.to_json_text() for p in positions]


def starting_position(start: Mapping[int, int], geometry: Geometry = Geometry.OPPOSITE) -> Position:
    """Both sides on the same own-numbering layout, e.g. `{24: 2, 13: 5, 8: 3, 6: 5}`."""
    arr = [0] * 26
    for p, n in start.items():
        arr[p] = n
    t = tuple(arr)
    return Position(t, t, geometry)
