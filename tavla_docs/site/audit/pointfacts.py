"""Sentences about where a point lies, against the game's geometry: "White's 24-point is Black's
1-point" (the same point in each player's own numbering) and "the checker on the 9-point is still
outside the home board" (a point in the mover's own numbering, 1–6 being home).

These are facts of the board, not of a ruleset's options, so they are read from the game's
`Geometry` and hold for any variant the project adds. A page's points are in the mover's own
numbering (docs/authoring.md); a sentence that speaks of a shared "board point" is not judged.

>>> from tavla_docs.variants import ruleset
>>> [f[3] for f in point_faults("White's 24-point is Black's 6-point.", "en", ruleset("backgammon"))]
["this sentence says White's 24-point is Black's 6-point; in Backgammon, White's 24-point is Black's 1-point"]
>>> point_faults("The checker on the 3-point is still outside the home board.", "en", ruleset("tavla"))[0][3]
'this sentence says the 3-point is outside the home board; the home board is points 1–6 in the mover’s own numbering'
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ...engine.board import Side
from ...engine.rules import Ruleset

HINT_SAME = "print both numbers from the ruleset (`rules.to_own`, `r.home.first`, `r.board_points`), or correct the one typed"
HINT_HOME = "a point's number is the mover's own (1–6 is home): name the point the sentence means, printed from the play"
_SIDES = {"en": {"white": "white", "black": "black"}, "tr": {"beyaz": "white", "siyah": "black"}}
_NAME = {"white": "White", "black": "Black"}


@dataclass(frozen=True)
class PointSaid:
    """Where a sentence about a point is, and its words (located like a rule statement)."""

    start: int
    end: int
    text: str


@lru_cache(maxsize=4)
def _patterns(lang: str) -> tuple[re.Pattern[str], ...]:
    if lang == "en":
        side = r"(white|black)['’]s"
        return (re.compile(rf"\b{side}\s+(\d{{1,2}})-point\s+is\s+(?:also\s+)?{side}\s+(\d{{1,2}})-point", re.I),
                re.compile(r"\bpoint\s+(\d{1,2})\s+(?:for|of)\s+(white|black)\s+is\s+point\s+(\d{1,2})\s+"
                           r"(?:for|of)\s+(white|black)", re.I))
    side = r"(beyaz|siyah)(?:['’]?(?:ın|in|a|e|için))?"
    return (re.compile(rf"\b{side}\s+(\d{{1,2}})\.\s+hanesi,?\s+(?:aynı\s+zamanda\s+)?{side}\s+(\d{{1,2}})\."
                       r"\s+hane(?:si|sidir)\b", re.I),)


@lru_cache(maxsize=4)
def _home(lang: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(outside, inside): a point said to lie outside, or inside, the home board."""
    if lang == "en":
        pt = r"\bthe\s+(\d{1,2})-point"
        return (re.compile(pt + r"[^.;:]{0,12}?\s(?:is|are|stands?|lies?)\s+(?:still\s+|now\s+|already\s+)?"
                                r"(?:outside|out\s+of)\s+(?:the|your|its|their|his|her)\s+home(?:\s+board)?\b", re.I),
                re.compile(pt + r"[^.;:]{0,12}?\s(?:is|are|stands?|lies?)\s+(?:already\s+|now\s+)?"
                                r"(?:in|inside)\s+(?:the|your|its|their|his|her)\s+home(?:\s+board)?\b", re.I))
    pt = r"\b(\d{1,2})\.\s+hane\w*"
    return (re.compile(pt + r"\s+(?:\w+\s+){0,2}?(?:hâlâ\s+|henüz\s+)?ev(?:in)?\s+dışında\w*", re.I),
            re.compile(pt + r"\s+(?:\w+\s+){0,2}?(?:zaten\s+)?ev(?:in)?\s+içinde\w*", re.I))


def point_faults(text: str, lang: str, rules: Ruleset | None) -> list[tuple[int, int, str, str, str]]:
    """(start, end, words, message, hint) for each false sentence about a point of `text`."""
    if rules is None or lang not in _SIDES:
        return []
    out = []
    g = rules.geometry
    for pattern in _patterns(lang):
        for m in pattern.finditer(text):
            groups = m.groups()
            if groups[0].lower() in _SIDES[lang]:  # side, number, side, number
                s1, n1, s2, n2 = groups
            else:  # number, side, number, side
                n1, s1, n2, s2 = groups
            a, b = Side(_SIDES[lang][s1.lower()]), Side(_SIDES[lang][s2.lower()])
            p1, p2 = int(n1), int(n2)
            if not (1 <= p1 <= 24 and 1 <= p2 <= 24):
                continue
            real = g.from_board(b, g.to_board(a, p1))
            if real != p2:
                out.append((m.start(), m.end(), m.group(),
                            f"this sentence says {_NAME[a.value]}'s {p1}-point is {_NAME[b.value]}'s {p2}-point; in "
                            f"{rules.display_name}, {_NAME[a.value]}'s {p1}-point is {_NAME[b.value]}'s {real}-point",
                            HINT_SAME))
    outside, inside = _home(lang)
    for m in outside.finditer(text):
        if 1 <= int(m.group(1)) <= 6 and not _shared(text, m.start()):
            out.append((m.start(), m.end(), m.group(),
                        f"this sentence says the {m.group(1)}-point is outside the home board; the home board is "
                        "points 1–6 in the mover’s own numbering", HINT_HOME))
    for m in inside.finditer(text):
        if 7 <= int(m.group(1)) <= 18:
            out.append((m.start(), m.end(), m.group(),
                        f"this sentence says the {m.group(1)}-point is in the home board; the home board is "
                        "points 1–6 in the mover’s own numbering, and no side's home holds it", HINT_HOME))
    return out


def _shared(text: str, at: int) -> bool:
    """Whether the sentence around `at` speaks of the board's shared numbering ("board point 20")."""
    start = max(text.rfind(".", 0, at), text.rfind("\n", 0, at)) + 1
    end = text.find(".", at)
    return bool(re.search(r"board\s+points?|tahtada|tahta\s+numara", text[start:end if end >= 0 else len(text)], re.I))
