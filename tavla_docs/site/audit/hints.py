"""The hint for a literal fact: which helper prints it instead.

>>> from tavla_docs.site.audit.scan import Finding
>>> print(literal_hint(Finding(1, 1, "literal", "number", "15", "prose"), "en"))  # doctest: +NORMALIZE_WHITESPACE
print it from the engine: rules().checkers is 15 (docs/authoring.md, "Facts in prose");
digits that state no fact of the game: {{ not_a_fact("…", "why") }}
"""
from __future__ import annotations

from functools import lru_cache

from .scan import Finding


@lru_cache(maxsize=4)
def _rule_values(lang: str) -> dict[int, list[str]]:
    """Tavla's rule facts by value, for hints (`15` → `rules().checkers`)."""
    from ...variants import ruleset
    from ..facts.rules import RuleFacts

    r = RuleFacts(ruleset("tavla"), lang)
    named = {"checkers": r.checkers, "double_moves": r.double_moves, "rolls": r.rolls, "highest_die": r.highest_die,
             "dice": r.dice, "points.single": r.points.single, "points.mars": r.points.mars,
             "closed_by": r.closed_by, "home.last": r.home.last, "starting_pips": r.starting_pips}
    out: dict[int, list[str]] = {}
    for name, v in named.items():
        out.setdefault(int(v), []).append(f"rules().{name}")
    return out


@lru_cache(maxsize=4)
def _word_values(lang: str) -> dict[str, int]:
    from ..facts.numerals import ordinal_words, words
    out = {}
    for n in range(2, 40):
        out[words(n, lang).lower()] = n
        out[ordinal_words(n, lang).lower()] = n
    return out


def _value(f: Finding, lang: str) -> int | None:
    if f.kind == "number" and f.text.strip("%").isdigit():
        return int(f.text.strip("%"))
    if f.kind == "word":
        w = f.text.lower()
        table = _word_values(lang)
        for k in sorted(table, key=len, reverse=True):
            if w.startswith(k):
                return table[k]
    return None


def literal_hint(f: Finding, lang: str) -> str:
    tail = 'digits that state no fact of the game: {{ not_a_fact("…", "why") }}'
    if f.kind == "play":
        return ('tie the play to a position: {{ play("' + f.text + '", at="topic/scenario") }}, '
                'or print the scenario\'s own: {{ s.show }}, {{ s.show.moves[0] }}')
    if f.kind == "roll":
        return "print the scenario's roll, {{ s.roll }}, or the rolls that do something: {{ s.odds.bears_off.rolls }}"
    if f.kind == "unicode":
        import unicodedata
        named = ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, 'a control character')}" for c in f.text
                          if not c.isascii())
        return (f"write numbers in ASCII digits or words, and words in one script with no hidden characters "
                f"({named}): the checks cannot read what this hides")
    v = _value(f, lang)
    names = _rule_values(lang).get(v, []) if v is not None else []
    known = f"{' or '.join(names)} is {v}" if names else \
        "{{ s.plays }}, {{ s.odds.bears_off }}, {{ s.pips.white }}, {{ rules().checkers }}, …"
    return f'print it from the engine: {known} (docs/authoring.md, "Facts in prose"); {tail}'
