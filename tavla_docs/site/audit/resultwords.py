"""A result's score printed beside the words of another result: "the game is a draw ({{ r.points.mother_pin }} points)".

Each `r.points.<result>` knows its result (`provenance.MEANINGS`: single, mars / gammon, katmerli
mars / backgammon, mother pin, draw). `reader.meaning_problems` reports a score whose clause names
only other results. A clause often names two: the condition and the outcome ("if both mothers are
pinned, the game is a draw (0 points)"; "ana pulu tapalıysa oyun berabere biter (0 puan)"). The
score belongs to the result named nearest before it (after it, when none is named before: "2
points for a mars"), so this check reports a score whose nearest result word is another result's,
even though its own result is named further away. The words are
each language's `counts:` (`langlex`, the same table `reader` reads).

>>> from tavla_docs.site.provenance import recording, mark
>>> from tavla_docs.site.facts.numerals import Num
>>> src = "If both mothers are pinned, the game is a draw ({{ n }} points)."
>>> with recording():
...     text = ("If both mothers are pinned, the game is a draw ("
...             + mark(1, Num(2, "en").of_side(None, "mother_pin"), False, 0) + " points).")
>>> [p.message for p in result_word_problems(text, "en", "x.md", src, 1)]
['`{{ n }}` prints the points of a mother pin (2) where the nearest words name a draw']
"""
from __future__ import annotations

import re

from .problems import Problem
from .reader import _name_re
from .subjects import _Text

_RESULTS = ("single", "mars", "gammon", "katmerli_mars", "backgammon", "mother_pin", "draw")
# a result and the results that are its other names (the Turkish and the English name of one result)
_SAME = {"mars": {"gammon"}, "gammon": {"mars"}, "katmerli_mars": {"backgammon"}, "backgammon": {"katmerli_mars"}}
_NAMES = {"single": "a single game", "mars": "a mars (gammon)", "gammon": "a gammon", "katmerli_mars": "a katmerli mars",
          "backgammon": "a backgammon", "mother_pin": "a mother pin", "draw": "a draw"}
_CLAUSE = re.compile(r"[.!?;:\n]")
HINT = ("print the points of the result the words name beside it (`r.points.<result>`), or name the result "
        "whose points these are")


def result_word_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                         severity: str = "error") -> list[Problem]:
    """Each result's score whose nearest result word, in its clause, names another result."""
    names = {k: v for k, v in _name_re(lang).items() if k in _RESULTS}
    if not names or "\ue000" not in marked:
        return []
    t = _Text(marked, source, path, first_line, severity)
    for p in t.facts:
        if not (p.computed and p.meaning in names):
            continue
        start, end = t.bounds(p, _CLAUSE)
        after = p.start + len(p.text)
        own = {p.meaning, *_SAME.get(p.meaning, ())}
        found: list[tuple[bool, int, str]] = []  # (after the score, distance from it, result)
        for kind, pattern in names.items():
            for m in pattern.finditer(t.plain, start, end):
                if m.end() <= p.start:
                    found.append((False, p.start - m.end(), kind))
                elif m.start() >= after:
                    found.append((True, m.start() - after, kind))
        if not found or not any(k in own for _, _, k in found):
            continue  # no result named (nothing to judge), or only others (`reader.meaning_problems`)
        # a score follows the name of its result ("a draw (0 points)", "mars: 2 puan"); a list's next
        # item comes after it ("mars 2 puan, katmerli mars 3 puan"): the words before it come first
        nearest = min(found)[:2]
        kinds = {k for a, d, k in found if (a, d) == nearest}
        if kinds & own:
            continue
        other = sorted(kinds)[0]
        t.report(p, "meaning", f"`{{tag}}` prints the points of {_NAMES[p.meaning]} ({p.text}) where the nearest "
                 f"words name {_NAMES[other]}", HINT)
    return t.out
