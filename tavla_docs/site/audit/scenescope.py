"""A section that draws one position and prints the facts of another the page draws elsewhere.

A page's sections (between headings) each show their figures and explain them; the numbers
under a figure come from a `{% set x = scenario("…") %}` the author named by hand. When that
name is a scenario the page draws in *another* section, and not in this one, the reader reads
the counts, rolls and odds of the other position under this section's diagram: every value is
computed and true of some position, so nothing else finds it. A section that draws nothing, or
that draws the scenario too, is not judged (an odds table's positions, a comparison with an
earlier figure that is drawn again), nor is a scenario the page never draws (an odds page's
one-checker positions, which its text describes itself). A scenario's roll alone is an example
roll ("for example, {{ threes.roll }} is played …"), not a fact of its position, and a sentence
that points at a figure ("the example above") is judged by `deixis` instead.

>>> from tavla_docs.site.audit.scan import scan_page
>>> body = ('{% set a = scenario("p/a") %}\\n## One\\n{{ diagram("p/a") }}\\n'
...         '## Two\\n{{ diagram("p/b") }}\\nHere {{ a.pips.white }}.\\n')
>>> [p.message[:72] for p in scene_scope_problems(body, 1, scan_page(body, "en"), "x.md", "en")]
['this section draws `p/b` but prints `a.pips.white`, a fact of `p/a` (nam']
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .deixis import deixis_problems, line_starts, offset, pointer_sentences, scenario_facts, yaml_turn
from .problems import Problem
from .scan import Finding

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^#{1,6}\s")
HINT = ("name the scenario this section draws in its `{% set … = scenario(\"…\") %}`, or draw the position "
        "whose facts the section gives (docs/authoring.md, \"Facts in prose\")")


def heading_lines(body: str, first: int) -> list[int]:
    """The page lines (counting from `first`) of the body's Markdown headings, outside code fences."""
    out, fenced = [], False
    for i, line in enumerate(body.splitlines()):
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced and _HEADING.match(line):
            out.append(first + i)
    return out


def section_of(line: int, headings: list[int]) -> int:
    """The index of the section holding page line `line` (0: before the first heading)."""
    return sum(1 for h in headings if h <= line)


def set_line(body: str, first: int, name: str) -> int | None:
    """The page line of the `{% set x = scenario("name") %}` that names scenario `name`, if one does."""
    m = re.search(r"\{%-?\s*set\s+\w+\s*=\s*scenario\(\s*['\"]" + re.escape(name) + r"['\"]", body)
    return None if m is None else first + body.count("\n", 0, m.start())


def figures(findings: Iterable[Finding]) -> list[Finding]:
    """The page's figures (a diagram, a story, a board to try), in source order."""
    return sorted((f for f in findings if f.kind == "figure" and f.scenario), key=lambda f: (f.line, f.col))


def only_roll(key: str | None) -> bool:
    """Whether a fact is a scenario's roll (or its dice), not a fact of its position."""
    m = re.match(r"scenario\('[^']*'\)\.(\w+)", key or "")
    return m is not None and m.group(1) == "roll"


def scene_scope_problems(body: str, first: int, findings: Iterable[Finding], shown: str, lang: str,
                         level: str = "error") -> list[Problem]:
    """One problem per section and scenario: a section drawing figures that prints the facts of a
    scenario the page draws only in other sections."""
    found = list(findings)
    headings = heading_lines(body, first)
    drawn: dict[int, set[str]] = {}
    where: dict[str, int] = {}
    for f in figures(found):
        assert f.scenario is not None
        drawn.setdefault(section_of(f.line, headings), set()).add(f.scenario)
        where.setdefault(f.scenario, f.line)
    starts = line_starts(body)
    pointing = [(s.start, s.end) for s, _ in pointer_sentences(body, lang)]
    out: list[Problem] = []
    seen: set[tuple[int, str]] = set()
    for f in scenario_facts(found):
        if only_roll(f.key):
            continue
        if any(a <= offset(starts, first, f) < b for a, b in pointing):
            continue
        sec = section_of(f.line, headings)
        here = drawn.get(sec)
        if not here or f.scenario in here or f.scenario not in where or (sec, f.scenario) in seen:
            continue
        seen.add((sec, f.scenario))
        this = ", ".join(f"`{s}`" for s in sorted(here))
        named = set_line(body, first, f.scenario)
        at = f" (named on line {named})" if named is not None else ""
        out.append(Problem(shown, f.line, f.col, level, "scene",
                           f"this section draws {this} but prints `{f.text}`, a fact of `{f.scenario}`{at}, "
                           f"which the page draws in another section (line {where[f.scenario]}): the reader "
                           "reads another position's facts under this section's figure", HINT))
    return out


def scene_problems(body: str, first: int, findings: Sequence[Finding], shown: str, lang: str, level: str,
                   doc_of: Callable[[str], Any]) -> list[Problem]:
    """A section, or a sentence pointing at a figure, that prints another position's facts
    (`doc_of(name)`: a drawn scenario's YAML, for the side on roll in its frames)."""
    from .scenemix import scene_mix_problems

    return scene_scope_problems(body, first, findings, shown, lang, level) + scene_mix_problems(
        body, first, findings, shown, level) + deixis_problems(
        body, first, findings, shown, lang, lambda name, step: yaml_turn(doc_of(name), step), level)
