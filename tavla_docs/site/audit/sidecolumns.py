"""A Markdown table column headed by one side's name must print that side's facts.

A page's own table ("| Black's point | Checkers | Pips |") is typed header over a loop of computed
rows (`{% for t in s.pip_terms.black %}`). Every cell is computed, so when the loop runs over the
other side's list (`pip_terms.white`) the column reads as Black's points and prints White's, and no
number is typed. A fact that knows its side (`Num.side`, `FactList.side`: a count, a point in its
owner's numbering) is held against the header of its column: a header that names one side (typed or
printed, in the page's language: `sides`) and not the other is that column's side.

>>> from tavla_docs.site.provenance import recording, mark
>>> from tavla_docs.site.facts.numerals import Num
>>> src = "| Black's point | Pips |\\n|---|---|\\n| {{ t.point }} | {{ t.pips }} |"
>>> with recording():
...     text = ("| Black's point | Pips |\\n|---|---|\\n| " + mark(3, Num(6, "en").of_side("white"), False, 0)
...             + " | " + mark(3, Num(30, "en").of_side("white"), False, 1) + " |")
>>> for p in side_column_problems(text, "en", "x.md", src, 1, {"white": "White", "black": "Black"}): print(p.message)
`{{ t.point }}` prints White's 6 in the column headed "Black's point"
"""
from __future__ import annotations

import re

from .problems import Problem
from .reader import _printed_at
from .scan import TAG
from .sidemix import side_text

_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
HINT = ("loop over the list of the side the header names (`….pip_terms.black` under \"Black's …\"), or "
        "change the header (docs/authoring.md, \"What the build checks in the text a reader reads\")")


def _cells(line: str, offset: int) -> list[tuple[int, int]]:
    """The (start, end) of each cell of a Markdown table row, in the text's offsets."""
    bars = [i for i, c in enumerate(line) if c == "|"]
    if line.strip().startswith("|"):
        bars = bars[1:] if bars else bars
        begin = line.index("|") + 1
    else:
        begin = 0
    out = []
    for b in bars:
        out.append((offset + begin, offset + b))
        begin = b + 1
    if line[begin:].strip():
        out.append((offset + begin, offset + len(line)))
    return out


def side_column_problems(marked: str, lang: str, path: str, source: str, first_line: int, sides: dict[str, str],
                         severity: str = "error") -> list[Problem]:
    """Each side's fact printed in a table column whose header names only the other side."""
    if "|" not in marked or not any(c in marked for c in ("\U000f0001", "\U000f0002")):
        return []
    read = side_text(marked, lang, sides)
    if read is None:
        return []
    parts, text, folded, words, names = read.parts, read.text, read.folded, read.words, read.names
    lines = text.split("\n")
    starts = [0]
    for ln in lines:
        starts.append(starts[-1] + len(ln) + 1)
    column: dict[int, tuple[str, str]] = {}  # the current table's column → (side, header words)
    owner: list[tuple[int, int, str, str]] = []  # (start, end, side, header) of every body cell with a side
    for i, ln in enumerate(lines):
        if "|" not in ln:
            column = {}
            continue
        if i + 1 < len(lines) and _RULE.match(lines[i + 1]) and not _RULE.match(ln):
            column = {}
            for k, (a, b) in enumerate(_cells(ln, starts[i])):
                said = {words[n] for n in names.findall(folded, a, b)}
                if len(said) == 1:
                    column[k] = (said.pop(), text[a:b].strip())
            continue
        if column and not _RULE.match(ln):
            for k, (a, b) in enumerate(_cells(ln, starts[i])):
                if k in column:
                    owner.append((a, b, *column[k]))
    if not owner:
        return []
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    out = []
    for p in parts:
        if not (p.computed and p.side):
            continue
        cell = next((c for c in owner if c[0] <= p.start < c[1]), None)
        if cell is None or cell[2] == p.side:
            continue
        line, col, tag = _printed_at(tags, source, p)
        out.append(Problem(path, line + first_line - 1, col, severity, "side-column",
                           f"`{tag}` prints {p.side.capitalize()}'s {p.text} in the column headed \"{cell[3]}\"", HINT))
    return out
