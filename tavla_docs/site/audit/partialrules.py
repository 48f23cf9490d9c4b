"""A partial's output held against the data it was rendered from: the notation legend against the
page's game, the comparison table's marked rows against their cells.

A project may replace a partial (`templates/notation_legend.html`, `templates/rules_summary.html`),
and its conditions decide what the reader is told: a legend whose test is inverted explains
entering from the bar in a game that has no bar, and a summary whose test is inverted highlights
the rows where the games agree under a note that says the highlighted rows are the differences.
Every word is still a catalog string and every cell a helper's fact, so only the rendered result,
read against the ruleset or the row it shows, names the fault.

>>> from types import SimpleNamespace
>>> rules = SimpleNamespace(variant="uzun", has_bar=False, blot="blocked")
>>> src = "<code>bar/23</code> {{ _('enters') }};\\n<code>13/7&#42;</code> {{ _('hits on 7') }}"
>>> [p.message for p in legend_problems("<code>bar/23</code> enters; <code>13/7&#42;</code> hits on 7", src,
...                                      "legend.html", rules)]  # doctest: +NORMALIZE_WHITESPACE
['the example bar/23 enters a checker from the bar, but uzun has no bar', \
'the example 13/7* marks a hit, but in uzun a lone opposing checker cannot be hit or pinned']
"""
from __future__ import annotations

import html
import re
from typing import Any

from ..provenance import strip
from .problems import Problem

_CODE = re.compile(r"<code>([^<]*)</code>")
_PLAY = re.compile(r"(?:bar|\d{1,2})(?:/(?:\d{1,2}|off)\*?)+(?:\(\d\))?")
_ROW = re.compile(r"<tr\b([^>]*)>(.*?)</tr>", re.S)
_TD = re.compile(r"<td\b[^>]*>(.*?)</td>", re.S)
_MARK = "tavla-differs"


def _at(source: str, needle: str) -> tuple[int, int]:
    """The line and column of `needle` in the template (1, 1 when it is not there as typed)."""
    at = source.find(needle)
    if at < 0:
        return 1, 1
    return source.count("\n", 0, at) + 1, at - (source.rfind("\n", 0, at) + 1) + 1


def legend_problems(rendered: str, source: str, shown: str, rules: Any) -> list[Problem]:
    """Each example play of a legend rendered for one game that the game cannot play: an entry
    from the bar where it has no bar, a hit (`*`) where a lone opposing checker is neither hit nor
    pinned."""
    if rules is None:
        return []
    out = []
    for m in _CODE.finditer(rendered):
        typed = m.group(1)
        play = html.unescape(typed)
        if not _PLAY.fullmatch(play):
            continue
        line, col = _at(source, f"<code>{typed}</code>")
        if play.startswith("bar/") and not getattr(rules, "has_bar", True):
            out.append(Problem(shown, line, col, "error", "legend",
                               f"the example {play} enters a checker from the bar, but {rules.variant} has no bar",
                               "leave the bar's line out of the legend where the page's game has no bar "
                               "(`rules.has_bar`)"))
        if "*" in play and getattr(rules, "blot", "hit") not in ("hit", "pin"):
            out.append(Problem(shown, line, col, "error", "legend",
                               f"the example {play} marks a hit, but in {rules.variant} a lone opposing checker "
                               "cannot be hit or pinned",
                               "show `*` only where the page's game hits or pins a blot (`rules.blot`)"))
    return out


def row_mark_problems(rendered: str, source: str, shown: str) -> list[Problem]:
    """In a comparison table that marks rows (`tavla-differs`), each row marked although its cells
    agree, or left unmarked although they differ."""
    if _MARK not in rendered:
        return []
    line, col = _at(source, _MARK)
    out = []
    for m in _ROW.finditer(rendered):
        cells = [" ".join(html.unescape(strip(c)).split()) for c in _TD.findall(m.group(2))]
        if len(cells) < 2:
            continue
        marked, differ = _MARK in m.group(1), len(set(cells)) > 1
        if marked == differ:
            continue
        label = re.search(r"<th\b[^>]*>(.*?)</th>", m.group(2), re.S)
        name = " ".join(html.unescape(strip(label.group(1))).split()) if label else cells[0]
        what = "marked as differing, but every game has" if marked else "not marked, but the games differ:"
        out.append(Problem(shown, line, col, "error", "row-mark",
                           f"the row \"{name}\" is {what} {' / '.join(dict.fromkeys(cells))}",
                           "mark a row when its cells differ (`row.differs`), and only then"))
    return out
