"""A computed value swapped for a sibling of the same shape: every number is the engine's, but it
belongs to the other move, the other die, the other end of a move or the other frame.

Each fact says which object it belongs to and its place there (`provenance.Subject`: a play's
`group`, a move's `move` place, a move's landing point `landing`, a roll's dice, the side that rolls
a frame's roll `turn`), so the pairing the words make can be held against it:

- `moves`: one clause pairs a move's die (or the whole move) with a point or the whole of another
  move of the same play ("6/1 with a {{ moves[1].die }}", "the five … hits on {{ moves[1].dst }}");
- `ends`: a list joined by "and" / "or" mixes where one move starts with where another lands
  ("the checkers on the {{ m0.src }}- and {{ m1.dst }}-points");
- `repeat`: the same `{{ … }}` printed twice where the words contrast two things ("one by
  {{ r.high }} and the other by {{ r.high }}"), unless its values are equal for a reason (a double);
- `roller`: a side's name right before a roll of a frame where the other side rolls.

>>> from tavla_docs.site.provenance import Subject, mark, recording
>>> from tavla_docs.site.facts.numerals import Num
>>> src = "Play {{ m0 }} with a {{ m1.die }}."
>>> class M(str): tavla_fact = True; about = Subject(group=3, dice=(5,), move=1)
>>> with recording():
...     text = "Play " + mark(1, M("6/1"), False, 0) + " with a " \\
...         + mark(1, Num(3, "en").on(Subject(group=3, die=3, move=2)), False, 1) + "."
>>> [p.message for p in sibling_problems(text, "en", "x.md", src, 1, {})]
['`{{ m1.die }}` names the die of move 2 (3) beside `{{ m0 }}`, move 1, which is played with the 5']
"""
from __future__ import annotations

import re

from ..provenance import Span
from . import rolewords
from .problems import Problem
from .subjects import _BLANK, _CLAUSE, _PART, _WORD, _Text, lexicon

_ROLL = re.compile(r"[1-6]-[1-6]")
_ROLL_GROUPS = 60000  # `provenance.roll_group`: a roll's group is 60000 + 10 × high + low


def sibling_problems(marked: str, lang: str, path: str, source: str, first_line: int, sides: dict[str, str],
                     severity: str = "error") -> list[Problem]:
    """The facts of a rendered text printed beside a sibling of theirs that the words pair them with."""
    if "\ue000" not in marked:
        return []
    t = _Text(marked, source, path, first_line, severity)
    facts = [p for p in t.facts if p.computed and p.about is not None]
    fail = lexicon(lang).get("fail")
    _moves(t, facts, fail)
    _ends(t, facts, lang)
    _repeat(t, facts, lang)
    _roller(t, facts, sides)
    _listed(t, facts, lang)
    return t.out


def _kind(p: Span) -> str:
    """What of a move a fact is: its die, one of its points, or the whole move ("")."""
    a = p.about
    if a is None or not a.move or not a.group:
        return ""
    if a.die and not a.dice:
        return "die"
    if len(a.dice) == 1:
        return "move"
    return "point" if not a.die and not a.dice else ""


def _moves(t: _Text, facts: list[Span], fail: re.Pattern[str] | None) -> None:
    """A move's die, in one clause with a later point or the whole of another move of the same play
    whose die the clause does not name, and without its own move printed whole (which binds it)."""
    for p in facts:
        if _kind(p) != "die" or p.about is None:
            continue
        start, stop = t.bounds(p, _CLAUSE)
        part = t.bounds(p, _PART)
        if fail is not None and fail.search(t.plain[part[0]:part[1]].replace(_BLANK, " ")):
            continue  # what a die cannot do may name another move's point
        group, place, die = p.about.group, p.about.move, p.about.die
        here = [q for q in facts if start <= q.start < stop and q.about and q.about.group == group and _kind(q)]
        if any(_kind(q) == "move" and q.about and q.about.move == place for q in here):
            continue  # "the six plays 13/7, …": the die is bound to its own move
        dice = {q.about.move for q in here if q.about and _kind(q) == "die"}
        for q in here:
            qa = q.about
            if qa is None or qa.move == place or qa.move in dice:
                continue
            if _kind(q) == "move" and qa.dice and qa.dice[0] != die and q.start < p.start:
                # a move, then a die ("6/1 with a three"); a die, then a move is `dieplays`' and `diemoves`' to judge
                t.report(p, "sibling", f"`{{tag}}` names the die of move {place} ({p.text}) beside "
                         f"`{t.at(q)[2]}`, move {qa.move}, which is played with the {qa.dice[0]}", _HINT)
                return
            if _kind(q) == "point" and q.start > p.start and _next_point(t, p, facts) is not q:
                t.report(q, "sibling", f"`{{tag}}` names a point of move {qa.move} ({q.text}) in a clause about "
                         f"the die of move {place} (`{t.at(p)[2]}`)", _HINT)
                return


_HINT = ("print the die, the points and the move of one move together (`….moves[i].die` with `….moves[i]`, "
         "`….moves[i].src`, `….moves[i].dst`)")


def _next_point(t: _Text, p: Span, facts: list[Span]) -> Span | None:
    """The point `subjects` pairs with a die: the first of its play's points after it, a few words on."""
    _, stop = t.bounds(p)
    end = p.start + len(p.text)
    q = next((q for q in facts if q.about and p.about and q.about.group == p.about.group and _kind(q) == "point"
              and end <= q.start < stop), None)
    if q is None or _BLANK in t.plain[end:q.start] or len(re.findall(_WORD, t.plain[end:q.start])) > 6:
        return None
    return q


def _ends(t: _Text, facts: list[Span], lang: str) -> None:
    """Points of two moves of one play joined as a list, one where its move starts, the other where
    its move lands: a list says the same of each ("the checkers on the 6- and the 5-point")."""
    joiner = rolewords.joiner(lang)
    if joiner is None:
        return
    points = [p for p in facts if _kind(p) == "point"]
    for p, q in zip(points, points[1:], strict=False):
        pa, qa = p.about, q.about
        if pa is None or qa is None or pa.group != qa.group or pa.move == qa.move or pa.landing == qa.landing:
            continue
        between = t.plain[p.start + len(p.text):q.start]
        if not joiner.fullmatch(between):
            continue
        dst, src = (p, q) if pa.landing else (q, p)
        t.report(q, "sibling", f"`{{tag}}` is listed with `{t.at(p)[2]}` as points of one kind, but `{t.at(dst)[2]}` "
                 f"is where move {dst.about.move if dst.about else 0} lands and `{t.at(src)[2]}` where move "
                 f"{src.about.move if src.about else 0} starts",
                 "list the points of one end of the moves: `….src` for where the checkers stand, `….dst` for "
                 "where they go")


def _repeat(t: _Text, facts: list[Span], lang: str) -> None:
    """The same `{{ … }}` printed twice in a sentence part, with words between them that name a second
    thing ("one … the other"): both get one value, where the sentence says they differ."""
    contrast = rolewords.contrast(lang)
    if contrast is None:
        return
    for k, p in enumerate(facts):
        start, stop = t.bounds(p, _PART)
        for q in facts[k + 1:]:
            if q.start >= stop:
                break
            if q.text != p.text or q.about != p.about or _expr(t, q) != _expr(t, p):
                continue
            if not contrast.search(t.plain[p.start + len(p.text):q.start].replace(_BLANK, "0")):
                continue
            if _equal_by_rule(p):
                continue
            t.report(q, "sibling", f"`{{tag}}` is printed twice ({p.text}) with words between that name a second "
                     "thing (\"the other\"): the second should be its sibling",
                     "print each side of the contrast from its own fact (`….high` and `….low`, `….moves[0]` and "
                     "`….moves[1]`, `….src` and `….dst`)")
            return


def _expr(t: _Text, p: Span) -> str:
    """The expression of the `{{ … }}` that printed a fact, without its spaces."""
    return "".join(t.at(p)[2].split())


def _equal_by_rule(p: Span) -> bool:
    """A die of a double: its two dice are equal, so printing one twice says what is true."""
    a = p.about
    if a is None or not a.die or a.group <= _ROLL_GROUPS or a.group > _ROLL_GROUPS + 66:
        return False
    high, low = divmod(a.group - _ROLL_GROUPS, 10)
    return high == low


def _roller(t: _Text, facts: list[Span], sides: dict[str, str]) -> None:
    """A side's name right before a roll of a frame in which the other side rolls ("{{ h.opponent }}
    rolls {{ h3.roll }}", where the roll is White's)."""
    names = {n.lower(): k for k, n in sides.items()}
    for p in facts:
        side = names.get(p.text.strip().lower())
        if not side or p.meaning not in ("turn", "opponent"):
            continue
        end = p.start + len(p.text)
        roll = next((q for q in facts if q.start >= end), None)
        if roll is None or roll.about is None or not roll.about.turn or not _ROLL.fullmatch(roll.text.strip()):
            continue
        between = t.plain[end:roll.start]
        if _BLANK in between or len(re.findall(_WORD, between)) > 2 or re.search(r"[.;:!?()'’,]", between):
            continue
        if roll.about.turn != side:
            t.report(p, "sibling", f"`{{tag}}` names {p.text} as the side with the roll {roll.text} "
                     f"(`{t.at(roll)[2]}`), but in that roll's figure {sides.get(roll.about.turn, roll.about.turn)} "
                     "is on roll",
                     "name the side on roll in the frame the roll comes from (`….turn` of that frame)")


_ASIDE = re.compile(r"\([^()]*\)")
_OUTCOME = {"success": "the rolls that succeed", "fail": "the rolls that fail"}


def _listed(t: _Text, facts: list[Span], lang: str) -> None:
    """A count of the rolls of one outcome made the subject of a list of the other outcome's rolls of
    the same odds ("the {{ o.missing }} rolls that fail (…) are {{ o.rolls }}")."""
    copula = rolewords.copula(lang)
    if copula is None:
        return
    for p in facts:
        pa = p.about
        if pa is None or pa.many or pa.outcome not in _OUTCOME:
            continue
        _, stop = t.bounds(p, _PART)
        q = next((q for q in facts if q.start > p.start and q.about and q.about.many), None)
        if q is None or q.start >= stop or q.about is None or q.about.group != pa.group \
                or q.about.outcome not in _OUTCOME or q.about.outcome == pa.outcome:
            continue
        between = _ASIDE.sub(" ", t.plain[p.start + len(p.text):q.start])
        if _BLANK in between or len(re.findall(_WORD, between)) > 8 or not copula.search(between):
            continue
        t.report(q, "sibling", f"`{{tag}}` lists {_OUTCOME[q.about.outcome]} as the ones `{t.at(p)[2]}` counts, "
                 f"{_OUTCOME[pa.outcome]}",
                 "list the rolls the count counts: `….others` beside `….missing`, `….rolls` beside `….count`")
