"""A sentence of page prose whose words describe a situation the scenario it prints does not have.

"White, now on the bar, rolls {{ h3.roll }}" prints the roll of the story's third turn, and its
words say that White has a checker on the bar there. Every printed value is true of its own
scenario, so the fault is in the binding: `{{ h.roll }}` (the first turn, nothing on the bar), or
`{{ o7.roll }}` in "Barda pulunuz varken {{ … }} gelirse", prints a value of a frame the words do
not describe. Captions are held to their figure (`exhibited`, `emptypoints`, `plays`); this holds
page prose to the frame whose values it prints.

Each situation phrase (`situationwords`) of a clause is bound to the scenario frame of the
nearest value the clause prints from a `{% set x = scenario(…) %}` (or a `play(…, at=…)`): its
side names and `turn` are not a frame's values (a story's turns share them). A clause that prints
none and points at a figure ("in the next position", "sonraki konumda") is bound to that figure.
The frame then decides, by the engine and the position:

- "on the bar" / "barda": the side (named before the words, else the side on roll) has a checker
  on the bar (its negation: none);
- "a checker can be borne off" / "hiç pul toplanamaz": some legal play of the roll bears a
  checker off (or none does); a clause that moves the claim to a moment of the turn ("first",
  "until", "önce") or to one die or point is not judged here;
- "cannot bear off from the 4-point" / "4. haneden pul toplayamaz": the side has a checker there,
  and a refused play the clause prints (`play(…, legal=False)`) bears off from that point;
- "all of Black's checkers are behind the wall" / "bir pulu duvarı geçmiştir": the other side's
  longest row of held points has no (or some) checker of that side past it.

A counterfactual clause ("would", "olsaydı") is not read.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...engine.board import BAR, OFF, Side
from ..provenance import spans
from .problems import Problem
from .situationwords import BELOW, CONDITION, COUNTERFACTUAL, MOMENT, NEXT, PATTERNS, POINTERS, SECOND

HINT = ("print the values of the frame the words describe (its `{% set x = scenario(\"…\", step=N) %}`), or "
        "say what that frame shows (docs/authoring.md, \"What the build checks in the text a reader reads\")")
_SET = re.compile(r"\{%-?\s*set\s+(\w+)\s*=\s*scenario\(\s*([\"'])([^\"']+)\2\s*(?:,\s*step\s*=\s*(\d+)\s*)?\)\s*-?%\}")
_ROOT = re.compile(r"\{\{-?\s*(\w+)\s*\.\s*(\w+)")
_PLAY = re.compile(r"\{\{-?\s*play\(\s*([\"'])(?P<play>[^\"']*)\1(?P<rest>.*?)\)", re.S)
_AT = re.compile(r"\bat\s*=\s*([\"'])(?P<at>[^\"']+)\1")
_FIGURE = re.compile(r"\{\{-?\s*(?:diagram|story|try_it)\(\s*([\"'])(?P<name>[^\"']+)\1(?P<rest>[^)]*)\)")
_STEP = re.compile(r"\bstep\s*=\s*(\d+)")
_NOT_FRAME = frozenset({"turn", "opponent", "steps", "rules", "id", "caption", "title"})
_CLAUSE = re.compile(r"(?<!\d)[.!?;](?=\s|$)|:(?=\s)|\n")
_OFF_FROM = re.compile(r"(\d{1,2})/off")
_TAGS = re.compile(r"<[^>]*>")


@dataclass(frozen=True)
class Binder:
    """A value the page prints from one scenario frame: where it is read, and where it was written."""

    start: int  # in the reading
    end: int
    name: str
    step: int
    line: int
    col: int
    tag: str
    refused: str | None = None  # a refused play's text (`play(…, legal=False)`)


def page_problems(marked: str, lang: str, path: str, source: str, first_line: int, names: dict[str, str],
                  load: Callable[[str], Any], severity: str = "error") -> list[Problem]:
    """One problem per situation phrase of the page's prose that the frame it is bound to contradicts
    (`load(name)`: the scenario, its claims checked; `names`: the sides' names in the language)."""
    patterns = PATTERNS.get(lang)
    if patterns is None or "scenario(" not in source and "at=" not in source:
        return []
    reading = bound_reading(marked, source, first_line, lambda read: _phrases(read, lang))
    if reading is None:
        return []
    read, found, binders, figures = reading
    out: list[Problem] = []
    for kind, asserted, m in found:
        lo, hi = _bounds(read, m.start(), m.end(), _CLAUSE)
        clause = read[lo:hi]
        if COUNTERFACTUAL[lang].search(clause):
            continue
        near = [b for b in binders if lo <= b.start < hi]
        binder = min(near, key=lambda b: _distance(b, m), default=None)
        if binder is None:
            binder = _pointed(read, lang, m, figures)
        if binder is None:
            continue
        try:
            scenario = load(binder.name)
            frame = scenario.frames[binder.step]
        except Exception:  # noqa: BLE001 - the page's own render reports a scenario that cannot load
            continue
        rules = getattr(frame, "rules", None) or scenario.rules
        named = _side(read, lo, m.start(), names)
        fault = _judge(kind, asserted, m, frame, rules, named, read, lo, hi, near, lang)
        if fault is None:
            continue
        where_ = frame_name(binder)
        figure = _FIGURE.match(binder.tag)
        line, col = _found_at(source, m.group(), first_line) if figure else (binder.line, binder.col)
        said = f"this sentence says {' '.join(m.group().split())!r}"
        bound = (f"points at the figure of {where_}" if figure
                 else f"prints `{_short(binder.tag)}`, a value of {where_}")
        out.append(Problem(path, line, col, severity, "situation", f"{said} and {bound}, but {fault}", HINT))
    return out


Found = list[tuple[str, bool, re.Match[str]]]


def bound_reading(marked: str, source: str, first_line: int, find: Callable[[str], Found]
                  ) -> tuple[str, Found, list[Binder], list[Binder]] | None:
    """The page's text as the play reader reads it, the phrases `find` finds in it, and the
    binders of its printed values and of its figures (`framefacts` reads its claims the same way);
    None when no phrase is found."""
    from .plays import reading
    from .reader import _printed_at

    parts = spans(marked)
    text = "".join(p.text for p in parts)
    read, where = reading(text)
    found = find(read)
    if not found:
        return None
    binders, figures = _binders(parts, source, _inverse(where, len(text)), first_line, _printed_at)
    return read, found, binders, figures


def frame_name(binder: Binder) -> str:
    """How a message names the frame a binder stands for: "`bear-off/hit-story` (step 2)"."""
    return f"`{binder.name}`" + (f" (step {binder.step})" if binder.step else "")


def _phrases(read: str, lang: str) -> list[tuple[str, bool, re.Match[str]]]:
    """Each situation phrase of the reading; a negation hides an assertion it overlaps."""
    out: list[tuple[str, bool, re.Match[str]]] = []
    taken: list[tuple[int, int]] = []
    for kind, asserted, pattern in PATTERNS[lang]:
        for m in pattern.finditer(read):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append(m.span())
            out.append((kind, asserted, m))
    return out


def _inverse(where: list[int], size: int) -> list[int]:
    """For each index of the text, the index of the reading at or after it."""
    back = [len(where)] * (size + 1)
    for i in range(len(where) - 1, -1, -1):
        back[where[i]] = i
    for j in range(size - 1, -1, -1):
        if back[j] == len(where) and back[j + 1] != len(where):
            back[j] = back[j + 1]
    return back


def _binders(parts: list[Any], source: str, back: list[int], first_line: int, printed_at: Callable[..., Any]
             ) -> tuple[list[Binder], list[Binder]]:
    """The frame values the page prints, and its figures, each with its reading's span."""
    sets = [(m.start(), m.group(1), m.group(3), int(m.group(4) or 0)) for m in _SET.finditer(source)]
    tags = [m for m in re.finditer(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", source, re.S) if m.group().startswith("{{")]
    starts = [0] + [m.end() for m in re.finditer("\n", source)]
    values: list[Binder] = []
    figures: list[Binder] = []
    for p in parts:
        if not p.line or p.start >= len(back):
            continue
        line, col, tag = printed_at(tags, source, p)
        at = (starts[line - 1] if 0 < line <= len(starts) else 0) + col
        lo, hi = back[p.start], back[min(p.start + len(p.text), len(back) - 1)]
        pos = (line + first_line - 1, col)
        fig = _FIGURE.match(tag)
        if fig is not None:
            step = _STEP.search(fig.group("rest"))
            figures.append(Binder(lo, hi, fig.group("name"), int(step.group(1)) if step else 0, *pos, tag))
            continue
        play = _PLAY.match(tag)
        if play is not None:
            at_ = _AT.search(play.group("rest"))
            if at_ is not None and p.computed:
                refused = _TAGS.sub("", p.text) if re.search(r"\blegal\s*=\s*False", play.group("rest")) else None
                step = _STEP.search(play.group("rest"))
                values.append(Binder(lo, hi, at_.group("at"), int(step.group(1)) if step else 0, *pos, tag, refused))
            continue
        root = _ROOT.match(tag)
        if root is None or root.group(2) in _NOT_FRAME or not p.computed:
            continue
        known = [(n, k) for o, var, n, k in sets if var == root.group(1) and o <= at]
        if known:
            values.append(Binder(lo, hi, known[-1][0], known[-1][1], *pos, tag))
    return values, figures


def _bounds(read: str, start: int, end: int, pattern: re.Pattern[str]) -> tuple[int, int]:
    lo = max((c.end() for c in pattern.finditer(read, 0, start)), default=0)
    nxt = pattern.search(read, end)
    return lo, nxt.start() if nxt else len(read)


def _distance(b: Binder, m: re.Match[str]) -> int:
    return max(0, b.start - m.end(), m.start() - b.end)


def _pointed(read: str, lang: str, m: re.Match[str], figures: list[Binder]) -> Binder | None:
    """The figure a phrase of the sentence points at ("the next position", "aşağıdaki ilk konumda"):
    the next one below, the one after the figure an earlier sentence of the paragraph pointed at. Only
    a pointer in the phrase's own clause binds it."""
    lo, hi = _bounds(read, m.start(), m.end(), _CLAUSE)
    pattern = POINTERS[lang]
    here = next((p for p in pattern.finditer(read, lo, hi)), None)
    if here is None:
        return None
    word = (here.group("dir") or "").lower()
    nth = (here.group("nth") or "").lower()
    if not word and nth not in NEXT:
        return None
    if word and word not in BELOW:
        before = [f for f in figures if f.end <= here.start()]
        return before[-1] if before else None
    para = read.rfind("\n\n", 0, here.start()) + 1
    earlier = sum(1 for p in pattern.finditer(read, para, here.start()) if (p.group("dir") or "").lower() in BELOW)
    n = 1 if nth in SECOND else earlier if nth in NEXT else 0
    after = [f for f in figures if f.start >= here.end()]
    return after[n] if len(after) > n else None


def _side(read: str, lo: int, start: int, names: dict[str, str]) -> Side | None:
    """The side named last before the phrase in its clause (None: no side is named)."""
    best: tuple[int, Side] | None = None
    for key, side in (("white", Side.WHITE), ("black", Side.BLACK)):
        at = read.lower().rfind(names[key].lower(), lo, start)
        if at >= 0 and (best is None or at > best[0]):
            best = (at, side)
    return best[1] if best else None


def _judge(kind: str, asserted: bool, m: re.Match[str], frame: Any, rules: Any, named: Side | None, read: str,
           lo: int, hi: int, near: list[Binder], lang: str) -> str | None:
    from .situationjudge import bar_fault, bear_fault, block_fault, refused_fault

    clause = read[lo:hi]
    if kind == "bar":
        return bar_fault(frame, named or frame.turn, asserted)
    if kind == "bear":
        if MOMENT[lang].search(clause) or _names_die(read, lo, m.start(), lang):
            return None
        return bear_fault(frame, rules, asserted)
    if kind == "refused":
        point = int(m.group("n") or m.groupdict().get("m") or 0)
        return refused_fault(frame, point, [b.refused for b in near if b.refused])
    if kind == "block":
        if CONDITION[lang].search(clause):
            return None
        return block_fault(frame, rules, named or frame.turn.opponent, asserted)
    return None


def _names_die(read: str, lo: int, start: int, lang: str) -> bool:
    """Whether the words just before the phrase name one die ("the four cannot bear off")."""
    from .playwords import DIE_WORDS

    words = DIE_WORDS.get(lang, {})
    before = read[max(lo, start - 24):start].lower()
    return any(re.search(rf"(?<!\w){re.escape(w.lower())}(?!\w)", before) for w in words)


def _found_at(source: str, words: str, first_line: int) -> tuple[int, int]:
    at = source.find(words)
    if at < 0:
        return first_line, 1
    return first_line + source.count("\n", 0, at), at - (source.rfind("\n", 0, at) + 1) + 1


def _short(tag: str) -> str:
    inner = tag.strip("{} -")
    return inner if len(inner) <= 60 else inner[:57] + "…"


__all__ = ["BAR", "OFF", "page_problems"]
