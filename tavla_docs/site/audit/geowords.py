"""The board's geometry said in words around the points a page prints: which way checkers move,
where they start, where they bear off, whose home board a printed span is.

A ruleset prints its geometry (`facts.rules.RuleFacts`): `.head` (where every checker starts, in
each side's own numbers), `.home` and `.home.first` (the home board and its last point before the
tray), `.home_of(side)` and `.head_of(side)` (one side's, in the board's numbers). A move prints
its points in the mover's own numbers (`Subject.own`, one `Subject.group` per play). Each value is
computed; the words that give it a role ("from … to …", "starts on", "bears off past", "the
opponent's", "Black's home") can still be false, and this module reads them. What it knows is
the engine's own invariant, the same in every game: in a side's own numbers a checker moves from
higher points to lower ones (from the head, towards the home board and off past its first point).

>>> from tavla_docs.site.provenance import mark, recording
>>> from tavla_docs.site.facts.numerals import Num
>>> src = "Both move from their own {{ r.home.first }}-point to their own {{ r.head }}-point."
>>> with recording():
...     text = "Both move from their own " + mark(1, Num(1, "en"), False, 0) + "-point to their own " \\
...         + mark(1, Num(24, "en"), False, 1) + "-point."
>>> [p.message.split(", but")[0] for p in geometry_word_problems(text, "en", "x.md", src, 1, {"white": "W", "black": "B"})]
['this sentence has checkers move from the 1-point to the 24-point']
"""
from __future__ import annotations

import re
from collections.abc import Mapping

from ..provenance import Span
from . import langlex
from .problems import Problem
from .subjects import _BLANK, _Text

HINT = ("print the point for its role: the start is `r.head`, the home board `r.home` (its first point "
        "`r.home.first`, where checkers leave the board), one side's on the board `r.home_of(side)` and "
        "`r.head_of(side)` (docs/authoring.md, \"Numbering: whose point is which\")")
# The fact a `{{ … }}` prints, by the ruleset attribute it ends in (`RuleFacts`' names).
_ROLES = (("home_of", re.compile(r"\.home_of\(\s*['\"](white|black)['\"]")),
          ("head_of", re.compile(r"\.head_of\(\s*['\"](white|black)['\"]")),
          ("home_first", re.compile(r"\.home\.first\b")), ("home_last", re.compile(r"\.home\.last\b")),
          ("home", re.compile(r"\.home\s*(?:\|[^}]*)?}}")), ("head", re.compile(r"\.head\b(?!\s*\()")))
_HOME = frozenset({"home", "home_first", "home_last", "home_of"})
_HEAD = frozenset({"head", "head_of"})
_OWN = frozenset({"head", "home_first", "home_last"})  # a number in each side's own numbers
_PART = re.compile(r"[.!?;\n]")
_SENTENCE = re.compile(r"[.!?\n]")
_B = _BLANK
# "from <A> to <B>": the words before A, between A and B (Turkish: the case endings after each)
_FROM = {"en": re.compile(r"\bfrom\s+(?:the\s+|their\s+|its\s+|his\s+|her\s+|your\s+|each\s+side's\s+)?(?:own\s+)?"
                          r"(?:board\s+)?(?:points?\s+)?$"),
         "tr": re.compile(r"(?:^|\s)(?:kendi\s+)?(?:numaralarıyla\s+)?(?:tahtada\s+)?$")}
_TO = {"en": re.compile(r"^(?:-?point)?\s+(?:to|towards?|into|up to|down to)\s+(?:the\s+|their\s+|its\s+|his\s+|her\s+|"
                        r"your\s+)?(?:own\s+)?(?:board\s+)?(?:points?\s+)?$"),
       "tr": re.compile(r"^\.?\s*(?:numaralı\s+)?(?:hane(?:den|sinden|lerinden)|['’]?(?:dan|den|tan|ten))\s+"
                        r"(?:kendi\s+)?$")}
_TO_END = {"en": re.compile(r"^"), "tr": re.compile(r"^\.?\s*(?:numaralı\s+)?(?:hane(?:ye|sine|lerine)|['’]?(?:a|e|ya|ye)\b)")}
# words that give a point the role of the start: checkers stacked or starting there
_GO = r"(?:(?!\b(?:and|then|to|towards?|bear|bears|move|moves|but|until|not|never)\b)[^.;:!?]){0,40}?"
_START = {"en": re.compile(r"\b(?:start|starts|starting|begin|begins|stack|stacks|stacked|set up|sets up|placed|place|"
                           r"places|line up|lines up)\b" + _GO + r"\b(?:on|at|from|in)\s+(?:the\s+|their\s+|its\s+|"
                           r"his\s+|her\s+|your\s+)?(?:own\s+)?(?:board\s+)?(?:points?\s+)?$|\b(?:head|starting point)"
                           r"(?:\s+is|,|\s+—|\s+\()?\s+(?:the\s+|their\s+|its\s+|his\s+|her\s+)?(?:own\s+)?"
                           r"(?:board\s+)?(?:points?\s+)?$"),
          "tr": re.compile(r"\bbaş(?:ı|lar|ları)?\s+(?:\w+\s+){0,2}$")}
_START_AFTER = {"en": re.compile(r"(?!)"),
                "tr": re.compile(r"^\.?\s*(?:numaralı\s+)?hane\w*\s+(?:(?:\w+\s+){0,3})?(?:diz\w*|yerleş\w*|başla\w*|"
                                 r"kurul\w*)\b")}
# words that give a point the role of the exit: bearing off past or from it
_EXIT = {"en": re.compile(r"\bbear(?:s|ing)?\s+off\s+(?:\w+\s+){0,3}?(?:past|beyond|over|from|after)\s+(?:the\s+|their\s+|"
                          r"its\s+|his\s+|her\s+)?(?:own\s+)?$"),
         "tr": re.compile(r"(?!)")}
_EXIT_AFTER = {"en": re.compile(r"(?!)"),
               "tr": re.compile(r"^\.?\s*(?:numaralı\s+)?hane(?:nin|den|sinin|sinden)?\s+(?:ötesin\w*|dışın\w*|"
                                r"geçerek\s+)?\s*(?:\w+\s+){0,2}topla(?!ma|yama|nma|nama)\w*")}
# "(each player's) home board … the opponent's <home>": the home in own numbers given to the other side
_ALIEN = {"en": re.compile(r"\bhome(?:\s+board)?s?\b[^.;:!?]{0,40}?\b(?:opponent|other (?:player|side))(?:['’]s|s['’])?"
                           r"(?:\s+own)?(?:\s+(?:board\s+)?points?)?\s*$"),
          "tr": re.compile(r"\bev\w*\s+(?:\w+\s+){0,3}?rakib\w*\s+(?:kendi\s+)?(?:\w+\s+)?$")}
# a side's possessive that owns the home or head printed next: "Black's home board is …", "evi …"
_OWNER = {"en": re.compile(r"(?:['’]s?\s+(?:\w+\s+){0,2}(?:home|head)|\b(?:its|their|his|her)\s+(?:own\s+)?(?:home|head))\w*"
                           r"[^.;:!?]{0,30}$"),
          "tr": re.compile(r"(?:\b(?:ev|baş)(?:i|ı|leri|ları)\b|ki)[^.:!?]{0,30}$")}
_NOT = re.compile(r"\b(?:not|never|cannot|can't|no)\s+(?:\w+\s+)?bear")
_OTHER = re.compile(r"\b(?:opponent|other|rakib\w*|karşı)\b")


def _role(tag: str) -> tuple[str, str]:
    """The geometric fact a `{{ … }}` prints and, for one side's, that side ("", "" for none)."""
    for name, pattern in _ROLES:
        m = pattern.search(tag)
        if m:
            return name, (m.group(1) if m.groups() else "")
    return "", ""


def _number(p: Span) -> int | None:
    m = re.match(r"\s*(\d{1,2})\b", p.text)
    return int(m.group(1)) if m and "–" not in p.text and "-" not in p.text.strip() else None


def geometry_word_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                           sides: Mapping[str, str], severity: str = "error") -> list[Problem]:
    """Printed heads, homes and move points that the words around them put on the wrong end of the
    board, in the wrong direction or on the wrong side."""
    if lang not in _FROM or "\ue000" not in marked:
        return []
    t = _Text(marked, source, path, first_line, severity)
    folded = langlex.fold_text(t.plain, lang)
    names = {langlex.fold_text(n, lang): s for s, n in sides.items()}
    roles: list[tuple[Span, str, str, str]] = []  # span, role, side, its `{{ … }}`
    for p in t.facts:
        tag = t.at(p)[2]
        role, side = _role(tag)
        if role or (p.about is not None and p.about.own and p.about.group and _number(p) is not None):
            roles.append((p, role, side, tag))
    if not roles:
        return []
    parts = [m.start() for m in _PART.finditer(folded)]
    for k, (p, role, side, tag) in enumerate(roles):
        before = folded[_start(parts, p.start):p.start]
        after = folded[p.start + len(p.text):_end(parts, p.start + len(p.text))]
        wide, before = before, before[before.rfind(_B) + 1:]
        after = after[:after.find(_B)] if _B in after else after
        if k + 1 < len(roles):
            _journey(t, lang, folded, (p, role), roles[k + 1][:2], before)
        if role in _HOME and _START[lang].search(wide) or role in _HOME and _START_AFTER[lang].match(after):
            t.report(p, "geometry", f"this sentence gives `{tag}`, a point of the home board, as where the checkers "
                     "start; they start on the head (`r.head`), the far end of their own numbers, and move "
                     "towards the home board", HINT)
        if role in _HEAD and not _NOT.search(before) and (_EXIT[lang].search(before) or _EXIT_AFTER[lang].match(after)):
            t.report(p, "geometry", f"this sentence has checkers borne off past `{tag}`, the head, where they start; "
                     "a side bears off from its home board, past its own first point (`r.home.first`)", HINT)
        if role == "home" and _ALIEN[lang].search(before):
            t.report(p, "geometry", f"this sentence gives each player's home board as the opponent's points {p.text}, "
                     f"but `{tag}` is a side's own home board in its own numbers: the opponent's points "
                     f"{p.text} are the opponent's home board", HINT)
        if role in ("home_of", "head_of"):
            _owner(t, lang, folded, names, p, role, side, tag)
    return t.out


def _start(parts: list[int], i: int) -> int:
    return max((s + 1 for s in parts if s < i), default=0)


def _end(parts: list[int], i: int) -> int:
    return min((s for s in parts if s >= i), default=10 ** 9)


def _journey(t: _Text, lang: str, folded: str, a: tuple[Span, str], b: tuple[Span, str], before: str) -> None:
    """"from A to B" (`A'dan B'ye`): B must be further along than A, in the same numbers."""
    (p, role), (q, role_b) = a, b
    between = folded[p.start + len(p.text):q.start]
    if _B in between or not _FROM[lang].search(before) or not _TO[lang].match(between) \
            or not _TO_END[lang].match(folded[q.start + len(q.text):]):
        return
    if lang == "tr" and not re.search(r"hane(?:den|sinden|lerinden)|['’]?(?:dan|den|tan|ten)", between):
        return
    x, y = _number(p), _number(q)
    own = (role in _OWN and role_b in _OWN) or (
        not role and not role_b and p.about is not None and q.about is not None
        and p.about.group == q.about.group and p.about.own == q.about.own)
    backwards = role in _HOME or role_b in _HEAD or (own and x is not None and y is not None and x <= y)
    if backwards:
        t.report(p, "geometry", f"this sentence has checkers move from the {p.text.strip().rstrip('.')}-point to the "
                 f"{q.text.strip().rstrip('.')}-point, but a checker moves from its own 24-point (the head, where it "
                 "starts) towards its own 1-point, and off the board past it: in a side's own numbers the points "
                 "count down the way it moves", HINT)


def _owner(t: _Text, lang: str, folded: str, names: Mapping[str, str], p: Span, role: str, side: str,
           tag: str) -> None:
    """`home_of(side)` / `head_of(side)` must be the home or head of the side the sentence gives it to."""
    start = max((m.start() + 1 for m in _SENTENCE.finditer(folded, 0, p.start)), default=0)
    window = folded[start:p.start]
    said = [(m.start(), names[m.group()]) for m in re.finditer("|".join(re.escape(n) for n in names), window)] \
        if names else []
    for q in t.facts:  # a side's name printed by a helper
        text = langlex.fold_text(q.text.strip(), lang)
        if start <= q.start < p.start and text in names:
            said.append((q.start - start, names[text]))
    if not said:
        return
    at, owner = max(said)
    rest = window[at:]
    if owner == side or _OTHER.search(rest) or not _OWNER[lang].search(rest):
        return
    what = "home board" if role == "home_of" else "head"
    named = {"white": "White", "black": "Black"}
    t.report(p, "geometry", f"this sentence gives {named[owner]}'s {what} as `{tag}`, which prints "
             f"{named[side]}'s {what} (board points {p.text.strip()})", HINT)
