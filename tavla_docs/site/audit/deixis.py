""""The position below": a sentence that points at a figure must speak of that figure.

A sentence that says "in the position below" (Turkish "aşağıdaki konumda", Greek "στην παρακάτω
θέση") is read against the next figure of the page; "the example above" against a figure drawn
before it. Two of its words are bound to what the tool knows of that figure:

- the scenario facts it prints (`{{ x.roll }}`, `play(…, at=…)`): they must be the facts of the
  figure it points at, not of another position the page names (a `{% set %}` naming the wrong
  scenario prints a true roll of another position under this one);
- the side it names as the one that plays there ("in the position below, White cannot start
  with …"): it must be the side on roll in that figure's frame (`turn:` of the scenario or of
  its `then:` step; a frame whose side is not written there is not judged).

>>> from tavla_docs.site.audit.scan import scan_page
>>> body = 'In the position below, {{ play("9/3", at="p/a", legal=False) }} is refused.\\n\\n{{ diagram("p/b") }}\\n'
>>> [p.message[:66] for p in deixis_problems(body, 1, scan_page(body, "en"), "x.md", "en", lambda n, i: None)]
['this sentence speaks of the position below (`p/b`, line 3) but pri']
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from .problems import Problem
from .scan import Finding

TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
_BLANK = "\x00"
# The phrase that points at one figure: group `dir` is below/above in the language's words, `nth` an ordinal.
_POINTERS = {
    "en": re.compile(r"\bthe\s+(?:(?P<nth>first|second|next)\s+)?(?:[^\s.]+\s+)?(?:position|diagram|board|figure|example)"
                     r"\s+(?:shown\s+)?(?P<dir>below|above)\b", re.IGNORECASE),
    "tr": re.compile(r"(?<!\w)(?P<dir>aşağıdaki|yukarıdaki)\s+(?:(?P<nth>ilk|ikinci|sonraki)\s+)?(?:[^\s.]+\s+)?"
                     r"(?:konum|şema|tahta|örne[kğ]|pozisyon|diziliş)(?!lar|ler)\w*", re.IGNORECASE),
    "el": re.compile(r"(?<!\w)(?:στην?|στο|το|η)\s+(?:(?P<nth>πρώτο|πρώτη|δεύτερο|δεύτερη)\s+)?"
                     r"(?:(?P<dir>παρακάτω|παραπάνω)\s+)?(?:σχήμα|θέση|διάγραμμα|ταμπλό|παράδειγμα)(?!τα)"
                     r"(?:\s+με\s+\x00+)?(?:\s+(?P<dir2>παρακάτω|παραπάνω))?", re.IGNORECASE),
}
_BELOW = frozenset({"below", "aşağıdaki", "παρακάτω"})
_SECOND = frozenset({"second", "ikinci", "δεύτερο", "δεύτερη"})
# The side named as the one that plays, right after the phrase: "…below, [with {{ roll }},] White cannot start".
_SUBJECT = {
    "en": re.compile(r"\s*,?\s*(?:with\s+(?:a\s+roll\s+of\s+)?\S+\s*,?\s*)?(?P<side>white|black)\b(?![’']s)"
                     r"(?P<rest>[^:;]*)", re.IGNORECASE),
    "tr": re.compile(r"\s*,?\s*(?:\S+\s+ile\s+)?(?P<side>beyaz|siyah)\b(?![’'])(?P<rest>[^:;]*)", re.IGNORECASE),
}
# A verb of playing in what follows: the side is the mover, so it must be the side on roll.
_PLAYS = {
    "en": re.compile(r"\b(?:play|plays|played|start|starts|move|moves|enter|enters|bear\s+off|bears\s+off|hit|hits)\b",
                     re.IGNORECASE),
    "tr": re.compile(r"(?<!\w)(?:oyna|başla|gir|topla|kır|ilerlet)\w*", re.IGNORECASE),
}
_SIDES = {"white": "White", "black": "Black"}
HINT = ("point the sentence at the figure it explains (\"the position above\", or move it), and print that "
        "figure's facts: the scenario of its `{% set %}` or `at=` (docs/authoring.md, \"Facts in prose\")")
SIDE_HINT = "name the side on roll in that figure, or print it with `{{ s.turn }}`"


@dataclass(frozen=True)
class Sentence:
    """A sentence of the page (from a clause's start after ':' or ';'), by body offsets."""

    start: int
    end: int


def blanked(body: str) -> str:
    """The body with every Jinja tag replaced by as many `\\x00` (offsets kept, one word each)."""
    return TAG.sub(lambda m: re.sub(r"[^\n]", _BLANK, m.group(0)), body)


def line_starts(body: str) -> list[int]:
    return [0] + [m.end() for m in re.finditer("\n", body)]


def offset(starts: list[int], first: int, f: Finding) -> int:
    """A finding's offset in the body."""
    i = f.line - first
    return (starts[i] if 0 <= i < len(starts) else 0) + f.col - 1


def scenario_facts(findings: Iterable[Finding]) -> list[Finding]:
    """The findings that print a scenario's own fact, each with its scenario: its attribute (through
    any `{% set %}` names), or a play checked at it; not a helper's value computed from one of its
    facts (`r.progression_runs(s.roll.high)`)."""
    out = []
    for f in findings:
        m = re.match(r"scenario\('([^']*)'\)\.", f.key or "")
        if f.kind == "play" and f.status == "checked" and f.scenario:
            out.append(f)
        elif f.status == "computed" and m is not None:
            out.append(replace(f, scenario=m.group(1)))
    return sorted(out, key=lambda f: (f.line, f.col))


def direction(m: re.Match[str]) -> str | None:
    """The phrase's below/above word (Greek may put it after the noun)."""
    return m.groupdict().get("dir") or m.groupdict().get("dir2")


def pointer_sentences(body: str, lang: str) -> list[tuple[Sentence, re.Match[str]]]:
    """Each sentence holding a phrase that points at a figure, with the phrase."""
    pattern = _POINTERS.get(lang)
    if pattern is None:
        return []
    text = blanked(body)
    out = []
    for m in pattern.finditer(text):
        if direction(m) is None:
            continue
        start = max(text.rfind(c, 0, m.start()) for c in (".", "!", "?", "\n", ":", ";")) + 1
        ends = [i for i in (text.find(c, m.end()) for c in (". ", ".\n", "!", "?", "\n")) if i >= 0]
        out.append((Sentence(start, min(ends) if ends else len(text)), m))
    return out


def deixis_problems(body: str, first: int, findings: Iterable[Finding], shown: str, lang: str,
                    turn_of: Callable[[str, int], str | None], level: str = "error") -> list[Problem]:
    """A sentence pointing at a figure that prints another position's facts, or names the side not
    on roll there as the one that plays (`turn_of(scenario, step)`: "white", "black" or None)."""
    found = sorted(findings, key=lambda f: (f.line, f.col))
    starts = line_starts(body)
    figs = [(offset(starts, first, f), f) for f in found if f.kind == "figure" and f.scenario]
    out: list[Problem] = []
    for sentence, m in pointer_sentences(body, lang):
        facts = [f for f in scenario_facts(found) if sentence.start <= offset(starts, first, f) < sentence.end]
        fig = _pointed(m, figs, {f.scenario for f in facts})
        if fig is None:
            continue
        for f in facts:
            if f.scenario != fig.scenario:
                out.append(Problem(shown, f.line, f.col, level, "deixis",
                                   f"this sentence speaks of the position {_word(m)} (`{fig.scenario}`, line "
                                   f"{fig.line}) but prints `{f.text}`, a fact of `{f.scenario}`", HINT))
                break
        side = _subject(body, m, lang)
        turn = turn_of(fig.scenario or "", _step(fig.key)) if side is not None else None
        if side is not None and turn is not None and side[0] != turn:
            line = body.count("\n", 0, side[1])
            col = side[1] - body.rfind("\n", 0, side[1])
            names = _SIDES
            out.append(Problem(shown, first + line, col, level, "deixis",
                               f"this sentence names {names[side[0]]} as the side that plays in the position "
                               f"{_word(m)} (`{fig.scenario}`, line {fig.line}), but {names[turn]} is on roll "
                               "there", SIDE_HINT))
    return out


def _word(m: re.Match[str]) -> str:
    return "below" if (direction(m) or "").lower() in _BELOW else "above"


def _pointed(m: re.Match[str], figs: list[tuple[int, Finding]], printed: set[str | None]) -> Finding | None:
    """The figure the phrase points at: the next one below (the second for "second"), or above, the
    nearest earlier figure of a scenario the sentence prints (else the nearest)."""
    if (direction(m) or "").lower() in _BELOW:
        after = [f for at, f in figs if at > m.end()]
        n = 1 if (m.group("nth") or "").lower() in _SECOND else 0
        return after[n] if len(after) > n else None
    before = [f for at, f in figs if at < m.start()]
    for f in reversed(before):
        if f.scenario in printed:
            return f
    return before[-1] if before else None


def _subject(body: str, m: re.Match[str], lang: str) -> tuple[str, int] | None:
    """The side named right after the phrase as the one that plays, and its offset."""
    pattern, plays = _SUBJECT.get(lang), _PLAYS.get(lang)
    if pattern is None or plays is None:
        return None
    text = blanked(body)
    s = pattern.match(text, m.end())
    if s is None or "\n" in text[m.end():s.start("side")] or not plays.search(s.group("rest").split(".")[0]):
        return None
    return ("white" if s.group("side").lower() in ("white", "beyaz") else "black"), s.start("side")


def _step(key: str | None) -> int:
    s = re.search(r"step=(\d+)", key or "")
    return int(s.group(1)) if s else 0


def yaml_turn(doc: object, step: int) -> str | None:
    """The side on roll in frame `step` of a scenario's YAML (its `turn:`, or its `then:` step's),
    None when the file does not write it there (an XGID position, a step that does not say)."""
    value = getattr(doc, "value", None)
    if not isinstance(value, dict):
        return None
    frame: Any = value
    if step > 0:
        then = value.get("then")
        frame = then[step - 1] if isinstance(then, list) and len(then) >= step else None
    turn = frame.get("turn") if isinstance(frame, dict) else None
    return turn if turn in ("white", "black") else None
