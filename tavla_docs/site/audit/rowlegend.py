"""A partial's sentence about the rows its table highlights, held against the rows it highlights.

A comparison table marks some rows (a class the other rows lack: `tavla-differs`) and explains the
mark in a sentence of its own ("Highlighted rows are the differences."). The rows a render marks are
known: their cells differ from game to game, or agree (`partialrules.row_mark_problems` holds each
mark against its cells). A sentence that says the highlighted rows are what the games share, when
the marked rows are where they differ (or the other way round), tells the reader to read the table
backwards: an error at the `{{ … }}` that printed it. The sentence is read for its side only: words
of differing ("differ", "differences", "farklı", "διαφορές") or of sharing ("share", "the same",
"common", "ortak", "aynı", "κοινοί"), the first after the words for highlighted rows, turned round by
a negation ("not", "değil", "-maz", "δεν") or by rows named as not highlighted ("vurgulanmayan").

>>> table = ('<table><tr><th>R</th><th>A</th><th>B</th></tr><tr class="m"><th>x</th><td>1</td><td>2</td></tr>'
...          '<tr><th>y</th><td>3</td><td>3</td></tr></table>')
>>> [p.message for p in legend_problems(table + "<p>Highlighted rows are the rules every game shares.</p>", "", "t.html")]
... # doctest: +NORMALIZE_WHITESPACE
['this sentence says the highlighted rows are what the games share, but the table highlights the rows where they
  differ ("x": 1 / 2)']
>>> legend_problems(table + "<p>Vurgulanan satırlar oyunlar arasındaki farklardır.</p>", "", "t.html")
[]
"""
from __future__ import annotations

import html as htmllib
import re

from ..provenance import spans, strip
from .partialfacts import expressions
from .problems import Problem

_TABLE = re.compile(r"<table\b.*?</table>", re.S | re.I)
_ROW = re.compile(r"<tr\b([^>]*)>(.*?)</tr>", re.S)
_TD = re.compile(r"<td\b[^>]*>(.*?)</td>", re.S)
_TH = re.compile(r"<th\b[^>]*>(.*?)</th>", re.S)
_CLASS = re.compile(r"""\bclass\s*=\s*["']([^"']*)["']""")
_TAG = re.compile(r"<[^>]+>")
_MARKED = re.compile(
    r"\b(?:(?:un|not )?(?:highlighted|marked|shaded|colou?red|emphasi[sz]ed|flagged|tinted)|bold)"
    r" (?:rows?|lines?|entries)\b"
    r"|\b(?:vurgula(?:nan|nmış|nmayan|nmamış)|vurgulu|vurgusuz|işaretl(?:i|enen|enmiş|enmeyen)|işaretsiz|renkli|renklendirilmiş)"
    r" (?:satır|sıra)\w*"
    r"|(?:επισημασμέν|τονισμέν|χρωματισμέν|σημειωμέν)\w* (?:γραμμ|σειρ)\w*", re.I)
_NOT_MARKED = re.compile(r"\bun\w+|\bnot |nmayan|nmamış|enmeyen|vurgusuz|işaretsiz", re.I)
_DIFFER = re.compile(r"\b(?:differ\w*|different|distinct|disagree\w*|var(?:y|ies)|unlike|fark\w*|ayrı\w*|değiş(?:en|ir)\w*"
                     r"|διαφορ\w*|διαφέρ\w*)", re.I)
_SAME = re.compile(r"\b(?:share[sd]?|sharing|same|common|alike|agree\w*|identical|every (?:game|variant)|all (?:games|variants)"
                   r"|ortak\w*|aynı\w*|benzer\w*|her oyun\w*|κοιν\w*|ίδι\w*|όμοι\w*)", re.I)
_NEGATION = re.compile(r"\b(?:not|never|no|none)\b|n't\b|\bdeğil\w*|\b\w+m[ae]z(?:lar)?\b|\b(?:δεν|όχι|μη|μην)\b", re.I)
_END = re.compile(r"[.;:!?](?:\s|$)")
_SAYS = {"differ": "where the games differ", "same": "what the games share"}
_HIGHLIGHTS = {"differ": "the rows where they differ", "same": "the rows they share"}
HINT = "say what the table's highlighting marks: the rows it highlights are computed, the sentence is typed"


def _text(fragment: str) -> str:
    return " ".join(htmllib.unescape(_TAG.sub(" ", fragment)).split())


def _classes(attributes: str) -> set[str]:
    m = _CLASS.search(attributes)
    return set(m.group(1).split()) if m else set()


def _marked_side(plain: str) -> tuple[str, str] | None:
    """("differ" | "same", an example row) for the rows the render's tables mark, when all agree."""
    sides, example = set(), ""
    for table in _TABLE.findall(plain):
        rows = [(_classes(a), body) for a, body in _ROW.findall(table)]
        body_rows = [(c, b) for c, b in rows if _TD.search(b)]
        every = set.intersection(*(c for c, _ in body_rows)) if body_rows else set()
        marks = {k for c, _ in body_rows for k in c} - every
        for classes, body in body_rows:
            if not classes & marks:
                continue
            cells = [_text(c) for c in _TD.findall(body)]
            if len(cells) < 2:
                continue
            side = "differ" if len(set(cells)) > 1 else "same"
            sides.add(side)
            if not example:
                label = _TH.search(body)
                example = f"\"{_text(label.group(1)) if label else cells[0]}\": " + \
                    " / ".join(c if len(c) <= 40 else c[:37] + "…" for c in dict.fromkeys(cells))
    return (sides.pop(), example) if len(sides) == 1 else None


def _said(clause: str, subject: str) -> str | None:
    """The side a clause after the words for highlighted rows says they are (None: neither)."""
    first = min((m for m in (_DIFFER.search(clause), _SAME.search(clause)) if m), key=lambda m: m.start(), default=None)
    if first is None:
        return None
    side = "differ" if _DIFFER.fullmatch(first.group(0)) else "same"
    flips = bool(_NEGATION.search(clause[:first.start()])) + bool(_NOT_MARKED.search(subject))
    return side if flips % 2 == 0 else {"differ": "same", "same": "differ"}[side]


def legend_problems(marked: str, source: str, shown: str) -> list[Problem]:
    """Each sentence of a partial's render outside its tables that says its highlighted rows are the
    other side (shared / differing) than the rows its tables highlight."""
    plain = strip(marked)
    if "<table" not in plain or not _MARKED.search(plain):
        return []
    truth = _marked_side(plain)
    if truth is None:
        return []
    blank = _TAG.sub(lambda m: " " * len(m.group(0)), _TABLE.sub(lambda m: " " * len(m.group(0)), plain))
    out = []
    for m in _MARKED.finditer(blank):
        end = _END.search(blank, m.end())
        said = _said(blank[m.end():end.start() if end else len(blank)], m.group(0))
        if said is None or said == truth[0]:
            continue
        line, col = _where(marked, source, m.start())
        out.append(Problem(shown, line, col, "error", "row-legend",
                           f"this sentence says the highlighted rows are {_SAYS[said]}, but the table highlights "
                           f"{_HIGHLIGHTS[truth[0]]} ({truth[1]})", HINT))
    return out


def _where(marked: str, source: str, at: int) -> tuple[int, int]:
    """The line and column of the `{{ … }}` that printed the reader's text at `at` (1, 1: unknown)."""
    span = next((s for s in spans(marked) if s.start <= at < s.start + len(s.text) and s.line), None)
    if span is None:
        return 1, 1
    exprs = expressions(source)
    if 0 <= span.index < len(exprs):
        return exprs[span.index].line, exprs[span.index].col
    return span.line, 1
