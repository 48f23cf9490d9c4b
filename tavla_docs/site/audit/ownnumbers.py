"""A point printed in a side's own numbers (`r.head`, `r.home`, `r.home.first`, `r.home.last`)
that the words around it put in another side's numbering.

Each side numbers the points from its own side, and these values are in the numbers of the side
they belong to (`geowords` reads the roles). The words can still move them into another numbering:
"the opponent's {{ r.head }}-point" is the opponent's head, not one's own; "this point is the
opponent's {{ r.head }}-point" said of one's own head gives the same point the same number in both
numberings, which never holds (the opponent's number of a point is `Geometry.opposing_point`);
and "the numbers are White's: … Black's home is {{ r.home }}" gives Black's home in Black's
numbers where the text has just said it uses White's (`r.home_of("black")` prints it there).
What this module knows is computed: the ruleset's starting points and the board's geometry.

>>> from tavla_docs.site.provenance import mark, recording
>>> from tavla_docs.site.facts.numerals import Num
>>> from tavla_docs.variants import ruleset
>>> src = "Each side sets up on the opponent's {{ r.head }}-point."
>>> with recording():
...     text = "Each side sets up on the opponent's " + mark(1, Num(24, "en"), False, 0) + "-point."
>>> own_number_problems(text, "en", "x.md", src, 1, {"white": "White", "black": "Black"},
...     ruleset("tapa"))[0].message.split(";")[0]
"this sentence sets a side's checkers up on the opponent's 24-point (`{{ r.head }}`), which is its own 1-point"
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..provenance import Span
from . import langlex
from .geowords import _role
from .numberedside import said_sides
from .problems import Problem
from .subjects import _BLANK, _Text

if TYPE_CHECKING:
    from ...engine.rules import Ruleset

HINT = ("a side's `r.head` and `r.home` are in its own numbers; for a point in another side's numbers print "
        "`r.head_of(side)` / `r.home_of(side)` (the board's numbers) or say \"own\" (docs/authoring.md, "
        "\"Numbering: whose point is which\")")
_OWN_ROLES = frozenset({"head", "home", "home_first", "home_last"})
_SENTENCE = re.compile(r"[!?\n]|\.(?=\s+\w)(?<!\d\.)")
_PARAGRAPH = re.compile(r"\n\s*\n")
# the opponent's possessive right before the printed point
_OPPONENT = {"en": re.compile(r"\b(?:opponent|other (?:player|side))(?:['’]s|s['’])\s+(?:own\s+)?(?:board\s+)?"
                              r"(?:points?\s+)?$"),
             "tr": re.compile(r"\brakib(?:in|inin|inizin|imizin|i)\s+(?:kendi\s+)?$")}
# a side's checkers set up on the point: words before it (en) or after it (tr)
_SETUP_BEFORE = {"en": re.compile(r"\b(?:start|starts|set up|sets up|stack|stacks|place|places|line up|lines up|"
                                  r"begin|begins|are set up|are placed|are stacked)\b[^.;:!?]{0,60}$"),
                 "tr": re.compile(r"(?!)")}
_SETUP_AFTER = {"en": re.compile(r"(?!)"),
                "tr": re.compile(r"^\.?\s*(?:numaralı\s+)?hane\w*\s+(?:\([^)]{0,20}\)\s+)?(?:\w+\s+){0,2}?"
                                 r"(?:diz\w*|yerleş\w*|başla\w*|kurul\w*)")}
# "this point is the opponent's N-point": the point named before, in the other numbering
_SAME_BEFORE = {"en": re.compile(r"\b(?:which|that|this(?: point)?|it|the same point)\s+is\s+(?:also\s+)?(?:the|your|"
                                 r"their|its|his|her)\s+(?:opponent|other (?:player|side))['’]s\s+(?:own\s+)?"
                                 r"(?:board\s+)?(?:points?\s+)?$"),
                "tr": re.compile(r"\b(?:bu|o|aynı)\s+hane\w*\s+(?:\w+\s+){0,2}?rakib\w*\s+(?:kendi\s+)?$")}
_SAME_AFTER = {"en": re.compile(r"^"),
               "tr": re.compile(r"^\.?\s*(?:numaralı\s+)?hane(?:si|sidir|sıdır|sine denk)\b")}
# the printed value before, in its side's own numbers: a role, or a number said "own"
_OWN_WORD = {"en": re.compile(r"\b(?:own|your|their|its|his|her)\s+(?:board\s+)?$"),
             "tr": re.compile(r"\bkendi\s+$")}
# a side's name, then its home or head: "Black's home board is points", "Siyah'ın evi"
_OWNED = {"en": re.compile(r"^(?:['’]s?\s+(?:home(?:\s+board)?|head|starting point)\b(?:\s+(?:is|are|lies|covers))?|"
                           r"['’]s\s+(?:is|are))\s*(?:the\s+)?(?:points?\s+)?$"),
          "tr": re.compile(r"^['’]?\w*\s+(?:ev\w*|baş\w*|başlangıç\s+hane\w*)\s+(?:(?!kendi)\w+\s+){0,2}$")}
_NAMES = {"white": "White", "black": "Black"}


def _int(p: Span) -> int | None:
    m = re.match(r"\s*(\d{1,2})\.?\s*$", p.text)
    return int(m.group(1)) if m else None


def own_number_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                        sides: Mapping[str, str], rules: Ruleset | None, severity: str = "error") -> list[Problem]:
    """Own-numbers heads and homes given to the opponent's numbering, or to a side other than the one
    whose numbers the text says it uses."""
    if lang not in _OPPONENT or "\ue000" not in marked:
        return []
    t = _Text(marked, source, path, first_line, severity)
    found = [(p, _role(t.at(p)[2])[0], t.at(p)[2]) for p in t.facts]
    if not any(role in _OWN_ROLES for _, role, _ in found):
        return []
    folded = langlex.fold_text(t.plain, lang)
    for k, (p, role, tag) in enumerate(found):
        if role not in _OWN_ROLES:
            continue
        start, end = t.bounds(p, _SENTENCE)
        before = folded[start:p.start]
        after = folded[p.start + len(p.text):end]
        near = before[before.rfind(_BLANK) + 1:]
        if _OPPONENT[lang].search(near) and rules is not None:
            _opponent(t, lang, p, tag, before, near, after[:after.find(_BLANK)] if _BLANK in after else after,
                      [q for q in found[:k] if q[0].start >= start], rules)
        _numbering(t, lang, folded, sides, p, tag)
    return t.out


def _opponent(t: _Text, lang: str, p: Span, tag: str, before: str, near: str, after: str,
              earlier: list[tuple[Span, str, str]], rules: Ruleset) -> None:
    """"the opponent's {{ r.head }}": where a side sets up, or the same point named in both numberings."""
    value = _int(p)
    if value is None:
        return
    mine = rules.geometry.opposing_point(value)  # the opponent's point `value` in one's own numbers
    if (_SETUP_BEFORE[lang].search(before) or _SETUP_AFTER[lang].match(after)) and mine not in rules.start:
        points = ", ".join(str(n) for n in sorted(rules.start, reverse=True))
        t.report(p, "geometry", f"this sentence sets a side's checkers up on the opponent's {value}-point (`{tag}`), "
                 f"which is its own {mine}-point; a side sets up on its own points ({points}), and `{tag}` "
                 "prints a point in the side's own numbers", HINT)
        return
    if not (_SAME_BEFORE[lang].search(near if lang == "en" else before) and _SAME_AFTER[lang].match(after)):
        return
    for q, role, qtag in reversed(earlier):
        x = _int(q)
        lead = langlex.fold_text(t.plain[max(0, q.start - 40):q.start], lang)
        own = (role in _OWN_ROLES or bool(_OWN_WORD[lang].search(lead))) and not _OPPONENT[lang].search(lead)
        if x is None or not own:
            continue
        if rules.geometry.opposing_point(x) != value:
            t.report(p, "geometry", f"this sentence gives the opponent's number of the {x}-point (`{qtag}`) as "
                     f"{value} (`{tag}`), but `{tag}` is a point in a side's own numbers: in the opponent's "
                     f"numbers the same point is {rules.geometry.opposing_point(x)}", HINT)
        return


def _numbering(t: _Text, lang: str, folded: str, sides: Mapping[str, str], p: Span, tag: str) -> None:
    """A side's home or head printed in its own numbers where its paragraph says it uses another's."""
    para = max((m.end() for m in _PARAGRAPH.finditer(folded, 0, p.start)), default=0)
    stop = _PARAGRAPH.search(folded, p.start)
    said = {side for _, _, side in said_sides(folded[para:stop.start() if stop else len(folded)], lang, sides)}
    if len(said) != 1:
        return
    (numbers,) = said
    start, _ = t.bounds(p, _SENTENCE)
    window = folded[start:p.start]
    window = window[window.rfind(_BLANK) + 1:] if _BLANK in window else window
    names = {langlex.fold_text(n, lang): s for s, n in sides.items()}
    hits = [(m.start(), names[m.group()]) for m in re.finditer("|".join(re.escape(n) for n in names), window)] \
        if names else []
    if not hits:
        return
    at, owner = max(hits)
    name = next(n for n in names if names[n] == owner)
    if owner == numbers or not _OWNED[lang].match(window[at + len(name):]):
        return
    t.report(p, "geometry", f"this text says its numbers are {_NAMES[numbers]}'s, but `{tag}` prints "
             f"{_NAMES[owner]}'s point(s) {p.text.strip().rstrip('.')} in {_NAMES[owner]}'s own numbers; "
             f"in {_NAMES[numbers]}'s numbers they are `home_of('{owner}')` / `head_of('{owner}')`", HINT)
