"""Standard move notation: parse what people write, format what the engine finds.

Formatting follows GNU Backgammon's `FormatMove`: moves sorted by starting
point, steps of one checker joined (an intermediate point is kept only where it
hit), repeats counted as `(n)`, `bar`/`off` as written.

>>> from tavla_docs.engine.play import Move
>>> format_moves((Move(13, 7, 6, True), Move(7, 5, 2)))
'13/7*/5'
>>> format_moves((Move(6, 4, 2), Move(6, 4, 2), Move(4, 2, 2), Move(4, 2, 2)))
'6/2(2)'
>>> [str(s) for s in parse_play("bar/22 13/7*/5 6/2(2)")]
['bar/22', '13/7*/5', '6/2(2)']
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from operator import attrgetter
from typing import Protocol

from ..errors import TavlaError
from .board import BAR, OFF


class Move(Protocol):
    """What the spelling reads of a `play.Move` (which imports this module)."""

    @property
    def src(self) -> int: ...
    @property
    def dst(self) -> int: ...
    @property
    def hit(self) -> bool: ...

EMPTY_PLAY_WORDS = ("", "-", "(no move)", "no move", "oynanamaz", "(oynanamaz)")
_TOKEN = re.compile(r"^(bar|\d{1,2})((?:/(?:\d{1,2}|off)\*?)+)(?:\((\d{1,2})\))?$", re.IGNORECASE)


class NotationError(TavlaError):
    """Text that is not a play in standard notation, with the column where it goes wrong."""

    def __init__(self, message: str, column: int = 0) -> None:
        super().__init__(message)
        self.column = column


@dataclass(frozen=True, slots=True)
class Segment:
    """One written checker path: start, the points it lands on (with hit marks), repeat count."""

    src: int
    stops: tuple[tuple[int, bool], ...]
    count: int = 1

    @property
    def dst(self) -> int:
        return self.stops[-1][0]

    def __str__(self) -> str:
        a = "bar" if self.src == BAR else str(self.src)
        path = "".join(f"/{'off' if p == OFF else p}{'*' if h else ''}" for p, h in self.stops)
        return a + path + (f"({self.count})" if self.count > 1 else "")


def parse_play(text: str) -> tuple[Segment, ...]:
    """Parse `24/18 13/10*`, `bar/22`, `6/off`, `6/2(2)`, `13/7*/5`; empty for no move."""
    t = " ".join(str(text).split())
    if t.lower() in EMPTY_PLAY_WORDS:
        return ()
    out: list[Segment] = []
    for found in re.finditer(r"\S+", t):
        # Columns index the whitespace-normalised text; written.original_column maps them back.
        tok, col = found.group(0), found.start()
        m = _TOKEN.match(tok)
        if not m:
            raise NotationError(f"cannot read {tok!r} as a move; write from/to like 24/18, 13/10*, bar/22, 6/off or 6/2(2)", col)
        src = BAR if m.group(1).lower() == "bar" else int(m.group(1))
        if not 1 <= src <= 25:
            raise NotationError(f"point {src} does not exist in {tok!r}; points are 1–24", col)
        stops: list[tuple[int, bool]] = []
        prev = src
        for part in m.group(2).split("/")[1:]:
            hit = part.endswith("*")
            name = part.rstrip("*")
            p = OFF if name.lower() == "off" else int(name)
            if name.lower() != "off" and not 1 <= p <= 24:
                raise NotationError(f"point {p} does not exist in {tok!r}; points are 1–24 "
                                    "(write off for a checker borne off)", col)
            if prev == OFF:
                raise NotationError(f"{tok!r} continues after 'off'", col)
            if p >= prev:
                raise NotationError(f"{tok!r} moves backwards: checkers move from higher to lower points", col)
            stops.append((p, hit))
            prev = p
        count = int(m.group(3) or 1)
        if count < 1:  # at most two digits (the pattern); more repeats than the side has checkers is an illegal play
            raise NotationError(f"a move repeats at least once, not {count} times", col)
        out.append(Segment(src, tuple(stops), count))
    return tuple(out)


def format_moves(moves: Sequence[Move], *, bar: str = "bar", off: str = "off", empty: str = "(no move)") -> str:
    """Canonical notation for single-die moves (see module doc).

    The standard spelling is memoised by the identity of the `Move` objects: the plain
    kernel takes its moves from one prebuilt table, so the same plays recur as the same
    objects (`plays --jsonl` spells a quarter of a million plays, two in three of them
    already seen), and a key of object ids is cheaper than hashing the dataclasses. At most
    65,536 plays of up to four moves are kept (a few MB).
    """
    if not moves:
        return empty
    if bar != "bar" or off != "off":
        names = (off,) + POINT_NAMES[1:25] + (bar,)
        return _spell(moves, names, tuple(("/" + n, "/" + n + "*") for n in names))
    if len(moves) > 4:  # a progression's long plays (Gülbara): spelled, not kept
        return _spell(moves, POINT_NAMES, STOPS)
    key = tuple(map(id, moves))
    known = _SPELLED.get(key)
    if known is not None:  # the entry keeps its moves alive, so equal ids are the very same objects
        return known[1]
    return _remember(key, moves)


def _remember(key: tuple[int, ...], moves: Sequence[Move]) -> str:
    """Spell `moves` (standard names, 1 to 4 moves) and keep the text under `key`, their ids."""
    text = _spell(moves, POINT_NAMES, STOPS)
    if len(_SPELLED) >= _SPELLED_MAX:  # forget the older half (the dict keeps insertion order)
        for old in list(islice(_SPELLED, _SPELLED_MAX // 2)):
            del _SPELLED[old]
    _SPELLED[key] = (tuple(moves), text)
    return text


def spell_all(plays: Sequence[Sequence[Move]]) -> list[str]:
    """`[format_moves(m) for m in plays]` with the memo looked up inline (one answer's plays:
    a call a play was a fifth of the cost of spelling them). The plain walk's plays have a
    cheaper key (`formats.jsonl.plainnames`).

    >>> from tavla_docs.engine.play import Move
    >>> spell_all([(Move(8, 5, 3), Move(6, 5, 1)), ()])
    ['8/5 6/5', '(no move)']
    """
    known = _SPELLED.get
    out = []
    for moves in plays:
        key = tuple(map(id, moves))
        entry = known(key)
        if entry is not None:
            out.append(entry[1])
        elif 0 < len(moves) <= 4:
            out.append(_remember(key, moves))
        else:
            out.append(format_moves(moves))
    return out


POINT_NAMES = ("off",) + tuple(str(p) for p in range(1, 25)) + ("bar",)  # a point's name by its number
_SPELLED: dict[tuple[int, ...], tuple[tuple[Move, ...], str]] = {}  # ids of the moves -> (the moves, text)
_SPELLED_MAX = 1 << 16
STOPS = tuple(("/" + n, "/" + n + "*") for n in POINT_NAMES)  # a stop, without and with a hit mark
_FROM = attrgetter("src", "dst")


def spell(moves: Sequence[Move]) -> str:
    """The standard spelling of 1 to 4 moves, not memoised (for callers with their own memo)."""
    return _spell(moves, POINT_NAMES, STOPS)


def _spell(moves: Sequence[Move], names: tuple[str, ...], steps: tuple[tuple[str, str], ...]) -> str:
    """Sort by starting point, join the steps of one checker (keeping a stop only where it hit),
    count repeats; two moves (every non-double) take a short path to the same text."""
    if len(moves) == 2:
        a, b = moves
        if (b.src, b.dst) > (a.src, a.dst):
            a, b = b, a
        if b.src == a.dst != OFF:  # one checker, both dice
            return names[a.src] + (steps[a.dst][1] if a.hit else "") + steps[b.dst][b.hit]
        ta = names[a.src] + steps[a.dst][a.hit]
        tb = names[b.src] + steps[b.dst][b.hit]
        return ta + "(2)" if ta == tb else ta + " " + tb
    # Each checker's path, in the order the sorted moves start them, as three lists: where it
    # stands, whether its last step hit, and its text up to that last stop (the start and the
    # stops that hit: a stop is written only where it hit, the last always).
    ends: list[int] = []
    hits: list[bool] = []
    texts: list[str] = []
    for m in sorted(moves, key=_FROM, reverse=True):  # stable: equal moves keep their order
        s = m.src
        if s != OFF and s in ends:  # the first path that ends where this move starts
            i = ends.index(s)
            if hits[i]:
                texts[i] += steps[s][1]
            ends[i] = m.dst
            hits[i] = m.hit
        else:
            ends.append(m.dst)
            hits.append(m.hit)
            texts.append(names[s])
    counts: dict[str, int] = {}
    for t, d, h in zip(texts, ends, hits, strict=True):
        t += steps[d][h]
        counts[t] = counts.get(t, 0) + 1
    if len(counts) == len(texts):
        return " ".join(counts)
    return " ".join([t if n == 1 else f"{t}({n})" for t, n in counts.items()])
