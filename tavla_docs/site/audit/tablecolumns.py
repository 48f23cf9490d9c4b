"""A table's header bound to the column under it: the helper that fills a table says which catalog
label heads which of its row fields, and the rendered table must agree.

A project may replace a table's partial (`templates/race_table.html`). Its header cells are catalog
words and its body cells print the helper's row fields (`{{ row.on_roll }}`); nothing ties one to the
other, so a template that swaps two `<th>` (or two `<td>`) makes every row read as the other side's
numbers, and every number is still computed. The helper passes its columns (`Columns`: field →
the msgids that may head it); after the partial renders, each header cell whose words are one of
those labels must stand above the cells that print its field (`row.<field>`, read from the
provenance marks of the first body row).

>>> import gettext
>>> from tavla_docs.site.provenance import recording, mark
>>> src = "<table><thead><tr><th>{{ _('B') }}</th><th>{{ _('A') }}</th></tr></thead>\\n" \\
...       "<tbody><tr><td>{{ row.a }}</td><td>{{ row.b }}</td></tr></tbody></table>"
>>> with recording():
...     html = ("<table><thead><tr><th>" + mark(1, "B", False, 0) + "</th><th>" + mark(1, "A", False, 1)
...             + "</th></tr></thead>\\n<tbody><tr><td>" + mark(2, "1", False, 2) + "</td><td>"
...             + mark(2, "2", False, 3) + "</td></tr></tbody></table>")
>>> [p.message for p in column_problems(html, src, "t.html", {"a": ("A",), "b": ("B",)}, gettext.NullTranslations())]
['the header of column 1 says "B", but the cells under it print `{{ row.a }}`, the column the helper heads "A"', \
'the header of column 2 says "A", but the cells under it print `{{ row.b }}`, the column the helper heads "B"']
"""
from __future__ import annotations

import gettext
import html
import re
from collections.abc import Mapping

from ..provenance import spans, strip
from ..tablelabels import ALL_COLUMNS
from .problems import Problem
from .scan import TAG

#: field → the msgids that may head its column: a plain msgid, or a (singular, plural) pair whose
#: `%(num)d` is any number ("Off within %(num)d rolls").
Columns = Mapping[str, tuple[str | tuple[str, str], ...]]

_TABLE = re.compile(r"<table\b.*?</table>", re.S)
_HEAD = re.compile(r"<thead\b.*?</thead>", re.S)
_BODY_ROW = re.compile(r"<tbody\b[^>]*>\s*<tr\b[^>]*>(.*?)</tr>", re.S)
_CELL = re.compile(r"<t([hd])\b[^>]*>(.*?)</t\1>", re.S)
_FIELD = re.compile(r"\{\{-?\s*\w+\.(\w+)")
HINT = ("keep each header above the column it names: the header cells and the row's cells go in the same "
        "order (docs/authoring.md, \"Overriding a partial\")")


def _labels(columns: Columns, t: gettext.NullTranslations) -> dict[str, list[re.Pattern[str]]]:
    out: dict[str, list[re.Pattern[str]]] = {}
    for field, msgids in columns.items():
        pats = []
        for m in msgids:
            forms = [t.gettext(m)] if isinstance(m, str) else [t.ngettext(m[0], m[1], n) for n in (1, 2, 5)]
            pats += [re.compile(re.escape(f.replace("%(num)d", "\x00")).replace("\x00", r"\d+")) for f in forms]
        out[field] = pats
    return out


def column_problems(marked: str, source: str, shown: str, columns: Columns,
                    t: gettext.NullTranslations) -> list[Problem]:
    """Each header cell naming another field's column than the one its cells print."""
    if not columns or "<table" not in marked:
        return []
    labels = _labels(columns, t)
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    out: list[Problem] = []
    for table in _TABLE.finditer(marked):
        head, row = _HEAD.search(table.group()), _BODY_ROW.search(table.group())
        if head is None or row is None:
            continue
        heads = [c.group(2) for c in _CELL.finditer(head.group())]
        cells = [c.group(2) for c in _CELL.finditer(row.group(1))]
        for k, (th, td) in enumerate(zip(heads, cells, strict=False), start=1):
            words = " ".join(html.unescape(strip(th)).split())
            heading = next((f for f, pats in labels.items() if any(p.fullmatch(words) for p in pats)), None)
            tag = _tag(td, tags)
            field = _FIELD.match(tag)
            if heading is None and field is not None and field.group(1) in columns:
                if words:
                    out.append(_unlabelled(k, words, th, tag, field.group(1), columns, labels, t, tags, source, shown))
                continue
            if heading is None or field is None or field.group(1) not in columns or field.group(1) == heading:
                continue
            want = _first_label(columns[field.group(1)], t)
            line, col = _at(th, tags, source)
            out.append(Problem(shown, line, col, "error", "table-column",
                               f"the header of column {k} says \"{words}\", but the cells under it print `{tag}`, "
                               f"the column the helper heads \"{want}\"", HINT))
    return out


def _unlabelled(k: int, words: str, th: str, tag: str, field: str, columns: Columns,
                own: dict[str, list[re.Pattern[str]]], t: gettext.NullTranslations, tags: list[re.Match[str]],
                source: str, shown: str) -> Problem:
    """A header that is none of the labels the helper gives the field its cells print: another
    table's label, this field's label for other rows, or words that name no column of the helper's."""
    want = _first_label(columns[field], t)
    foreign = _foreign(words, own, t)
    if foreign and foreign != field:
        why = (f"which heads another table's {foreign.replace('_', ' ')} column, but the cells under it print "
               f"`{tag}`, the column the helper heads \"{want}\"")
    elif foreign:
        why = (f"which heads that kind of column for other rows than this table's: the helper heads this "
               f"table's `{tag}` \"{want}\"")
    else:
        why = f"which is no label of the cells under it: they print `{tag}`, the column the helper heads \"{want}\""
    line, col = _at(th, tags, source)
    return Problem(shown, line, col, "error", "table-column", f"the header of column {k} says \"{words}\", {why}",
                   HINT + "; to change a header's words, translate its label in your catalog")


def _foreign(words: str, own: dict[str, list[re.Pattern[str]]], t: gettext.NullTranslations) -> str:
    """The field of another table whose label `words` is (and no label of this table's), or ""."""
    for table in ALL_COLUMNS:
        for field, pats in _labels(table, t).items():
            if any(p.fullmatch(words) for p in pats) and not any(p.fullmatch(words) for ps in own.values() for p in ps):
                return field
    return ""


def _tag(cell: str, tags: list[re.Match[str]]) -> str:
    """The `{{ … }}` that printed a cell's first value ("" when the cell prints none)."""
    span = next((s for s in spans(cell) if s.line), None)
    if span is None or not 0 <= span.index < len(tags):
        return ""
    return tags[span.index].group()


def _at(cell: str, tags: list[re.Match[str]], source: str) -> tuple[int, int]:
    span = next((s for s in spans(cell) if s.line), None)
    if span is None or not 0 <= span.index < len(tags):
        return (span.line if span else 1), 1
    at = tags[span.index].start()
    return source.count("\n", 0, at) + 1, at - (source.rfind("\n", 0, at) + 1) + 1


def _first_label(msgids: tuple[str | tuple[str, str], ...], t: gettext.NullTranslations) -> str:
    m = msgids[0]
    return t.gettext(m) if isinstance(m, str) else t.ngettext(m[0], m[1], 2)
