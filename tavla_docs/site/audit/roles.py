"""A side named in the wrong role: the side not on roll named as the one who has the figure's
roll, the leader of one position's pip count beside the lead of another.

A frame's side names say their role (`facts.plays.role`): `.turn` and `.opponent` carry the
frame's roll as their subject, and a position's `pip_lead.side` and `pip_lead.by` one group of
their own (`provenance.Subject`). Every name and number is still computed when a sentence
prints `{{ f.opponent }}, with a roll of {{ f.roll }}` or takes `{{ w.pip_lead.side }}` and
`{{ rc.pip_lead.by }}` from two figures; only the pairing is false, and this module reads it.

>>> from tavla_docs.site.provenance import Subject, mark, recording, roll_group
>>> from tavla_docs.site.facts.values import Text
>>> from tavla_docs.site.facts.plays import role
>>> from tavla_docs.site.facts.numerals import Num
>>> src = "So {{ f.opponent }}, with a roll of {{ f.roll }}, cannot bear off."
>>> black, roll = role(Text("Black"), "opponent", Subject(group=roll_group(4, 3))), Num(43, "en")
>>> with recording():
...     text = "So " + mark(1, black, False, 0) + ", with a roll of " \\
...         + mark(1, roll.on(Subject(group=roll_group(4, 3), outcome="mixed")), False, 1) + ", cannot bear off."
>>> [p.message for p in role_problems(text, "en", "x.md", src, 1, {"white": "White", "black": "Black"})]
['`{{ f.opponent }}` names Black, the side not on roll in this figure, as the one with its roll (43): White is on roll']
"""
from __future__ import annotations

import re

from ..provenance import MOST_GROUP, Span
from .problems import Problem
from .subjects import _CLAUSE, _PART, _WORD, _Text

_ROLLS = ("double", "mixed")
_APOSTROPHE = re.compile(r"\s*['’]")  # a possessive ("Black's blot", "Siyah'ın pulu"): the side is no roller
_BETWEEN = 8  # words from the side's name to the roll it is said to have


def role_problems(marked: str, lang: str, path: str, source: str, first_line: int, sides: dict[str, str],
                  severity: str = "error") -> list[Problem]:
    """The side names and pip leads of a rendered text printed in another role than their own."""
    if "\ue000" not in marked:
        return []
    t = _Text(marked, source, path, first_line, severity)
    facts = [p for p in t.facts if p.computed and p.about is not None]
    named = [p for p in t.facts if p.computed and p.meaning in ("turn", "opponent", "lead")]
    for p in facts:
        if p.meaning == "opponent":
            _roller(t, p, facts, named, sides)
        if p.meaning == "lead" and p.about and p.about.group:
            _lead(t, p, facts)
        if p.about and p.about.group == MOST_GROUP:
            _only(t, p, facts, lang)
    return t.out


def _only(t: _Text, p: Span, facts: list[Span], lang: str) -> None:
    """The rule's most a turn plays, after "only", in a sentence part that prints a figure's roll:
    the words say the figure plays fewer than the number printed."""
    from .subjects import lexicon

    only = lexicon(lang).get("only_before")
    if only is None or not only.search(t.before(p, 2)):
        return
    start, stop = t.bounds(p, _PART)
    if not any(q.about and q.about.outcome in _ROLLS and start <= q.start < stop for q in facts):
        return
    t.report(p, "role", f"`{{tag}}` prints the rule's number of moves a double gives ({p.text}) after \"only\", "
             "in a sentence about the figure's roll: the words say the figure plays fewer",
             "print what the figure plays (`s.dice_used`, `s.show.moves`), not the rule's count")


def _roller(t: _Text, p: Span, facts: list[Span], named: list[Span], sides: dict[str, str]) -> None:
    """The side not on roll, right before (or after) the frame's roll in one part of a sentence."""
    about = p.about
    if about is None or not about.group:
        return
    end = p.start + len(p.text)
    if _APOSTROPHE.match(t.plain, end):
        return
    start, stop = t.bounds(p, _PART)
    clause = t.bounds(p, _CLAUSE)
    names = re.compile("|".join(re.escape(n) for n in sides.values()) or r"(?!)", re.IGNORECASE)
    for q in facts:
        if q is p or not q.about or q.about.group != about.group or q.about.outcome not in _ROLLS:
            continue
        if end <= q.start < stop:
            between = t.plain[end:q.start]
        elif clause[0] <= q.start < p.start:
            between = t.plain[q.start + len(q.text):p.start]
            if len(re.findall(_WORD, between)) > 2:
                continue
        else:
            continue
        if len(re.findall(_WORD, between)) > _BETWEEN or names.search(between) or any(
                o is not p and min(q.start, p.start) < o.start < max(q.start, p.start) for o in named):
            continue
        turn = next((n for n in sides.values() if n.lower() != p.text.lower()), "the other side")
        t.report(p, "role", f"`{{tag}}` names {p.text}, the side not on roll in this figure, as the one with its "
                 f"roll ({q.text}): {turn} is on roll",
                 "name the side on roll as `{{ ….turn }}`; `….opponent` is the side waiting")
        return


def _lead(t: _Text, p: Span, facts: list[Span]) -> None:
    """A pip lead printed in one clause with the leader of another position."""
    start, stop = t.bounds(p, _CLAUSE)
    group = p.about.group if p.about else 0
    for q in facts:
        if q is p or q.meaning != "lead" or not q.about or not q.about.group or q.about.group == group:
            continue
        if start <= q.start < stop and q.start < p.start:
            t.report(p, "role", f"`{{tag}}` prints the pip lead of another position ({p.text}) than "
                     f"`{t.at(q)[2]}` beside it: the two come from different figures",
                     "print the side that leads and its lead from the same scenario (`s.pip_lead.side`, "
                     "`s.pip_lead.by`)")
            return
