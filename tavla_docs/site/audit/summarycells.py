"""A rules table's cells held against the columns they stand under.

`rules_summary()` passes a partial the games' names (`names`) and one row per rule whose
`cells` are in the same order. A project's `templates/rules_summary.html` decides where each
goes: a template that reverses, sorts or shifts the cells (`row.cells|reverse`) while the
headers keep their order puts Backgammon's cube under "Tavla". Every cell is still a computed
fact, so only the rendered table, read header by header against the rows, names the fault.

>>> from types import SimpleNamespace as R
>>> rows = [R(label="Cube", cells=("none", "yes"))]
>>> src = "<th>{{ name }}</th>\\n{% for cell in row.cells|reverse %}<td>{{ cell }}</td>{% endfor %}"
>>> html = "<tr><th>Rule</th><th>Tavla</th><th>Backgammon</th></tr><tr><th>Cube</th><td>yes</td><td>none</td></tr>"
>>> [p.message for p in cell_problems(html, src, "t.html", ["Tavla", "Backgammon"], rows)]
['the rules table\\'s cell under "Tavla" in the row "Cube" reads "yes", which is Backgammon\\'s; Tavla\\'s is "none"']
>>> cell_problems(html.replace("<td>yes</td><td>none</td>", "<td>none</td><td>yes</td>"), src, "t.html",
...               ["Tavla", "Backgammon"], rows)
[]
"""
from __future__ import annotations

import html as htmllib
import re
from collections.abc import Sequence
from typing import Any

from ..provenance import strip
from .problems import Problem

_ROW = re.compile(r"<tr\b[^>]*>(.*?)</tr>", re.S)
_CELL = re.compile(r"<(th|td)\b[^>]*>(.*?)</t[hd]>", re.S)
_TAG = re.compile(r"<[^>]+>")
HINT = "print `row.cells` in the order of `names`, so each cell stands under its own game's header"


def _text(value: Any) -> str:
    return " ".join(htmllib.unescape(_TAG.sub(" ", strip(str(value)))).split())


def _at(source: str) -> tuple[int, int]:
    """Where the template prints a row's cells (`row.cells`, else its first `<td`)."""
    for needle in ("row.cells", "<td"):
        at = source.find(needle)
        if at >= 0:
            return source.count("\n", 0, at) + 1, at - (source.rfind("\n", 0, at) + 1) + 1
    return 1, 1


def cell_problems(rendered: str, source: str, shown: str, names: Sequence[Any], rows: Sequence[Any]) -> list[Problem]:
    """The first cell of a rendered rules table that is not its column's game's (one problem: a
    template that moves one cell moves others with it)."""
    games = [_text(n) for n in names]
    if len(set(games)) != len(games) or len(games) < 2:
        return []
    table = [[(kind, _text(c)) for kind, c in _CELL.findall(r)] for r in _ROW.findall(rendered)]
    header = next((r for r in table if all(k == "th" for k, _ in r) and sum(t in games for _, t in r) >= 2), None)
    if header is None:
        return []
    columns = {j: games.index(t) for j, (_, t) in enumerate(header) if t in games}
    body = [r for r in table if any(k == "td" for k, _ in r)]
    by_label = {_text(r.label): r for r in rows if getattr(r, "label", None) is not None}
    line, col = _at(source)
    for i, cells in enumerate(body):
        label = next((t for k, t in cells if k == "th"), "")
        row = by_label.get(label) or (rows[i] if len(body) == len(rows) else None)
        if row is None:
            continue
        expected = [_text(c) for c in row.cells]
        for j, k in columns.items():
            if j >= len(cells) or k >= len(expected) or cells[j][1] == expected[k]:
                continue
            owner = next((games[m] for m, e in enumerate(expected) if e == cells[j][1]), None)
            whose = f"which is {owner}'s" if owner else "which is no game's of this table"
            return [Problem(shown, line, col, "error", "summary-cell",
                            f"the rules table's cell under \"{games[k]}\" in the row \"{label or row.label}\" "
                            f"reads \"{cells[j][1]}\", {whose}; {games[k]}'s is \"{expected[k]}\"", HINT)]
    return []
