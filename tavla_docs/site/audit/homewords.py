"""A printed point that the words around it put outside the home board, or in it.

A move prints its points in the mover's own numbers (`Subject.own`), where the home board is points
1–6 (`RuleFacts.home`). "The checker outside home is on the {{ p }}-point", "14 checkers are home
and one on the {{ p }}-point" and "… evdeyse ama biri {{ p }} hanede" say where the point lies; when
the number printed is on the other side of the home board's edge, the sentence speaks of one
checker and prints another's point (often another move of the same play: `moves[1]` for `moves[0]`).

>>> from tavla_docs.site.provenance import mark, recording
>>> from tavla_docs.site.facts.numerals import Num
>>> from tavla_docs.site.provenance import Subject
>>> n = Num(6, "en"); n.about = Subject(turn="white", own="white", group=1)
>>> src = "With 14 checkers home and one on the {{ m.src }}-point, no checker is borne off."
>>> with recording():
...     text = "With 14 checkers home and one on the " + mark(1, n, False, 0) + "-point, no checker is borne off."
>>> home_word_problems(text, "en", "x.md", src, 1)[0].message.split(", but")[0]
'this sentence puts the checker on the 6-point (`{{ m.src }}`) outside the home board'
"""
from __future__ import annotations

import re

from . import langlex
from .problems import Problem
from .subjects import _BLANK, _Text

HINT = ("print the point of the checker the sentence speaks of (another move of the play is `moves[i]`), "
        "or say where it lies (docs/authoring.md, \"Numbering: whose point is which\")")
HOME = range(1, 7)  # the home board in a side's own numbers (`RuleFacts.home`)
_SENTENCE = re.compile(r"[!?;\n]|\.(?=\s+\w)(?<!\d\.)")
_OUT_BEFORE = {"en": re.compile(r"\b(?:checkers?|all|rest)\b[^.;]{0,30}?\b(?:are |is )?(?:at |in )?home\b[^.;]{0,10}?"
                                r"\b(?:and|but|with|except(?: for)?)\s+(?:one|a checker|the other|the last(?: one| checker)?)"
                                r"\s+(?:still\s+)?(?:is\s+|left\s+|stands\s+)?(?:on|at)\s+the\s+(?:own\s+)?$"
                                r"|\b(?:checker|one)\s+(?:still\s+)?outside\s+(?:the\s+|its\s+|their\s+|your\s+)?(?:own\s+)?"
                                r"home(?:\s+board)?\s+(?:is|stands|sits)\s+on\s+the\s+$"),
               "tr": re.compile(r"\bev(?:de|dedir|deyse|deyken|dey\w*)\b[^.;]{0,10}?\b(?:ama|fakat|ancak|ve)\s+"
                                r"(?:biri|bir pul|bir tanesi|sonuncusu|kalan pul)\s+(?:hâlâ\s+|henüz\s+)?$"
                                r"|\bev(?:in)?\s+dışında(?:ki)?\s+(?:kalan\s+)?pul\s+(?:\w+\s+)?$")}
_OUT_AFTER = {"en": re.compile(r"^-?point\b,?\s*(?:which is|that is|is|lies|stands|still)?\s*(?:still\s+)?outside "
                               r"(?:the |its |their |your |his |her )?(?:own )?home"),
              "tr": re.compile(r"^\.?\s*(?:numaralı\s+)?hane(?:de|dedir|si)?\s*,?\s*(?:\w+\s+){0,1}?"
                               r"(?:ev(?:in)?\s+dışında|evde değil)")}
_IN_AFTER = {"en": re.compile(r"^-?point\b,?\s*(?:which is|that is|is)\s+(?:already\s+)?(?:in|inside) (?:the |its |their |"
                              r"your )?(?:own )?home(?: board)?\b"),
             "tr": re.compile(r"^\.?\s*(?:numaralı\s+)?hane(?:de|dedir|si)?\s*,?\s*(?:yani\s+)?ev(?:in\s+içinde|dedir)\b")}


def _int(text: str) -> int | None:
    m = re.match(r"\s*(\d{1,2})\.?\s*$", text)
    return int(m.group(1)) if m else None


def home_word_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                       severity: str = "error") -> list[Problem]:
    """Own-numbers points said to lie outside the home board that are in it, and the reverse."""
    if lang not in _OUT_BEFORE or "\ue000" not in marked:
        return []
    t = _Text(marked, source, path, first_line, severity)
    folded: str | None = None
    for p in t.facts:
        n = _int(p.text)
        if n is None or p.about is None or not p.about.own or not p.about.group:
            continue
        folded = folded if folded is not None else langlex.fold_text(t.plain, lang)
        start, end = t.bounds(p, _SENTENCE)
        before = folded[start:p.start]
        before = before[before.rfind(_BLANK) + 1:] if lang == "tr" else before
        after = folded[p.start + len(p.text):end]
        after = after[:after.find(_BLANK)] if _BLANK in after else after
        tag = t.at(p)[2]
        if n in HOME and (_OUT_BEFORE[lang].search(before) or _OUT_AFTER[lang].match(after)):
            t.report(p, "geometry", f"this sentence puts the checker on the {n}-point (`{tag}`) outside the home "
                     f"board, but in its owner's numbers the home board is points {HOME[0]}–{HOME[-1]}; the "
                     f"{n}-point is inside it", HINT)
        elif n not in HOME and _IN_AFTER[lang].match(after):
            t.report(p, "geometry", f"this sentence puts the {n}-point (`{tag}`) in the home board, but in its "
                     f"owner's numbers the home board is points {HOME[0]}–{HOME[-1]}", HINT)
    return t.out
