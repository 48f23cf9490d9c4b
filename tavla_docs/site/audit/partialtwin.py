"""A project's partial held against the package's own: it may restyle what the package's prints,
not change it.

A project's `templates/x.html` replaces the package's `partials/x.html` and is rendered with the
same helper data. The build renders the package's partial with that data too and compares the facts
the two print (`partialfacts`): in a table, cell by cell under each header the package prints, in the
row the package's row label names; outside tables, the values each `{{ … }}` prints, in order. A value
moved under another header (`row.within|reverse`), replaced by another (`row.within[0].text` where
the column is `row.expected.text`), a label counting otherwise (`ngettext(…, count - 1)`) or a list
reordered (`figures|reverse`) is an error at the override's `{{ … }}`. Wording and markup may
differ freely (the catalog's words are not compared, nor a message's own words, only the numbers
filled in); a column, an attribute or a value the project leaves out is its choice, not an error.

>>> pkg = '<table><tr><th>{{ _("P") }}</th><th>{{ _("A") }}</th><th>{{ _("B") }}</th></tr>\\n' \\
...       '{% for r in rows %}<tr><td>{{ r.l }}</td>{% for c in r.v %}<td>{{ c }}</td>{% endfor %}</tr>{% endfor %}</table>'
>>> from types import SimpleNamespace as R
>>> from tavla_docs.site import provenance
>>> import jinja2
>>> from tavla_docs.site.partialaudit import PartialEnvironment
>>> env = PartialEnvironment(extensions=["jinja2.ext.i18n"], autoescape=True)
>>> env.install_null_translations(newstyle=True)
>>> rows = [R(l="x", v=["1", "2"])]
>>> with provenance.recording():
...     a = env.from_string(pkg).render(rows=rows)
...     b = env.from_string(pkg.replace("r.v %", "r.v|reverse %")).render(rows=rows)
>>> [p.message for p in twin_problems(b, pkg.replace("r.v %", "r.v|reverse %"), "t.html", a, pkg, "x.html")]
['the cell under "A" in the row "x" reads "2" (the package\\'s value under "B"), where the package\\'s x.html prints "1"']
>>> twin_problems(a, pkg, "t.html", a, pkg, "x.html")
[]
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ..provenance import strip
from .partialfacts import Cell, Expression, Fact, Table, expressions, facts, place
from .problems import Problem

HINT = ("a project's template may restyle the package's partial, not change what it prints: print each "
        "value the helper passes where the package's {name} prints it")


class _Render:
    """One render: its template's expressions, its tables and the facts outside them."""

    def __init__(self, marked: str, source: str) -> None:
        self.exprs = expressions(source)
        self.tables, self.outside = place(strip(marked), facts(marked, self.exprs))

    def at(self, fact: Fact | None) -> tuple[int, int]:
        if fact is not None and 0 <= fact.index < len(self.exprs):
            e = self.exprs[fact.index]
            return e.line, e.col
        return 1, 1


def twin_problems(marked: str, source: str, shown: str, package_marked: str, package_source: str,
                  name: str) -> list[Problem]:
    """The first fact the project's render `marked` prints otherwise than the package's partial `name`
    rendered with the same data (one problem: a template that moves one value moves others with it).
    Remembered by its inputs: a site renders the same partial with the same data again and again (both
    languages' figures, every build of `make serve`, each red-team edit), and reading a render whole,
    character by character, is most of this check's cost."""
    return list(_twin_problems(marked, source, shown, package_marked, package_source, name))


@lru_cache(maxsize=512)
def _twin_problems(marked: str, source: str, shown: str, package_marked: str, package_source: str,
                   name: str) -> tuple[Problem, ...]:
    ours, theirs = _Render(marked, source), _Render(package_marked, package_source)
    if not ours.exprs or not theirs.exprs:
        return ()
    hint = HINT.format(name=name)
    for mine, pkg in zip(ours.tables, theirs.tables, strict=False):
        found = _table(mine, pkg, ours, shown, name, hint)
        if found:
            return (found,)
    found = _outside(ours, theirs, shown, name, hint)
    return (found,) if found else ()


def _header(table: Table) -> list[str] | None:
    row = next((r for r in table.rows if r and all(c.header for c in r)), None)
    return [c.text for c in row] if row is not None else None


def _body(table: Table) -> list[list[Cell]]:
    return [r for r in table.rows if any(not c.header for c in r)]


def _columns(mine: list[str] | None, pkg: list[str] | None, width: int) -> dict[int, int]:
    """The project's column of each package column: by header text, else by place when the widths agree."""
    if pkg is None or mine is None:
        return {j: j for j in range(width)}
    out: dict[int, int] = {}
    used: set[int] = set()
    for j, h in enumerate(pkg):
        k = next((k for k, t in enumerate(mine) if t == h and k not in used), None)
        if k is not None:
            out[j] = k
            used.add(k)
    if len(mine) == len(pkg):
        for j in range(len(pkg)):
            if j not in out and j not in used:
                out[j] = j
    return out


def _values(cell: Cell) -> tuple[str, ...]:
    return tuple(f.value for f in cell.facts if not f.attr)


def _words(cell: Cell) -> str:
    return " ".join(f.shown for f in cell.facts if not f.attr)


def _rows(mine: list[list[Cell]], pkg: list[list[Cell]], key: int | None) -> list[tuple[list[Cell], list[Cell]]]:
    """Each package row with the project's row of the same label (the cell under the first header),
    the rest by place when the counts agree."""
    pairs: list[tuple[list[Cell], list[Cell]]] = []
    left = list(range(len(mine)))
    labels = [r[0].text if r else "" for r in pkg]
    unique = len(set(labels)) == len(labels)
    unmatched = []
    for i, row in enumerate(pkg):
        k = None
        if unique and key is not None:
            k = next((k for k in left if key < len(mine[k]) and mine[k][key].text == labels[i]), None)
        if k is None:
            unmatched.append(i)
            continue
        left.remove(k)
        pairs.append((mine[k], row))
    if len(mine) == len(pkg):
        pairs += [(mine[i], pkg[i]) for i in unmatched if i in left]
    return pairs


def _table(mine: Table, pkg: Table, ours: _Render, shown: str, name: str, hint: str) -> Problem | None:
    heads_mine, heads_pkg = _header(mine), _header(pkg)
    body_mine, body_pkg = _body(mine), _body(pkg)
    width = max((len(r) for r in body_pkg), default=0)
    columns = _columns(heads_mine, heads_pkg, width)
    for row_mine, row_pkg in _rows(body_mine, body_pkg, columns.get(0)):
        label = row_pkg[0].text if row_pkg else ""
        for j, k in sorted(columns.items()):
            if j >= len(row_pkg):
                continue
            want = _values(row_pkg[j])
            got = _values(row_mine[k]) if k < len(row_mine) else ()
            if not want or got == want:
                continue
            header = heads_pkg[j] if heads_pkg and j < len(heads_pkg) else f"column {j + 1}"
            shown_got = _words(row_mine[k]) if got else row_mine[k].text if k < len(row_mine) else ""
            owner = next((f" (the package's value under \"{heads_pkg[m]}\")" for m, c in enumerate(row_pkg)
                          if heads_pkg and m < len(heads_pkg) and m != j and got and _values(c) == got), "")
            fact = next((f for f in row_mine[k].facts if not f.attr), None) if k < len(row_mine) else None
            if fact is None:
                fact = next((f for c in row_mine for f in c.facts), None)
            line, col = ours.at(fact)
            return Problem(shown, line, col, "error", "partial-twin",
                           f"the cell under \"{header}\" in the row \"{label}\" reads \"{_short(shown_got)}\"{owner}, "
                           f"where the package's {name} prints \"{_short(_words(row_pkg[j]))}\"", hint)
    return None


def _by_expression(render: _Render) -> dict[str, list[Fact]]:
    out: dict[str, list[Fact]] = {}
    for f in render.outside:
        if 0 <= f.index < len(render.exprs):
            e: Expression = render.exprs[f.index]
            out.setdefault(f"{e.key}@{f.attr}", []).append(f)
    return out


def _outside(ours: _Render, theirs: _Render, shown: str, name: str, hint: str) -> Problem | None:
    """Outside tables, each `{{ … }}` the two templates share (the same expression, filters that only
    reshape text aside) must print the same values in the same order."""
    mine, pkg = _by_expression(ours), _by_expression(theirs)
    for key, want_facts in pkg.items():
        got_facts = mine.get(key)
        if not got_facts:
            continue
        want, got = [f.value for f in want_facts], [f.value for f in got_facts]
        if want == got:
            continue
        said, says = [f.shown for f in want_facts], [f.shown for f in got_facts]
        line, col = ours.at(got_facts[0])
        where = f" in its {want_facts[0].attr} attribute" if want_facts[0].attr else ""
        if Counter(want) == Counter(got):
            message = (f"this {{{{ … }}}} prints the package's values in another order{where}: {_list(says)}, "
                       f"where the package's {name} prints {_list(said)}")
        else:
            k = next(i for i, (a, b) in enumerate(zip(want + [""], got + [""], strict=False)) if a != b)
            line, col = ours.at(got_facts[min(k, len(got_facts) - 1)])
            message = (f"this {{{{ … }}}} prints \"{_short(says[k] if k < len(says) else '')}\"{where}, where the "
                       f"package's {name} prints \"{_short(said[k] if k < len(said) else '')}\"")
        return Problem(shown, line, col, "error", "partial-twin", message, hint)
    return None


def _list(values: list[str]) -> str:
    short = [_short(v, 30) for v in values[:4]]
    return "\"" + "\", \"".join(short) + ("\", …" if len(values) > 4 else "\"")


def _short(value: str, most: int = 60) -> str:
    return value if len(value) <= most else value[:most - 1].rstrip() + "…"
