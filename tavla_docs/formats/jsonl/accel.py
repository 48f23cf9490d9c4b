"""Reference: `playjson.reference_json`, through the pure-Python `finaltext` and `plainnames`
Contract: tests/formats/test_speedups.py
Gain: 2.4× the whole `plays --jsonl` process (default fields 1.253 → 0.520 s CPU; benchmarks-history.md, the C accelerator)

The compiled accelerator of the plain walk's play text (`_speedups`), or None.

In CPython the default fields cost about 1.7 us a play (a quarter of a million plays a
`plays --jsonl` batch): more than half the process. `_speedups.c` writes the same bytes
straight from the finals and the moves; setup.py builds it when a compiler is there
(optional), and without it the pure-Python path (`formats.jsonl.finaltext`, `formats.jsonl.plainnames`)
runs. `TAVLA_DOCS_PURE` set to anything but "" or "0" (read once, at import) forces the pure
path: tests and the benchmark compare both. Imported only by the formatting of an answer,
never at start-up. The module's tables come from the engine here, once.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ...engine.play import Play

from ...pure import PURE


class Speedups(Protocol):
    """What the formatting calls of `_speedups` (its stub: `_speedups.pyi`)."""

    def answer_text(self, plays: Sequence[Play], finals: Sequence[int], white: bool, theirs: Sequence[int],
                    tail: str, /) -> str | None: ...
    def notation_text(self, plays: Sequence[Play], /) -> str | None: ...


def compiled() -> Speedups | None:
    """`_speedups` set up with the move table, the notation's names and the final's layout,
    or None where it is not built (whatever `TAVLA_DOCS_PURE` says: the tests compare both)."""
    try:
        from . import _speedups
    except ImportError:
        return None
    set_up(_speedups)
    return _speedups


def set_up(module: Any) -> None:
    """Give the compiled module its tables, from the engine (nothing is re-typed in C)."""
    from ...engine.fast.kernels import STEP_MOVES
    from ...engine.notation import POINT_NAMES, STOPS, format_moves
    from .plainfinals import HIT_SHIFT, OFFSET

    module.setup(STEP_MOVES, POINT_NAMES, STOPS, format_moves(()), OFFSET, HIT_SHIFT)


#: The set-up accelerator, or None (not built, or `TAVLA_DOCS_PURE`): callers take the
#: pure-Python path then, and wherever it answers None.
SPEEDUPS = None if PURE else compiled()
