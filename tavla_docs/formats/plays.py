"""The plays of a `plays --json`/`--jsonl` answer as JSON text, by the one dispatch point
between the reference (`formats/playjson.py`) and the speed layers of `formats/jsonl/`.

This is the only module outside `formats/jsonl/` that imports it (tests/test_architecture.py).
`TAVLA_DOCS_PURE` (`tavla_docs.pure`) sends every answer to the reference alone.

>>> from tavla_docs.engine.board import Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.engine.movegen import legal_plays
>>> from tavla_docs.variants import TAVLA
>>> plays = legal_plays(TAVLA.starting_position(), Side.WHITE, Roll(6, 5), TAVLA)
>>> plays_json(plays, FIELDS, ":0:0:-1:00:0:0:0:0:10") == reference_json(plays, FIELDS, ":0:0:-1:00:0:0:0:0:10")
True
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.play import Play
from ..pure import PURE
from .playjson import FIELDS, reference_json

__all__ = ["FIELDS", "plays_json"]


def plays_json(plays: Sequence[Play], fields: tuple[str, ...], xgid_tail: str) -> str:
    """The inside of an answer's `"plays"` array: `playjson.reference_json`'s bytes, by
    `formats.jsonl.playtext` unless `TAVLA_DOCS_PURE` is set."""
    if PURE:
        return reference_json(plays, fields, xgid_tail)
    if not _FAST:  # imported once, not at start-up (the text listing needs none of it), not per answer
        from .jsonl.playtext import plays_json as fast

        _FAST.append(fast)
    return _FAST[0](plays, fields, xgid_tail)


_FAST: list[Callable[[Sequence[Play], tuple[str, ...], str], str]] = []
