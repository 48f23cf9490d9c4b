"""Numbered-list markers in Markdown, and the number each shows the reader.

Python-Markdown numbers every ordered list from 1, whatever the first marker says, so a line
that starts with `3.` after a blank line becomes item 1 and the 3 is gone (`audit.reader`);
and a list numbered 1, 2, 3 is a list whose numbers are not facts of the page (`audit.scan`).
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..provenance import strip


@dataclass(frozen=True)
class ListMarker:
    """A line Markdown reads as an ordered list item: its line (1-based, in the text given), the
    number typed, and the number the reader is shown (Python-Markdown numbers a list from 1)."""

    line: int
    col: int
    number: int
    shown: int
    text: str


_ITEM = re.compile(r"^( {0,3})(\d{1,9})([.)])(?:[ \t]+|$)")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def list_markers(text: str) -> Iterator[ListMarker]:
    """Every ordered-list marker of a Markdown text, with the number the reader sees."""
    shown = 0
    previous_blank = True
    in_list = False
    fenced = False
    for i, raw in enumerate(strip(text).splitlines(), start=1):
        if _FENCE.match(raw):
            fenced = not fenced
        if fenced:
            continue
        m = _ITEM.match(raw)
        if m and (previous_blank or in_list):
            shown = shown + 1 if in_list else 1
            in_list = True
            yield ListMarker(i, len(m.group(1)) + 1, int(m.group(2)), shown, m.group(2) + m.group(3))
        elif not raw.strip():
            pass
        elif in_list and (raw.startswith((" ", "\t")) or not previous_blank):
            pass  # the item goes on (indented, or a lazy continuation line)
        else:
            in_list = False
        previous_blank = not raw.strip()
        if previous_blank and not in_list:
            shown = 0


def swallowed(text: str) -> list[ListMarker]:
    """The list markers whose number the reader does not see (`3.` shown as item 1)."""
    return [m for m in list_markers(text) if m.number != m.shown]


def marker_lines(text: str) -> set[tuple[int, int]]:
    """(line, col) of every list marker the reader sees as typed: not facts of the page."""
    return {(m.line, m.col) for m in list_markers(text) if m.number == m.shown}


