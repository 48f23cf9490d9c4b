"""What one die can do in a figure's position, as a sentence says it, against the engine.

"A four cannot bear off from the 3-point; it must move the checker on the 5-point", "Black's blot
stops a six from the head", "baştan altı hane gidilemez", "White must move the checker on the
9-point". The die is the printed die word the statement names (`….roll.high.words`,
`….moves[i].die.words`: its `Subject.die`), or, for "must move", the nearest one before it in the
sentence; the point is the number the words give it ("the head" is the point every checker starts
from). The engine's single-die steps from the frame's position (`walk.legal_steps`, every rule's
hooks included) judge it:

- `must`: the die (played now; after "then", at any point of a legal play) can move a checker from
  the point. Without a die, every legal play of the roll moves a checker from the point.
- `blocked`: the die cannot move a checker from the point now.
- `inside`: the die is played inside the home board ("… and is played inside home", "ev içinde
  oynanır"): in some legal play its move starts and ends on the mover's points 1–6, not from the bar.

The lexicon is data (`STATEMENTS`), its slots as in `playwords`: `{P}` a point, `{DIE}` a word in a die's
place, `{DIEW}` a die word (the language's `die_words`), `{NODIE}` words that hold no die word.
A clause that makes a statement hypothetical ("if", "-rsa") asserts nothing and is skipped.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ...engine.board import BAR, OFF
from ..provenance import Span
from . import playwords
from .problems import Problem

_FROM = r"(?:\s+from\s+(?:{P}|(?P<head>the\s+head)))?"
STATEMENTS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (
        ("must", r"\b(?:must|has\s+to|can\s+only|may\s+only|is\s+forced\s+to)\s+(?:move|play)\s+(?:the\s+|a\s+|one\s+|"
                 r"its\s+)?checkers?\s+(?:on|from)\s+{P}"),
        ("must", r"\b(?:must|has\s+to|can\s+only)\s+be\s+played\s+from\s+{P}"),
        ("blocked", r"\b(?:stops?|blocks?|stopping|blocking)\s+(?:a|the|any|every)\s+{DIE}" + _FROM),
        ("blocked", r"\b{DIE}\s+(?:is|stays)\s+blocked" + _FROM),
        ("blocked", r"\b{DIE}\s+(?:cannot|can't|may\s+not)\s+be\s+played" + _FROM),
        ("inside", r"\b{DIEW}\s+(?:{NODIE}\s)?(?:is|must\s+be|has\s+to\s+be|can\s+only\s+be|gets)\s+(?:then\s+)?"
                   r"played\s+(?:inside|within|in)\s+(?:the\s+|its\s+)?home(?:\s+board)?\b"),
        ("inside", r"\b(?:must|has\s+to|have\s+to|can\s+only)\s+play\s+the\s+{DIEW}\s+(?:inside|within|in)\s+"
                   r"(?:the\s+|its\s+)?home(?:\s+board)?\b"),
    ),
    "tr": (
        ("must", r"{P}(?:deki|daki)\s+pul(?:u|lardan\s+birini)?\s+oyna(?:mak\s+zorunda|malı)\w*"),
        ("blocked", r"(?:(?P<head>baştan)\s+)?{DIE}\s+(?:hane\s+)?(?:gidilemez|oynanamaz|ilerlenemez|oynanmaz)\b"),
        ("blocked", r"{P}(?:den|dan)\s+{DIE}\s+(?:hane\s+)?(?:gidilemez|oynanamaz|ilerlenemez)\b"),
        ("inside", r"(?<!\w){DIEW}\s+(?:ile\s+)?(?:{NODIE}\s)?ev(?:in)?\s+içinde\s+"
                   r"(?:oynanır|oynanmalı\w*|oynamak\s+zorunda\w*|oynar)(?!\w)"),
    ),
}
_IF = {"en": r"\b(?:if|unless|would|could|might|suppose)\b", "tr": r"\b(?:eğer|yoksa)\b|\w+(?:rsa|rse)\b"}
_THEN = {"en": r"\b(?:then|after\w*|next|later)\b", "tr": r"\b(?:sonra\w*|ardından)\b"}
_SENTENCE = re.compile(r"(?<!\d)[.!?](?=\s|$)|\n")
_CLAUSE = re.compile(playwords.CLAUSE_END)
HINT = "name the die and the point the position allows: print them from the play (`s.show.moves[i].die.words`, " \
       "`….src`), or show the position the words describe"


@dataclass(frozen=True)
class Claim:
    """A statement about one die (0: the whole roll) and one point (the mover's own number)."""

    kind: str
    start: int  # in the reading
    words: str
    die: int
    point: int
    later: bool = False  # said of a later move ("then")


@lru_cache(maxsize=4)
def _patterns(lang: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    if not STATEMENTS.get(lang) or lang not in playwords.POINT:
        return ()  # a language with no die statements (or no word for a point) states none
    names = "|".join(re.escape(w) for w in sorted(playwords.DIE_WORDS.get(lang, {}), key=len, reverse=True)) or "(?!)"
    fill = {"{P}": playwords.POINT[lang], "{DIE}": r"(?P<die>[^\W\d_]+)", "{DIEW}": rf"(?P<die>(?:{names}))(?!\w)",
            "{NODIE}": rf"(?:(?!(?<!\w)(?:{names})(?!\w))(?:\d\.|[^.;:!?\n]))*?"}  # "4. haneden" is no sentence end
    out = []
    for k, p in STATEMENTS.get(lang, ()):
        for slot, value in fill.items():
            p = p.replace(slot, value)
        out.append((k, re.compile(p, re.IGNORECASE)))
    return tuple(out)


_DIE_NAMES = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
HEAD = -1  # the point a claim names as "the head": the ruleset's (`head_of`)


def claims(read: str, where: Sequence[int], parts: Sequence[Span], lang: str) -> list[Claim]:
    """The die statements of a reading; `where[i]` is reading index i's place in the spans' text,
    `parts` the spans (their `about.die` names a printed die word's die)."""
    dice = [p for p in parts if p.computed and p.about is not None and p.about.die and not p.about.dice]
    words = playwords.DIE_WORDS.get(lang, {})
    out: list[Claim] = []
    for kind, pattern in _patterns(lang):
        for m in pattern.finditer(read):
            c0 = max((c.end() for c in _CLAUSE.finditer(read, 0, m.start())), default=0)
            if re.search(_IF[lang], read[c0:m.start()], re.IGNORECASE):
                continue
            groups = m.groupdict()
            point = int(groups.get("n") or groups.get("m") or 0) or (HEAD if groups.get("head") else 0)
            if not point and kind != "inside":
                continue
            if groups.get("die"):
                at = where[m.start("die")] if m.start("die") < len(where) else -1
                fact = next((p for p in dice if p.start <= at < p.start + len(p.text)), None)
                die = fact.about.die if fact is not None and fact.about else words.get(m.group("die").lower(), 0)
                if not die:
                    continue
                out.append(Claim(kind, m.start(), " ".join(m.group().split()), die, point))
                continue
            s0 = max((c.end() for c in _SENTENCE.finditer(read, 0, m.start())), default=0)
            lo, hi = (where[s0] if s0 < len(where) else 0), (where[m.start()] if m.start() < len(where) else 0)
            before = [p for p in dice if lo <= p.start < hi]
            die = before[-1].about.die if before and before[-1].about else 0
            said_from = bisect_left(where, before[-1].start) if before else c0
            # "then the four must …": the word may stand just before the die word
            later = bool(re.search(_THEN[lang], read[max(s0, min(said_from, m.start()) - 12):m.start()], re.IGNORECASE))
            out.append(Claim(kind, m.start(), " ".join(m.group().split()), die, point, later))
    return sorted(out, key=lambda c: c.start)


def judge(claim: Claim, frame: Any, rules: Any) -> str | None:
    """None when the frame's position allows what the claim says, else what it allows."""
    from ...engine.movegen import legal_plays
    from ...engine.state import initial_state
    from ...engine.walk import legal_steps

    if claim.point == HEAD:
        claim = replace(claim, point=head_of(rules))
    if claim.kind == "inside":
        return _inside(claim, frame, rules)
    if frame.roll is None or not claim.point:
        return None
    if not claim.die:
        plays = legal_plays(frame.position, frame.turn, frame.roll, rules, frame.ctx)
        other = next((p for p in plays if p.moves and not any(m.src == claim.point for m in p.moves)), None)
        return None if other is None else \
            f"{other} is legal with {frame.roll} and moves no checker from the {_name(claim.point)}"
    if claim.die not in (frame.roll.high, frame.roll.low):
        return None  # another roll's die: the sentence speaks of something else
    steps = [m for m, _ in legal_steps(initial_state(frame.position, frame.turn), claim.die, rules, frame.ctx)]
    here = [m for m in steps if m.src == claim.point]
    if claim.kind == "blocked":
        return None if not here else f"{here[0]} is a legal move of the {_DIE_NAMES[claim.die]} there"
    if here:
        return None
    if claim.later:
        plays = legal_plays(frame.position, frame.turn, frame.roll, rules, frame.ctx)
        if any(m.src == claim.point and m.die == claim.die for p in plays for m in p.moves):
            return None
    if not steps:
        return f"with {frame.roll} the {_DIE_NAMES[claim.die]} cannot be played at all"
    return f"with {frame.roll} the {_DIE_NAMES[claim.die]} can only be played {', '.join(map(str, steps))}"


def _inside(claim: Claim, frame: Any, rules: Any) -> str | None:
    """None when some legal play moves the claim's die inside the home board, else how it is played."""
    from ...engine.movegen import legal_plays

    if frame.roll is None or claim.die not in (frame.roll.high, frame.roll.low):
        return None
    plays = legal_plays(frame.position, frame.turn, frame.roll, rules, frame.ctx)
    moves = [m for p in plays for m in p.moves if m.die == claim.die]
    if not moves or any(1 <= m.src <= 6 and 1 <= m.dst <= 6 for m in moves):
        return None
    shown = ", ".join(dict.fromkeys(str(m) for m in moves))
    return f"with {frame.roll} every legal play moves the {_DIE_NAMES[claim.die]} {shown}, not inside home"


def _name(p: int) -> str:
    return "bar" if p == BAR else "board" if p == OFF else f"{p}-point"


def head_of(rules: Any) -> int:
    """The point every checker starts from, in the mover's numbering (0 when they start spread)."""
    start = getattr(rules, "start", {}) or {}
    return int(next(iter(start))) if len(start) == 1 else 0


def faults(read: str, where: Sequence[int], parts: Sequence[Span], lang: str, frame: Any,
           rules: Any) -> list[tuple[Claim, str]]:
    """(claim, what the position allows instead) for each die statement the frame contradicts."""
    out = []
    for c in claims(read, where, parts, lang):
        wrong = judge(c, frame, rules)
        if wrong is not None:
            out.append((c, wrong))
    return out


def message(c: Claim, wrong: str) -> str:
    """What the sentence says and what the position allows, for the located problem."""
    of = f" of the {_DIE_NAMES.get(c.die, c.die)}" if c.kind == "must" and c.die else ""
    return f"this sentence says {c.words!r}{of}, but {wrong}"


def caption_faults(parts: Sequence[Span], read: str, where: Sequence[int], lang: str, scenario: Any,
                   index: int) -> list[tuple[str, str]]:
    """(message, hint) for each die statement of a rendered caption (its spans, and their text as
    read with `plays.reading`) that its frame contradicts."""
    frame = scenario.frames[index]
    return [(message(c, wrong), HINT) for c, wrong in faults(read, where, parts, lang, frame,
                                                              frame.rules or scenario.rules)]


_ROOT = re.compile(r"\{\{-?\s*(\w+)\s*\.")


def page_problems(text: str, read: str, where: Sequence[int], parts: Sequence[Span], lang: str, source: str,
                  sets: Sequence[tuple[int, str, str, int]], load: Any, path: str, first_line: int,
                  severity: str) -> list[Problem]:
    """The die statements of a page's prose that the scenario their sentence prints facts of
    contradicts (`sets`: each `{% set x = scenario(…) %}` as (offset, x, name, step), as `plays` reads them)."""
    from .reader import _printed_at
    from .scan import TAG

    found = claims(read, where, parts, lang)
    if not found:
        return []
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    line_starts = [0] + [i + 1 for i, c in enumerate(source) if c == "\n"]
    out = []
    for c in found:
        s0 = max((m.end() for m in _SENTENCE.finditer(read, 0, c.start)), default=0)
        s1 = next((m.start() for m in _SENTENCE.finditer(read, c.start)), len(read))
        lo, hi = where[s0] if s0 < len(where) else len(text), where[s1 - 1] + 1 if s1 > s0 else 0
        bound: set[tuple[str, int]] = set()
        at: tuple[int, int] | None = None
        for p in parts:
            if not (p.computed and p.line) or p.start + len(p.text) <= lo or p.start >= hi:
                continue
            line, col, tag = _printed_at(tags, source, p)
            root = _ROOT.match(tag)
            offset = line_starts[line - 1] if 0 < line <= len(line_starts) else 0
            known = [(n, k) for pos, var, n, k in sets if root and var == root.group(1) and pos <= offset + col]
            if known:
                bound.add(known[-1])
                if where[c.start] <= p.start or at is None:
                    at = (line, col)  # the last value printed before the statement, else the first
        if len(bound) != 1 or at is None:
            continue
        name, step = bound.pop()
        try:
            scenario = load(name)
            frame = scenario.frames[step]
        except Exception:  # noqa: BLE001 - the page's own render reports a scenario that cannot load
            continue
        wrong = judge(c, frame, frame.rules or scenario.rules)
        if wrong is not None:
            out.append(Problem(path, at[0] + first_line - 1, at[1], severity, "play",
                               f"{message(c, wrong)} (scenario {name!r})", HINT))
    return out
