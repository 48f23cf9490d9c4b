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
from dataclasses import dataclass

from ..errors import TavlaError
from .board import BAR, CHECKERS, OFF

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
        if not 1 <= count <= CHECKERS:  # a Gülbara progression moves up to 24 dice: 20/10(6) occurs
            raise NotationError(f"a move repeats 1 to {CHECKERS} times (a side has {CHECKERS} checkers), not {count}", col)
        out.append(Segment(src, tuple(stops), count))
    return tuple(out)


def format_moves(moves, *, bar: str = "bar", off: str = "off", empty: str = "(no move)") -> str:
    """Canonical notation for single-die moves (see module doc)."""
    if not moves:
        return empty
    ordered = sorted(moves, key=lambda m: (-m.src, -m.dst))
    chains: list[list] = []  # [src, [(point, hit), ...]]
    for mv in ordered:
        for c in chains:
            if c[1][-1][0] == mv.src and mv.src != OFF:
                c[1].append((mv.dst, mv.hit))
                break
        else:
            chains.append([mv.src, [(mv.dst, mv.hit)]])

    def show(c: list) -> str:
        src, stops = c
        kept = [(p, h) for i, (p, h) in enumerate(stops) if h or i == len(stops) - 1]
        parts = [bar if src == BAR else str(src)]
        parts += [f"{off if p == OFF else p}{'*' if h else ''}" for p, h in kept]
        return "/".join(parts)

    counts: dict[str, int] = {}
    for c in chains:
        t = show(c)
        counts[t] = counts.get(t, 0) + 1
    return " ".join(t if n == 1 else f"{t}({n})" for t, n in counts.items())
