"""The stored database: the `BearoffDB` type, its O(1) lookups and its file format.

Arrays by home index (see `index.py`); `to_bytes` / `from_bytes` are the file
format of the disk cache (`cache.py`): a header with magic, format version,
sizes and the SHA-256 of the payload, then the little-endian arrays.

>>> from tavla_docs.analysis.bearoff.build import build_database
>>> db = build_database(3)
>>> BearoffDB.from_bytes(db.to_bytes()).expected_rolls((0, 0, 0, 0, 0, 1))
1.25
>>> db.min_rolls((0, 0, 0, 0, 0, 3)), db.max_rolls((0, 0, 0, 0, 0, 3))
(1, 6)
"""
from __future__ import annotations

import hashlib
import struct
import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field

from .index import BearoffError, check_home, index_of, nonempty_home, position_count

FORMAT_VERSION = 1

_MAGIC = b"TAVLA-BEAROFF\0"
_HEADER = struct.Struct("<14sHHII32s")  # magic, format version, max checkers, homes, cumulative entries, sha256


@dataclass(frozen=True, eq=False)
class BearoffDB:
    """Expected rolls and P(off within n rolls) for every home, under best play.

    Arrays by home index: `expected` (float64), `first` (the fewest rolls that
    can finish), `offsets`/`cumulative` (float64 P(off within n) for
    n = first .. last - 1; from the last n on it is exactly 1). Every float is
    the exact rational value rounded once.
    """

    max_checkers: int
    expected: array = field(repr=False)
    first: array = field(repr=False)
    offsets: array = field(repr=False)
    cumulative: array = field(repr=False)

    def _index(self, home: Sequence[int]) -> int:
        h = check_home(home)
        if sum(h) > self.max_checkers:
            raise BearoffError(f"this database holds homes of at most {self.max_checkers} checkers, not {sum(h)}")
        return index_of(h)

    def expected_rolls(self, home: Sequence[int]) -> float:
        """Mean number of rolls to bear off every checker, playing to minimise it."""
        return self.expected[self._index(home)]

    def off_within(self, home: Sequence[int], n: int) -> float:
        """P(every checker is off within n rolls), under best play. O(1)."""
        i = self._index(home)
        lo = self.first[i]
        if n < lo:
            return 0.0
        k = self.offsets[i] + n - lo
        return self.cumulative[k] if k < self.offsets[i + 1] else 1.0

    def min_rolls(self, home: Sequence[int]) -> int:
        """The fewest rolls that can bear everything off (with lucky dice)."""
        return self.first[self._index(home)]

    def max_rolls(self, home: Sequence[int]) -> int:
        """The most rolls best play can need (after this many, P(off) is exactly 1)."""
        i = self._index(home)
        return self.first[i] + self.offsets[i + 1] - self.offsets[i]

    def distribution(self, home: Sequence[int], n_max: int | None = None) -> tuple[float, ...]:
        """P(off within n) for n = 1 .. n_max (default: until it reaches 1)."""
        last = self.max_rolls(home) if n_max is None else n_max
        return tuple(self.off_within(home, n) for n in range(1, last + 1))

    def race_win_chance(self, on_roll: Sequence[int], other: Sequence[int]) -> float:
        """Float version of `race_win_chance` for homes of any size (same caveats)."""
        nonempty_home(on_roll)
        nonempty_home(other)
        last = self.max_rolls(on_roll)
        return sum((self.off_within(on_roll, n) - self.off_within(on_roll, n - 1))
                   * (1.0 - self.off_within(other, n - 1)) for n in range(1, last + 1))

    # --- bytes -----------------------------------------------------------------
    def to_bytes(self) -> bytes:
        parts = [self.expected, self.first, self.offsets, self.cumulative]
        payload = b"".join(_le(a).tobytes() for a in parts)
        head = _HEADER.pack(_MAGIC, FORMAT_VERSION, self.max_checkers, len(self.expected),
                            len(self.cumulative), hashlib.sha256(payload).digest())
        return head + payload

    @classmethod
    def from_bytes(cls, data: bytes) -> BearoffDB:
        """Read `to_bytes` output; BearoffError if it is not a complete, current-format file."""
        if len(data) < _HEADER.size:
            raise BearoffError("bear-off database file is truncated")
        magic, version, max_checkers, n, n_cum, digest = _HEADER.unpack_from(data)
        if magic != _MAGIC or version != FORMAT_VERSION:
            raise BearoffError("not a bear-off database of this format version")
        payload = data[_HEADER.size:]
        if hashlib.sha256(payload).digest() != digest or n != position_count(max_checkers):
            raise BearoffError("bear-off database file is damaged")
        arrays = []
        pos = 0
        for code, length in (("d", n), ("B", n), ("I", n + 1), ("d", n_cum)):
            a = array(code)
            size = a.itemsize * length
            a.frombytes(payload[pos:pos + size])
            arrays.append(_le(a))
            pos += size
        if pos != len(payload):
            raise BearoffError("bear-off database file is damaged")
        return cls(max_checkers, *arrays)


def _le(a: array) -> array:
    """The array in little-endian byte order (a copy on big-endian machines)."""
    if sys.byteorder == "big":
        a = array(a.typecode, a)
        a.byteswap()
    return a
