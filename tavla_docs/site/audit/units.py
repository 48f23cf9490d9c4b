"""A number printed before the noun of another measure: "moves of {{ r.double_moves }} points each".

A computed number knows what it measures (`provenance.MEANINGS`, set by the helper that computes
it): a die's pips, a point's number, a count of moves, of the ways a roll comes up, of rolls, of
checkers, of dice. The noun right after it in the sentence says what the reader is told it
measures ("points", "pips", "moves", "ways", "checkers"; Turkish "hane", "hamle", "şekilde",
"pul"). When the two differ, the sentence prints a true number about the wrong thing (the number
of moves of a double where a die's pips are meant). The nouns are data (`units.yaml`).

>>> from tavla_docs.site.provenance import recording, mark
>>> from tavla_docs.site.facts.numerals import Num
>>> src = "Four moves of {{ n }} points each."
>>> with recording():
...     text = "Four moves of " + mark(1, Num(4, "en").of_side(None, "moves"), False, 0) + " points each."
>>> [p.message for p in unit_problems(text, "en", "x.md", src, 1)]
['`{{ n }}` prints a count of moves (4) before "points", which the reader takes for a distance or a point']
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

from .problems import Problem

_KINDS = {"die": "a die's number", "point": "a point's number", "pips": "a pip count", "lead": "a pip lead",
          "moves": "a count of moves", "ways": "the number of ways a roll comes up", "rolls": "a count of rolls",
          "checkers": "a count of checkers", "home": "a count of checkers", "off": "a count of checkers",
          "left": "a count of checkers", "bar": "a count of checkers", "on_board": "a count of checkers",
          "dice": "a count of dice", "single": "a result's points", "mars": "a result's points",
          "gammon": "a result's points", "katmerli_mars": "a result's points", "backgammon": "a result's points"}
_NOUNS = {"distance": "a distance or a point", "moves": "moves", "ways": "ways", "checkers": "checkers",
          "rolls": "rolls", "dice": "dice"}
HINT = ("print the number the noun after it measures (a die's pips `….roll.high`, a count of moves "
        "`r.double_moves`, of ways `….ways`, of checkers `….count`), or change the noun to say what this one is")


@cache
def _lexicon(lang: str) -> tuple[re.Pattern[str] | None, dict[str, tuple[str, ...]]]:
    """(the pattern of a noun after a number, with a group per measure; what each kind may stand before)."""
    data = yaml.safe_load(Path(__file__).with_name("units.yaml").read_text(encoding="utf-8"))
    allowed = {k: tuple(v) for k, v in data["allowed"].items()}
    table = data.get(lang)
    if not table:
        return None, allowed
    between = "|".join(f"(?:{w})" for w in table["between"])
    nouns = "|".join(f"(?P<{k}>{'|'.join(f'(?:{w})' for w in table[k])})" for k in _NOUNS if table.get(k))
    return re.compile(rf"(?:\s*(?:{between})(?!\w))*\s*(?:{nouns})(?!\w)", re.IGNORECASE), allowed


def unit_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                  severity: str = "error") -> list[Problem]:
    """Each computed number of a known kind followed by the noun of a measure its kind is not."""
    pattern, allowed = _lexicon(lang)
    if pattern is None or "\ue000" not in marked:
        return []
    from .subjects import _Text

    t = _Text(marked, source, path, first_line, severity)
    for p in t.facts:
        if not (p.computed and p.meaning in allowed):
            continue
        m = pattern.match(t.plain, p.start + len(p.text))
        if m is None or m.lastgroup is None or m.lastgroup in allowed[p.meaning]:
            continue
        noun = " ".join(m.group(m.lastgroup).split()).lstrip("- ")
        t.report(p, "unit", f"`{{tag}}` prints {_KINDS[p.meaning]} ({p.text}) before \"{noun}\", which the reader "
                 f"takes for {_NOUNS[m.lastgroup]}", HINT)
    return t.out
