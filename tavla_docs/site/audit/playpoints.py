"""What stands on a point, printed in a sentence about a play that does not touch that point.

"{{ play("24/12", …, legal=False) }} is not legal, because {{ q.side }} has {{ q.count.words }}
checkers on the point where it would land" is true of the 12-point and false of `d.point(13)`.
A point's facts (`s.point(n).count`, `.side`) know their point (`Subject.point`, the shared
numbering), and a checked play knows the points its moves start from and land on (`Subject.lands`,
`.starts`). When a sentence prints one play and a point's fact, and names no point itself, the
fact's point must be one of the play's: a landing point when the words around the fact speak of
where it lands ("where it would land", "varacağı hane"), else any point the play touches.

>>> from tavla_docs.site.provenance import Subject, mark, recording
>>> from tavla_docs.site.facts.numerals import Num
>>> class P(str): tavla_fact = True; about = Subject(group=1, lands=1 << 11, starts=1 << 23)
>>> src = "{{ p }} is illegal: {{ n }} checkers stand where it would land."
>>> with recording():
...     text = mark(1, P("24/12"), False, 0) + " is illegal: " + mark(1, Num(5, "en").on(Subject(point=13)), False, 1) \\
...         + " checkers stand where it would land."
>>> [p.message for p in play_point_problems(text, "en", "x.md", src, 1)]
['`{{ n }}` prints what stands on the 13-point (5), but the play this sentence speaks of, `{{ p }}`, lands on the 12-point']
"""
from __future__ import annotations

import re

from ..provenance import Span
from .problems import Problem

_LAND = {"en": re.compile(r"\b(?:land\w*|lands|ends?\s+(?:up|its\s+move)|would\s+(?:end|stop)|arriv\w*|goes|go\s+to)\b",
                          re.IGNORECASE),
         "tr": re.compile(r"\b(?:varacağı|varaca\w*|gideceği|ineceği|duracağı|konacağı|vardığı|gittiği)\b", re.IGNORECASE)}
_SENTENCE = re.compile(r"(?<!\d)[.!?](?=\s|$)|\n")
HINT = ("print what stands on the point the play lands on or starts from (`s.point(…)` of that point, or "
        "`….after.point(…)`), or name the point")


def _points(bits: int) -> list[int]:
    return [b for b in range(1, 25) if bits >> (b - 1) & 1]


def _names(points: list[int]) -> str:
    if len(points) == 1:
        return f"the {points[0]}-point"
    return "the " + ", ".join(f"{p}-" for p in points[:-1]) + f" and {points[-1]}-points"


def play_point_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                        severity: str = "error") -> list[Problem]:
    """A point's fact in a sentence about one play that neither starts from nor lands on that point."""
    if "\ue000" not in marked or lang not in _LAND:
        return []
    from .subjects import _Text

    t = _Text(marked, source, path, first_line, severity)
    facts = [p for p in t.facts if p.computed and p.about is not None]
    for p in facts:
        about = p.about
        if about is None or not about.point or about.names or about.outcome or about.lands or about.starts:
            continue
        start, end = t.bounds(p, _SENTENCE)
        plays = [q for q in facts if q.about and (q.about.lands or q.about.starts) and start <= q.start < end]
        named = [q for q in facts if q.about and q.about.names and start <= q.start < end]
        if len({q.about.group for q in plays if q.about}) != 1 or named:
            continue  # no play, several, or a point named in words: `subjects` reads those
        play = plays[0]
        assert play.about is not None
        lands, starts = _points(play.about.lands), _points(play.about.starts)
        c0, c1 = t.bounds(p)
        landing = bool(_LAND[lang].search(t.plain, c0, c1))
        if about.point in lands or (not landing and about.point in starts):
            continue
        _report(t, p, play, lands, starts, landing)
    return t.out


def _report(t: object, p: Span, play: Span, lands: list[int], starts: list[int], landing: bool) -> None:
    from .subjects import _Text

    assert isinstance(t, _Text) and p.about is not None
    where = f"lands on {_names(lands)}" if lands else "lands on no point"
    if not landing and starts:
        where = f"starts from {_names(starts)} and " + where
    t.report(p, "subject", f"`{{tag}}` prints what stands on the {p.about.point}-point ({p.text}), but the play "
             f"this sentence speaks of, `{t.at(play)[2]}`, {where}", HINT)
