"""One-sided bear-off database: every home board of up to 15 checkers, under best play.

A *home* is six counts, checkers on the mover's own points 1..6 (index 0 is
point 1). There are C(21, 6) = 54,264 homes of 0..15 checkers; each has a
perfect index (the combinatorial number system, `index_of`), so a lookup is a
few additions and one array read.

**Best play** here means the play that minimises the expected number of rolls
to bear everything off. Among plays with exactly the same expectation the one
whose resulting home has the smallest index is taken (a fixed, documented tie
break: the choice changes the distribution of rolls, never the expectation).
This is the usual one-sided bear-off model (GNU Backgammon's one-sided
database uses the same criterion); in a real race a player may prefer a play
with a worse average but better chances of finishing in time.

What is exact and what is stored:

* The build computes every value exactly (integers scaled by 36**48) and stores
  each one rounded *once* to the nearest double: expected rolls, and
  P(off within n rolls) for every n. No rounding error accumulates.
* `exact_expected_rolls` / `exact_off_within` give exact `Fraction`s for page
  claims, by a separate memoised recursion (fast for small homes, e.g. up to
  6 checkers; it works for any home, just slower).

>>> expected_rolls((0, 0, 0, 0, 0, 1))                  # one checker on the 6-point
1.25
>>> exact_expected_rolls((0, 0, 0, 0, 0, 1))
Fraction(5, 4)
>>> exact_off_within((0, 0, 0, 0, 0, 1), 1), exact_off_within((0, 0, 0, 0, 0, 1), 2)
(Fraction(3, 4), Fraction(1, 1))
>>> index_of((0,) * 6), index_of((15, 0, 0, 0, 0, 0)), position_count()
(0, 54263, 54264)
"""
from __future__ import annotations

import hashlib
import os
import struct
import tempfile
from array import array
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from pathlib import Path

from ..engine.board import BAR, Position, Side
from ..engine.dice import ALL_ROLLS, Roll
from ..errors import TavlaError

POINTS = 6
MAX_CHECKERS = 15
FORMAT_VERSION = 1
#: Exact values are integers scaled by 36**DEPTH. No home needs more than 45
#: rolls (a roll that does not finish plays both dice, each die removes at
#: least one pip, and 15 checkers on the 6-point are 90 pips), so 48 is safe.
DEPTH = 48
_SCALE = 36 ** DEPTH
_W = _SCALE.bit_length() + 1  # bits per roll-count slot in the packed distributions
_SHIFT = 22  # low bits of a packed (expectation, index) key hold the index; 36 * 2**16 < 2**22
_BINOM = tuple(tuple(comb(n, k) for k in range(POINTS + 1)) for n in range(MAX_CHECKERS + POINTS + 1))

Home = tuple[int, ...]


class BearoffError(TavlaError):
    """A position that is not a pure home-board bear-off for the side asked about."""


# ---- the perfect index ------------------------------------------------------

def position_count(max_checkers: int = MAX_CHECKERS) -> int:
    """How many homes hold 0..max_checkers checkers: C(max_checkers + 6, 6)."""
    return comb(max_checkers + POINTS, POINTS)


def index_of(home: Sequence[int]) -> int:
    """The combinatorial-number-system rank of a home (point 1 first).

    Stars and bars: b_i = c_1 + … + c_i + (i - 1) is a strictly increasing
    6-subset of 0..20 and the rank is sum C(b_i, i). Homes of at most k
    checkers get exactly the ranks 0 .. C(k + 6, 6) - 1, so a smaller database
    is a prefix of the full one.
    """
    r = 0
    s = -1
    b = _BINOM
    for i in range(POINTS):
        s += home[i] + 1
        r += b[s][i + 1]
    return r


def home_at(index: int) -> Home:
    """The home with this index (inverse of `index_of`)."""
    if not 0 <= index < position_count():
        raise IndexError(f"bear-off index {index} is outside 0..{position_count() - 1}")
    subset = []
    r = index
    for i in range(POINTS, 0, -1):
        s = i - 1
        while _BINOM[s + 1][i] <= r:
            s += 1
        subset.append(s)
        r -= _BINOM[s][i]
    subset.reverse()  # b_1 < … < b_6
    counts = []
    prev = -1
    for s in subset:
        counts.append(s - prev - 1)
        prev = s
    return tuple(counts)


def _check_home(home: Sequence[int]) -> Home:
    t = tuple(home)
    if len(t) != POINTS or any(not isinstance(c, int) or c < 0 for c in t) or sum(t) > MAX_CHECKERS:
        raise BearoffError(f"a home is six non-negative counts (points 1–6) of at most {MAX_CHECKERS} checkers, not {home!r}")
    return t


def home_from_points(points: Mapping[int, int]) -> Home:
    """`{6: 2, 1: 1}` (point: checkers) → `(1, 0, 0, 0, 0, 2)`."""
    counts = [0] * POINTS
    for p, n in points.items():
        if not 1 <= p <= POINTS:
            raise BearoffError(f"point {p} is not in the home board (1–6)")
        counts[p - 1] += n
    return _check_home(counts)


def home_of(position: Position, side: Side) -> Home:
    """`side`'s checkers as a home, or BearoffError if any is on the bar or outside home."""
    own = position.own(side)
    if own[BAR] or any(own[7:25]):
        raise BearoffError(f"{side.value} still has checkers outside the home board; "
                           "the bear-off tables need all of them on points 1–6")
    return tuple(own[1:7])


# ---- a fast home-board move generator ----------------------------------------

def die_moves(home: Sequence[int], die: int) -> tuple[Home, ...]:
    """Every home reachable by playing one die (rules.md §1.4), highest source first.

    With no opposing checker in the way every die can always be played, so a
    whole roll is just dice applied one after another (see `home_plays`).
    """
    c = list(home)
    high = max((p for p in range(POINTS, 0, -1) if c[p - 1]), default=0)
    if not high:
        return ()
    out = []
    if high <= die:  # nothing above the die: bear off from the highest point
        c[high - 1] -= 1
        return (tuple(c),)
    for s in range(high, die, -1):
        if c[s - 1]:
            m = c.copy()
            m[s - 1] -= 1
            m[s - die - 1] += 1
            out.append(tuple(m))
    if c[die - 1]:
        m = c.copy()
        m[die - 1] -= 1
        out.append(tuple(m))
    return tuple(out)


def home_plays(home: Sequence[int], roll: Roll) -> frozenset[Home]:
    """The distinct homes a whole roll can reach (doubles: four moves; finishing ends the play)."""
    orders = [(roll.high,) * 4] if roll.is_double else [(roll.high, roll.low), (roll.low, roll.high)]
    found: set[Home] = set()
    for dice in orders:
        layer = {tuple(home)}
        for d in dice:
            nxt: set[Home] = set()
            for h in layer:
                if not any(h):
                    nxt.add(h)  # borne off: the game is over, the other dice are void
                else:
                    nxt.update(die_moves(h, d))
            layer = nxt
        found |= layer
    return frozenset(found)


# ---- the database build ------------------------------------------------------

def _all_homes(max_checkers: int) -> list[Home]:
    out: list[Home] = []

    def rec(prefix: list[int], left: int) -> None:
        if len(prefix) == POINTS:
            out.append(tuple(prefix))
            return
        for n in range(left + 1):
            prefix.append(n)
            rec(prefix, left - n)
            prefix.pop()

    rec([], max_checkers)
    return out


_ROLLS = tuple((r.high, r.low) for r in ALL_ROLLS)


def _build_exact(max_checkers: int) -> tuple[list[int], list[int]]:
    """Exact expected rolls (scaled by 36**DEPTH) and packed roll distributions, by index.

    Homes are visited in increasing pip count: every move removes at least one
    pip, so every successor is already solved. For each home and die the
    reachable homes are computed once; best values over two and four dice come
    from per-die tables of the best continuation (`best1[d][q]`: best home after
    one more die d from q; `best2`, `best3` for the rest of a double). Values
    are packed keys (expectation << 22 | index), so `min` also breaks ties by
    the smallest index. `dist[i]` packs, slot n (width _W bits), the number of
    the 36**n roll sequences that finish in exactly n rolls.
    """
    n_pos = position_count(max_checkers)
    homes = _all_homes(max_checkers)
    rank: dict[int, int] = {}
    order: list[tuple[int, int, Home]] = []
    for h in homes:
        key = 0
        for i in range(POINTS - 1, -1, -1):
            key = (key << 4) | h[i]
        r = index_of(h)
        rank[key] = r
        order.append((sum((i + 1) * h[i] for i in range(POINTS)), r, h))
    order.sort()
    p16 = (0,) + tuple(1 << (4 * i) for i in range(POINTS))
    keyv = [0] * n_pos
    best1 = [None] + [[0] * n_pos for _ in range(6)]
    best2 = [None] + [[0] * n_pos for _ in range(6)]
    best3 = [None] + [[0] * n_pos for _ in range(6)]
    dist = [0] * n_pos
    dist[0] = 1  # empty home: finished after 0 rolls
    scale = _SCALE
    shift = _SHIFT
    w_slot = _W
    mask = (1 << 16) - 1
    pairs = tuple((a, b) for a in range(6, 0, -1) for b in range(a - 1, 0, -1))
    for _pips, r, h in order:
        if r == 0:
            continue
        key = 0
        occupied = []
        for i in range(POINTS - 1, -1, -1):
            key = (key << 4) | h[i]
            if h[i]:
                occupied.append(i + 1)
        high = occupied[0]
        succ = [None] * 7
        for d in range(1, 7):
            if high <= d:
                succ[d] = (rank[key - p16[high]],)
            else:
                s_list = [rank[key - p16[s] + p16[s - d]] for s in occupied if s > d]
                if h[d - 1]:
                    s_list.append(rank[key - p16[d]])
                succ[d] = s_list
        total = 0
        dsum = 0
        # doubles and first dice
        m = [None] * 7  # m[a][b]: best packed key playing a then b
        for a in range(1, 7):
            sa = succ[a]
            if len(sa) == 1:
                q = sa[0]
                m[a] = [best1[b][q] for b in range(1, 7)]
                b1 = keyv[q]
                b2 = best1[a][q]
                b3 = best2[a][q]
                dd = best3[a][q]
            else:
                m[a] = [min([best1[b][q] for q in sa]) for b in range(1, 7)]
                b1 = min([keyv[q] for q in sa])
                b2 = m[a][a - 1]
                b3 = min([best2[a][q] for q in sa])
                dd = min([best3[a][q] for q in sa])
            best1[a][r] = b1
            best2[a][r] = b2
            best3[a][r] = b3
            total += dd
            dsum += dist[dd & mask]
        twice = 0
        dtwice = 0
        for a, b in pairs:
            x = m[a][b - 1]
            y = m[b][a - 1]
            k = x if x < y else y
            twice += k
            dtwice += dist[k & mask]
        total += twice << 1
        e = scale + (total >> shift) // 36
        keyv[r] = (e << shift) | r
        dist[r] = (dsum + (dtwice << 1)) << w_slot
    return [k >> shift for k in keyv], dist


def _to_tables(max_checkers: int) -> tuple[array, array, array, array]:
    """Round the exact build once into compact arrays (see `BearoffDB`)."""
    exact_e, dist = _build_exact(max_checkers)
    scale = _SCALE
    expected = array("d", [e / scale for e in exact_e])
    first = array("B")
    offsets = array("I", [0])
    cumulative = array("d")
    w = _W
    slot_mask = (1 << w) - 1
    pow36 = [36 ** n for n in range(DEPTH + 2)]
    for x in dist:
        lo = ((x & -x).bit_length() - 1) // w
        hi = (x.bit_length() - 1) // w
        first.append(lo)
        c = 0
        for n in range(lo, hi):
            c = c * 36 + ((x >> (w * n)) & slot_mask)
            cumulative.append(c / pow36[n])
        offsets.append(len(cumulative))
    return expected, first, offsets, cumulative


# ---- the stored database -------------------------------------------------------

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
        h = _check_home(home)
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
        _nonempty(on_roll)
        _nonempty(other)
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
    import sys
    if sys.byteorder == "big":
        a = array(a.typecode, a)
        a.byteswap()
    return a


def build_database(max_checkers: int = MAX_CHECKERS) -> BearoffDB:
    """Build in memory (about 3 s for 15 checkers in CPython on one core)."""
    if not 0 <= max_checkers <= MAX_CHECKERS:
        raise BearoffError(f"max_checkers must be 0..{MAX_CHECKERS}")
    return BearoffDB(max_checkers, *_to_tables(max_checkers))


def cache_dir() -> Path:
    """Where the database file lives: $TAVLA_DOCS_CACHE, else $XDG_CACHE_HOME/tavla-docs, else ~/.cache/tavla-docs."""
    if os.environ.get("TAVLA_DOCS_CACHE"):
        return Path(os.environ["TAVLA_DOCS_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tavla-docs"


def cache_path(max_checkers: int = MAX_CHECKERS, directory: Path | None = None) -> Path:
    """The file name carries the format version, so a new format never reads an old file."""
    return (directory or cache_dir()) / f"bearoff-v{FORMAT_VERSION}-{max_checkers}.bin"


def load_database(max_checkers: int = MAX_CHECKERS, directory: Path | None = None) -> BearoffDB:
    """The database from the disk cache; built and written (atomically) when missing or damaged.

    A cache directory that cannot be written is not an error: the database is
    then rebuilt in every process.
    """
    path = cache_path(max_checkers, directory)
    try:
        return BearoffDB.from_bytes(path.read_bytes())
    except (OSError, BearoffError):
        pass
    db = build_database(max_checkers)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(db.to_bytes())
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass
    return db


@lru_cache(maxsize=None)
def database(max_checkers: int = MAX_CHECKERS) -> BearoffDB:
    """The process-wide database (loaded or built once)."""
    return load_database(max_checkers)


def expected_rolls(home: Sequence[int]) -> float:
    """Mean rolls to bear off, under best play (float, from the database)."""
    return database().expected_rolls(home)


def off_within(home: Sequence[int], n: int) -> float:
    """P(off within n rolls), under best play (float, from the database)."""
    return database().off_within(home, n)


# ---- exact values for page claims ----------------------------------------------

@lru_cache(maxsize=None)
def _exact(home: Home) -> tuple[Fraction, tuple[Fraction, ...]]:
    """(expected rolls, P(off in exactly n rolls) for n = 0, 1, …) by plain recursion."""
    if not any(home):
        return Fraction(0), (Fraction(1),)
    e_sum = Fraction(0)
    acc: list[Fraction] = [Fraction(0)]
    for roll in ALL_ROLLS:
        best = min(home_plays(home, roll), key=lambda h: (_exact(h)[0], index_of(h)))
        e, p = _exact(best)
        w = Fraction(roll.weight, 36)
        e_sum += w * e
        while len(acc) < len(p) + 1:
            acc.append(Fraction(0))
        for n, x in enumerate(p):
            acc[n + 1] += w * x
    return 1 + e_sum, tuple(acc)


def exact_expected_rolls(home: Sequence[int]) -> Fraction:
    """Exact mean rolls to bear off under best play (fast up to ~6 checkers)."""
    return _exact(_check_home(home))[0]


def exact_distribution(home: Sequence[int]) -> tuple[Fraction, ...]:
    """Exact P(off in exactly n rolls) for n = 0 .. the most rolls best play needs."""
    return _exact(_check_home(home))[1]


def exact_off_within(home: Sequence[int], n: int) -> Fraction:
    """Exact P(every checker off within n rolls) under best play."""
    return sum(exact_distribution(home)[:max(n, -1) + 1], Fraction(0))


def _nonempty(home: Sequence[int]) -> Home:
    h = _check_home(home)
    if not any(h):
        raise BearoffError("a side with no checkers left has already finished; there is no race")
    return h


def race_win_chance(on_roll: Sequence[int], other: Sequence[int]) -> Fraction:
    """Exact chance that the side on roll bears off first, both in pure bear-offs.

    The side on roll wins if it finishes in n rolls while the other side has
    not finished in n - 1: sum over n of P_on(exactly n) * P_other(> n - 1).

    Caveat, honestly: this combines the two one-sided distributions as if they
    were independent, i.e. each side plays to minimise its own expected rolls.
    The distributions are exact for that play, but in a real race the best
    play maximises the chance to win and can differ, so the result is the
    standard one-sided *approximation* of optimal race play (usually very
    close, not always equal).
    """
    pa = exact_distribution(_nonempty(on_roll))
    pb = exact_distribution(_nonempty(other))
    win = Fraction(0)
    done_b = Fraction(0)  # P(other off within n - 1)
    for n in range(1, len(pa)):
        done_b += pb[n - 1] if n - 1 < len(pb) else 0
        win += pa[n] * (1 - done_b)
    return win


def race_position_win_chance(position: Position, on_roll: Side) -> Fraction:
    """`race_win_chance` for a Position where both sides are bearing off."""
    return race_win_chance(home_of(position, on_roll), home_of(position, on_roll.opponent))


def iter_homes(max_checkers: int = MAX_CHECKERS) -> Iterator[Home]:
    """Every home of at most `max_checkers` checkers, in index order."""
    for i in range(position_count(max_checkers)):
        yield home_at(i)
