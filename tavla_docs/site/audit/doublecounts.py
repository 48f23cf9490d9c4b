"""The dice of a roll counted where the words speak of what a double does: "a double bears off at most {{ r.dice.words }}".

A roll is two dice (`r.dice`), but a double plays each of them twice: what a double moves, plays
or bears off is counted in its moves (`r.double_moves`, four in tavla). A count of dice printed
in a clause whose subject is a double ("a double …", "doubles are played … times", "çift zar en
çok …") states a true number about the wrong thing, unless the noun right after it is "dice"
itself ("a double is two dice showing one number"). The words are data (`units.yaml`, `doubles:`).

>>> from tavla_docs.site.provenance import recording, mark
>>> from tavla_docs.site.facts.numerals import Num
>>> src = "A double bears off at most {{ n }} checkers."
>>> with recording():
...     text = "A double bears off at most " + mark(1, Num(2, "en").of_side(None, "dice"), False, 0) + " checkers."
>>> [p.message for p in double_count_problems(text, "en", "x.md", src, 1)]
['`{{ n }}` prints the number of dice in a roll (2) where the words speak of what a double does']
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

from .problems import Problem
from .subjects import _Text
from .units import _lexicon as _units

_CLAUSE = re.compile(r"[.!?;:,()\n]")
HINT = ("a double plays each die twice: print its moves (`r.double_moves`), or say \"dice\" after a count of "
        "the dice of a roll")


@cache
def _words(lang: str) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    """(the words that make a double the subject, the words that deny) for `lang`."""
    data = yaml.safe_load(Path(__file__).with_name("units.yaml").read_text(encoding="utf-8")).get("doubles") or {}
    said, denied = data.get(lang), (data.get("not") or {}).get(lang)
    if not said:
        return None, None
    return (re.compile("|".join(f"(?:{w})" for w in said), re.IGNORECASE),
            re.compile("|".join(f"(?:{w})" for w in denied), re.IGNORECASE) if denied else None)


def double_count_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                          severity: str = "error") -> list[Problem]:
    """Each count of a roll's dice printed after a double, in its clause, as what the double does."""
    double, denied = _words(lang)
    if double is None or "\ue000" not in marked:
        return []
    nouns, _ = _units(lang)
    t = _Text(marked, source, path, first_line, severity)
    for p in t.facts:
        if not (p.computed and p.meaning == "dice"):
            continue
        start, _ = t.bounds(p, _CLAUSE)
        before = t.plain[start:p.start]
        if not double.search(before) or (denied is not None and denied.search(before)):
            continue
        noun = nouns.match(t.plain, p.start + len(p.text)) if nouns is not None else None
        if noun is not None and noun.lastgroup == "dice":
            continue
        t.report(p, "unit", f"`{{tag}}` prints the number of dice in a roll ({p.text}) where the words speak of "
                 "what a double does", HINT)
    return t.out
