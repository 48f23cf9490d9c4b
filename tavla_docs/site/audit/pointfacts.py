"""Sentences about where a point lies, against the game's geometry: "White's 24-point is Black's
1-point" (the same point in each player's own numbering) and "the checker on the 9-point is still
outside the home board" (a point in the mover's own numbering, 1–6 being home).

These are facts of the board, not of a ruleset's options, so they are read from the game's
`Geometry` and hold for any variant the project adds. A language's phrasings are data: the
`points` section of its lexicon file (`site/lexicons/<code>.yaml`, read by `langlex`); a language
without one has nothing judged. A page's points are in the mover's own
numbering (docs/authoring.md); a sentence that speaks of a shared "board point" is not judged.

>>> from tavla_docs.variants import ruleset
>>> [f[3] for f in point_faults("White's 24-point is Black's 6-point.", "en", ruleset("backgammon"))]
["this sentence says White's 24-point is Black's 6-point; in Backgammon, White's 24-point is Black's 1-point"]
>>> point_faults("The checker on the 3-point is still outside the home board.", "en", ruleset("tavla"))[0][3]
'this sentence says the 3-point is outside the home board; the home board is points 1–6 in the mover’s own numbering'
>>> [f[2] for f in point_faults("Η θέση 24 των Λευκών είναι η θέση 6 των Μαύρων.", "el", ruleset("backgammon"))]
['θέση 24 των Λευκών είναι η θέση 6 των Μαύρων']
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ...engine.board import Side
from ...engine.rules import Ruleset
from . import langlex

HINT_SAME = "print both numbers from the ruleset (`rules.to_own`, `r.home.first`, `r.board_points`), or correct the one typed"
HINT_HOME = "a point's number is the mover's own (1–6 is home): name the point the sentence means, printed from the play"
_NAME = {"white": "White", "black": "Black"}
_KEYS = ("sides", "same", "outside", "inside", "shared")
_SECTION_HINT = ("the `points` section has `sides` (a side's word: white or black), `same` (patterns with groups "
                 "s1 n1 s2 n2), `outside` and `inside` (patterns with a group n) and `shared` (one pattern)")


@dataclass(frozen=True)
class PointSaid:
    """Where a sentence about a point is, and its words (located like a rule statement)."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class PointWords:
    """A language's `points` section (its lexicon file, `langlex`): the phrasings, compiled."""

    sides: dict[str, Side]
    same: tuple[re.Pattern[str], ...]
    outside: tuple[re.Pattern[str], ...]
    inside: tuple[re.Pattern[str], ...]
    shared: re.Pattern[str] | None


@lru_cache(maxsize=8)
def point_words(lang: str) -> PointWords | None:
    """The language's point phrasings (None: the language has none, and nothing is judged)."""
    raw = langlex.section(lang, "points")
    if raw is None:
        return None
    if not isinstance(raw, dict) or any(k not in _KEYS for k in raw):
        key = next((("points", k) for k in raw if k not in _KEYS), ("points",)) if isinstance(raw, dict) else ("points",)
        raise langlex.fail(lang, key, "points is a mapping of sides, same, outside, inside and shared", _SECTION_HINT)
    sides = raw.get("sides") or {}
    if not isinstance(sides, dict) or not all(isinstance(k, str) and v in _NAME for k, v in sides.items()):
        raise langlex.fail(lang, ("points", "sides"), "sides maps a word to white or black", _SECTION_HINT)

    def patterns(name: str, groups: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
        value = raw.get(name) or []
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list):
            raise langlex.fail(lang, ("points", name), f"{name} is a pattern or a list of patterns", _SECTION_HINT)
        out = []
        for i, item in enumerate(items):
            key = ("points", name) if isinstance(value, str) else ("points", name, i)
            pattern = langlex.compiled(lang, key, item)
            if not set(groups) <= set(pattern.groupindex):
                raise langlex.fail(lang, key, f"a pattern of {name} names the groups {', '.join(groups)}", _SECTION_HINT)
            out.append(pattern)
        return tuple(out)

    shared = raw.get("shared")
    return PointWords({langlex.fold_text(k, lang): Side(v) for k, v in sides.items()},
                      patterns("same", ("s1", "n1", "s2", "n2")), patterns("outside", ("n",)),
                      patterns("inside", ("n",)),
                      langlex.compiled(lang, ("points", "shared"), shared) if shared is not None else None)


def point_faults(text: str, lang: str, rules: Ruleset | None) -> list[tuple[int, int, str, str, str]]:
    """(start, end, words, message, hint) for each false sentence about a point of `text`."""
    words = point_words(lang)
    if rules is None or words is None:
        return []
    out = []
    g = rules.geometry
    folded = langlex.fold_text(text, lang)  # the same places as `text`: a match's span is the text's
    for pattern in words.same:
        for m in pattern.finditer(folded):
            a, b = words.sides.get(m.group("s1")), words.sides.get(m.group("s2"))
            p1, p2 = int(m.group("n1")), int(m.group("n2"))
            if a is None or b is None or not (1 <= p1 <= 24 and 1 <= p2 <= 24):
                continue
            real = g.from_board(b, g.to_board(a, p1))
            if real != p2:
                out.append((m.start(), m.end(), text[m.start():m.end()],
                            f"this sentence says {_NAME[a.value]}'s {p1}-point is {_NAME[b.value]}'s {p2}-point; in "
                            f"{rules.display_name}, {_NAME[a.value]}'s {p1}-point is {_NAME[b.value]}'s {real}-point",
                            HINT_SAME))
    for pattern in words.outside:
        for m in pattern.finditer(folded):
            if 1 <= int(m.group("n")) <= 6 and not _shared(folded, m.start(), words.shared):
                out.append((m.start(), m.end(), text[m.start():m.end()],
                            f"this sentence says the {m.group('n')}-point is outside the home board; the home board is "
                            "points 1–6 in the mover’s own numbering", HINT_HOME))
    for pattern in words.inside:
        for m in pattern.finditer(folded):
            if 7 <= int(m.group("n")) <= 18:
                out.append((m.start(), m.end(), text[m.start():m.end()],
                            f"this sentence says the {m.group('n')}-point is in the home board; the home board is "
                            "points 1–6 in the mover’s own numbering, and no side's home holds it", HINT_HOME))
    return out


def _shared(text: str, at: int, shared: re.Pattern[str] | None) -> bool:
    """Whether the sentence around `at` speaks of the board's shared numbering ("board point 20")."""
    if shared is None:
        return False
    start = max(text.rfind(".", 0, at), text.rfind("\n", 0, at)) + 1
    end = text.find(".", at)
    return bool(shared.search(text[start:end if end >= 0 else len(text)]))
