"""The audit of what the reader reads: a page or caption after Jinja, with its provenance marks.

The source audit (`scan`) classifies what a page *writes*; this module judges what it
*prints*. A page renders with every `{{ … }}` output marked (`site.provenance`): a
helper's computed fact, or a value the template made itself (a typed argument echoed
back, arithmetic, `loop.index`, a `format`, a catalog string). A number, roll, play or
number word the reader sees inside printed-but-not-computed text is a problem at the
line of the `{{ … }}` that printed it.

Markdown can also rewrite what was typed: a line that starts with `3.` becomes item 1
of a numbered list, and the 3 is gone from the page (Python-Markdown numbers every list
from 1). `list_markers` finds those lines; a list numbered 1, 2, 3, … is a list, and
its numbers are not facts.

>>> from tavla_docs.site.provenance import recording, mark
>>> from tavla_docs.site.facts.numerals import Num
>>> with recording():
...     text = "Pul " + mark(1, Num(4, "tr"), False) + ", " + mark(2, 5, False) + " hane."
>>> [(p.line, p.message) for p in printed_problems(text, "tr", "x.md", "Pul {{ n }},\\n{{ n + 1 }} hane.", 1)]
[(2, "'5' is printed by `{{ n + 1 }}`, which is not a helper's fact")]
>>> from tavla_docs.site.audit.listmarkers import list_markers
>>> [(m.line, m.number, m.shown) for m in list_markers("Bir.\\n\\n3. oyundan sonra\\n\\nSonra.\\n\\n1. a\\n2. b\\n")]
[(3, 3, 1), (7, 1, 1), (8, 2, 2)]
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from ..provenance import spans, strip
from . import langlex
from .listmarkers import swallowed
from .patterns import find_facts
from .problems import Problem
from .scan import NOT_TEXT, TAG, keep_visible

PRINTED_HINT = ("print the fact from a helper (`s.…`, `rules().…`); a value typed as an argument, made by "
                "arithmetic or `loop.index`, or taken from a catalog string is typed, whatever the template does "
                "with it (docs/authoring.md, \"Facts in prose\")")


def printed_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                     severity: str = "error") -> list[Problem]:
    """The facts a reader sees in values the template printed but no helper computed."""
    if "\ue001" not in marked:
        return []
    parts = spans(marked)
    text = "".join(p.text for p in parts)
    owner: list[Any] = [None] * len(text)  # each character's printing span (None: computed, or the template's text)
    for p in parts:
        if p.line and not p.computed:
            owner[p.start:p.start + len(p.text)] = [p] * len(p.text)
    blanked = NOT_TEXT.sub(lambda m: keep_visible(m.group()), text)
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    out: list[Problem] = []
    seen: set[tuple[int, int, str]] = set()
    for fact in find_facts(blanked, lang):
        span = next((owner[i] for i in range(fact.start, fact.start + len(fact.text)) if owner[i]), None)
        if span is None:
            continue
        line, col, tag = _printed_at(tags, source, span)
        if (line, col, fact.text) in seen:
            continue
        seen.add((line, col, fact.text))
        shown = tag if len(tag) <= 80 else tag[:79] + "…"
        out.append(Problem(path, line + first_line - 1, col, severity, "printed",
                           f"{fact.text!r} is printed by `{shown}`, which is not a helper's fact", PRINTED_HINT))
    return out


def _tag_on(lines: list[str], line: int) -> str:
    if not 1 <= line <= len(lines):
        return ""
    m = TAG.search(lines[line - 1])
    tag = m.group() if m and m.group().startswith("{{") else ""
    return tag if len(tag) <= 80 else tag[:79] + "…"


def _tag_col(lines: list[str], line: int) -> int:
    if not 1 <= line <= len(lines):
        return 1
    return lines[line - 1].find("{{") + 1 or 1


def swallowed_problems(marked: str, path: str, source: str, first_line: int,
                       severity: str = "error") -> list[Problem]:
    """The list markers of the rendered page whose number the reader does not see, located at the
    `{{ … }}` that printed the number, or at the source line that types it."""
    text = strip(marked)
    lost = swallowed(text)
    if not lost:
        return []
    parts = spans(marked)
    starts = [0]
    for chunk in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(chunk))
    src_lines = source.splitlines()
    out = []
    for m in lost:
        at = starts[m.line - 1] + m.col - 1
        printed = next((p for p in parts if p.line and p.start <= at < p.start + len(p.text)), None)
        if printed is not None:
            line, col = printed.line, _tag_col(src_lines, printed.line)
        else:
            line, col = next(((i, len(x) - len(x.lstrip()) + 1) for i, x in enumerate(src_lines, start=1)
                              if x.lstrip().startswith(m.text)), (1, 1))
        out.append(Problem(path, line + first_line - 1, col, severity, "swallowed",
                           f"this line starts with {m.text!r}, which Markdown turns into list item {m.shown}: "
                           f"the reader never sees the {m.number}",
                           f"write `{m.number}\\{m.text[-1]}` to keep it as text, or start the sentence otherwise"))
    return out


def reader_report(problems: Iterable[Iterable[Problem]], mode: str, serving: bool, log: Any) -> str | None:
    """What a build does with what its pages print: nothing when the audit is off; warnings in
    the log when it warns (or under `mkdocs serve`, whose preview shows the page); else the text
    of the failure, every problem located, or None."""
    if mode == "off":
        return None
    found = sorted({p for ps in problems for p in ps}, key=lambda p: (p.path, p.line, p.col, p.message))
    if mode != "strict" or serving:
        for p in found:
            log.warning(p.format().replace(": error: ", ": warning: ", 1))
        return None
    if not found:
        return None
    return "\n".join(p.format() for p in found) + \
        f"\n{len(found)} problem{'s' if len(found) != 1 else ''} in what the pages print"


# a decimal point or comma between digits ("4.41 rolls", "4,41 atış") ends no clause
_CLAUSE = re.compile(r"[!?;:(\n]|(?<!\d)[.,]|[.,](?!\d)")
_ENTITY = re.compile(r"&(?:#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);")


def subject_problems(marked: str, lang: str, path: str, source: str, first_line: int, names: dict[str, str],
                     severity: str = "error") -> list[Problem]:
    """A side's count printed in a clause about the other side: "White's pip count is
    {{ s.pips.black }}". `names`: each side's name in the page's language (`White`, `Beyaz`);
    a clause that names only the other side before the count is a problem."""
    if not any(c in marked for c in ("\U000f0001", "\U000f0002")):
        return []
    parts = spans(marked)
    # a caption is escaped: the `;` of `White&#39;s` ends no clause, and the apostrophe stays one
    text = _ENTITY.sub(lambda m: ("'" if m.group() in ("&#39;", "&#x27;") else "_").ljust(len(m.group()), "_"),
                       "".join(p.text for p in parts))
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in names.values()) + r")(?=\W|$)", re.IGNORECASE)
    side_of = {n.lower(): side for side, n in names.items()}
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    out = []
    for p in parts:
        if not (p.computed and p.side):
            continue
        start = max((m.end() for m in _CLAUSE.finditer(text, 0, p.start)), default=0)
        said = pattern.findall(text, start, p.start)
        side = p.side
        if p.meaning == "lead" and _BEHIND.search(text, p.start, _clause_end(text, p.start)):
            side = _other(side)  # "Black is {{ s.pip_lead.by }} pips behind": the lead, said of the side behind
        if not said or {side_of.get(n.lower()) for n in said} != {_other(side)}:
            continue  # no side named, its own, or both ("White and Black both have …")
        line, col, tag = _printed_at(tags, source, p)
        if p.meaning == "lead":
            out.append(Problem(path, line + first_line - 1, col, severity, "subject",
                               f"`{tag}` is {names[p.side]}'s lead in the pip count ({p.text}), but the clause says "
                               f"{said[-1]} leads", "name the side that leads as `{{ ….pip_lead.side }}`"))
            continue
        out.append(Problem(path, line + first_line - 1, col, severity, "subject",
                           f"{names[p.side]}'s count ({p.text}) is printed by `{tag}` in a clause about {said[-1]}",
                           f"print the count of the side the sentence speaks of (….{_other(p.side)} for {said[-1]})"))
    return out


_BEHIND = re.compile(r"(?<!\w)(?:behind|trails?|trailing|geride\w*|geri\w*|arkada\w*)(?!\w)", re.IGNORECASE)


def _clause_end(text: str, at: int) -> int:
    m = _CLAUSE.search(text, at)
    return m.start() if m else len(text)


def _other(side: str) -> str:
    return "black" if side == "white" else "white"


# The words that name what a count counts, per language (its file's `counts:` section, `langlex`): a
# count printed beside another count's word and not its own ("{{ s.on_board.white }} checkers home")
# states a true number about the wrong thing. Families compete only within themselves (checkers, results).
@cache
def _name_re(lang: str) -> dict[str, re.Pattern[str]]:
    table = langlex.section(lang, "counts") or {}
    return {k: re.compile("|".join(rf"(?<!\w){w}" for w in ws), re.IGNORECASE) for k, ws in table.items()}


_FAMILIES = ({"home", "off", "left", "bar", "on_board"},
             {"single", "mars", "gammon", "katmerli_mars", "backgammon", "mother_pin", "draw"})
_SENTENCE = re.compile(r"[.!?;\n]")
_WINDOW = 40  # characters on each side of a count that name it ("… checkers home", "a mars: 2 points")


def meaning_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                     severity: str = "error") -> list[Problem]:
    """A count printed where the words around it name another count of its family, and not its
    own: "with {{ s.on_board.white }} checkers home", "a mars: {{ r.points.single }} points"."""
    names = _name_re(lang)
    if not names:
        return []
    parts = spans(marked)
    text = "".join(p.text for p in parts)
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    out = []
    for p in parts:
        if not (p.computed and p.meaning in names):
            continue
        family = next(f for f in _FAMILIES if p.meaning in f)
        start = max((m.end() for m in _SENTENCE.finditer(text, 0, p.start)), default=0)
        end = next((m.start() for m in _SENTENCE.finditer(text, p.start + len(p.text))), len(text))
        after = p.start + len(p.text)
        near = text[max(start, p.start - _WINDOW):p.start] + " " + text[after:min(end, after + _WINDOW)]
        said = {k for k in family if k in names and names[k].search(near)}
        own = {p.meaning, *({"mars", "gammon"} & {p.meaning} and {"mars", "gammon"}),
               *({"katmerli_mars", "backgammon"} & {p.meaning} and {"katmerli_mars", "backgammon"})}
        if not said or said & own:
            continue
        line, col, tag = _printed_at(tags, source, p)
        other = sorted(said)[0]
        out.append(Problem(path, line + first_line - 1, col, severity, "meaning",
                           f"`{tag}` prints the {p.meaning.replace('_', ' ')} count ({p.text}) where the words "
                           f"around it speak of {other.replace('_', ' ')}",
                           f"print the count the sentence names (….{other}), or say what this one counts"))
    return out


def printed_html_problems(marked: str, path: str, source: str, first_line: int, severity: str = "error") -> list[Problem]:
    """Raw HTML that runs code or loads from the network, printed by a `{{ … }}` (front matter a
    page prints, a string Jinja builds: `{{ "<scr" ~ "ipt>" }}`): the source audit sees only the
    page's own text, so what the page prints is audited as printed (`rawhtml`)."""
    if "\ue001" not in marked and "\ue000" not in marked:
        return []
    from .rawhtml import raw_html_problems

    parts = spans(marked)
    text = "".join(p.text for p in parts)
    starts = [0]
    for chunk in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(chunk))
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    out = []
    for p in raw_html_problems(text, path, 1, severity):
        at = starts[min(p.line, len(starts)) - 1] + p.col - 1
        printed = next((s for s in parts if s.line and s.start <= at < s.start + len(s.text)), None)
        if printed is None:
            continue  # the page's own text: the source audit reports it at its line
        line, col, tag = _printed_at(tags, source, printed)
        out.append(Problem(path, line + first_line - 1, col, severity, "raw-html",
                           f"{p.message}, printed by `{tag}`", p.hint))
    return out


def _printed_at(tags: list[re.Match[str]], source: str, span: Any) -> tuple[int, int, str]:
    """(line, column, text) of the `{{ … }}` that printed `span`: the n-th tag of the source, as the
    mark says (`provenance`), else the mark's line."""
    if 0 <= span.index < len(tags):
        m = tags[span.index]
        line = source.count("\n", 0, m.start()) + 1
        if line == span.line or not span.line:
            return line, m.start() - (source.rfind("\n", 0, m.start()) + 1) + 1, m.group()
    lines = source.splitlines()  # the n-th tag is not the printer (Jinja read the source otherwise): its line
    return span.line, _tag_col(lines, span.line), _tag_on(lines, span.line) or "{{ … }}"
