"""A caption's printed point numbers against the numbers its figure draws.

A figure numbers its points from one side (`diagram: {numbers: …}`, White's by default). A caption
that prints a computed point ("with three checkers left, on points {{ s.occupied.white }}", "the
checker on the {{ s.show.moves[0].src }}-point") sends the reader to that number on the figure. The
fact knows whose numbering it is in (`Subject.own`: a move's point is in the mover's numbering;
`Subject.names`: a board point, White's numbering). When that is not the side the figure numbers
from, the reader finds another point there: White's 4-point is drawn as 21 on a figure numbered
from Black's side. A point whose words say whose it is ("White's 4-point", "its own", "board point",
"Beyaz'ın", "kendi", "tahtada") is not judged. `numbering` does the same for a printed play.

>>> from tavla_docs.site.provenance import Span, Subject
>>> parts = [Span("Three checkers left, on points ", 0, 0, False),
...          Span("4", 31, 1, True, about=Subject(names=4)), Span(".", 32, 0, False)]
>>> point_number_faults(parts, "black")[0][0]
"it prints the point 4 in White's numbers (the board's), but the figure numbers its points from Black's side"
>>> point_number_faults(parts, "white")
[]
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

HINT = ("number the figure from the side whose points the caption prints (`diagram: {numbers: …}`), or say whose "
        "point it is (\"White's 4-point\"); docs/authoring.md, \"Numbering: whose point is which\"")
_POINTS = re.compile(r"\d{1,2}\.?(?:(?:,|\s+(?:and|or|ve|veya|και|ή))\s*\d{1,2}\.?)+")
_WHOSE = re.compile(r"(?:white|black|beyaz|siyah|λευκ|μαύρ|own|kendi|board point|tahtada|numara|numbers?|"
                    r"numbering|αρίθμ)[\w'’]*\W*(?:\w+\W+){0,3}$", re.IGNORECASE)


def point_number_faults(parts: Sequence[Any], numbers: str | None) -> list[tuple[str, str]]:
    """(message, hint) for the first printed point of `parts` (a rendered caption's spans) in
    another side's numbering than the figure's `numbers`."""
    if numbers not in ("white", "black"):
        return []
    text = ""
    for p in parts:
        own = _own(p)
        if own and own[0] != numbers and not _WHOSE.search(text[-60:]):
            whose = f"{own[0].capitalize()}'s numbers" + ("" if own[1] else " (the board's)")
            return [(f"it prints {'the point' if p.text.strip().isdigit() else 'the points'} {p.text.strip()} in "
                     f"{whose}, but the figure numbers its points from {numbers.capitalize()}'s side", HINT)]
        text += p.text
    return []


def _own(p: Any) -> tuple[str, bool] | None:
    """(whose numbering a printed point or list of points is in, whether that is a side's own
    numbering rather than the board's), or None when the span prints no point."""
    if not p.computed:
        return None
    about = p.about
    if about is not None and about.own and p.text.strip().isdigit():
        return about.own, True
    if about is not None and about.names and p.text.strip().rstrip(".").isdigit():
        return "white", False
    if about is None and p.side and not p.meaning and _POINTS.fullmatch(p.text.strip()):
        return "white", False  # a list of board points (`occupied`, `blots`, `points_of`): White's numbering
    return None
