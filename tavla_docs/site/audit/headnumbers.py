"""A repeated column's header bound to the number the helper filled it for: "Off within 2 rolls"
must stand above the chances within two rolls.

A table may repeat one kind of column, once per number (`bearoff_table(within=[1, 2, 3])`: the
chance to be off within 1, 2 and 3 rolls). Its partial prints one header per number, from a catalog
label that says the number ("Off in 1 roll", "Off within %(num)d rolls"); a partial that picks the
wrong label for a number (`{% if n == 2 %}…"Off in 1 roll"`) heads the two-roll column "1", and every
chance under it is still computed. The helper passes the numbers its columns were filled for, in
order (`numbers={"within": (1, 2, 3)}`); the headers that are that field's labels (`tablelabels.COUNTED`)
must say those numbers, in that order.

>>> import gettext
>>> from tavla_docs.site.provenance import recording, mark
>>> src = "<table><thead><tr><th>{{ _('Off in 1 roll') }}</th><th>{{ _('Off in 1 roll') }}</th></tr></thead></table>"
>>> with recording():
...     html = ("<table><thead><tr><th>" + mark(1, "Off in 1 roll", False, 0) + "</th><th>"
...             + mark(1, "Off in 1 roll", False, 1) + "</th></tr></thead></table>")
>>> [p.message for p in number_problems(html, src, "t.html", {"within": (1, 2)}, gettext.NullTranslations())]
['the header of column 2 says "Off in 1 roll", but the helper filled that column for 2 (its columns are for 1, 2)']
"""
from __future__ import annotations

import gettext
import html
import re
from collections.abc import Mapping, Sequence

from ..provenance import strip
from ..tablelabels import COUNTED
from .problems import Problem
from .scan import TAG
from .tablecolumns import _at, _labels

_TABLE = re.compile(r"<table\b.*?</table>", re.S)
_HEAD = re.compile(r"<thead\b.*?</thead>", re.S)
_HEAD_CELL = re.compile(r"<th\b[^>]*>(.*?)</th>", re.S)
HINT = ("print each repeated column's header from the label of its own number, in the order of the helper's "
        "numbers (docs/authoring.md, \"Overriding a partial\")")


def number_problems(marked: str, source: str, shown: str, numbers: Mapping[str, Sequence[int]],
                    t: gettext.NullTranslations) -> list[Problem]:
    """Each header of a repeated column whose number is not the one the helper filled the column for."""
    if not numbers or "<table" not in marked:
        return []
    labels = _labels({f: COUNTED[f] for f in numbers if f in COUNTED}, t)
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    out: list[Problem] = []
    for table in _TABLE.finditer(marked):
        head = _HEAD.search(table.group())
        if head is None:
            continue
        cells = [(k, c.group(1)) for k, c in enumerate(_HEAD_CELL.finditer(head.group()), start=1)]
        for field, pats in labels.items():
            want = list(numbers[field])
            mine = [(k, th, " ".join(html.unescape(strip(th)).split())) for k, th in cells]
            mine = [(k, th, words) for k, th, words in mine if any(p.fullmatch(words) for p in pats)]
            for (k, th, words), n in zip(mine, want, strict=False):
                said = [int(d) for d in re.findall(r"\d+", words)]
                if said == [n]:
                    continue
                line, col = _at(th, tags, source)
                out.append(Problem(shown, line, col, "error", "table-column",
                                   f"the header of column {k} says \"{words}\", but the helper filled that column "
                                   f"for {n} (its columns are for {', '.join(map(str, want))})", HINT))
    return out
