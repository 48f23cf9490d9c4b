"""How many checkers a printed play bears off, against the words right after it.

"Played the other way round, {{ play("5/1 3/1", at=…, in_order=True) }}, both checkers come off":
the play is the engine's (checked in its scenario), and what it bears off is in its own notation
(each `/off`, times its `(n)`), so a count of checkers said to come off in the same clause, right
after it, is checked against it. The words are per language below ("no checker comes off", "both
checkers come off", "hiç pul toplanmaz", "iki pul da toplanır", "κανένα πούλι δεν μαζεύεται");
a count the words do not give is not judged.

>>> _off("6/off 5/off"), _off("5/1 3/1"), _off("6/off(2) 4/2(2)"), _off("bar/20 6/off")
(2, 0, 2, 1)
"""
from __future__ import annotations

import re

from ..provenance import spans
from . import langlex
from .problems import Problem
from .scan import TAG

# (count borne off, the words saying it); the first that matches in the clause after the play decides
_OFF = r"off\b(?! (?:the|its|their|your) (?:bar|head|roof|point))"  # not "comes off the bar"
_SAID: dict[str, tuple[tuple[int, str], ...]] = {
    "en": ((0, rf"\b(?:no|not a single|not one|none of the) checkers? (?:comes?|is|are|gets?|goes?) (?:borne |taken )?{_OFF}"),
           (0, rf"\bbears? off (?:no|not a single|not one) checkers?\b|\bnothing (?:comes|is borne) {_OFF}"),
           (1, rf"\b(?:only |just )?(?:one|a single) checker (?:comes|is borne|is taken|gets|goes) {_OFF}"),
           (1, r"\bbears? off (?:only |just )?(?:one|a single) checker\b"),
           (2, rf"\b(?:both|two|the two) checkers (?:come|are borne|are taken|get|go) {_OFF}"),
           (2, r"\bbears? off (?:both|two|the two) checkers\b"),
           (3, rf"\b(?:all )?three checkers (?:come|are borne|are taken) {_OFF}|\bbears? off three checkers\b"),
           (4, rf"\b(?:all )?four checkers (?:come|are borne|are taken) {_OFF}|\bbears? off four checkers\b")),
    "tr": ((0, r"\bhiç(?:bir)? pul (?:toplanmaz|toplanamaz)\b|\bhiç(?:bir)? pul toplamaz\b"),
           (1, r"\b(?:yalnızca |sadece |yalnız )?(?:bir|tek) pul (?:toplanır|toplar)\b"),
           (2, r"\b(?:iki|her iki) pul(?:u)?(?: da)? (?:toplanır|toplar)\b|\bpulların ikisi de toplanır\b"),
           (3, r"\büç pul(?:u)?(?: da)? (?:toplanır|toplar)\b"),
           (4, r"\bdört pul(?:u)?(?: da)? (?:toplanır|toplar)\b")),
    "el": ((0, r"\bκανένα πούλι δεν μαζεύεται"),
           (1, r"\b(?:μόνο )?ένα πούλι μαζεύεται"),
           (2, r"\b(?:και τα δύο|δύο) πούλια μαζεύονται")),
}
_CLAUSE_END = re.compile(r"[.;:!?\n]")
_MOVE_RE = r"(?:bar|\d{1,2})(?:/(?:\d{1,2}|off)\*?)+(?:\(\d\))?"
_PLAY = re.compile(rf"{_MOVE_RE}(?:\s+{_MOVE_RE})*")
_MOVE = re.compile(r"\S+")
_TAGS = re.compile(r"<[^>]*>")
_NAMES = {0: "no checker", 1: "one checker", 2: "two checkers", 3: "three checkers", 4: "four checkers"}
HINT = ("say what the printed play bears off (its `/off` moves), or print the play that does what the sentence says; "
        "docs/authoring.md, \"What the build checks\"")


def _off(play: str) -> int:
    """The checkers `play` bears off: each move ending in `off`, times its `(n)`."""
    total = 0
    for move in _MOVE.findall(play):
        m = re.fullmatch(r"(.*?)(?:\((\d)\))?", move)
        assert m is not None
        if m.group(1).rstrip("*").endswith("/off"):
            total += int(m.group(2) or 1)
    return total


def _said(lang: str) -> tuple[tuple[int, re.Pattern[str]], ...]:
    return tuple((n, re.compile(langlex.fold_pattern(p, lang))) for n, p in _SAID.get(lang, ()))


def off_count_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                       severity: str = "error") -> list[Problem]:
    """Each checked play whose clause, right after it, says another count of checkers comes off."""
    said = _said(lang)
    if not said or "\ue000" not in marked:
        return []
    from .reader import _printed_at

    parts = spans(marked)
    text = "".join(p.text for p in parts)
    folded = langlex.fold_text(text, lang)
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    out = []
    for p in parts:
        shown = _TAGS.sub("", p.text).replace("&#42;", "*").strip()  # a play prints as <code …>5/1 3/1</code>
        if not (p.computed and p.about is not None and p.about.group and _PLAY.fullmatch(shown)):
            continue
        after = p.start + len(p.text)
        end = next((c.start() for c in _CLAUSE_END.finditer(folded, after)), len(folded))
        found = [(m.start(), n, m.end()) for n, pattern in said if (m := pattern.search(folded, after, end))]
        if not found:
            continue
        start, count, stop = min(found)
        real = _off(shown)
        if count == real:
            continue
        line, col, tag = _printed_at(tags, source, p)
        out.append(Problem(path, line + first_line - 1, col, severity, "off-count",
                           f"the words after `{tag}` say {_NAMES.get(count, str(count))} "
                           f"{'comes' if count <= 1 else 'come'} off ({text[start:stop]!r}), "
                           f"but the play {shown} bears off {_NAMES.get(real, str(real))}", HINT))
    return out
