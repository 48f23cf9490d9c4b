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
def _word_values(lang: str) -> tuple[tuple[str, int], ...]:
    """Number words and ordinal words from two to a hundred with their values, longest first
    (`dördüncü` before `dört`), for reading a word with any ending."""
    from ...languages import registry
    from ..facts.numerals import ordinal_words, words
    out = {}
    for n in range(2, 101):
        out[words(n, lang).lower()] = n
        out[ordinal_words(n, lang).lower()] = n
    entry = registry.lookup(lang)  # a registered language's other forms (Greek τρεις, τρίτος: 3)
    for n, forms in (entry.number_forms.items() if entry is not None else ()):
        out.update({w.lower(): n for w in forms})
    return tuple(sorted(out.items(), key=lambda kv: len(kv[0]), reverse=True))


def word_value(word: str, lang: str) -> int | None:
    """The number a number word states (`dördüncüsünden` → 4), or None."""
    w = word.lower()
    return next((n for k, n in _word_values(lang) if w.startswith(k)), None)


def _value(f: Finding, lang: str) -> int | None:
    if f.kind == "number" and f.text.strip("%").isdigit():
        return int(f.text.strip("%"))
    if f.kind == "word":
        return word_value(f.text, lang)
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
