"""A die said to do something to a checker, against the move of the shown play that does it.

"With 6-4 the {{ o7.roll.high.words }} must bring that checker home first: 7/3 6/off": the play
uses the six, so `dieplays` finds nothing wrong, but the move that brings the checker home, 7/3,
is the four's. A die word printed from a helper (`….roll.high.words`, `….moves[i].die.words`: its
`Subject.die`) followed, in its sentence part, by words that say what the die does to a checker
(brings it home, bears it off, enters it: `dieverbs.yaml`, per language) and then by a play a
helper printed (`play(…)`, `….show`: its `Subject.dice`) names the die of the play's move that does
it. Each move's die is read from the notation (a move goes as many pips as its die; a checker borne
off takes a die the other moves leave). A clause that says what cannot be done is not judged.

>>> from tavla_docs.site.provenance import Subject, mark, recording
>>> from tavla_docs.site.facts.numerals import Num
>>> class P(str): tavla_fact = True; about = Subject(group=2, dice=(4, 6))
>>> src = "The {{ d }} must bring that checker home first: {{ p }}"
>>> with recording():
...     text = ("The " + mark(1, Num(6, "en").of_side(None, "die").on(Subject(die=6)), False, 0)
...             + " must bring that checker home first: " + mark(1, P("7/3 6/off"), False, 1))
>>> [p.message for p in die_verb_problems(text, "en", "x.md", src, 1)]
['`{{ d }}` names the six as the die that brings a checker home, but in the play its sentence shows, `{{ p }}`, \
the four does it (7/3)']
"""
from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import yaml

from .dieplays import dice_before_plays
from .problems import Problem
from .subjects import _BLANK, _Text, lexicon

_NAMES = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_DOES = {"home": "brings a checker home", "enter": "enters a checker from the bar", "off": "bears a checker off"}
_MOVE = re.compile(r"(bar|\d{1,2})((?:/(?:off|\d{1,2})\*?)+)(?:\((\d)\))?")
BAR, OFF = 25, 0
HINT = ("name the die of the move the words describe (`….moves[i].die.words` beside `….moves[i]`), or show "
        "a play in which that die does it")


@cache
def _verbs(lang: str) -> dict[str, re.Pattern[str]]:
    data = yaml.safe_load(Path(__file__).with_name("dieverbs.yaml").read_text(encoding="utf-8")).get(lang) or {}
    return {k: re.compile("|".join(f"(?:{w})" for w in ws), re.IGNORECASE) for k, ws in data.items()}


def moves_of(play: str) -> list[tuple[int, int]]:
    """The moves of a play in notation, as (from, to) pairs (the bar 25, off 0), chains cut into steps.

    >>> moves_of("bar/20 13/7*/1 6/off(2)")
    [(25, 20), (13, 7), (7, 1), (6, 0), (6, 0)]
    """
    out: list[tuple[int, int]] = []
    for m in _MOVE.finditer(play):
        points = [BAR if m.group(1) == "bar" else int(m.group(1))]
        points += [OFF if s.rstrip("*") == "off" else int(s.rstrip("*")) for s in m.group(2).split("/")[1:]]
        for _ in range(int(m.group(3) or 1)):
            out += list(zip(points, points[1:], strict=False))
    return out


def _dice(moves: list[tuple[int, int]], dice: tuple[int, ...]) -> list[set[int]]:
    """The dice each move may have used: its distance; a checker borne off, the dice the rest leave."""
    left = Counter(dice)
    fixed: list[set[int]] = []
    for src, dst in moves:
        if dst == OFF:
            fixed.append(set())
            continue
        steps = {abs(src - dst)} if src != BAR else {BAR - dst, dst}
        used = next((d for d in sorted(steps) if left[d]), None)
        if used is not None:
            left[used] -= 1
        fixed.append(steps)
    spare = {d for d, n in left.items() if n > 0}
    return [s if s else spare for s in fixed]


def _picks(kind: str, src: int, dst: int) -> bool:
    if kind == "off":
        return dst == OFF
    if kind == "enter":
        return src == BAR
    inside = (1 <= dst <= 6 and not 1 <= src <= 6) or (19 <= dst <= 24 and not 19 <= src <= 24)
    return src != BAR and inside  # into a home board, either side's numbering


def die_verb_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                      severity: str = "error") -> list[Problem]:
    """Each die word said to do to a checker what, in the play its sentence shows, another die does."""
    verbs, words = _verbs(lang), lexicon(lang)
    if not verbs or "\ue000" not in marked:
        return []
    t = _Text(marked, source, path, first_line, severity)
    for p, play, later in dice_before_plays(t):
        about, end = p.about, p.start + len(p.text)
        if about is None or play.about is None:
            continue
        if about.off is not None and about.group and about.group == play.about.group:
            continue  # a move's die beside its own play: `subjects` judges what its move does
        if any(q.about and q.about.die and not q.about.dice and q.start < play.start for q in later):
            continue  # another die nearer the play speaks of it
        between = t.plain[end:play.start].replace(_BLANK, " ")
        if "fail" in words and words["fail"].search(between):
            continue
        kind = next((kd for kd in ("home", "enter", "off") if kd in verbs and verbs[kd].search(between)), None)
        if kind is None:
            continue
        moves = moves_of(play.text)
        chosen = [(m, d) for m, d in zip(moves, _dice(moves, play.about.dice), strict=True) if _picks(kind, *m)]
        if not chosen or any(about.die in d for _, d in chosen):
            continue
        dice = sorted({x for _, d in chosen for x in d}, reverse=True)
        shown = " ".join(f"{'bar' if s == BAR else s}/{'off' if e == OFF else e}" for (s, e), _ in chosen)
        who = " or the ".join(_NAMES.get(x, str(x)) for x in dice) if dice else "no die"
        t.report(p, "subject", f"`{{tag}}` names the {_NAMES.get(about.die, about.die)} as the die that {_DOES[kind]}, "
                 f"but in the play its sentence shows, `{t.at(play)[2]}`, the {who} does it ({shown})", HINT)
    return t.out
