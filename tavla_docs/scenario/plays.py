"""Plays written in a scenario (`show:`, `legal:`, `forced:`, `result: {of: …}`) → resulting positions.

Claims compare plays by resulting position, so a written play is reduced to that
position's key here; a play that cannot be read or played is reported at the
column inside the string where it goes wrong.
"""
from __future__ import annotations

from typing import Any

from ..engine.board import Position, Side
from ..engine.notation import NotationError, Segment, parse_play
from ..engine.rules import Ruleset
from ..engine.written import ClosedPointError, original_column, resulting_position, segment_columns
from .fields import Collector, P, kind

PositionKey = tuple  # Position.key(); `()` stands for "lands on a closed point"


def play_text(c: Collector, raw: Any, path: P, what: str) -> str | None:
    """The play as text (YAML reads `24` as a number); None after reporting a non-play."""
    if isinstance(raw, bool) or raw is None or not isinstance(raw, str | int):
        c.err(path, f"{what} takes a play in notation like 9/3 3/off, not {kind(raw)}")
        return None
    return str(raw)


def segments(c: Collector, text: str, path: P, what: str) -> tuple[Segment, ...] | None:
    """The parsed play (`()` for no move), or None after reporting the column where it is not notation."""
    try:
        return parse_play(text)
    except NotationError as e:
        c.err(path, f"{what}: {e}", offset=original_column(text, e.column))
        return None


def written(c: Collector, text: str, path: P, pos: Position, side: Side, rules: Ruleset, what: str,
            closed_ok: bool = False) -> PositionKey | None:
    """The resulting position key of a written play, or None after reporting where it fails.

    With `closed_ok` (illegal: claims), a play onto a closed point gives the key `()`:
    no legal play matches it, so the claim holds."""
    parsed = segments(c, text, path, what)
    if parsed is None:
        return None
    try:
        return resulting_position(pos, side, parsed, rules, columns=segment_columns(text)).key()
    except ClosedPointError as e:
        if closed_ok:
            return ()
        c.err(path, f"{what}: {e}", offset=e.column)
        return None
    except NotationError as e:
        c.err(path, f"{what}: {e}", f"{side.value} to play:\n{pos}", offset=e.column)
        return None
