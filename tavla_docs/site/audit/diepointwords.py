"""A page's "the die's point is empty" against the play it prints beside the words.

`diepoints` holds a caption's "the die's point (and every higher point) is empty" against its
figure. A page says it too, in a sentence or a table row whose first cell gives the condition
("That point and all higher points are empty | It bears off the farthest checker | A six …: 3/off").
A play printed in the same sentence part (or table row) bears a checker off with a die: when the
checker comes off a point the die's number reaches exactly or beyond, that point held the
checker before the play, so the die's point was not empty (the roll changed from 6-1 to 3-1).

>>> from tavla_docs.site.provenance import Subject, mark, recording
>>> class P(str): tavla_fact = True; about = Subject(group=1, dice=(3,))
>>> src = "| That point and all higher points are empty | It bears off the farthest checker | {{ p }} |"
>>> with recording():
...     text = "| That point and all higher points are empty | It bears off the farthest checker | " \\
...         + mark(1, P("3/off"), False, 0) + " |"
>>> [p.message.split(", so")[0] for p in die_point_word_problems(text, "en", "x.md", src, 1)]
['`{{ p }}` bears a checker off the 3-point with a three']
"""
from __future__ import annotations

import re

from .diepoints import _NAMES, _said
from .dieverbs import OFF, _dice, moves_of
from .problems import Problem
from .subjects import _PART, _Text

_LINE = re.compile(r"\n")
HINT = ("show a roll whose die's point is empty (`roll:`, `show:` of the scenario), or say what the position "
        "holds")


def die_point_word_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                            severity: str = "error") -> list[Problem]:
    """Each printed play that bears a checker off its die's own point (or a lower one) in a sentence
    part, or table row, that calls the die's point empty."""
    if "\ue000" not in marked:
        return []
    t = _Text(marked, source, path, first_line, severity)
    for q in t.facts:
        if not (q.computed and q.about is not None and q.about.dice):
            continue
        start, end = t.bounds(q, _LINE)
        if not t.plain[start:end].lstrip().startswith("|"):
            start, end = t.bounds(q, _PART)
        said = _said(t.plain[start:end].replace("\x00", " "), lang)
        if not said:
            continue
        moves = moves_of(q.text)
        for (src, dst), dice in zip(moves, _dice(moves, q.about.dice), strict=True):
            if dst != OFF or not dice or max(dice) > src:
                continue  # a die above the checker's point: its own point may well be empty
            die = max(dice)
            t.report(q, "subject", f"`{{tag}}` bears a checker off the {src}-point with a {_NAMES.get(die, die)}, so "
                     f"that point is not empty as {said[0][0]!r} says", HINT)
            break
    return t.out
