"""A sentence that describes one position and gives the outcome of another.

"The {{ s66.left.white.words }} checkers on the {{ s66.points_of("white").first }}-point come off
in one roll only with {{ o66.rolls }}" reads as one position: the checkers it describes and the
rolls that bear them off. When the outcome (`odds`, `expected_rolls`, `race`) comes from another
scenario than every position the sentence describes (`left`, `points_of`, `pips`, …), each value
is computed and true of its own position, and the sentence is false: a `{% set %}` names the wrong
scenario. A sentence that describes each position it gives an outcome of ("a checker on the 1-,
2- or 3-point comes off with every roll: …"), or that describes none ("it comes off with …"), is
not judged.

>>> from tavla_docs.site.audit.scan import scan_page
>>> body = ('{% set a = scenario("p/a") %}{% set b = scenario("p/b") %}'
...         'The {{ a.left.white }} checkers come off with {{ b.odds.bears_off.rolls }}.')
>>> [p.message[:61] for p in scene_mix_problems(body, 1, scan_page(body, "en"), "x.md")]
['this sentence describes the position of `p/a` (`a.left.white`']
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from .deixis import blanked, line_starts, offset, scenario_facts
from .problems import Problem
from .scan import Finding

DESCRIBE = frozenset({"left", "points_of", "pips", "pip_terms", "point", "longest_row", "position", "checkers"})
OUTCOME = frozenset({"odds", "expected_rolls", "expected_rolls_of", "race"})
_ATTR = re.compile(r"scenario\('([^']*)'\)\.(\w+)")
_END = re.compile(r"[.!?](?=\s|$)|\n")
HINT = ("give the outcome of the position the sentence describes: the `{% set %}` of that scenario "
        "(docs/authoring.md, \"Facts in prose\")")


def _attr(f: Finding) -> str | None:
    m = _ATTR.match(f.key or "")
    return m.group(2) if m else None


def scene_mix_problems(body: str, first: int, findings: Iterable[Finding], shown: str,
                       level: str = "error") -> list[Problem]:
    """One problem per sentence: an outcome of a scenario the sentence does not describe, while it
    describes another."""
    starts = line_starts(body)
    ends = [m.start() for m in _END.finditer(blanked(body))] + [len(body)]
    sentences: dict[int, list[Finding]] = {}
    for f in scenario_facts(findings):
        if f.kind != "play":
            at = offset(starts, first, f)
            sentences.setdefault(next(i for i, e in enumerate(ends) if e >= at), []).append(f)
    out: list[Problem] = []
    for facts in sentences.values():
        described: dict[str | None, Finding] = {}
        for f in facts:
            if _attr(f) in DESCRIBE:
                described.setdefault(f.scenario, f)
        odd = next((f for f in facts if _attr(f) in OUTCOME and f.scenario not in described), None)
        if odd is None or not described:
            continue
        names = ", ".join(f"`{s}` (`{f.text}`)" for s, f in described.items())
        out.append(Problem(shown, odd.line, odd.col, level, "scene",
                           f"this sentence describes the position of {names} but gives `{odd.text}`, the "
                           f"outcome of `{odd.scenario}`, a position it does not describe", HINT))
    return out
