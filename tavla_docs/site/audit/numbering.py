"""A figure's point numbers against the plays its caption prints: both must be the mover's.

A play is written in the mover's own numbering (rules.md 1.1): Black's 24/22 leaves Black's
24-point, board point 1. A figure numbers its points from one side (`diagram: {numbers: …}`,
White's by default); when that is not the mover's side, the reader looks for 24 and 22 on the
figure and finds White's 24- and 22-points, other points than the ones the play moves. So a
caption that prints a play in notation needs a figure numbered from the side on roll.

>>> from types import SimpleNamespace
>>> from tavla_docs.engine.board import Side
>>> view = SimpleNamespace(turn=Side.BLACK, options=SimpleNamespace(numbers="white"))
>>> numbering_fault("24/22 13/9 is one of the three plays left.", view)
"it prints the play 24/22, written in Black's own numbers, but the figure numbers its points from White's side"
>>> numbering_fault("Black cannot move.", view) is None
True
"""
from __future__ import annotations

import re
from typing import Any

_PLAY = re.compile(r"(?<![\w/])(?:bar|\d{1,2})/(?:\d{1,2}|off)\b\*?")
HINT = ("number the figure from the side on roll (`diagram: {numbers: black}` for a Black play), since a play is "
        "written in the mover's own numbers (docs/authoring.md, \"Numbering: whose point is which\")")


def numbering_fault(read: str, view: Any) -> str | None:
    """Why a caption's printed play cannot be read on its figure's numbers (None when it can)."""
    options = getattr(view, "options", None)
    if options is None or view.turn is None:
        return None
    mover = view.turn.value
    if options.numbers == mover:
        return None
    play = _PLAY.search(read)
    if play is None:
        return None
    return (f"it prints the play {play.group()}, written in {mover.capitalize()}'s own numbers, but the figure "
            f"numbers its points from {options.numbers.capitalize()}'s side")
